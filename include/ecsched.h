/*
 * ecsched: energy-cost scheduling of task graphs -- the whole public API.
 *
 * A program that embeds the library includes this one header and links
 * with `pkg-config --cflags --libs ecsched` (examples/embed.c).  The
 * library's own sources include the single headers include/ecsched/NAME.h
 * (tests/check_layers.sh keeps the umbrella out of them).
 *
 * Conventions of the whole API (each header states the details):
 *
 * Names.  Every public name starts with ecs_ (types, functions) or ECS_
 * (macros, enum constants).  A function is ecs_<module>_<verb>: the module
 * is the header's (graph, stg, platform, schedule, check, profile, prices,
 * heur, local, listsched, makespan, milp, rng, diag, setup, plat, problem,
 * document, record, cws, slurm, svg, chart, gantt), or the type the function acts on
 * (ecs_heur_params_init acts on an ecs_heur_params, ecs_slot_prices_release
 * on an ecs_slot_prices).  Kept apart for their age and their many callers:
 * ecs_strerror (after strerror(3)), ecs_parse_* and ecs_decimal_* of
 * numparse.h, the ecs_gen_* generator names of stg.h, ecs_violation_* of
 * check.h (named after ecs_violation_kind) and ecs_version.
 *
 * Ownership.
 * - A heap object (ecs_graph, ecs_schedule) is made by ecs_X_new or by a
 *   function that hands it out through an `ecs_X **out` parameter (the
 *   readers, ecs_graph_build, ecs_graph_contract, ecs_schedule_copy,
 *   ecs_listsched_run), belongs to the caller and is freed with ecs_X_free;
 *   every _free accepts NULL.
 * - A caller-owned struct (on the stack, or inside the caller's own data)
 *   is set up with ecs_X_init (the defaults, which live only there: params,
 *   options, the platform) or filled by the function that produces it (the
 *   results of ecs_heur_run, ecs_makespan_solve, ecs_milp_solve, the price
 *   series and slot prices).  ecs_X_release frees what such a struct holds,
 *   never the struct; it is safe on a struct its producer left after an
 *   error.
 * - Pointers passed in are borrowed for the call only, unless the header
 *   says otherwise; nothing is kept between calls; there is no global
 *   state, and different objects may be used from different threads.
 *
 * Errors.  A fallible function returns an ecs_result (result.h) and fills
 * the caller's ecs_diag with "file:line: problem" where a message helps; the
 * library never prints, never aborts and never exits.
 *
 * Progress.  Long methods report through one callback shape,
 * ecs_progress_fn (progress.h).
 *
 * GLPK.  ecs_milp_solve uses the calling thread's GLPK environment and
 * leaves it to the program (milp.h): a program that wants GLPK's memory
 * back calls glp_free_env() itself when it holds no other GLPK object.
 */
#ifndef ECSCHED_H
#define ECSCHED_H

#ifdef __cplusplus
extern "C" {
#endif

#include "ecsched/version.h"

#include "ecsched/result.h"
#include "ecsched/numparse.h"
#include "ecsched/rng.h"
#include "ecsched/clock.h"
#include "ecsched/progress.h"
#include "ecsched/limits.h"
#include "ecsched/text.h"

#include "ecsched/graph.h"
#include "ecsched/stg.h"
#include "ecsched/graphio.h"
#include "ecsched/platform.h"
#include "ecsched/schedule.h"
#include "ecsched/check.h"
#include "ecsched/profile.h"
#include "ecsched/instance.h"
#include "ecsched/cawosched.h"

#include "ecsched/prices.h"

#include "ecsched/heuristic.h"
#include "ecsched/local.h"
#include "ecsched/fixedmap.h"
#include "ecsched/remap.h"

#include "ecsched/listsched.h"
#include "ecsched/makespan.h"
#include "ecsched/milp.h"
#include "ecsched/bound.h"
#include "ecsched/dp.h"
#include "ecsched/lns.h"
#include "ecsched/fixedmap_milp.h"

#include "ecsched/setup.h"
#include "ecsched/platform_file.h"
#include "ecsched/problem.h"
#include "ecsched/document.h"
#include "ecsched/record.h"
#include "ecsched/units.h"
#include "ecsched/cws_doc.h"
#include "ecsched/slurm.h"

#include "ecsched/solve.h"
#include "ecsched/method.h"
#include "ecsched/replan.h"

#include "ecsched/svg.h"
#include "ecsched/chart.h"
#include "ecsched/gantt.h"

#ifdef __cplusplus
}
#endif

#endif
