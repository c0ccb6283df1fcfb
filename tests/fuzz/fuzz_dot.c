/* libFuzzer target: the DOT task graph reader (include/ecsched/graphio.h),
 * then contraction and figures as every command does next.  Built by
 * `make fuzz` when graphio.h exists. */
#include "ecsched/graph.h"
#include "ecsched/graphio.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ecs_diag d;
    ecs_graph *g = NULL;
    /* the length picks the work unit: 1 (the default) or 0.25 */
    double unit = size % 4 == 3 ? 0.25 : 1.0;
    if (ecs_dot_read_buffer((const char *)data, size, "fuzz.dot", unit, &g,
                            &d) != ECS_OK) {
        if (g != NULL || memchr(d.msg, '\0', sizeof d.msg) == NULL)
            abort(); /* no graph on failure; a message always ends */
        return 0;
    }
    ecs_graph *c = NULL;
    if (ecs_graph_contract(g, &c, &d) == ECS_OK) {
        ecs_graph_stats st;
        ecs_graph_stats_compute(c, &st);
        if (st.critical_path < 0 || st.total_work < st.critical_path)
            abort();
        ecs_graph_free(c);
    }
    ecs_graph_free(g);
    return 0;
}
