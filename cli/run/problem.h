/* The problem a scheduling command starts from (cli/run/problem.c). */
#ifndef ECSCHED_CLI_PROBLEM_H
#define ECSCHED_CLI_PROBLEM_H

#include "run/cli.h"
#include "run/params.h"
#include "run/platform_file.h"

/* D' from --deadline N, or floor(makespan * (1 + E)) exactly. */
ecs_result tool_deadline(const tool_model *m, long makespan, long *out,
                            ecs_diag *diag);

/*
 * Read a user's base schedule (--base): tasks [{id, pe, start, stop}] at
 * f = 1 (freqs optional), checked by the checker; a base that breaks the
 * model is bad input (EPARSE).
 */
ecs_result tool_read_base(const char *path, const ecs_limits *lim,
                             const ecs_graph *g,
                             const ecs_platform *p, ecs_schedule **out,
                             ecs_diag *diag);

/* Everything a scheduling command needs before it schedules. */
typedef struct tool_problem {
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
    tool_ext ext;              /* the extended platform's sites, sources,
                                  caps on the slot grid (ext.on = 0: the
                                  paper's) */
    const ecs_platform *platform; /* m's, for tool_problem_instance */
} tool_problem;

/* The instance of pb (borrowing its graph, prices, platform and the
 * extended platform's sites and sources), deadline D'.  Nothing derived:
 * no release needed. */
void tool_problem_instance(const tool_problem *pb, ecs_instance *inst);

/* The same on platform p into *buf, returned: for one call, as
 * TOOL_INSTANCE(pb, p). */
ecs_instance *tool_problem_inst(const tool_problem *pb, const ecs_platform *p,
                                ecs_instance *buf);
#define TOOL_INSTANCE(PB_, P_) tool_problem_inst((PB_), (P_), &(ecs_instance){0})

/*
 * Load the graph (m->format), get the base schedule (m->base_path, else the
 * makespan solver with makespan_time_limit_s), compute D' (--deadline or
 * --extension) and the per-slot prices for max(D', M) slots, and the base
 * cost.  A deadline below the base makespan is allowed (the commands report
 * it).  Release with tool_problem_release.
 */
ecs_result tool_problem_load(const tool_model *m, const char *graph_path,
                                double makespan_time_limit_s,
                                tool_problem *out, ecs_diag *diag);

/* (Re)load pb's prices (and an extended platform's sites, sources and
 * caps) for max(D', M) slots and the base's cost under them. */
ecs_result tool_problem_prices(const tool_model *m, tool_problem *pb,
                               ecs_diag *diag);

/*
 * The head of a schedule document for this problem: command cmd, the
 * graph file and graph as read, the platform of m, the prices, D' and the
 * base cost.  The caller sets check, status and runtime_s.
 */
void tool_problem_doc_info(const tool_problem *pb,
                              const tool_model *m, const char *cmd,
                              tool_doc_info *in);

/* The base search's limit under the command's budget p (docs/reference.md
 * "milp"): --makespan-limit when given, else the makespan search's
 * default capped by --time-limit when that is given (the time limit
 * covers the whole command). */
double tool_base_limit(const tool_method_params *p);

/* How the base was made: "makespan_search" (the makespan solver),
 * "list" (the list schedule on classes), "list_under_cap" (the same under
 * a cap that can bind) or "file" (--base). */
const char *tool_problem_base_method(const tool_problem *pb);

/* The same for people, with whether M is proven optimal ("proven
 * optimal", "a list schedule under the power cap (not proven optimal;
 * lower bound 3)"). */
void tool_problem_base_text(const tool_problem *pb, char *buf, size_t n);

/* What the document says of the base: "base": {makespan, status
 * (tool_record_base_status), optimal, lower_bound, nodes, runtime_s,
 * makespan_limit_s}.  NULL when out of memory. */
json_t *tool_problem_base_json(const tool_problem *pb, double makespan_limit_s);

/*
 * Append what makes a schedule document self-describing: "model"
 * (run/record.h, with the price source's file hash), "params" (stolen;
 * may be NULL: omitted), "base" (tool_problem_base_json) and "context"
 * (this process: 1 worker, wall and CPU time since t0 and c0 of
 * ecs_clock_now and ecs_clock_cpu).  -1 when out of memory or the price
 * file cannot be read again.
 */
int tool_doc_add_record(json_t *doc, const tool_problem *pb,
                           const tool_model *m, json_t *params,
                           double makespan_limit_s, double t0, double c0);

/* Free what a problem holds; NULL is accepted. */
void tool_problem_release(tool_problem *pb);

#endif
