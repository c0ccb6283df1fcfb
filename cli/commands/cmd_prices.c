/* ecsched prices SPEC: the per-slot prices the schedulers will use. */
#include "run/cli.h"
#include "run/model.h"
#include "run/args.h"
#include "run/output.h"
#include "run/datapath.h"
#include "commands/commands.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *CMD = "prices";

int tool_cmd_prices(int argc, char **argv);

const tool_command tool_command_prices = {
    "prices", "show the per-slot prices of a built-in or a price CSV",
    "Usage: ecsched prices SPEC [--slots N] [loader options] [--json | --csv]\n"
    "\n"
    "Loads SPEC (a built-in: " ECS_PRICES_BUILTIN_NAMES ";\n"
    "or a CSV file), resamples it to the slot length, repeats it cyclically\n"
    "where it is shorter than N slots, normalises it (largest price = 1) and\n"
    "prints what the schedulers will use: min, max, mean, resolution,\n"
    "points read, gaps filled, whether it was repeated, and every slot.\n"
    "\n"
    "  --slots N            slots to list (default: one pass of the series;\n"
    "                       24 for flat, increasing, alternating)\n"
    "  --json               the result as JSON\n"
    "  --csv                the slots as CSV (slot,start_utc,price,normalized)\n"
    "\n" TOOL_PRICE_FLAGS_HELP,
    tool_cmd_prices};

enum { OPT_SLOTS = TOOL_OPT_COMMAND_BASE, OPT_CSV };

typedef struct prices_job {
    tool_model m;
    const char *spec;
    long slots;          /* -1: default */
    int csv;
    ecs_price_series s;
    ecs_price_resampled r;
    ecs_slot_prices sp;
    double *orig;        /* per-slot prices in original units */
    ecs_price_stats st;
} prices_job;

/* The shortest "%.Ng" that reads back as v (at most 17 digits: every
 * double round-trips): what a program reading the CSV needs, at any
 * magnitude (1e+70, 1.7976931348623157e+308). */
static const char *exact(double v, char *buf, size_t size)
{
    int prec = 1;
    for (; prec < 17; prec++) {
        snprintf(buf, size, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    /* all the integer digits, as %.17g writes them: 50, not 5e+01 */
    int e = v != 0 ? (int)floor(log10(fabs(v))) : 0;
    if (e >= prec && e < 17)
        prec = e + 1;
    snprintf(buf, size, "%.*g", prec, v);
    if (strcmp(buf, "-0") == 0)
        snprintf(buf, size, "0");
    return buf;
}

/* For a person: "%.6f" without trailing zeros where that is short and
 * loses no more than the sixth decimal, else the exact form (a "%.6f" of
 * 1e70 is 71 digits of binary noise, of 1e308 more than a buffer). */
static const char *num(double v, char *buf, size_t size)
{
    if (!(fabs(v) < 1e15) || (v != 0 && fabs(v) < 1e-4))
        return exact(v, buf, size);
    snprintf(buf, size, "%.6f", v);
    char *p = buf + strlen(buf) - 1;
    while (p > buf && *p == '0')
        *p-- = '\0';
    if (*p == '.')
        *p = '\0';
    if (strcmp(buf, "-0") == 0)
        snprintf(buf, size, "0");
    return buf;
}

static int is_price_flag(int c)
{
    switch (c) {
    case TOOL_OPT_PRICES: case TOOL_OPT_JSON: case TOOL_OPT_HELP: case 'h':
    case TOOL_OPT_SLOT_MINUTES: case TOOL_OPT_NO_REPEAT:
    case TOOL_OPT_PRICE_COLUMN: case TOOL_OPT_FILTER: case TOOL_OPT_UTC_OFFSET:
    case TOOL_OPT_STAMP: case TOOL_OPT_FILL: case TOOL_OPT_START:
    case TOOL_OPT_UNIT: case TOOL_OPT_TIME_COLUMN:
    case TOOL_OPT_MAX_INPUT_BYTES: case TOOL_OPT_MAX_SLOTS:
        return 1;
    default:
        return 0;
    }
}

/* --slots and --csv; of the model flags only the price flags apply. */
static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    prices_job *j = ctx;
    if (c == OPT_SLOTS) {
        if (ecs_parse_long(arg, &j->slots) != 0 || j->slots < 1)
            return tool_usage_error(
                CMD, "--slots needs a number of slots from 1, not '%s'", arg);
        return 0;
    }
    if (c == OPT_CSV) {
        j->csv = 1;
        return 0;
    }
    if (!is_price_flag(c))
        return tool_usage_error(CMD, "option '%s' does not apply here",
                                   word);
    return TOOL_NOT_OWN;
}

static int parse_args(prices_job *j, int argc, char **argv)
{
    static const struct option opts[] = {
        {"slots", required_argument, 0, OPT_SLOTS},
        {"csv", no_argument, 0, OPT_CSV},
        TOOL_MODEL_LONGOPTS, {0, 0, 0, 0}};
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, &j->m, own_option, j);
    int first, pr = tool_parse_args(&spec, argc, argv, &first);
    if (pr != 0)
        return pr;
    if (j->m.json && j->csv)
        return tool_usage_error(CMD, "--json and --csv exclude each other");
    if (argc - first > 1 || (argc - first == 1 && j->m.prices_spec))
        return tool_usage_error(CMD, "needs one SPEC");
    j->spec = argc - first == 1 ? argv[first]
              : j->m.prices_spec ? j->m.prices_spec
                                 : ECS_DEFAULT_PRICES;
    return 0;
}

