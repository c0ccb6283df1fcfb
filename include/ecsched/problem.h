/* ecsched: the problem a scheduling method starts from, assembled from a
 * set-up (setup/problem.c): the graph, the base schedule, the deadline
 * rule and D', the prices (and an extended platform's series). */
#ifndef ECSCHED_PROBLEM_H
#define ECSCHED_PROBLEM_H

#include "ecsched/document.h"
#include "ecsched/instance.h"
#include "ecsched/platform_file.h"
#include "ecsched/setup.h"

/* D' from --deadline N, or floor(makespan * (1 + E)) exactly. */
ecs_result ecs_setup_deadline(const ecs_setup *m, long makespan, long *out,
                            ecs_diag *diag);

/*
 * Read a user's base schedule (--base): tasks [{id, pe, start, stop}] at
 * f = 1 (freqs optional), checked by the checker; a base that breaks the
 * model is bad input (EPARSE).
 */
ecs_result ecs_read_base(const char *path, const ecs_limits *lim,
                             const ecs_graph *g,
                             const ecs_platform *p, ecs_schedule **out,
                             ecs_diag *diag);

/* Everything a scheduling command needs before it schedules. */
typedef struct ecs_problem {
    const char *graph_path;
    ecs_graph *raw;            /* the graph as read (for the document) */
    ecs_graph *g;              /* contracted: the tasks with work */
    ecs_schedule *base;        /* base schedule at f = 1 */
    long base_makespan;        /* M */
    int base_optimal;          /* M proven optimal (0 for a user's --base) */
    long base_lower_bound;     /* proven lower bound on M */
    unsigned long long base_nodes; /* search nodes of the makespan solver */
    double base_runtime_s;
    int base_from_file;        /* 1 when --base gave it */
    int base_list;             /* 1: the list schedule of an extended
                                  platform's classes (status "list") */
    int base_capped;           /* 1: that list schedule under a cap that
                                  can bind */
    long deadline;             /* D' */
    ecs_slot_prices prices;    /* per-slot prices of slots 0..n-1, n >= D' */
    int have_prices;
    double base_cost;          /* cost of the base under these prices */
    ecs_ext ext;              /* the extended platform's sites, sources,
                                  caps on the slot grid (ext.on = 0: the
                                  paper's) */
    const ecs_platform *platform; /* the set-up's */
    ecs_instance inst;         /* the problem's one instance: borrows the
                                  graph, platform, prices and the extended
                                  platform's sites and sources; deadline
                                  D', the deadline rule, E and M stored;
                                  prepared once (ecs_instance_prepare)
                                  when valid.  Every method gets it
                                  whole. */
} ecs_problem;


/*
 * Load the graph (m->format), get the base schedule (m->base_path, else the
 * makespan solver with makespan_time_limit_s), compute D' (--deadline or
 * --extension) and the per-slot prices for max(D', M) slots, and the base
 * cost.  A deadline below the base makespan is allowed (the commands report
 * it).  Release with ecs_problem_release.
 */
ecs_result ecs_problem_load(const ecs_setup *m, const char *graph_path,
                                double makespan_time_limit_s,
                                ecs_problem *out, ecs_diag *diag);

/*
 * The same from a graph already read (taken: released with the problem,
 * also on failure), e.g. built in memory; graph_path (borrowed, may be
 * "") names it in documents.  The one assembly of a problem: the graph's
 * horizon checked and contracted, the base, D' by the set-up's rule, the
 * prices and the prepared instance.  The problem borrows m's platform
 * (and an extended platform's names): m outlives it.
 */
ecs_result ecs_problem_assemble(const ecs_setup *m, ecs_graph *raw,
                                const char *graph_path,
                                double makespan_time_limit_s,
                                ecs_problem *out, ecs_diag *diag);

/* (Re)load pb's prices (and an extended platform's sites, sources and
 * caps) for max(D', M) slots and the base's cost under them, and build
 * and prepare pb->inst on them. */
