/*
 * ecsched: list scheduling at full speed (solver/makespan/listsched.c), the upper
 * bound and the starting incumbent of the makespan search, and the
 * makespan lower bound (solver/makespan/lowerbound.c; docs/MODEL.md "Lower bounds").
 *
 * Graphs here are contracted (every task has positive work; see
 * ecs_graph_contract).  Schedules run every slot at frequency index 0
 * (f = 1), so stop = start + work - 1.
 */
#ifndef ECSCHED_LISTSCHED_H
#define ECSCHED_LISTSCHED_H

#include "ecsched/graph.h"
#include "ecsched/platform.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

struct ecs_instance;

/*
 * Critical-path list scheduling (CP/MISF: priority = bottom level, ties by
 * more successors, then lower index) on `pes` identical PEs at f = 1.
 * O(E + n log n).  *out is a new schedule of g (free with
 * ecs_schedule_free).  EINVAL if pes < 1, ENOMEM.
 */
ecs_result ecs_listsched_run(const ecs_graph *g, int pes, ecs_schedule **out,
                             ecs_diag *diag);

/*
 * The base schedule on platform p (docs/MODEL.md "Heterogeneous
 * platforms", "Base schedule"), every slot at the top frequency (index 0).
 * For the paper's platform (no classes) exactly ecs_listsched_run(g,
 * p->pes, ...).  With classes, HEFT-like list scheduling: tasks by bottom
 * level (durations at the fastest class's top speed, ceil(w G / max_c
 * speed_q[c][0])), ties by more successors, then lower index (a
 * topological order, every duration being at least 1); each task, in that
 * order, goes to the PE where it finishes earliest (duration ceil(w G /
 * speed_q[c][0]) on class c; it starts when its predecessors are done and
 * its PE is free, after the PE's last task: no insertion), ties by the
 * lower class, then the PE free earliest, then the lower PE.  Its makespan
 * M defines D' = floor(M (1 + E)) for the extended model.  O((n + E) log n
 * + n * classes).  *out is a new schedule of g; EINVAL for a task without
 * work or a platform without PEs, ENOMEM.
 */
ecs_result ecs_listsched_platform(const ecs_graph *g, const ecs_platform *p,
                                  ecs_schedule **out, ecs_diag *diag);

/*
 * The same under power caps (docs/MODEL.md "Base schedule"): cap[s] (for
 * every site s of p; cap or cap[s] NULL: none) gives the most site s may
 * draw in slots 0 .. ncap-1, in p's energy unit, idle included.  Every
 * PE draws its idle energy in every slot; a task on class c adds P_{c,0} -
 * I_c while it runs.  Each task, in the order above, goes to the PE where
 * it finishes earliest, starting at the first slot (after its
 * predecessors and its PE's last task) from which its draw fits under the
 * cap for its whole duration.  Without caps exactly
 * ecs_listsched_platform.  EINFEASIBLE (diag says which site or task) when
 * the idle draw is above a cap in slot 0 or a task fits nowhere within
 * ncap slots; EINVAL, ENOMEM as above.
 */
ecs_result ecs_listsched_platform_capped(const ecs_graph *g,
                                         const ecs_platform *p,
                                         const double *const *cap,
                                         size_t ncap, ecs_schedule **out,
                                         ecs_diag *diag);

/*
 * The cheapest-fit list schedule of the extended model (docs/MODEL.md
 * "Cheapest-fit list schedule"), a start that looks at the bill: the
 * tasks in the base's order above (bottom level at the fastest durations,
 * ties by more successors, then lower index), each in turn on the PE, the
 * frequency (one for all its slots, f > 0) and the start that add the
 * least to the cost of the tasks placed before it: its draw P_{c,k} - I_c
 * at its class's site over its slots, priced at the margin of the site's
 * cover (ecs_instance_slot_cost: sources, then the grid, every PE's idle
 * draw included), under the site's cap; ties by the earlier stop, then the
 * lower class, frequency index and PE.  A task starts after its
 * predecessors stop, on a PE free over its slots (gaps between placed
 * tasks are used), and stops by D' minus the bottom level of its
 * successors at the fastest durations, else by D'.  So with a cap it
 * keeps the cap (throttling when that fits), and with a limited source it
 * moves work into the slots the source covers.  O(n (P + F P) D') time,
 * O(P D') memory.  inst is prepared or not; not on slots of different
 * lengths nor with due slots (EUNSUPPORTED).  *out is a new schedule
 * meeting D' (ecs_schedule_free); EINFEASIBLE (diag names the task) when
 * a task fits nowhere; EINVAL, ENOMEM.
 */
ecs_result ecs_listsched_cheapest(const struct ecs_instance *inst,
                                  ecs_schedule **out, ecs_diag *diag);

/*
 * The same with a range of slots per task (lo[i] .. hi[i], both NULL: none,
 * as ecs_listsched_cheapest): each task first within its range (from
 * lo[i], or from where its predecessors stop when that is later, and by
 * hi[i] plus as many slots as they pushed it past lo[i]), and where it
 * fits nowhere there as ecs_listsched_cheapest places it.  The ranges of
 * the extended bound by stages (ecs_bound_stages_ext_schedule).  Errors as
 * ecs_listsched_cheapest.
 */
ecs_result ecs_listsched_cheapest_within(const struct ecs_instance *inst,
                                         const long *lo, const long *hi,
                                         ecs_schedule **out, ecs_diag *diag);

/*
 * The same (lo and hi both NULL, or both given as for
 * ecs_listsched_cheapest_within) with a frequency per slot (docs/MODEL.md
 * "Cheapest-fit list schedule", "Profiles"): each task also takes the
 * profile of least marginal cost over consecutive free slots of one PE,
 * its draw priced as above slot by slot, waiting at f = 0 (when F has it)
 * through dear slots, never in its first slot, where that is cheaper than
 * one frequency throughout (ties: the earlier stop; the one frequency
 * otherwise).  The profiles are searched by a dynamic program over slots
 * and grid steps of work per PE over each task's first slots of its pass,
 * as many as its share of 3e8 steps gives (all of them below some
 * hundreds of tasks).  Errors as ecs_listsched_cheapest; EINVAL when only
 * one of lo and hi is given.
 */
ecs_result ecs_listsched_cheapest_profiles(const struct ecs_instance *inst,
                                           const long *lo, const long *hi,
                                           ecs_schedule **out,
                                           ecs_diag *diag);

/*
 * Lower bound on the makespan of g on `pes` PEs at f = 1:
 * max(critical path, ceil(total work / pes)), head and tail load bounds
 * (the tasks that cannot start before h need ceil(work / pes) slots after
 * h, plus the smallest tail among them; and the mirror image), and, for
 * graphs up to a few hundred tasks, energetic reasoning over intervals
 * between heads and deadlines (a generalisation of the Fernandez-Bussell
 * bound).  O(n log n) without the energetic part.  Never above the optimum.
 */
long ecs_makespan_lower_bound(const ecs_graph *g, int pes);

#endif