static ecs_result compute(prices_job *j, ecs_diag *diag)
{
    ecs_price_options opt = j->m.price_opt;
    opt.limits = &j->m.limits;
    const ecs_price_options *o = &opt;
    char found[4096];
    const char *spec = ecs_prices_is_builtin(j->spec)
                           ? j->spec
                           : tool_data_path(j->spec, found, sizeof found);
    ecs_result rc = j->slots > 0 ? ecs_check_slots(&j->m.limits, j->slots,
                                                      NULL, "--slots", diag)
                                 : ECS_OK;
    if (rc == ECS_OK)
        rc = ecs_prices_load(spec, o, &j->s, diag);
    size_t want = j->slots > 0 ? (size_t)j->slots : 24;
    if (rc == ECS_OK)
        rc = ecs_prices_resample(&j->s, o, want, &j->r, diag);
    if (rc != ECS_OK)
        return rc;
    if (j->slots < 0)
        want = j->s.kind == ECS_PRICE_DATA ? j->r.m : 24;
    rc = ecs_prices_slots(&j->s, &j->r, o, want, &j->sp, diag);
    if (rc != ECS_OK)
        return rc;
    tool_note_repeated(CMD, &j->sp);
    j->orig = malloc(want * sizeof *j->orig);
    if (j->orig == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    for (size_t l = 0; l < want; l++)
        j->orig[l] = j->r.value[l % j->r.m];
    ecs_prices_stats(j->orig, want, &j->st);
    return ECS_OK;
}

static int synthetic(const prices_job *j)
{
    return j->s.kind != ECS_PRICE_DATA;
}

/* UTC start of slot l (cycled), "" for synthetic built-ins. */
static void slot_time(const prices_job *j, size_t l, char *buf, size_t size)
{
    if (synthetic(j) || j->s.untimed) {
        buf[0] = '\0';
        return;
    }
    long long t = j->r.first_utc +
                  60LL * ecs_slot_prices_minutes_to(&j->sp, (long)(l % j->r.m));
    ecs_prices_time_format(t, buf, size);
}

/* Where the unit came from. */
static const char *unit_origin(const ecs_price_series *s)
{
    if (s->kind != ECS_PRICE_DATA)
        return "none (a synthetic schedule)";
    if (s->unit[0] == '\0')
        return "unknown (--unit sets it)";
    if (s->unit_from_header)
        return " (from the header)";
    return s->price_column[0] ? " (--unit)" : "";
}

static void print_head(const prices_job *j)
{
    const ecs_price_series *s = &j->s;
    char a[64], b[64], c[64];
    printf("source         %s\n", s->source);
    if (s->utf16)
        printf("encoding       UTF-16, converted to UTF-8\n");
    printf("unit           %s%s\n", s->unit, unit_origin(s));
    if (!synthetic(j)) {
        if (s->time_column[0])
            printf("time column    %s%s%s\n", s->time_column,
                   s->time_column_guessed ? " (guessed; --time-column)" : "",
                   s->naive_time_utc && !j->m.price_opt.utc_offset_given
                       ? ", naive times taken as UTC"
                       : "");
        if (s->price_column[0])
            printf("price column   %s%s\n", s->price_column,
                   s->price_column_guessed ? " (guessed; --price-column)" : "");
        printf("points read    %zu\n", s->points_read);
        if (s->rows_filtered)
            printf("rows filtered  %zu (--filter)\n", s->rows_filtered);
        if (s->empty_skipped)
            printf("empty skipped  %zu (rows without a price at either end)\n",
                   s->empty_skipped);
        printf("gaps filled    %zu\n", s->gaps_filled);
        if (s->sorted)
            printf("order          newest first, sorted\n");
        printf("resolution     %d min\n", s->resolution_minutes);
        slot_time(j, 0, a, sizeof a);
        printf("first slot     %s\n",
               s->untimed ? "- (no dates in the file; --start sets one)" : a);
    }
    if (j->sp.slot_len != NULL)
        printf("slot minutes   prices (periods of different lengths, in "
               "units of %d min)\n", j->sp.slot_minutes);
    else
        printf("slot minutes   %d%s\n", j->sp.slot_minutes,
               synthetic(j) ? " (a built-in defined per slot)" : "");
    printf("slots          %zu (one pass of the series: %zu%s)\n", j->sp.n,
           j->r.m, j->r.periodic ? ", periodic" : "");
    printf("repeated       %s\n", j->sp.repeated ? "yes" : "no");
    printf("min            %s\n", num(j->st.min, a, sizeof a));
    printf("max            %s\n", num(j->st.max, b, sizeof b));
    printf("mean           %s\n", num(j->st.mean, c, sizeof c));
    printf("normalized_by  %s\n", num(j->sp.normalized_by, a, sizeof a));
}

static void print_human(const prices_job *j)
{
    print_head(j);
    int sw = snprintf(NULL, 0, "%zu", j->sp.n ? j->sp.n - 1 : 0);
    int pw = 5;
    char a[64], t[64];
    for (size_t l = 0; l < j->sp.n; l++) {
        int w = (int)strlen(num(j->orig[l], a, sizeof a));
        if (w > pw)
            pw = w;
    }
    if (sw < 4)
        sw = 4;
    int len = j->sp.slot_len != NULL; /* a column of minutes */
    printf("\n%*s  %s%s%*s  %s\n", sw, "slot", synthetic(j) ? "" : "start (UTC)        ",
           len ? "minutes  " : "", pw, "price", "normalized");
    for (size_t l = 0; l < j->sp.n; l++) {
        slot_time(j, l, t, sizeof t);
        char m[32] = "";
        if (len)
            snprintf(m, sizeof m, "%7lld  ",
                     (long long)j->sp.slot_len[l] * j->sp.slot_minutes);
        printf("%*zu  %s%s%s%*s  %.6f\n", sw, l, t, synthetic(j) ? "" : "  ",
               m, pw, num(j->orig[l], a, sizeof a), j->sp.price[l]);
    }
}

static void print_csv(const prices_job *j)
{
    char a[64], t[64];
    int len = j->sp.slot_len != NULL; /* a column of minutes */
    printf("slot,start_utc,%sprice,normalized\n", len ? "minutes," : "");
    for (size_t l = 0; l < j->sp.n; l++) {
        slot_time(j, l, t, sizeof t);
        char b[64], m[32] = "";
        if (len)
            snprintf(m, sizeof m, "%lld,",
                     (long long)j->sp.slot_len[l] * j->sp.slot_minutes);
        printf("%zu,%s,%s%s,%s\n", l, t, m, exact(j->orig[l], a, sizeof a),
               exact(j->sp.price[l], b, sizeof b));
    }
}

static int set(json_t *o, const char *k, json_t *v)
{
    return v == NULL || json_object_set_new(o, k, v) != 0;
}

static json_t *str_or_null(const char *s)
{
    return s[0] ? ecs_json_text(s) : json_null();
}

static int print_json(const prices_job *j)
{
    const ecs_price_series *s = &j->s;
    json_t *d = json_object(), *per = json_array(), *orig = json_array();
    char t[64];
    int bad = d == NULL || per == NULL || orig == NULL;
    for (size_t l = 0; !bad && l < j->sp.n; l++)
        bad = json_array_append_new(per, ecs_json_num(j->sp.price[l])) != 0 ||
              json_array_append_new(orig, ecs_json_num(j->orig[l])) != 0;
    slot_time(j, 0, t, sizeof t);
    int data = !synthetic(j);
    bad = bad || set(d, "tool", json_string("ecsched")) ||
          set(d, "command", json_string(CMD)) ||
          set(d, "source", ecs_json_text(s->source)) ||
          set(d, "unit", ecs_json_text(s->unit)) ||
          set(d, "time_column", str_or_null(s->time_column)) ||
          set(d, "time_column_guessed", json_boolean(data && s->time_column_guessed)) ||
          set(d, "price_column", str_or_null(s->price_column)) ||
          set(d, "price_column_guessed", json_boolean(data && s->price_column_guessed)) ||
          set(d, "resolution_minutes", data ? json_integer(s->resolution_minutes) : json_null()) ||
          set(d, "points_read", json_integer((json_int_t)s->points_read)) ||
          set(d, "rows_filtered", json_integer((json_int_t)s->rows_filtered)) ||
          set(d, "empty_skipped", json_integer((json_int_t)s->empty_skipped)) ||
          set(d, "gaps_filled", json_integer((json_int_t)s->gaps_filled)) ||
          set(d, "sorted", json_boolean(s->sorted)) ||
          set(d, "first_slot_utc", str_or_null(t)) ||
          set(d, "slot_minutes", json_integer(j->sp.slot_minutes)) ||
          set(d, "slots", json_integer((json_int_t)j->sp.n)) ||
          set(d, "cycle", json_integer((json_int_t)j->r.m)) ||
          set(d, "repeated", json_boolean(j->sp.repeated)) ||
          set(d, "normalized_by", ecs_json_num(j->sp.normalized_by)) ||
          set(d, "min", ecs_json_num(j->st.min)) ||
          set(d, "max", ecs_json_num(j->st.max)) ||
          set(d, "mean", ecs_json_num(j->st.mean)) ||
          set(d, "per_slot", per) || set(d, "per_slot_original", orig);
    if (!bad && j->sp.slot_len != NULL) { /* slots of different lengths */
        json_t *pm = json_array();
        for (size_t l = 0; pm != NULL && l < j->sp.n; l++)
            json_array_append_new(pm, json_integer((json_int_t)j->sp.slot_len[l] *
                                                   j->sp.slot_minutes));
        bad = pm == NULL || set(d, "per_slot_minutes", pm);
    }
    if (bad) { /* per and orig belong to d only once set */
        if (per != NULL && json_object_get(d, "per_slot") != per)
            json_decref(per);
        if (orig != NULL && json_object_get(d, "per_slot_original") != orig)
            json_decref(orig);
        json_decref(d);
        return -1;
    }
    ecs_diag diag;
    ecs_result rc = tool_write_json("-", d, &diag);
    json_decref(d);
    return rc == ECS_OK ? 0 : -1;
}

static void job_release(prices_job *j)
{
    free(j->orig);
    ecs_slot_prices_release(&j->sp);
    ecs_price_resampled_release(&j->r);
    ecs_price_series_release(&j->s);
}

int tool_cmd_prices(int argc, char **argv)
{
    prices_job j;
    memset(&j, 0, sizeof j);
    tool_model_init(&j.m);
    j.slots = -1;
    int pr = parse_args(&j, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_result rc = compute(&j, &diag);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        job_release(&j);
        return tool_exit_code(rc);
    }
    int out = 0;
    if (j.m.json)
        out = print_json(&j);
    else if (j.csv)
        print_csv(&j);
    else
        print_human(&j);
    job_release(&j);
    if (out != 0) {
        tool_errorf(CMD, "cannot write the output");
        return TOOL_EXIT_INTERNAL;
    }
    return TOOL_EXIT_OK;
}
