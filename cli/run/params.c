/* The parameters of the methods and the base search (cli/run/params.h). */
#include "run/params.h"
#include "run/model.h"
#include "run/args.h"

#include "ecsched/makespan.h"

#include <stdio.h>
#include <string.h>

enum kind { D_POS, LONG_POS, GAP, FORM, BOOL, SEED };

static const struct {
    const char *flag;
    enum kind kind;
} param[] = {
#define TOOL_PARAM_ROW(id, flag, kind) {flag, kind},
    TOOL_PARAM_MAP(TOOL_PARAM_ROW)
#undef TOOL_PARAM_ROW
};

void tool_method_params_init(tool_method_params *p)
{
    memset(p, 0, sizeof *p);
    ecs_milp_params_init(&p->milp);
    ecs_heur_params_init(&p->heur);
    ecs_local_params_init(&p->local);
    ecs_solve_params_init(&p->solve);
    ecs_makespan_params mk;
    ecs_makespan_params_init(&mk);
    p->time_limit_s = p->milp.time_limit_s;
    p->makespan_limit_s = mk.time_limit_s;
    p->warm_start = 1;
}

double tool_budget_left(double end)
{
    double left = end - ecs_clock_now();
    return left > TOOL_MIN_TIME_LIMIT_S ? left : TOOL_MIN_TIME_LIMIT_S;
}

void tool_param_grid_init(tool_param_grid *g)
{
    memset(g, 0, sizeof *g);
}

const char *tool_param_name(tool_param_id id)
{
    return (unsigned)id < TOOL_PARAM_COUNT ? param[id].flag : NULL;
}

/* One value of parameter id; 0, or -1 with diag. */
static int parse_value(tool_param_id id, const char *t, double *out, ecs_diag *diag)
{
    long l;
    ecs_milp_formulation f;
    switch (param[id].kind) {
    case D_POS:
        if (ecs_parse_double(t, out) == 0 && *out > 0 && *out <= 1e9)
            return 0;
        break;
    case LONG_POS:
        if (ecs_parse_long(t, &l) == 0 && l >= 1 && l <= ECS_HEUR_MAX_STEPS) {
            *out = (double)l;
            return 0;
        }
        break;
    case GAP:
        if (ecs_parse_double(t, out) == 0 && *out >= 0 && *out < 1)
            return 0;
        break;
    case FORM:
        if (ecs_milp_formulation_parse(t, &f, NULL) == ECS_OK) {
            *out = (double)f;
            return 0;
        }
        break;
    case SEED:
        if (ecs_parse_long(t, &l) == 0 && l >= 0 && l <= (1L << 53)) {
            *out = (double)l; /* exact up to 2^53 */
            return 0;
        }
        break;
    case BOOL:
        if (strcmp(t, "on") == 0 || strcmp(t, "off") == 0) {
            *out = strcmp(t, "on") == 0;
            return 0;
        }
        break;
    }
    static const char *const want[] = {"a number > 0", "a whole number >= 1",
                                       "a number in [0, 1)", "strong or paper",
                                       "on or off", "a whole number from 0 to 2^53"};
    ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "--%s needs %s, not '%s'", param[id].flag,
                 want[param[id].kind], t);
    return -1;
}

int tool_param_grid_option(tool_param_grid *g, int opt, const char *arg,
                          int lists, ecs_diag *diag)
{
    if (opt == TOOL_OPT_NO_WARM_START) {
        g->v[TOOL_PARAM_WARM_START][0] = 0;
        g->n[TOOL_PARAM_WARM_START] = 1;
        return 1;
    }
    if (opt < TOOL_OPT_PARAM || opt >= TOOL_OPT_PARAM + TOOL_PARAM_COUNT)
        return 0;
    tool_param_id id = (tool_param_id)(opt - TOOL_OPT_PARAM);
    char buf[1024];
    if (snprintf(buf, sizeof buf, "%s", arg) >= (int)sizeof buf)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "--%s: list too long",
                            param[id].flag), -1;
    double v[sizeof g->v[0] / sizeof g->v[0][0]];
    size_t n = 0;
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t != NULL;
         t = strtok_r(NULL, ",", &save)) {
        double x;
        if (parse_value(id, t, &x, diag) != 0)
            return -1;
        for (size_t k = 0; k < n; k++)
            if (v[k] == x)
                return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "--%s: %s given twice",
                                    param[id].flag, t), -1;
        if (n == sizeof v / sizeof v[0])
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "--%s: too many values",
                                param[id].flag), -1;
        v[n++] = x;
    }
    if (n == 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "--%s: empty list",
                            param[id].flag), -1;
    if (n > 1 && !lists)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--%s takes one value here (lists: batch, compare)",
                            param[id].flag), -1;
    memcpy(g->v[id], v, n * sizeof v[0]);
    g->n[id] = n;
    return 1;
}

int tool_param_option(const char *cmd, tool_param_grid *g, int opt,
                         const char *arg, int lists)
{
    ecs_diag diag;
    int pr = tool_param_grid_option(g, opt, arg, lists, &diag);
    if (pr < 0)
        return tool_usage_error(cmd, "%s", diag.msg);
    return pr > 0 ? 0 : TOOL_NOT_OWN;
}

size_t tool_param_grid_size(const tool_param_grid *g)
{
    size_t n = 1;
    for (int id = 0; id < TOOL_PARAM_COUNT; id++)
        n *= g->n[id] ? g->n[id] : 1;
    return n;
}

static void apply(tool_param_id id, double x, tool_method_params *p)
{
    switch (id) {
    case TOOL_PARAM_TIME_LIMIT:
        p->time_limit_s = x;
        p->time_limit_given = 1;
        break;
    case TOOL_PARAM_MAKESPAN_LIMIT:
        p->makespan_limit_s = x;
        p->makespan_limit_given = 1;
        break;
    case TOOL_PARAM_SIGMA:
        p->heur.sigma = x;
        break;
    case TOOL_PARAM_STEPS:
        p->heur.steps = (long)x;
        break;
    case TOOL_PARAM_FORMULATION:
        p->milp.formulation = (ecs_milp_formulation)(int)x;
        break;
    case TOOL_PARAM_GAP:
        p->milp.mip_gap = x;
        p->solve.gap = x;
        break;
    case TOOL_PARAM_WARM_START:
        p->warm_start = x != 0;
        break;
    case TOOL_PARAM_SEED:
        p->local.seed = (uint64_t)x;
        p->solve.seed = (unsigned long long)x;
        break;
    case TOOL_PARAM_EFFORT: /* local's moves, the MILP's nodes, solve's E */
        p->local.max_moves = (unsigned long)x;
        p->milp.max_nodes = (unsigned long long)x;
        p->solve.effort = (long)x;
        break;
    case TOOL_PARAM_COUNT:
        break;
    }
}

void tool_param_grid_point(const tool_param_grid *g, size_t k, tool_method_params *p)
{
    tool_method_params_init(p);
    for (int id = TOOL_PARAM_COUNT - 1; id >= 0; id--) {
        size_t n = g->n[id];
        if (n == 0)
            continue;
        apply((tool_param_id)id, g->v[id][k % n], p);
        k /= n;
    }
}

double tool_base_limit(const tool_method_params *p)
{
    if (p->makespan_limit_given || !p->time_limit_given)
        return p->makespan_limit_s;
    return p->time_limit_s < p->makespan_limit_s ? p->time_limit_s : p->makespan_limit_s;
}
