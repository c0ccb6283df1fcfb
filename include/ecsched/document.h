/*
 * ecsched: the JSON schedule document (docs/reference.md "JSON schedule",
 * docs/schema/schedule.schema.json), one writer and one reader for the
 * command and every other user of the library (the Python package), so
 * that their documents are the same bytes from the same code; and the
 * JSON helpers they share (setup/json.c).
 */
#ifndef ECSCHED_DOCUMENT_H
#define ECSCHED_DOCUMENT_H

#include <stddef.h>

#include <jansson.h>

#include "ecsched/check.h"
#include "ecsched/graph.h"
#include "ecsched/limits.h"
#include "ecsched/platform.h"
#include "ecsched/prices.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"
#include "ecsched/setup.h"

#ifdef __cplusplus
extern "C" {
#endif

/* JSON_* flags of every document ecsched writes: 2 spaces of indent,
 * numbers with 12 significant digits. */
#define ECS_JSON_FLAGS (JSON_INDENT(2) | JSON_REAL_PRECISION(12))

/* The text of a document as ecsched writes it (ECS_JSON_FLAGS, a final
 * newline), malloc'ed (release with free); NULL when out of memory. */
char *ecs_document_text(const json_t *doc);

/* json_dumps(j, flags) with a final newline, malloc'ed (free); NULL for
 * j NULL or out of memory.  Documents and result rows are written so. */
char *ecs_json_dumps_line(const json_t *j, size_t flags);

/* Release a json_t a function of this header returned (json_decref), for
 * callers that do not link jansson themselves; NULL is accepted. */
void ecs_document_free(json_t *doc);

typedef struct ecs_doc_info {
    const char *command;          /* e.g. "validate" */
    const char *graph_file;       /* path as given */
    const ecs_graph *raw;         /* the graph as read (tasks, edges) */
    const ecs_platform *platform;
    const ecs_slot_prices *prices;
    long deadline;                /* D', <= 0 if none */
    const ecs_check_report *check; /* makespan, cost, meets_deadline; NULL
                                      when there is no schedule (null) */
    int has_base_cost;
    double base_cost;
    const char *status;           /* e.g. "feasible", "optimal" */
    double runtime_s;
    const ecs_setup *model;       /* --watts, --utc-offset; NULL: none */
    const ecs_schedule *schedule; /* for the energy; NULL: none */
    const struct ecs_problem *problem; /* for an extended platform's
                                           energy by source; NULL: none */
} ecs_doc_info;

/*
 * The document's head: tool .. cost, cost_money and money_unit (the cost
 * in money at --watts W per PE; null without --watts or when the price
 * unit is not per MWh), the real units (energy, energy_kwh, watts,
 * idle_watts, deadline_minutes, makespan_minutes, zone, start_time,
 * deadline_time, end_time: ecsched/units.h), base_cost, status,
 * runtime_s, in a fixed order.  The command
 * may append its own keys, then ecs_document_add_tasks() appends "tasks".
 * NULL on out of memory.
 */
json_t *ecs_document_new(const ecs_doc_info *info);

/* A cost in money: with prices in X/MWh, cost x normalized_by x slot
 * hours is X for a PE drawing 1 MW at f = 1.  1 with *money and unit "X"
 * set, 0 when the unit is unknown or not per MWh. */
int ecs_document_money(const ecs_slot_prices *sp, double cost, double *money,
                  char *unit, size_t size);

/* Append "tasks": [{id, work, pe, start, stop, freqs}] (positive work). */
int ecs_document_add_tasks(json_t *doc, const ecs_graph *g, const ecs_platform *p,
                      const ecs_schedule *s);

/* One key and its value, for ecs_json_object_kv. */
typedef struct ecs_json_kv {
    const char *key;
    json_t *v;
} ecs_json_kv;

/* An object of kv[0..n-1] in this order.  Steals every value, also on
 * failure; NULL when a value is NULL (out of memory) or out of memory. */
json_t *ecs_json_object_kv(ecs_json_kv *kv, size_t n);
/*
 * A JSON string of text that need not be UTF-8 (file names, messages
 * quoting input): as is when valid, else with each stray byte written
 * "\xNN" (ecs_utf8_escape).  NULL on out of memory.
 */
json_t *ecs_json_text(const char *s);

/* A number rounded to 1e-9 relative, so that output is stable. */
json_t *ecs_json_num(double v);

/* What a schedule document says besides its tasks (for validate). */
typedef struct ecs_doc_model {
    long pes;             /* -1 if absent */
    char freqs[256];      /* comma list, "" if absent */
    char power[32];       /* "" if absent */
    long deadline;        /* -1 if absent */
    size_t nprice;        /* prices.per_slot length, 0 if absent */
    double *price;        /* prices.per_slot, malloc'ed, or NULL */
    int *slot_len;        /* prices.per_slot_minutes / slot_minutes
                             (slots of different lengths), malloc'ed, or
                             NULL */
    char price_source[256];
    double work_unit_s;   /* model.work_unit_s, 0 if absent or null */
    int slot_minutes;     /* prices.slot_minutes, 0 if absent */
    char graph_file[512]; /* graph.file, "" if absent */
    int zone_minutes;     /* "zone" as +HH:MM (UTC: 0; a named zone: the
                             offset of "start_time"), 0 if absent */
    int has_first_slot;   /* prices.first_slot_utc is a time the price
                             loader reads (else 0: no clock) */
    long long first_slot_utc; /* its seconds since 1970 UTC */
    /* the terms a document of ecsched records (validate judges under
     * them: docs/reference.md "validate") */
    int has_model;        /* a "model" object: made by a command */
    char deadline_rule[16]; /* model.deadline_rule, "" if absent */
    int has_price_source; /* model.price_source.spec is a string */
    char price_spec[512]; /* model.price_source.spec */
    ecs_price_options price_opt; /* model.price_source.options */
    /* model.platform (else "platform"): the extended platform, if any */
    int has_platform;
    char plat_file[512];  /* platform.file, "" for the shortcuts */
    char plat_hash[32];   /* platform.hash, "" if absent */
    int plat_slot_minutes; /* platform.slot_minutes, 0 if absent */
    int plat_nclass, plat_nsite, plat_nsource;
    /* the shortcuts' one class, site and source (file ""): */
    int plat_count;       /* classes[0].count */
    double plat_watts;    /* classes[0].watts[0] (W at f = 1) */
    double plat_idle_watts; /* classes[0].idle_watts */
    double plat_cap_kw;   /* sites[0].power_cap_kw, -1 if none */
    int plat_cap_file;    /* sites[0].power_cap_file is not null */
    char plat_green[512]; /* sites[0].sources[0].volume.source.spec */
    double plat_green_price; /* its price_per_mwh */
    char problem[32];     /* "problem" ("cawosched": CaWoSched's fixed
                             mapping), "" if absent */
    char setup_file[256]; /* its "setup.file" and "mapping.file", "" if */
    char mapping_file[256]; /*  absent */
} ecs_doc_model;

void ecs_doc_model_release(ecs_doc_model *dm);

/*
 * Read a schedule document (ecs_json_load; lim NULL: the default
 * limits; a task's slots are checked against --max-slots; every key of
 * docs/reference.md "JSON schedule" has one type, a wrong type is EPARSE naming the
 * key): the model keys into dm (may be NULL) and the tasks into a schedule
 * of graph g (contracted).  Tasks are matched by STG
 * id; "freqs" may be absent (every slot at f = 1, stop = start + work - 1
 * required, as for a user's base schedule).  A frequency that is not in F
 * is stored as an invalid index for the checker to report.  Fails with EIO
 * or EPARSE (diag names file, line or task).
 */
ecs_result ecs_document_read(const char *path, const ecs_limits *lim,
                        const ecs_graph *g, const ecs_platform *p,
                        ecs_schedule **out, ecs_doc_model *dm,
                        ecs_diag *diag);

/*
 * When the document's slots start: (*out)[l], l = 0 .. n-1, the seconds
 * from slot 0's start to slot l's (slot l ends where l + 1 starts), from
 * prices.slot_minutes; malloc'ed (free).  EINVAL naming path when the
 * document gives no slot length; ENOMEM.
 */
ecs_result ecs_doc_model_slot_offsets(const ecs_doc_model *dm, const char *path,
                                size_t n, long long **out, ecs_diag *diag);

/* The "tasks" array of a document (as ecs_document_read reads it; path
 * names the document in messages) into a schedule of g. */
ecs_result ecs_document_read_tasks(const json_t *tasks, const char *path,
                                   const ecs_limits *lim, const ecs_graph *g,
                                   const ecs_platform *p, ecs_schedule **out,
                                   ecs_diag *diag);

/* Read only the model keys of a schedule document. */
ecs_result ecs_document_read_model(const char *path, const ecs_limits *lim,
                              ecs_doc_model *dm, ecs_diag *diag);

/*
 * The schedule document of method `name` inside a compare document (its
 * "methods"): the compare head (tool .. deadline) with the method's own
 * keys and "command": name, in *out (a new reference; NULL on failure).
 * EPARSE naming file when doc has no "methods", no method of that name
 * (the first one of that name counts when compare ran a grid) or the
 * method has no schedule (its status named); ENOMEM.
 */
ecs_result ecs_document_pick_method(const json_t *doc, const char *file,
                                    const char *name, json_t **out,
                                    ecs_diag *diag);

#ifdef __cplusplus
}
#endif

#endif