ecs_result ecs_problem_prices(const ecs_setup *m, ecs_problem *pb,
                               ecs_diag *diag);

/*
 * The head of a schedule document for this problem: command cmd, the
 * graph file and graph as read, the platform of m, the prices, D' and the
 * base cost.  The caller sets check, status and runtime_s.
 */
void ecs_problem_doc_info(const ecs_problem *pb,
                              const ecs_setup *m, const char *cmd,
                              ecs_doc_info *in);


/* How the base was made: "makespan_search" (the makespan solver),
 * "list" (the list schedule on classes), "list_under_cap" (the same under
 * a cap that can bind) or "file" (--base). */
const char *ecs_problem_base_method(const ecs_problem *pb);

/* The same for people, with whether M is proven optimal ("proven
 * optimal", "a list schedule under the power cap (not proven optimal;
 * lower bound 3)"). */
void ecs_problem_base_text(const ecs_problem *pb, char *buf, size_t n);

/* What the document says of the base: "base": {makespan, status
 * (ecs_record_base_status), optimal, lower_bound, nodes, runtime_s,
 * makespan_limit_s}.  NULL when out of memory. */
json_t *ecs_problem_base_json(const ecs_problem *pb, double makespan_limit_s);

/*
 * Append what makes a schedule document self-describing: "model"
 * (ecsched/record.h, with the price source's file hash), "params" (stolen;
 * may be NULL: omitted), "base" (ecs_problem_base_json) and "context"
 * (this process: 1 worker, wall and CPU time since t0 and c0 of
 * ecs_clock_now and ecs_clock_cpu).  -1 when out of memory or the price
 * file cannot be read again.
 */
int ecs_document_add_record(json_t *doc, const ecs_problem *pb,
                           const ecs_setup *m, json_t *params,
                           double makespan_limit_s, double t0, double c0);

/*
 * A scheduling method's whole document on pb: ecs_document_new(head)
 * (head->problem and head->model set, e.g. by ecs_problem_doc_info), the
 * method's own keys (the members of keys in their order; stolen, may be
 * NULL), the record (ecs_document_add_record with params, stolen, may be
 * NULL), "tasks" of head->schedule (an empty list without one).  The
 * command's documents and every other caller's come from here.  NULL
 * when out of memory or the price file cannot be read again.
 */
json_t *ecs_document_problem(const ecs_doc_info *head, json_t *keys,
                             json_t *params, double makespan_limit_s,
                             double t0, double c0);

/* What a caller without jansson gives for a document
 * (ecs_document_problem_text). */
typedef struct ecs_doc_request {
    const char *command;          /* "solve", "heuristic", ... */
    const char *status;           /* "optimal", "feasible", ... */
    const ecs_schedule *schedule; /* NULL: none (cost and makespan null) */
    double runtime_s;
    const char *keys_json;        /* the method's keys: a JSON object's
                                     text, members in order; NULL: none */
    const char *params_json;      /* "params": a JSON object's text; NULL:
                                     omitted */
    double makespan_limit_s;      /* the base search's limit (record) */
    double t0, c0;                /* ecs_clock_now(), ecs_clock_cpu() at
                                     the start (the record's context) */
    int advice;                   /* 1: append "advice" (no schedule meets
                                     D': ecs_problem_advice) */
} ecs_doc_request;

/*
 * The text of the document of rq on pb and m (the head of
 * ecs_problem_doc_info, the checker's report on rq->schedule, then
 * ecs_document_problem and ecs_document_text): the same bytes as the
 * command's for the same run.  *text malloc'ed (free).  EPARSE when
 * keys_json or params_json is not a JSON object, EVIOLATION when the
 * schedule breaks the model, ENOMEM.
 */
ecs_result ecs_document_problem_text(const ecs_problem *pb,
                                     const ecs_setup *m,
                                     const ecs_doc_request *rq, char **text,
                                     ecs_diag *diag);

/* Free what a problem holds; NULL is accepted. */
void ecs_problem_release(ecs_problem *pb);

#endif
