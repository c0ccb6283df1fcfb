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
#include "ecsched/result.h"
#include "ecsched/schedule.h"

/*
 * Critical-path list scheduling (CP/MISF: priority = bottom level, ties by
 * more successors, then lower index) on `pes` identical PEs at f = 1.
 * O(E + n log n).  *out is a new schedule of g (free with
 * ecs_schedule_free).  EINVAL if pes < 1, ENOMEM.
 */
ecs_result ecs_listsched_run(const ecs_graph *g, int pes, ecs_schedule **out,
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
