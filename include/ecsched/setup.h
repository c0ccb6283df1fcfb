/*
 * ecsched: the set-up of a problem (setup/), the layer above taskgraphs/
 * and prices/ that every user of the library shares with the command:
 * what defines a problem (ecs_setup: the platform, the prices and their
 * loader options, the deadline rule, the graph reader's options, the
 * extended platform's file or shortcuts, size limits), loading a graph
 * and prices from it, and the checks of sizes and horizons.  The platform
 * file is ecsched/platform_file.h, the assembled problem
 * ecsched/problem.h, the schedule document ecsched/document.h.
 *
 * Layers (tests/check_layers.sh): setup/ sits above taskgraphs/, prices/,
 * heuristic/ and solver/ (problem assembly needs the makespan search for
 * the base schedule and the list schedule of an extended platform) and
 * below engine/ and the command; it never includes the command's code.
 * The library never prints: notes for people (prices repeated, rounding)
 * are the caller's (cli/run/).
 */
#ifndef ECSCHED_SETUP_H
#define ECSCHED_SETUP_H

#include <stddef.h>

#include <jansson.h>

#include "ecsched/graph.h"
#include "ecsched/graphio.h"
#include "ecsched/instance.h"
#include "ecsched/limits.h"
#include "ecsched/numparse.h"
#include "ecsched/platform.h"
#include "ecsched/prices.h"
#include "ecsched/progress.h"
#include "ecsched/result.h"
#include "ecsched/stg.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The default price schedule. */
#define ECS_DEFAULT_PRICES "epex-2016-10-19"

/* A series of the extended platform (ecsched/platform_file.h): a price
 * SPEC (file or built-in) and its loader options, its values times
 * scale. */
#define ECS_PLAT_PATH 512
typedef struct ecs_series_spec {
    char spec[ECS_PLAT_PATH];   /* "" = none */
    ecs_price_options opt;
    double scale;                /* default 1 */
} ecs_series_spec;

/* The extended platform as given (--platform FILE, or the shortcuts
 * --watts W:IDLE, --green, --power-cap): its classes are in
 * ecs_setup.platform; what varies by slot is loaded per problem
 * (ecs_plat_load). */
typedef struct ecs_plat_spec {
    int on;                        /* 1: an extended instance */
    int resolved;                  /* ecs_plat_resolve ran */
    ecs_platform flags;            /* the platform of the flags, before the
                                      shortcuts made their class of it */
    char path[ECS_PLAT_PATH];     /* --platform as given, "" for shortcuts */
    char hash[32];                 /* "fnv1a64:..." of the platform file,
                                      "" for shortcuts */
    int nsite;
    struct ecs_plat_site {
        char name[ECS_NAME_MAX];
        int has_prices;            /* 0: the command's --prices */
        ecs_series_spec prices;
        double cap_kw;             /* constant cap, -1: none */
        ecs_series_spec cap;      /* cap series in kW (spec "" = none) */
    } site[ECS_MAX_SITES];
    size_t nsource;
    struct ecs_plat_source {
        char name[ECS_NAME_MAX];
        int site;
        double price_mwh;          /* in the prices' currency per MWh */
        ecs_series_spec volume;   /* kWh per point of the series */
    } source[ECS_MAX_SOURCES];
} ecs_plat_spec;

typedef struct ecs_setup {
    ecs_platform platform;
    int pes_given, freqs_given, power_given;
    const char *prices_spec;      /* NULL: the default built-in */
    ecs_price_options price_opt;
    long deadline;                /* --deadline, -1 if not given */
    ecs_decimal extension;        /* --extension, 0 if not given */
    int extension_given;
    ecs_stg_format format;        /* --format */
    double work_unit;             /* --work-unit, 0 if not given (or auto,
                                     until the caller picks it) */
    int work_unit_auto;           /* --work-unit auto */
    int slot_minutes_given;       /* --slot-minutes */
    double rounding_tolerance;    /* --rounding-tolerance (default 0.01) */
    const char *base_path;        /* --base */
    const char *out_path;         /* the caller's: -o (not read here) */
    int json;                     /* the caller's: --json (not read here) */
    int help;                     /* the caller's: --help (not read here) */
    ecs_limits limits;            /* --max-input-bytes, --max-tasks,
                                     --max-work, --max-slots */
    double watts;                 /* --watts W: one PE at f = 1, 0 if not
                                     given (no energy, no money) */
    double idle_watts;            /* --watts W:IDLE, -1 if not given;
                                     above 0: an extended instance */
    const char *platform_path;    /* --platform FILE */
    const char *green_path;       /* --green FILE (kWh per slot) */
    const char *green_column;     /* --green-column C, NULL = guess */
    double green_price;           /* --green-price X per MWh (default 0) */
    int green_price_given;
    double power_cap_kw;          /* --power-cap KW, -1 if not given */
    ecs_plat_spec plat;               /* resolved by ecs_plat_resolve */
    const char *mapping_path;     /* --mapping FILE (CaWoSched's problem) */
    int remap;                    /* --remap: choose the mapping too */
    const char *mapping_out_path; /* --mapping-out FILE */
    const char *cws_setup_path;   /* --platform FILE when it is CaWoSched's
                                     setup (cli/run/cawosched_cli.h) */
    /* Where a relative file the set-up names is found (the command's data
     * directory, cli/run/datapath.h): the path into buf, returned; NULL:
     * every path as given. */
    const char *(*find_file)(const char *path, char *buf, size_t size);
    /* The base search's progress (ecs_makespan_params.progress) and what
     * ends its line; NULL: none. */
    ecs_progress_fn base_progress;
    void (*base_progress_done)(void);
    /* A price CSV in memory (prices_len bytes) in place of the file of
     * prices_spec, which then only names it ("(python)"); NULL: none.
     * The paper's platform only (an extended platform reads its sites'
     * prices from files: EINVAL). */
    const char *prices_text;
    size_t prices_len;
    /* A platform file's JSON in memory (platform_len bytes) in place of
     * the file of platform_path, which then names it (default
     * "(memory)"); series files in it are relative to the working
     * directory.  NULL: none. */
    const char *platform_text;
    size_t platform_len;
} ecs_setup;

