/* ecsched batch: the lists of the command line, case numbering, keys,
 * shards and the result line. */
#include "batch/batch.h"
#include "run/model.h"
#include "ecsched/platform_file.h"

#include "ecsched/record.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tool_batch_plan_init(tool_batch_plan *plan)
{
    memset(plan, 0, sizeof *plan);
    tool_model_init(&plan->model);
    tool_param_grid_init(&plan->grid);
    tool_method_params p;
    tool_method_params_init(&p);
    plan->makespan_limit_s = p.makespan_limit_s;
    plan->nvariant = 1;
    plan->workers = 1;
    plan->kill_after_s = -1.0; /* derived from the limits unless given */
    plan->shard_k = plan->shard_n = 1;
}

/* Split a comma list, calling item() on each non-empty piece. */
static int each_item(const char *list, const char *what, ecs_diag *diag,
                     int (*item)(tool_batch_plan *, const char *, ecs_diag *),
                     tool_batch_plan *plan)
{
    char buf[4096];
    if (strlen(list) >= sizeof buf)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "%s: list too long", what), -1;
    snprintf(buf, sizeof buf, "%s", list);
    int n = 0;
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t != NULL;
         t = strtok_r(NULL, ",", &save), n++)
        if (item(plan, t, diag) != 0)
            return -1;
    if (n == 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "%s: empty list", what), -1;
    return 0;
}

static int too_many(ecs_diag *diag, const char *what)
{
    ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "%s: at most %d values", what,
                 TOOL_BATCH_MAX_LIST);
    return -1;
}

static int pes_item(tool_batch_plan *plan, const char *t, ecs_diag *diag)
{
    long v;
    if (ecs_parse_long(t, &v) != 0 || v < 1 || v > 100000)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "-p: '%s' is not a number of PEs (1..100000)", t), -1;
    for (size_t k = 0; k < plan->npes; k++)
        if (plan->pes[k] == v)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "-p: %ld given twice", v), -1;
    if (plan->npes == TOOL_BATCH_MAX_LIST)
        return too_many(diag, "-p");
    plan->pes[plan->npes++] = v;
    return 0;
}

static int ext_item(tool_batch_plan *plan, const char *t, ecs_diag *diag)
{
    ecs_decimal d;
    if (ecs_parse_decimal(t, &d) != 0 || d.mantissa < 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--extension: '%s' is not a decimal >= 0", t), -1;
    for (size_t k = 0; k < plan->next; k++)
        if (ecs_decimal_value(plan->ext[k]) == ecs_decimal_value(d))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--extension: %s given twice", t), -1;
    if (plan->next == TOOL_BATCH_MAX_LIST)
        return too_many(diag, "--extension");
    plan->ext[plan->next++] = d;
    return 0;
}

static int prices_item(tool_batch_plan *plan, const char *t, ecs_diag *diag)
{
    if (strlen(t) >= sizeof plan->prices[0])
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "--prices: '%s' too long", t), -1;
    for (size_t k = 0; k < plan->nprices; k++)
        if (strcmp(plan->prices[k], t) == 0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "--prices: %s given twice", t), -1;
    if (plan->nprices == TOOL_BATCH_MAX_LIST)
        return too_many(diag, "--prices");
    snprintf(plan->prices[plan->nprices++], sizeof plan->prices[0], "%s", t);
    return 0;
}

static int method_item(tool_batch_plan *plan, const char *t, ecs_diag *diag)
{
    tool_method m;
    if (tool_method_parse(t, &m) != 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--methods: unknown method '%s' (base, sweep, binary, local, milp, solve)",
                            t), -1;
    if (!tool_method_available(m))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--methods: '%s' is not available in this build", t), -1;
    for (size_t k = 0; k < plan->nmethod; k++)
        if (plan->method[k] == m)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "--methods: %s given twice", t), -1;
    /* keep the run order of TOOL_METHOD_MAP: heuristics before the MILP */
    size_t at = plan->nmethod;
    while (at > 0 && plan->method[at - 1] > m) {
        plan->method[at] = plan->method[at - 1];
        at--;
    }
    plan->method[at] = m;
    plan->nmethod++;
    return 0;
}

int tool_batch_parse_pes(tool_batch_plan *plan, const char *list, ecs_diag *diag)
{
    plan->npes = 0;
    return each_item(list, "-p", diag, pes_item, plan);
}

int tool_batch_parse_ext(tool_batch_plan *plan, const char *list, ecs_diag *diag)
{
    plan->next = 0;
    return each_item(list, "--extension", diag, ext_item, plan);
}

