/*
 * Start times for CaWoSched's fixed-mapping problem (fixedmap.h): ASAP,
 * ALAP and two greedy placements, each improved by a local search that
 * moves one task at a time to its cheapest start within its neighbours'
 * window; and the compulsory-part lower bound.
 */
#include "ecsched/fixedmap.h"

#include "ecsched/clock.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void ecs_fixedmap_params_init(ecs_fixedmap_params *q)
{
    q->max_passes = 50;
    q->starts = ECS_FIXEDMAP_ALL;
    q->time_limit = 0;
    q->warm_start = NULL;
}

ecs_result ecs_fixedmap_params_validate(const ecs_fixedmap_params *q,
                                        ecs_diag *diag)
{
    if (q->max_passes < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "max_passes is %d; it must be at least 1",
                            q->max_passes);
    if (!isfinite(q->time_limit) || q->time_limit < 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "time_limit must be a finite number >= 0");
    if ((q->starts & ~ECS_FIXEDMAP_ALL) != 0 ||
        (q->starts == 0 && q->warm_start == NULL))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "starts is %#x; it must be a non-empty set of "
                            "ECS_FIXEDMAP_ASAP, _ALAP, _FORWARD, _BACKWARD "
                            "(or empty with a warm start)",
                            q->starts);
    return ECS_OK;
}

typedef struct fm {
    const ecs_cws_problem *p;
    long D;
    long long *B;    /* budget of each unit */
    long long *L;    /* load of each unit */
    long *est, *lst; /* static earliest and latest starts */
    long *s;         /* current starts */
} fm;

static void load_add(fm *f, size_t v, long at, long long sign)
{
    long long q = sign * f->p->power[v];
    for (long t = at; t < at + f->p->dur[v]; t++)
        f->L[t] += q;
}

/* Marginal brown power of adding q at unit t. */
static inline long long marg(const fm *f, long t, long long q)
{
    long long x = f->L[t] + q - f->B[t];
    return x <= 0 ? 0 : (x < q ? x : q);
}

/*
 * The start in [lo, hi] whose units add the least brown power for task v
 * (not in the load); ties go to the earliest (late = 0) or the latest
 * (late = 1), except that keep (if in range) wins every tie.  *added is
 * its marginal brown power.
 */
static long best_start(const fm *f, size_t v, long lo, long hi, int late,
                       long keep, long long *added)
{
    const long w = f->p->dur[v];
    const long long q = f->p->power[v];
    long long sum = 0;
    for (long t = lo; t < lo + w; t++)
        sum += marg(f, t, q);
    long best = lo;
    long long bsum = sum;
    int have_keep = keep == lo;
    long long ksum = sum;
    for (long s = lo + 1; s <= hi; s++) {
        sum += marg(f, s + w - 1, q) - marg(f, s - 1, q);
        if (s == keep) {
            have_keep = 1;
            ksum = sum;
        }
        if (sum < bsum || (late && sum == bsum)) {
            bsum = sum;
            best = s;
        }
    }
    if (have_keep && ksum <= bsum) {
        *added = ksum;
        return keep;
    }
    *added = bsum;
    return best;
}

static long long brown_total(const fm *f)
{
    long long b = 0;
    for (long t = 0; t < f->D; t++)
        if (f->L[t] > f->B[t])
            b += f->L[t] - f->B[t];
    return b;
}

static void load_reset(fm *f)
{
    for (long t = 0; t < f->D; t++)
        f->L[t] = f->p->base;
}

static void load_all(fm *f)
{
    load_reset(f);
    for (size_t v = 0; v < f->p->n; v++)
        load_add(f, v, f->s[v], 1);
}

/* Window of v given its neighbours' current starts. */
static void window(const fm *f, size_t v, long *lo, long *hi)
{
    const ecs_cws_problem *p = f->p;
    long a = 0, b = f->D - p->dur[v];
    for (size_t k = p->pred_off[v]; k < p->pred_off[v + 1]; k++) {
        size_t u = p->pred[k];
        if (f->s[u] + p->dur[u] > a)
            a = f->s[u] + p->dur[u];
    }
    for (size_t k = p->succ_off[v]; k < p->succ_off[v + 1]; k++) {
        long x = f->s[p->succ[k]] - p->dur[v];
        if (x < b)
            b = x;
    }
    *lo = a;
    *hi = b;
}

