/* ecsched reproduce: the budget landscapes, run in process. */
#include "report/reproduce_run.h"
#include "run/model.h"
#include "run/output.h"

#include "ecsched/heuristic.h"
#include "ecsched/makespan.h"
#include "run/landscape.h"
#include "ecsched/problem.h"

#include <stdlib.h>
#include <string.h>

ecs_result tool_repro_landscape(const char *graph, long pes, const char *ext,
                               long steps, const char *csv_path, ecs_diag *diag)
{
    tool_model m;
    tool_model_init(&m);
    if (ecs_platform_set_pes(&m.platform, pes, diag) != ECS_OK)
        return ECS_EINVAL;
    m.pes_given = 1;
    if (ecs_parse_decimal(ext, &m.extension) != 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "extension '%s' is not a decimal", ext);
    m.extension_given = 1;
    ecs_makespan_params mk;
    ecs_makespan_params_init(&mk);
    ecs_problem pb;
    ecs_result rc = ecs_problem_load(&m, graph, mk.time_limit_s, &pb, diag);
    if (rc != ECS_OK)
        return rc;
    ecs_heur_params prm;
    ecs_heur_params_init(&prm);
    prm.mode = ECS_HEUR_SWEEP;
    prm.steps = steps;
    ecs_heur_result res;
    memset(&res, 0, sizeof res);
    rc = ecs_heur_run(&pb.inst, pb.base, &prm, &res, diag);
    char *csv = rc == ECS_OK ? tool_landscape_csv(&res) : NULL;
    if (rc == ECS_OK && csv == NULL)
        rc = ecs_diag_set(diag, ECS_ENOMEM, csv_path, 0, "out of memory");
    if (rc == ECS_OK)
        rc = tool_write_file(csv_path, csv, diag);
    free(csv);
    ecs_heur_result_release(&res);
    ecs_problem_release(&pb);
    return rc;
}