int tool_batch_parse_prices(tool_batch_plan *plan, const char *list, ecs_diag *diag)
{
    plan->nprices = 0;
    return each_item(list, "--prices", diag, prices_item, plan);
}

int tool_batch_parse_methods(tool_batch_plan *plan, const char *list, ecs_diag *diag)
{
    plan->nmethod = 0;
    return each_item(list, "--methods", diag, method_item, plan);
}

int tool_batch_parse_shard(tool_batch_plan *plan, const char *text, ecs_diag *diag)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", text);
    char *slash = strchr(buf, '/');
    long k, n;
    if (slash == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "--shard needs K/N, not '%s'", text), -1;
    *slash = '\0';
    if (ecs_parse_long(buf, &k) != 0 || ecs_parse_long(slash + 1, &n) != 0 || n < 1 ||
        k < 1 || k > n)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--shard needs K/N with 1 <= K <= N, not '%s'", text), -1;
    plan->shard_k = k;
    plan->shard_n = n;
    return 0;
}

size_t tool_batch_cases_per_unit(const tool_batch_plan *plan)
{
    return plan->next * plan->nprices * plan->nvariant * plan->nmethod;
}

size_t tool_batch_nunits(const tool_batch_plan *plan)
{
    return plan->ngraph * plan->npes;
}

size_t tool_batch_ncases(const tool_batch_plan *plan)
{
    return tool_batch_nunits(plan) * tool_batch_cases_per_unit(plan);
}

void tool_batch_case_of(const tool_batch_plan *plan, size_t id, tool_batch_case *c)
{
    c->method = id % plan->nmethod;
    id /= plan->nmethod;
    c->variant = id % plan->nvariant;
    id /= plan->nvariant;
    c->prices = id % plan->nprices;
    id /= plan->nprices;
    c->ext = id % plan->next;
    id /= plan->next;
    c->pes = id % plan->npes;
    c->graph = id / plan->npes;
}

int tool_batch_unit_in_shard(const tool_batch_plan *plan, size_t unit)
{
    if (plan->shard_n <= 1)
        return 1;
    char key[4200];
    snprintf(key, sizeof key, "%s\x1f%ld", plan->graph[unit / plan->npes],
             plan->pes[unit % plan->npes]);
    uint64_t h = 14695981039346656037ULL; /* FNV-1a */
    for (const unsigned char *s = (const unsigned char *)key; *s; s++)
        h = (h ^ *s) * 1099511628211ULL;
    return (long)(h % (uint64_t)plan->shard_n) == plan->shard_k - 1;
}

void tool_batch_case_params(const tool_batch_plan *plan, size_t id,
                           tool_method_params *p)
{
    tool_batch_case c;
    tool_batch_case_of(plan, id, &c);
    tool_param_grid_point(&plan->grid, c.variant, p);
    p->makespan_limit_s = plan->makespan_limit_s;
}

void tool_batch_row_init(tool_row *row, const tool_batch_plan *plan, size_t id)
{
    tool_batch_case c;
    tool_batch_case_of(plan, id, &c);
    tool_row_init(row, plan->graph[c.graph], plan->pes[c.pes],
                 ecs_decimal_value(plan->ext[c.ext]), plan->prices[c.prices],
                 tool_method_name(plan->method[c.method]));
    tool_method_params p;
    tool_batch_case_params(plan, id, &p);
    json_t *ps = plan->price_source[c.prices];
    if (plan->model.plat.on && plan->model.plat.path[0] == '\0') {
        /* the shortcuts' class has the case's PEs */
        tool_model *m = malloc(sizeof *m);
        ecs_diag d;
        if (m != NULL) {
            *m = plan->model;
            if (ecs_plat_set_pes(m, (int)plan->pes[c.pes], &d) == ECS_OK)
                row->model = ecs_record_model(m, ps ? json_incref(ps) : json_null());
        }
        free(m);
    } else {
        row->model = ecs_record_model(&plan->model, ps ? json_incref(ps) : json_null());
    }
    row->params = tool_method_params_json(plan->method[c.method], &p);
}

char *tool_batch_case_key(const tool_batch_plan *plan, size_t id)
{
    tool_row row;
    tool_batch_row_init(&row, plan, id);
    json_t *o = row.model && row.params ? tool_row_json(&row) : NULL;
    char *key = o ? tool_row_key(o) : NULL;
    json_decref(o);
    tool_row_release(&row);
    return key;
}

void tool_batch_plan_release(tool_batch_plan *plan)
{
    for (size_t k = 0; k < TOOL_BATCH_MAX_LIST; k++) {
        json_decref(plan->price_source[k]);
        plan->price_source[k] = NULL;
    }
}