/* One local-search pass in topological (dir 0) or reverse order; returns
 * the brown power gained. */
static long long ls_pass(fm *f, int dir, long long *moves)
{
    const ecs_cws_problem *p = f->p;
    long long gain = 0;
    for (size_t k = 0; k < p->n; k++) {
        size_t v = p->topo[dir ? p->n - 1 - k : k];
        if (p->dur[v] == 0 || p->power[v] == 0)
            continue;
        long lo, hi;
        window(f, v, &lo, &hi);
        if (lo >= hi)
            continue;
        load_add(f, v, f->s[v], -1);
        long long added;
        long cur = f->s[v];
        long long now = 0;
        for (long t = cur; t < cur + p->dur[v]; t++)
            now += marg(f, t, p->power[v]);
        long ns = best_start(f, v, lo, hi, dir, cur, &added);
        if (ns != cur && added < now) {
            gain += now - added;
            f->s[v] = ns;
            (*moves)++;
        }
        load_add(f, v, f->s[v], 1);
    }
    return gain;
}

/* Forward greedy (topological order, latest starts as upper bounds). */
static void greedy_forward(fm *f)
{
    const ecs_cws_problem *p = f->p;
    load_reset(f);
    for (size_t k = 0; k < p->n; k++) {
        size_t v = p->topo[k];
        long lo = 0;
        for (size_t j = p->pred_off[v]; j < p->pred_off[v + 1]; j++) {
            size_t u = p->pred[j];
            if (f->s[u] + p->dur[u] > lo)
                lo = f->s[u] + p->dur[u];
        }
        long long added;
        f->s[v] = (p->dur[v] == 0 || p->power[v] == 0)
                      ? lo
                      : best_start(f, v, lo, f->lst[v], 0, -1, &added);
        load_add(f, v, f->s[v], 1);
    }
}

/* Backward greedy (reverse order, earliest starts as lower bounds). */
static void greedy_backward(fm *f)
{
    const ecs_cws_problem *p = f->p;
    load_reset(f);
    for (size_t k = p->n; k-- > 0;) {
        size_t v = p->topo[k];
        long hi = f->D - p->dur[v];
        for (size_t j = p->succ_off[v]; j < p->succ_off[v + 1]; j++) {
            long x = f->s[p->succ[j]] - p->dur[v];
            if (x < hi)
                hi = x;
        }
        long long added;
        f->s[v] = (p->dur[v] == 0 || p->power[v] == 0)
                      ? hi
                      : best_start(f, v, f->est[v], hi, 1, -1, &added);
        load_add(f, v, f->s[v], 1);
    }
}

static void fm_free(fm *f)
{
    free(f->B);
    free(f->L);
    free(f->est);
    free(f->lst);
    free(f->s);
}