/* Defaults: 1 PE, default F and power, default prices (ECS_DEFAULT_PRICES),
 * no deadline (-1), no extension, format auto, default limits, no watts,
 * idle -1, rounding tolerance 0.01, no cap (-1), paths as given. */
void ecs_setup_init(ecs_setup *m);

/* The deadline rule of a set-up: EXTENSION (D' = floor(M (1 + E)), also
 * for E = 0) unless a deadline is given (GIVEN). */
ecs_deadline_rule ecs_setup_deadline_rule(const ecs_setup *m);

/* A file the set-up names (a graph, prices, a platform file, a series) as
 * m->find_file finds it, written into buf; path itself without find_file.
 * Returns the path to open. */
const char *ecs_setup_find(const ecs_setup *m, const char *path, char *buf,
                           size_t size);

/*
 * The graph reader's parameters from the model flags: --format,
 * --work-unit, and the slot length (--slot-minutes) as the default work
 * unit of WfFormat runtimes.
 */
void ecs_setup_graph_params(const ecs_setup *m, ecs_graph_read_params *p);

/* Read a task graph in any format (graphio.h; "-" is standard input). */
ecs_result ecs_setup_read_graph(const char *path, const ecs_setup *m,
                              ecs_graph **out, ecs_diag *diag);

/*
 * --work-unit auto: read the graph file at path (as ecs_setup_find finds
 * it), pick the coarsest unit within m->rounding_tolerance
 * (ecs_graph_auto_work_unit) into *r and m->work_unit; *seconds 1 for a
 * WfFormat file (the unit is seconds).  EINVAL for standard input ("-").
 */
ecs_result ecs_setup_auto_work_unit(ecs_setup *m, const char *path,
                                    ecs_rounding *r, int *seconds,
                                    ecs_diag *diag);

/*
 * Read a task graph (ecs_setup_read_graph), refuse an absurd horizon
 * (ecs_setup_check_horizon with no deadline) and contract it.  *raw may be
 * NULL if not wanted.  Every command that takes a graph loads it here.
 * The size limits m->limits are checked: the file's bytes while reading,
 * then tasks, work per task and the critical path (against --max-slots)
 * before anything else is computed.
 */
ecs_result ecs_setup_load_graph(const char *path, const ecs_setup *m,
                              ecs_graph **raw, ecs_graph **work,
                              ecs_diag *diag);

/* Longest schedule horizon (slots) the commands accept (a 30,000-task
 * fork-join pipeline at E = 0.2 has D' = 20,133: solve on it at P = 64
 * peaked at 343 MB, issue 40). */
#define ECS_MAX_HORIZON 25000L

/*
 * Refuse (EINVAL, with the numbers and the flag that shrinks it) a graph
 * whose makespan lower bound max(critical path, ceil(total work / P))
 * exceeds ECS_MAX_HORIZON slots, or a deadline above it (deadline <= 0:
 * not checked).
 */
ecs_result ecs_setup_check_horizon(const ecs_setup *m, const ecs_graph *g,
                                 long deadline, ecs_diag *diag);

/*
 * The one horizon check: slots (a deadline, a makespan, a schedule's last
 * slot + 1) against the limit of slots (--max-slots); what says what asked for them, e.g.
 * "--deadline".  EINVAL with a message naming the flag.
 */
ecs_result ecs_check_slots(const ecs_limits *l, long long slots,
                               const char *file, const char *what,
                               ecs_diag *diag);

/* Tasks, work per task and critical path of g against the limits. */
ecs_result ecs_check_graph(const ecs_limits *l, const ecs_graph *g,
                               const char *file, ecs_diag *diag);

/*
 * Read a JSON document: at most --max-input-bytes, a directory is "is a
 * directory", a UTF-8 byte order mark is skipped (as in CSV files),
 * duplicate keys are an error.  *out is NULL on failure (EIO, EINVAL for
 * a limit, ENOMEM, EPARSE with the line).  l NULL: the default limits.
 */
ecs_result ecs_json_load(const char *path, const ecs_limits *l,
                             json_t **out, ecs_diag *diag);

/* The same for a document in memory (len bytes; name for messages). */
ecs_result ecs_json_parse(const char *text, size_t len, const char *name,
                          json_t **out, ecs_diag *diag);

/*
 * Per-slot prices for nslots slots from the model's --prices and loader
 * options.
 */
ecs_result ecs_setup_load_prices(const ecs_setup *m, size_t nslots,
                               ecs_slot_prices *out, ecs_diag *diag);

#ifdef __cplusplus
}
#endif

#endif
