/* libFuzzer target: the STG reader (every layout, auto-detected), then
 * what every command does next: contract, figures. */
#include "ecsched/graph.h"
#include "ecsched/stg.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ecs_diag d;
    ecs_graph *g = NULL;
    /* the first byte picks the layout (auto most of the time) */
    ecs_stg_format f = ECS_STG_AUTO;
    if (size > 0 && data[0] >= 0xFC)
        f = (ecs_stg_format)(data[0] - 0xFC); /* auto, standard, proto, comm */
    if (ecs_stg_read_buffer((const char *)data, size, "fuzz.stg", f, &g,
                            &d) != ECS_OK) {
        if (memchr(d.msg, '\0', sizeof d.msg) == NULL)
            abort(); /* a message always ends */
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
