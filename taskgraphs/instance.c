/* One scheduling problem (instance.h): what it borrows, what it derives. */
#include "ecsched/instance.h"

#include "ecsched/check.h"

#include <math.h>
#include <string.h>

const char *ecs_deadline_rule_name(ecs_deadline_rule r)
{
    switch (r) {
    case ECS_DEADLINE_GIVEN:
        return "given";
    case ECS_DEADLINE_EXTENSION:
        return "extension";
    }
    return "unknown";
}

void ecs_instance_init(ecs_instance *inst, const ecs_graph *g,
                       const ecs_platform *p, const double *price,
                       size_t nprice, long deadline)
{
    memset(inst, 0, sizeof *inst);
    inst->graph = g;
    inst->platform = p;
    inst->price = price;
    inst->nprice = nprice;
    inst->deadline = deadline;
    inst->rule = ECS_DEADLINE_GIVEN;
}

int ecs_instance_extended(const ecs_instance *inst)
{
    return inst->platform->nclass > 0 || inst->site != NULL ||
           inst->nsource > 0;
}

ecs_result ecs_instance_require_paper(const ecs_instance *inst,
                                      const char *method, ecs_diag *diag)
{
    if (inst == NULL || inst->platform == NULL || !ecs_instance_extended(inst))
        return ECS_OK;
    return ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                        "%s handles the paper's platform only (identical PEs, one price, no sources, no cap); use milp, solve or heuristic --mode local for this platform",
                        method);
}

double ecs_instance_price(const ecs_instance *inst, int site, long l)
{
    if (inst->site != NULL && inst->site[site].price != NULL)
        return inst->site[site].price[l];
    return inst->price[l];
}

double ecs_instance_cap(const ecs_instance *inst, int site, long l)
{
    if (inst->site != NULL && inst->site[site].cap != NULL)
        return inst->site[site].cap[l];
    return INFINITY;
}

double ecs_instance_slot_cover(const ecs_instance *inst, int site, long l,
                               double e, double *from_source, double *grid)
{
    double r = ecs_instance_price(inst, site, l);
    size_t order[ECS_MAX_SOURCES], m = 0;
    for (size_t j = 0; j < inst->nsource && j < ECS_MAX_SOURCES; j++) {
        if (from_source != NULL)
            from_source[j] = 0.0;
        const ecs_source *src = &inst->source[j];
        if (src->site != site || !(src->price < r) ||
            !(src->volume[l] > 0.0))
            continue;
        size_t q = m++; /* insertion by price, then by index */
        while (q > 0 && inst->source[order[q - 1]].price > src->price) {
            order[q] = order[q - 1];
            q--;
        }
        order[q] = j;
    }
    double left = e > 0.0 ? e : 0.0, cost = 0.0;
    for (size_t q = 0; q < m && left > 0.0; q++) {
        const ecs_source *src = &inst->source[order[q]];
        double take = src->volume[l] < left ? src->volume[l] : left;
        cost += take * src->price;
        left -= take;
        if (from_source != NULL)
            from_source[order[q]] = take;
    }
    if (grid != NULL)
        *grid = left;
    return cost + left * r;
}

double ecs_instance_slot_cost(const ecs_instance *inst, int site, long l,
                              double e)
{
    if (inst->nsource == 0)
        return (e > 0.0 ? e : 0.0) * ecs_instance_price(inst, site, l);
    return ecs_instance_slot_cover(inst, site, l, e, NULL, NULL);
}

static ecs_result validate_extended(const ecs_instance *inst, ecs_diag *diag)
{
    const ecs_platform *p = inst->platform;
    long D = inst->deadline;
    if (inst->nsource > ECS_MAX_SOURCES || (inst->nsource > 0 &&
                                            inst->source == NULL))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "at most %d energy sources", ECS_MAX_SOURCES);
    for (int s = 0; inst->site != NULL && s < p->nsite; s++) {
        const char *nm = p->site_name[s][0] ? p->site_name[s] : "0";
        for (long l = 0; l < D; l++) {
            if (inst->site[s].price != NULL &&
                !isfinite(inst->site[s].price[l]))
                return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                    "site %s: the price of slot %ld is not a number",
                                    nm, l);
            if (inst->site[s].cap != NULL &&
                !(inst->site[s].cap[l] >= 0.0))
                return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                    "site %s: the power cap of slot %ld must be >= 0",
                                    nm, l);
        }
    }
    for (size_t j = 0; j < inst->nsource; j++) {
        const ecs_source *src = &inst->source[j];
        if (src->site < 0 || src->site >= p->nsite || src->volume == NULL ||
            !isfinite(src->price))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "source %s: no site, no volume or a price that is not a number",
                                src->name);
        for (long l = 0; l < D; l++)
            if (!isfinite(src->volume[l]) || src->volume[l] < 0.0)
                return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                    "source %s: the volume of slot %ld must be a number >= 0",
                                    src->name, l);
    }
    return ECS_OK;
}

ecs_result ecs_instance_validate(const ecs_instance *inst, ecs_diag *diag)
{
    if (inst == NULL || inst->graph == NULL || inst->platform == NULL ||
        inst->price == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the instance lacks a graph, a platform or prices");
    ecs_result rc = ecs_platform_validate(inst->platform, diag);
    if (rc != ECS_OK)
        return rc;
    const ecs_graph *g = inst->graph;
    for (size_t i = 0; i < g->n; i++)
        if (g->work[i] < 1)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld has no work: contract the graph first",
                                g->id[i]);
    rc = ecs_check_prices(inst->price, inst->nprice, inst->deadline, diag);
    if (rc == ECS_OK && ecs_instance_extended(inst))
        rc = validate_extended(inst, diag);
    return rc;
}

ecs_result ecs_instance_prepare(ecs_instance *inst, ecs_diag *diag)
{
    ecs_result rc = ecs_instance_validate(inst, diag);
    if (rc != ECS_OK || inst->reduced != NULL)
        return rc;
    ecs_graph *red = NULL;
    if (ecs_graph_transitive_reduction(inst->graph, &red, NULL) != ECS_OK)
        red = NULL; /* too large or out of memory: the graph itself */
    rc = ecs_windows_compute_platform(red ? red : inst->graph,
                             inst->platform, inst->deadline, &inst->windows,
                             &inst->windows_empty, diag);
    if (rc != ECS_OK) {
        ecs_graph_free(red);
        return rc;
    }
    inst->reduced_owned_ = red;
    inst->reduced = red ? red : inst->graph;
    return ECS_OK;
}

const ecs_graph *ecs_instance_solver_graph(const ecs_instance *inst)
{
    return inst->reduced != NULL ? inst->reduced : inst->graph;
}

void ecs_instance_release(ecs_instance *inst)
{
    if (inst == NULL)
        return;
    ecs_windows_release(&inst->windows);
    ecs_graph_free(inst->reduced_owned_);
    inst->reduced_owned_ = NULL;
    inst->reduced = NULL;
    memset(&inst->windows, 0, sizeof inst->windows);
    inst->windows_empty = 0;
}
