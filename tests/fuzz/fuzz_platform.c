/* libFuzzer target: the platform file reader (setup/platform_file.c,
 * ecs_plat_resolve) on the input as a platform file's JSON in memory
 * (ecs_setup.platform_text), then the platform as documents record it
 * (ecs_plat_json) and, when every series is a built-in, its series on 48
 * slots and the instance they make (ecs_plat_load, ecs_instance_validate):
 * no crash, no leak, and a failure always says why. */
#include "ecsched/instance.h"
#include "ecsched/platform_file.h"
#include "ecsched/prices.h"
#include "ecsched/setup.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* 1 when every series the platform names is a built-in (no file read). */
static int builtins_only(const ecs_plat_spec *pl)
{
    for (int s = 0; s < pl->nsite; s++) {
        if (pl->site[s].has_prices &&
            !ecs_prices_is_builtin(pl->site[s].prices.spec))
            return 0;
        if (pl->site[s].cap.spec[0] != '\0' &&
            !ecs_prices_is_builtin(pl->site[s].cap.spec))
            return 0;
    }
    for (size_t k = 0; k < pl->nsource; k++)
        if (!ecs_prices_is_builtin(pl->source[k].volume.spec))
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ecs_setup *m = malloc(sizeof *m);
    if (m == NULL)
        return 0;
    ecs_setup_init(m);
    m->platform_path = "fuzz.json";
    m->platform_text = (const char *)data;
    m->platform_len = size;
    ecs_diag d;
    ecs_diag_clear(&d);
    if (ecs_plat_resolve(m, &d) != ECS_OK) {
        if (d.msg[0] == '\0')
            abort(); /* a failure says why */
        free(m);
        return 0;
    }
    json_t *j = ecs_plat_json(m);
    if (j == NULL)
        abort();
    json_decref(j);
    if (m->plat.on && builtins_only(&m->plat)) {
        ecs_slot_prices sp;
        ecs_ext ext;
        ecs_diag_clear(&d);
        if (ecs_plat_load(m, 48, &sp, &ext, &d) == ECS_OK) {
            ecs_instance inst;
            ecs_graph *g = NULL;
            long id = 1, work = 1;
            if (ecs_graph_build(1, &id, &work, NULL, 0, NULL, 0, &g, &d) ==
                ECS_OK) {
                ecs_instance_init(&inst, g, &m->platform, sp.price, sp.n, 48);
                ecs_ext_instance(&ext, &inst);
                (void)ecs_instance_validate(&inst, &d);
                ecs_graph_free(g);
            }
            ecs_ext_release(&ext);
            ecs_slot_prices_release(&sp);
        } else if (d.msg[0] == '\0') {
            abort();
        }
    }
    free(m);
    return 0;
}