static ecs_result fm_init(fm *f, const ecs_cws_problem *p, ecs_diag *diag)
{
    memset(f, 0, sizeof *f);
    f->p = p;
    f->D = p->deadline;
    size_t n = p->n ? p->n : 1;
    f->B = malloc((size_t)f->D * sizeof *f->B);
    f->L = malloc((size_t)f->D * sizeof *f->L);
    f->est = malloc(n * sizeof *f->est);
    f->lst = malloc(n * sizeof *f->lst);
    f->s = malloc(n * sizeof *f->s);
    if (!f->B || !f->L || !f->est || !f->lst || !f->s) {
        fm_free(f);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    for (size_t k = 0; k < p->nintervals; k++)
        for (long t = p->bound[k]; t < p->bound[k + 1]; t++)
            f->B[t] = p->budget[k];
    long mk = ecs_cws_earliest(p, f->est);
    if (mk > f->D) {
        fm_free(f);
        return ecs_diag_set(diag, ECS_EINFEASIBLE, NULL, 0,
                            "the earliest schedule ends at %ld, after the "
                            "deadline %ld",
                            mk, f->D);
    }
    ecs_cws_latest(p, f->lst);
    return ECS_OK;
}

ecs_result ecs_fixedmap_schedule(const ecs_cws_problem *p,
                                 const ecs_fixedmap_params *q, long *start,
                                 ecs_fixedmap_stats *st, ecs_diag *diag)
{
    ecs_fixedmap_params def;
    if (!q) {
        ecs_fixedmap_params_init(&def);
        q = &def;
    }
    ecs_result rc = ecs_fixedmap_params_validate(q, diag);
    if (rc != ECS_OK)
        return rc;
    ecs_fixedmap_stats local;
    if (!st)
        st = &local;
    memset(st, 0, sizeof *st);
    double t0 = ecs_clock_now();
    if (q->warm_start) {
        ecs_cws_eval ev;
        rc = ecs_cws_evaluate(p, q->warm_start, &ev, diag);
        if (rc == ECS_EVIOLATION)
            return ECS_EINVAL; /* diag names the rule */
        if (rc != ECS_OK)
            return rc;
    }
    fm f;
    if ((rc = fm_init(&f, p, diag)) != ECS_OK)
        return rc;
    static const char *const names[5] = {"warm", "asap", "alap", "forward",
                                         "backward"};
    long long best = -1;
    for (int k = q->warm_start ? 0 : 1; k < 5; k++) {
        if (k > 0 && !(q->starts & (1u << (k - 1))))
            continue;
        switch (k) {
        case 0:
            memcpy(f.s, q->warm_start, p->n * sizeof *f.s);
            load_all(&f);
            break;
        case 1:
            memcpy(f.s, f.est, p->n * sizeof *f.s);
            load_all(&f);
            break;
        case 2:
            memcpy(f.s, f.lst, p->n * sizeof *f.s);
            load_all(&f);
            break;
        case 3:
            greedy_forward(&f);
            break;
        default:
            greedy_backward(&f);
            break;
        }
        long long b0 = brown_total(&f), b = b0;
        if (best < 0 || b0 * p->brown_cost < st->start_cost)
            st->start_cost = b0 * p->brown_cost;
        for (int pass = 0; pass < q->max_passes && b > 0; pass++) {
            long long g = ls_pass(&f, pass & 1, &st->moves);
            st->passes++;
            b -= g;
            if (g == 0 && pass > 0)
                break;
            if (q->time_limit > 0 && ecs_clock_now() - t0 > q->time_limit)
                break;
        }
        if (best < 0 || b < best) {
            best = b;
            memcpy(start, f.s, p->n * sizeof *start);
            st->best_start = names[k];
        }
        if (best == 0 ||
            (q->time_limit > 0 && ecs_clock_now() - t0 > q->time_limit))
            break; /* nothing is cheaper than 0 */
    }
    fm_free(&f);
    st->cost = best * p->brown_cost;
    st->seconds = ecs_clock_now() - t0;
    return ECS_OK;
}

/*
 * The cut bound.  Relax the problem to a flow: task v spreads its energy
 * E_v = q_v w_v over its window [est_v, lst_v + w_v) at most q_v per unit,
 * and unit t takes at most g_t = max(0, B_t - base) of work power from the
 * green budget.  The green work energy is at most any cut of that network:
 * for a set T of units, sum_{t in T} g_t + sum_v q_v min(w_v, |win_v \ T|).
 * So brown >= sum_t max(0, base - B_t) + sum_v E_v - cut(T) for every T.
 * T is tried as {t : g_t <= theta} for every interval's g as theta, then
 * improved by toggling whole intervals while that lowers the cut.
 */
typedef struct cutw {
    const fm *f;
    long long *g;  /* per interval */
    long *c;       /* prefix count of units outside T, D + 1 entries */
    unsigned char *in; /* per interval: in T */
} cutw;

static long long cut_value(cutw *w)
{
    const fm *f = w->f;
    const ecs_cws_problem *p = f->p;
    long long val = 0;
    w->c[0] = 0;
    size_t k = 0;
    for (long t = 0; t < f->D; t++) {
        while (t >= p->bound[k + 1])
            k++;
        if (w->in[k])
            val += w->g[k];
        w->c[t + 1] = w->c[t] + (w->in[k] ? 0 : 1);
    }
    for (size_t v = 0; v < p->n; v++) {
        long a = f->est[v], b = f->lst[v] + p->dur[v];
        long outside = w->c[b] - w->c[a];
        long use = outside < p->dur[v] ? outside : p->dur[v];
        val += (long long)p->power[v] * use;
    }
    return val;
}

static long long cut_bound(const fm *f, double deadline_s)
{
    const ecs_cws_problem *p = f->p;
    const size_t K = p->nintervals;
    cutw w = {f, malloc(K * sizeof *w.g), malloc(((size_t)f->D + 1) * sizeof *w.c),
              malloc(K)};
    long long res = -1;
    if (!w.g || !w.c || !w.in)
        goto done;
    long long base_brown = 0, energy = 0;
    for (size_t k = 0; k < K; k++) {
        long long x = p->budget[k] - p->base;
        w.g[k] = x > 0 ? x : 0;
        if (x < 0)
            base_brown += -x * (p->bound[k + 1] - p->bound[k]);
    }
    for (size_t v = 0; v < p->n; v++)
        energy += (long long)p->power[v] * p->dur[v];
    long long best = energy; /* T empty */
    unsigned char *bestin = malloc(K ? K : 1);
    if (!bestin)
        goto done;
    memset(bestin, 0, K);
    for (size_t j = 0; j < K; j++) {
        for (size_t k = 0; k < K; k++)
            w.in[k] = w.g[k] <= w.g[j];
        long long c = cut_value(&w);
        if (c < best) {
            best = c;
            memcpy(bestin, w.in, K);
        }
        if (ecs_clock_now() > deadline_s)
            break;
    }
    memcpy(w.in, bestin, K);
    for (int sweep = 0; sweep < 3; sweep++) {
        int improved = 0;
        for (size_t k = 0; k < K && ecs_clock_now() <= deadline_s; k++) {
            w.in[k] ^= 1;
            long long c = cut_value(&w);
            if (c < best) {
                best = c;
                improved = 1;
            } else {
                w.in[k] ^= 1;
            }
        }
        if (!improved)
            break;
    }
    free(bestin);
    res = base_brown + (energy - best);
done:
    free(w.g);
    free(w.c);
    free(w.in);
    return res;
}

ecs_result ecs_fixedmap_bound(const ecs_cws_problem *p, long long *bound,
                              ecs_diag *diag)
{
    fm f;
    ecs_result rc = fm_init(&f, p, diag);
    if (rc != ECS_OK)
        return rc;
    /* compulsory load into L, the rest of the energy into rest */
    long long *d = calloc((size_t)f.D + 1, sizeof *d);
    if (!d) {
        fm_free(&f);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    long long rest = 0;
    for (size_t v = 0; v < p->n; v++) {
        long a = f.lst[v], b = f.est[v] + p->dur[v];
        long len = b > a ? b - a : 0;
        if (len > 0) {
            d[a] += p->power[v];
            d[b] -= p->power[v];
        }
        rest += (long long)p->power[v] * (p->dur[v] - len);
    }
    long long load = p->base, brown = 0, green_left = 0;
    for (long t = 0; t < f.D; t++) {
        load += d[t];
        if (load > f.B[t])
            brown += load - f.B[t];
        else
            green_left += f.B[t] - load;
    }
    if (rest > green_left)
        brown += rest - green_left;
    free(d);
    long long cb = cut_bound(&f, ecs_clock_now() + 10.0);
    if (cb < 0) {
        fm_free(&f);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    if (cb > brown)
        brown = cb;
    fm_free(&f);
    *bound = brown * p->brown_cost;
    return ECS_OK;
}
