/* libFuzzer target: the WfFormat (JSON workflow) reader (include/ecsched/graphio.h),
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
    /* the length picks the work unit: 3600 s (the default) or 60 s */
    double unit = size % 4 == 3 ? 60.0 : 3600.0;
    if (ecs_wfformat_read_buffer((const char *)data, size, "fuzz.json", unit,
                                 &g, &d) != ECS_OK) {
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
