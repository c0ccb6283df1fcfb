/* libFuzzer target: the JSON schedule document reader (validate, --base,
 * plots) on the graph tests/fixtures/tiny.stg, then the checker. */
#define _GNU_SOURCE
#include "run/cli.h"

#include "ecsched/stg.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static const char TINY[] = "5\n0 0 0\n1 2 1 0\n2 1 1 0\n3 1 2 1 2\n"
                           "4 0 1 3\n5 2 1 4\n6 0 1 5\n";
static ecs_graph *graph;
static ecs_platform platform;
static int fd = -1;
static char path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    ecs_diag d;
    ecs_graph *raw = NULL;
    if (ecs_stg_read_buffer(TINY, sizeof TINY - 1, "tiny.stg", ECS_STG_AUTO,
                            &raw, &d) != ECS_OK ||
        ecs_graph_contract(raw, &graph, &d) != ECS_OK)
        abort();
    ecs_graph_free(raw);
    ecs_platform_init(&platform);
    if (ecs_platform_set_pes(&platform, 2, &d) != ECS_OK)
        abort();
    /* the reader takes a path: an in-memory file */
    fd = memfd_create("fuzz.json", 0);
    if (fd < 0)
        abort();
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ftruncate(fd, 0) != 0 ||
        (size > 0 && pwrite(fd, data, size, 0) != (ssize_t)size))
        abort();
    ecs_limits lim;
    ecs_limits_init(&lim);
    lim.max_slots = 100000; /* keep one run short; the limit is checked */
    ecs_diag d;
    ecs_doc_model dm;
    ecs_schedule *s = NULL;
    if (ecs_document_read(path, &lim, graph, &platform, &s, &dm, &d) != ECS_OK)
        return 0;
    long m = ecs_schedule_makespan(s);
    size_t np = dm.nprice > 0 ? dm.nprice : 1;
    double *price = dm.price;
    double one = 1.0;
    if (price == NULL) {
        price = &one;
        np = 1;
    }
    ecs_check_report rep;
    (void)m;
    ecs_diag cd;
    ecs_diag_clear(&cd);
    if (ecs_check_schedule(ECS_INSTANCE_BORROW(graph, &platform, price, np, dm.deadline), s, &rep, &cd) !=
            ECS_OK &&
        strcmp(cd.msg, rep.msg) != 0)
        abort(); /* the diagnostic says what the report says */
    ecs_schedule_free(s);
    ecs_doc_model_release(&dm);
    return 0;
}
