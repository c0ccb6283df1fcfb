"""Every C declaration and every call into libecsched, in one place.

cffi in ABI mode (no compiler at import time): the declarations below copy
the public headers (include/ecsched/*.h) field for field; a test
(tests/test_layout.py) compiles the headers and compares every struct's size
and the offset of its last field with what cffi computes here.  When the C
API changes (the problem object ecs_instance of issue 25), this module is the
only one to update: the rest of the package calls the functions at the end
of this file, never `lib` directly.

cffi releases the GIL around every ABI call (tests/test_gil.py shows it).
"""

import glob
import math
import os

from cffi import FFI

ffi = FFI()
ffi.cdef(r"""
typedef enum ecs_result {
    ECS_OK, ECS_ENOMEM, ECS_EIO, ECS_EPARSE, ECS_EINVAL, ECS_EINFEASIBLE,
    ECS_EVIOLATION, ECS_ELIMIT, ECS_ESOLVER, ECS_EINTERNAL, ECS_EUNSUPPORTED
} ecs_result;
const char *ecs_result_name(ecs_result r);
const char *ecs_strerror(ecs_result r);
typedef struct ecs_diag { char file[256]; long line; char msg[512]; } ecs_diag;
void ecs_diag_clear(ecs_diag *d);
void ecs_diag_format(const ecs_diag *d, char *buf, size_t size);
const char *ecs_version(void);
double ecs_clock_now(void);

typedef struct ecs_limits {
    long long max_input_bytes; long long max_tasks; long long max_work;
    long long max_slots;
} ecs_limits;
void ecs_limits_init(ecs_limits *l);
ecs_result ecs_read_file(const char *path, long long max_bytes, char **text,
                         size_t *len, ecs_diag *diag);
void free(void *p);

typedef struct ecs_decimal { long long mantissa; int scale; } ecs_decimal;
ecs_result ecs_parse_decimal(const char *s, ecs_decimal *out);
ecs_result ecs_decimal_extend(long base, ecs_decimal ext, long *out);

typedef enum ecs_stg_format {
    ECS_STG_AUTO = 0, ECS_STG_STANDARD, ECS_STG_PROTO, ECS_STG_COMM,
    ECS_STG_DOT, ECS_STG_WFFORMAT
} ecs_stg_format;
const char *ecs_stg_format_name(ecs_stg_format f);
ecs_result ecs_stg_format_parse(const char *name, ecs_stg_format *out,
                                ecs_diag *diag);
typedef struct ecs_stg_meta {
    char generator[64]; long cp_length; double parallelism; long header_pes;
    double work_unit; double file_work;
} ecs_stg_meta;
typedef struct ecs_graph {
    size_t n; long *id; long *work; unsigned char *dummy; size_t nedges;
    size_t *pred_off; size_t *pred; long *pred_comm; size_t *succ_off;
    size_t *succ; size_t *topo; ecs_stg_format format; ecs_stg_meta meta;
    char *source;
} ecs_graph;
typedef struct ecs_edge { size_t from; size_t to; long comm; } ecs_edge;
ecs_result ecs_graph_build(size_t n, const long *id, const long *work,
                           const unsigned char *dummy, size_t m,
                           const ecs_edge *edges, int has_comm,
                           ecs_graph **out, ecs_diag *diag);
void ecs_graph_free(ecs_graph *g);
ecs_result ecs_graph_contract(const ecs_graph *g, ecs_graph **out,
                              ecs_diag *diag);
long ecs_graph_critical_path(const ecs_graph *g);
typedef struct ecs_graph_read_params {
    ecs_stg_format format; double work_unit; double default_runtime_unit;
} ecs_graph_read_params;
void ecs_graph_read_params_init(ecs_graph_read_params *p);
ecs_result ecs_graph_read_buffer(const char *buf, size_t len,
                                 const char *name,
                                 const ecs_graph_read_params *params,
                                 ecs_graph **out, ecs_diag *diag);
typedef struct ecs_rounding {
    double work_unit; double file_work; double added; double relative;
    size_t tasks_over_half;
} ecs_rounding;
ecs_result ecs_graph_auto_work_unit(const char *buf, size_t len,
                                    const char *name,
                                    const ecs_graph_read_params *params,
                                    double tolerance, ecs_rounding *out,
                                    ecs_diag *diag);

typedef enum ecs_power_model { ECS_POWER_QUADRATIC = 0, ECS_POWER_STATIC }
    ecs_power_model;
typedef struct ecs_pe_class {
    char name[32]; int count; int site; int first_pe; double speed[32];
    long speed_q[32]; double power_of[32]; double idle; double watts[32];
    double idle_watts;
} ecs_pe_class;
typedef struct ecs_platform {
    int pes; size_t nfreq; double freq[32]; long freq_q[32]; long grid;
    char freq_text[32][16]; ecs_power_model power; double static_share;
    char power_text[32]; double power_of[32];
    size_t nclass; ecs_pe_class cls[16]; int nsite; char site_name[8][32];
    long micro[32];
} ecs_platform;
void ecs_platform_init(ecs_platform *p);
ecs_result ecs_platform_set_freqs(ecs_platform *p, const char *list,
                                  ecs_diag *diag);
ecs_result ecs_platform_set_power(ecs_platform *p, const char *spec,
                                  ecs_diag *diag);
ecs_result ecs_platform_set_pes(ecs_platform *p, long pes, ecs_diag *diag);

typedef struct ecs_progress {
    const char *phase; double elapsed_s; double cost; double bound;
    double gap; unsigned long long nodes;
} ecs_progress;
typedef void (*ecs_progress_fn)(void *ctx, const ecs_progress *p);
typedef enum ecs_stop {
    ECS_STOP_DONE, ECS_STOP_GAP, ECS_STOP_TARGET, ECS_STOP_EFFORT,
    ECS_STOP_TIME, ECS_STOP_MEMORY
} ecs_stop;
const char *ecs_stop_name(ecs_stop s);

typedef enum ecs_deadline_rule {
    ECS_DEADLINE_GIVEN = 0, ECS_DEADLINE_EXTENSION = 1
} ecs_deadline_rule;
typedef struct ecs_windows { size_t n; long *es; long *lf; } ecs_windows;
typedef struct ecs_site { const double *price; const double *cap; } ecs_site;
typedef struct ecs_source {
    char name[32]; int site; double price; const double *volume;
} ecs_source;
typedef struct ecs_instance {
    const ecs_graph *graph; const ecs_platform *platform;
    const double *price; size_t nprice; long deadline;
    ecs_deadline_rule rule; double extension; long base_makespan;
    const ecs_graph *reduced; ecs_windows windows; int windows_empty;
    ecs_graph *reduced_owned_;
    const ecs_site *site; const ecs_source *source; size_t nsource;
    const long *due;
    const int *slot_len;
} ecs_instance;
void ecs_instance_init(ecs_instance *inst, const ecs_graph *g,
                       const ecs_platform *p, const double *price,
                       size_t nprice, long deadline);
void ecs_instance_release(ecs_instance *inst);

typedef enum ecs_bound_method {
    ECS_BOUND_BY_NONE, ECS_BOUND_BY_FLUID, ECS_BOUND_BY_STAGES,
    ECS_BOUND_BY_LP_COLGEN, ECS_BOUND_BY_LAGRANGIAN_CAPACITY,
    ECS_BOUND_BY_MILP, ECS_BOUND_BY_DP, ECS_BOUND_BY_GRANULAR
} ecs_bound_method;
const char *ecs_bound_method_name(ecs_bound_method m);

typedef struct ecs_sched_task {
    int pe; long start; long stop; unsigned char *freq;
} ecs_sched_task;
typedef struct ecs_schedule { size_t n; ecs_sched_task *task; } ecs_schedule;
void ecs_schedule_free(ecs_schedule *s);
long ecs_schedule_makespan(const ecs_schedule *s);

typedef struct ecs_slot_prices {
    size_t n; double *price; double normalized_by; int slot_minutes;
    int *slot_len; int repeated; char source[256]; char unit[32]; size_t cycle;
    long long first_utc; int zone_known; int zone_minutes;
} ecs_slot_prices;
void ecs_slot_prices_release(ecs_slot_prices *sp);
typedef enum ecs_price_stamp { ECS_PRICE_STAMP_START = 0, ECS_PRICE_STAMP_END }
    ecs_price_stamp;
typedef enum ecs_price_fill {
    ECS_PRICE_FILL_NONE = 0, ECS_PRICE_FILL_PREVIOUS, ECS_PRICE_FILL_LINEAR
} ecs_price_fill;
typedef struct ecs_price_options {
    int slot_minutes; int slots_from_prices; int no_repeat;
    char price_column[128];
    char time_column[128]; char filter_column[128]; char filter_value[128];
    int utc_offset_given; int utc_offset_minutes; char utc_zone[64];
    ecs_price_stamp stamp; ecs_price_fill fill; char start[64]; char unit[32];
    const ecs_limits *limits; int one_value_column;
} ecs_price_options;
void ecs_price_options_init(ecs_price_options *o);
typedef enum ecs_price_key {
    ECS_PRICE_KEY_SLOT_MINUTES, ECS_PRICE_KEY_NO_REPEAT,
    ECS_PRICE_KEY_PRICE_COLUMN, ECS_PRICE_KEY_TIME_COLUMN,
    ECS_PRICE_KEY_FILTER, ECS_PRICE_KEY_UTC_OFFSET, ECS_PRICE_KEY_STAMP,
    ECS_PRICE_KEY_FILL, ECS_PRICE_KEY_START, ECS_PRICE_KEY_UNIT
} ecs_price_key;
ecs_result ecs_price_options_set(ecs_price_options *o, ecs_price_key key,
                                 const char *value, ecs_diag *diag);
typedef enum ecs_price_kind {
    ECS_PRICE_DATA = 0, ECS_PRICE_FLAT, ECS_PRICE_INCREASING,
    ECS_PRICE_ALTERNATING
} ecs_price_kind;
typedef struct ecs_price_point {
    long long start; int minutes; double price; long row;
} ecs_price_point;
typedef struct ecs_price_series {
    ecs_price_kind kind; size_t n; ecs_price_point *pt; char source[256];
    char unit[32]; int unit_from_header; char price_column[128];
    int price_column_guessed; char time_column[128]; int time_column_guessed;
    int naive_time_utc; int resolution_minutes; size_t points_read;
    size_t rows_filtered; size_t empty_skipped; size_t gaps_filled;
    int sorted; int untimed; int utf16; int zone_known; int zone_minutes;
} ecs_price_series;
void ecs_price_series_release(ecs_price_series *s);
typedef struct ecs_price_resampled {
    size_t m; double *value; long long first_utc; int slot_minutes;
    int *len; int periodic;
} ecs_price_resampled;
void ecs_price_resampled_release(ecs_price_resampled *r);
ecs_result ecs_prices_read_buffer(const char *text, size_t len,
                                  const char *name,
                                  const ecs_price_options *opt,
                                  ecs_price_series *out, ecs_diag *diag);
ecs_result ecs_prices_resample(const ecs_price_series *s,
                               const ecs_price_options *opt, size_t min_slots,
                               ecs_price_resampled *out, ecs_diag *diag);
ecs_result ecs_prices_slots(const ecs_price_series *s,
                            const ecs_price_resampled *r,
                            const ecs_price_options *opt, size_t nslots,
                            ecs_slot_prices *out, ecs_diag *diag);
ecs_result ecs_prices_resolve(const char *spec, const ecs_price_options *opt,
                              size_t nslots, ecs_slot_prices *out,
                              ecs_diag *diag);
void ecs_prices_time_format(long long utc, char *buf, size_t size);

typedef enum ecs_violation_kind {
    ECS_VIOLATION_NONE, ECS_VIOLATION_UNSCHEDULED, ECS_VIOLATION_PE_RANGE,
    ECS_VIOLATION_SLOT_RANGE, ECS_VIOLATION_FREQUENCY, ECS_VIOLATION_WORK,
    ECS_VIOLATION_OVERLAP, ECS_VIOLATION_PRECEDENCE, ECS_VIOLATION_DEADLINE,
    ECS_VIOLATION_NO_PRICE, ECS_VIOLATION_POWER_CAP
} ecs_violation_kind;
typedef struct ecs_violation {
    ecs_violation_kind kind; size_t task; size_t other; int pe; long slot;
    int site; double draw, cap;
} ecs_violation;
typedef struct ecs_check_report {
    long makespan; double cost; int meets_deadline; ecs_violation first;
    char msg[512];
} ecs_check_report;
ecs_result ecs_check_schedule(const ecs_instance *inst, const ecs_schedule *s,
                              ecs_check_report *report, ecs_diag *diag);
double ecs_check_task_cost(const ecs_platform *p, const double *price,
                           size_t nprice, const ecs_sched_task *t);
double ecs_check_energy(const ecs_schedule *s, const ecs_platform *p);

typedef struct ecs_makespan_params {
    double time_limit_s; unsigned long long node_limit;
    unsigned long long first_nodes; int restarts;
    unsigned long long restart_nodes; int node_energetic;
    ecs_progress_fn progress;
    void *progress_ctx; double progress_every_s;
} ecs_makespan_params;
void ecs_makespan_params_init(ecs_makespan_params *prm);
typedef struct ecs_makespan_result {
    ecs_schedule *schedule; long makespan; long lower_bound;
    long list_makespan; int optimal; unsigned long long nodes;
    double runtime_s; double list_runtime_s; double bound_runtime_s;
} ecs_makespan_result;
ecs_result ecs_makespan_solve(const ecs_graph *g, int pes,
                              const ecs_makespan_params *prm,
                              ecs_makespan_result *out, ecs_diag *diag);
void ecs_makespan_result_release(ecs_makespan_result *r);
typedef struct ecs_makespan_advice {
    long deadline; long critical_path; long least_deadline; int least_proven;
    long lower_bound; int pes_needed; int pes_needed_proven; int classes;
} ecs_makespan_advice;
ecs_result ecs_makespan_advise(const ecs_graph *g, int pes, long deadline,
                               long makespan, int proven, long lower_bound,
                               ecs_makespan_advice *out, ecs_diag *diag);

typedef enum ecs_heur_mode { ECS_HEUR_SWEEP = 0, ECS_HEUR_BINARY }
    ecs_heur_mode;
typedef struct ecs_heur_params {
    ecs_heur_mode mode; long steps; double sigma; double rel_tol;
    int max_bisections;
} ecs_heur_params;
void ecs_heur_params_init(ecs_heur_params *prm);
ecs_result ecs_heur_params_validate(const ecs_heur_params *prm,
                                    ecs_diag *diag);
typedef struct ecs_heur_candidate {
    double budget; int feasible; double cost; long makespan;
} ecs_heur_candidate;
typedef struct ecs_heur_result {
    ecs_schedule *schedule; double cost; double base_cost; double budget;
    int fallback; size_t ncand; ecs_heur_candidate *cand; double range;
    size_t nfeasible; long makespan; long base_makespan;
} ecs_heur_result;
ecs_result ecs_heur_run(const ecs_instance *inst, const ecs_schedule *base,
                        const ecs_heur_params *prm, ecs_heur_result *out,
                        ecs_diag *diag);
void ecs_heur_result_release(ecs_heur_result *r);

typedef enum ecs_local_stop {
    ECS_LOCAL_CONVERGED, ECS_LOCAL_TIME_LIMIT, ECS_LOCAL_ROUND_LIMIT,
    ECS_LOCAL_EFFORT
} ecs_local_stop;
const char *ecs_local_stop_name(ecs_local_stop s);
typedef struct ecs_local_params {
    double time_limit_s; uint64_t seed; long max_rounds; int scratch_start;
    long max_stall; double cache_mb; unsigned long max_moves;
    unsigned ruin_start;
    ecs_progress_fn progress; void *progress_ctx; double progress_every_s;
} ecs_local_params;
void ecs_local_params_init(ecs_local_params *prm);
ecs_result ecs_local_params_validate(const ecs_local_params *prm,
                                     ecs_diag *diag);
typedef struct ecs_local_result {
    ecs_schedule *schedule; double cost; double start_cost; long makespan;
    int kept_start; ecs_local_stop stop; long rounds; unsigned long moves;
    unsigned long improved; unsigned long rows; unsigned long kicks;
    unsigned long kicks_improved; int from_scratch; double runtime_s;
} ecs_local_result;
ecs_result ecs_local_run(const ecs_instance *inst, const ecs_schedule *start,
                         const ecs_local_params *prm, ecs_local_result *out,
                         ecs_diag *diag);
void ecs_local_result_release(ecs_local_result *r);

typedef enum ecs_milp_formulation { ECS_MILP_STRONG = 0, ECS_MILP_PAPER }
    ecs_milp_formulation;
ecs_result ecs_milp_formulation_parse(const char *name,
                                      ecs_milp_formulation *out,
                                      ecs_diag *diag);
const char *ecs_milp_formulation_name(ecs_milp_formulation f);
typedef enum ecs_milp_status {
    ECS_MILP_OPTIMAL, ECS_MILP_FEASIBLE, ECS_MILP_INFEASIBLE,
    ECS_MILP_NO_SOLUTION
} ecs_milp_status;
const char *ecs_milp_status_name(ecs_milp_status s);
typedef struct ecs_milp_params {
    ecs_milp_formulation formulation; double time_limit_s; double mip_gap;
    const ecs_schedule *warm_start; int verbose;
    void (*log)(void *ctx, const char *text); void *log_ctx;
    ecs_progress_fn progress;
    void *progress_ctx; double progress_every_s; double max_nonzeros;
    unsigned long long max_nodes;
    const char *write_lp; const char *write_mps; int zero_half;
    int sb_probe; int restart; int node_cuts; int best_first;
    double split_limit_s;
    int restart_plain;
    int ext_purge;
    int restart_reruns;
} ecs_milp_params;
void ecs_milp_params_init(ecs_milp_params *prm);
ecs_result ecs_milp_params_validate(const ecs_milp_params *prm,
                                    ecs_diag *diag);
typedef struct ecs_milp_result {
    ecs_milp_status status; ecs_schedule *schedule; double cost;
    double bound; ecs_bound_method bound_method; double gap; double root_bound;
    long rows, cols; long nonzeros; unsigned long long nodes; long fixed;
    unsigned long cuts; long banned; int restarts; long split_nodes; long rounded;
    int warm_used;
    double runtime_s;
} ecs_milp_result;
ecs_result ecs_milp_solve(const ecs_instance *inst, const ecs_milp_params *prm,
                          ecs_milp_result *out, ecs_diag *diag);
void ecs_milp_result_release(ecs_milp_result *r);

typedef enum ecs_solve_status {
    ECS_SOLVE_OPTIMAL, ECS_SOLVE_FEASIBLE, ECS_SOLVE_INFEASIBLE,
    ECS_SOLVE_NO_SOLUTION
} ecs_solve_status;
const char *ecs_solve_status_name(ecs_solve_status s);
typedef enum ecs_solve_mode {
    ECS_SOLVE_MODE_NONE, ECS_SOLVE_MODE_BOUND, ECS_SOLVE_MODE_DP,
    ECS_SOLVE_MODE_MILP, ECS_SOLVE_MODE_MILP_LNS, ECS_SOLVE_MODE_BOUND_LNS
} ecs_solve_mode;
const char *ecs_solve_mode_name(ecs_solve_mode m);
typedef enum ecs_found_by {
    ECS_FOUND_BY_NONE, ECS_FOUND_BY_START, ECS_FOUND_BY_BASE,
    ECS_FOUND_BY_SWEEP, ECS_FOUND_BY_BINARY, ECS_FOUND_BY_LOCAL,
    ECS_FOUND_BY_DP, ECS_FOUND_BY_MILP, ECS_FOUND_BY_STAGES, ECS_FOUND_BY_LNS,
    ECS_FOUND_BY_CHEAPEST_FIT, ECS_FOUND_BY_STAGE_LNS, ECS_FOUND_BY_RETIME
} ecs_found_by;
const char *ecs_found_by_name(ecs_found_by f);
typedef enum ecs_solve_phase {
    ECS_PHASE_START, ECS_PHASE_FLUID, ECS_PHASE_DP_BEAM, ECS_PHASE_DP,
    ECS_PHASE_MILP, ECS_PHASE_BOUND, ECS_PHASE_LNS, ECS_PHASE_LOCAL,
    ECS_PHASE_COUNT
} ecs_solve_phase;
const char *ecs_solve_phase_name(ecs_solve_phase ph);
typedef struct ecs_solve_step {
    ecs_solve_phase phase; double at_s; double left_s; double granted_s;
    double used_s;
} ecs_solve_step;
typedef struct ecs_solve_params {
    double time_limit_s; double gap; uint64_t seed; long effort;
    int start_phase;
    const ecs_schedule *base; double base_time_limit_s; double start_share;
    ecs_local_params local; ecs_found_by start_by; size_t dp_max_tasks;
    size_t dp_max_ideals; double dp_share; size_t dp_beam;
    double dp_beam_share; size_t dp_max_bytes; double milp_max_nonzeros;
    double milp_dp_ops_per_nonzero; double milp_share;
    double milp_last_share; int milp_last_max_pes; int milp_restart_plain;
    double bound_share;
    double colgen_share; size_t colgen_max_tasks; size_t colgen_max_task_slots;
    size_t milp_all_max_tasks; size_t lns_free_tasks; double lns_sub_time_limit_s;
    ecs_progress_fn progress; void *progress_ctx;
} ecs_solve_params;
void ecs_solve_params_init(ecs_solve_params *prm);
ecs_result ecs_solve_params_validate(const ecs_solve_params *prm,
                                     ecs_diag *diag);
typedef struct ecs_solve_result {
    ecs_solve_status status; ecs_schedule *schedule; double cost;
    double bound; double gap; ecs_bound_method bound_method;
    ecs_found_by found_by; ecs_solve_mode mode; ecs_found_by start_by;
    double start_cost; ecs_stop stop; long lns_rounds; long lns_improved;
    double bound_time_s; size_t dp_states; double runtime_s;
    ecs_solve_step steps[9]; size_t nsteps;
    long milp_rows, milp_cols, milp_nonzeros; double milp_estimate;
} ecs_solve_result;
ecs_result ecs_solve(const ecs_instance *inst, const ecs_schedule *start,
                     const ecs_solve_params *prm, ecs_solve_result *out,
                     ecs_diag *diag);
ecs_result ecs_solve_start(const ecs_instance *inst,
                           const ecs_solve_params *prm, ecs_solve_result *out,
                           ecs_diag *diag);
void ecs_solve_result_release(ecs_solve_result *r);

typedef enum ecs_method_role {
    ECS_ROLE_START, ECS_ROLE_BOUND, ECS_ROLE_EXACT, ECS_ROLE_IMPROVE
} ecs_method_role;
const char *ecs_method_role_name(ecs_method_role r);
typedef enum ecs_model {
    ECS_MODEL_PAPER = 1, ECS_MODEL_EXTENDED = 2, ECS_MODEL_FIXEDMAP = 4,
    ECS_MODEL_FREEMAP = 8, ECS_MODEL_SLOTS = 16
} ecs_model;
const char *ecs_model_name(ecs_model m);
typedef struct ecs_method {
    const char *name; ecs_method_role role; unsigned models;
    const char *what; const char *params; void *run;
} ecs_method;
const ecs_method *ecs_methods(size_t *n);
typedef struct ecs_series_spec {
    char spec[512]; ecs_price_options opt; double scale;
} ecs_series_spec;
struct ecs_plat_site {
    char name[32]; int has_prices; ecs_series_spec prices; double cap_kw;
    ecs_series_spec cap;
};
struct ecs_plat_source {
    char name[32]; int site; double price_mwh; ecs_series_spec volume;
};
typedef struct ecs_plat_spec {
    int on; int resolved; ecs_platform flags; char path[512]; char hash[32];
    int nsite; struct ecs_plat_site site[8]; size_t nsource;
    struct ecs_plat_source source[16];
} ecs_plat_spec;
typedef struct ecs_setup {
    ecs_platform platform; int pes_given, freqs_given, power_given;
    const char *prices_spec; ecs_price_options price_opt; long deadline;
    ecs_decimal extension; int extension_given; ecs_stg_format format;
    double work_unit; int work_unit_auto; int slot_minutes_given;
    double rounding_tolerance; const char *base_path; const char *out_path;
    int json; int help; ecs_limits limits; double watts; double idle_watts;
    const char *platform_path; const char *green_path;
    const char *green_column; double green_price;
    int green_price_given; double power_cap_kw; ecs_plat_spec plat;
    const char *mapping_path; int remap; const char *mapping_out_path;
    const char *cws_setup_path;
    const char *(*find_file)(const char *path, char *buf, size_t size);
    ecs_progress_fn base_progress; void (*base_progress_done)(void);
    const char *prices_text; size_t prices_len;
    const char *platform_text; size_t platform_len;
} ecs_setup;
void ecs_setup_init(ecs_setup *m);
ecs_result ecs_plat_resolve(ecs_setup *m, ecs_diag *diag);
ecs_result ecs_setup_read_graph(const char *path, const ecs_setup *m,
                                ecs_graph **out, ecs_diag *diag);
ecs_result ecs_setup_auto_work_unit(ecs_setup *m, const char *path,
                                    ecs_rounding *r, int *seconds,
                                    ecs_diag *diag);
typedef struct ecs_ext {
    int on; int nsite; ecs_site site[8]; double *price[8]; double *cap[8];
    char price_source[8][512]; size_t nsource; ecs_source source[16];
    double *volume[16]; char source_column[16][128];
    int source_column_guessed[16]; double normalized_by; size_t n;
} ecs_ext;
typedef struct ecs_problem {
    const char *graph_path; ecs_graph *raw; ecs_graph *g; ecs_schedule *base;
    long base_makespan; int base_optimal; long base_lower_bound;
    unsigned long long base_nodes; double base_runtime_s; int base_from_file;
    int base_list; int base_capped; long deadline; ecs_slot_prices prices; int have_prices;
    double base_cost; ecs_ext ext; const ecs_platform *platform;
    ecs_instance inst;
} ecs_problem;
ecs_result ecs_problem_assemble(const ecs_setup *m, ecs_graph *raw,
                                const char *graph_path,
                                double makespan_time_limit_s,
                                ecs_problem *out, ecs_diag *diag);
void ecs_problem_release(ecs_problem *pb);
typedef struct ecs_doc_request {
    const char *command; const char *status; const ecs_schedule *schedule;
    double runtime_s; const char *keys_json; const char *params_json;
    double makespan_limit_s; double t0, c0; int advice;
} ecs_doc_request;
ecs_result ecs_document_problem_text(const ecs_problem *pb,
                                     const ecs_setup *m,
                                     const ecs_doc_request *rq, char **text,
                                     ecs_diag *diag);
typedef struct ecs_energy {
    double energy; int unit_minutes; int has_kwh; double kwh; int has_money;
    double money; char currency[32]; char split[400];
} ecs_energy;
void ecs_energy_of_problem(const ecs_problem *pb, const ecs_setup *m,
                           const ecs_schedule *s, double cost,
                           ecs_energy *out);
double ecs_clock_cpu(void);

typedef struct ecs_cws_mapping ecs_cws_mapping;
typedef struct ecs_cws_setup ecs_cws_setup;
typedef struct ecs_cws_problem ecs_cws_problem;
typedef struct ecs_cws_eval {
    int valid; long makespan; long long brown; long long cost;
    long long energy;
} ecs_cws_eval;
ecs_result ecs_cws_evaluate(const ecs_cws_problem *p, const long *start,
                            ecs_cws_eval *out, ecs_diag *diag);
typedef struct ecs_cws_files {
    ecs_graph *g; ecs_cws_mapping *map; ecs_cws_setup *setup;
    ecs_cws_problem *p;
} ecs_cws_files;
ecs_result ecs_cws_files_load(const ecs_setup *m, const char *graph_path,
                              ecs_cws_files *in, ecs_diag *d);
void ecs_cws_files_release(ecs_cws_files *in);
typedef struct ecs_cws_run {
    const char *cmd, *method; const char *graph_path; const ecs_setup *m;
    const ecs_cws_files *in; const long *start; ecs_cws_eval ev;
    const char *violation; long long bound; const char *bound_method;
    const char *status; const char *found_by; long long start_cost;
    int milp_ran, milp_optimal; long long milp_cost, milp_bound;
    double milp_s; size_t milp_cols, milp_rows; const char *milp_note;
    double runtime_s; const void *remap;
} ecs_cws_run;
char *ecs_cws_document_text(const ecs_cws_run *r);
typedef struct ecs_fixedmap_milp_result {
    int optimal; long long cost; long long bound; double seconds;
    size_t cols, rows;
} ecs_fixedmap_milp_result;
typedef struct ecs_remap_stats {
    long long cost; long long given_cost; long long list_cost;
    long long relax_cost; long list_makespan; const char *best_start;
    long evals; long accepted; long rejected; double seconds;
} ecs_remap_stats;
typedef struct ecs_method_args {
    const ecs_instance *inst; const ecs_cws_problem *cws;
    const ecs_graph *graph; const ecs_cws_setup *cws_setup;
    const ecs_cws_mapping *cws_map; const ecs_schedule *start; const long *cws_start; double time_limit_s;
    double gap; uint64_t seed; const void *params; ecs_progress_fn progress;
    void *progress_ctx;
} ecs_method_args;
typedef struct ecs_method_out {
    ecs_schedule *schedule; long *cws_start; ecs_cws_mapping *cws_map;
    ecs_cws_problem *cws_problem; ecs_check_report check; double cost; double bound; double gap; int optimal; char status[24];
    const char *bound_method; const char *found_by; double start_cost;
    const char *note; int milp_ran; ecs_fixedmap_milp_result milp;
    int remap_ran; ecs_remap_stats remap; double runtime_s;
} ecs_method_out;
void ecs_method_args_init(ecs_method_args *a);
void ecs_method_out_release(ecs_method_out *out);
const ecs_method *ecs_method_find(const char *name);
ecs_result ecs_method_require(const ecs_method *m, ecs_model model,
                              ecs_diag *diag);
ecs_result ecs_method_run(const ecs_method *m, const ecs_method_args *a,
                          ecs_method_out *out, ecs_diag *diag);

typedef struct ecs_gantt_options {
    const char *title; double width; int labels;
} ecs_gantt_options;
typedef struct ecs_gantt_stats {
    size_t tasks; size_t labels; long slots; long pes;
} ecs_gantt_stats;
void ecs_gantt_options_init(ecs_gantt_options *o);
ecs_result ecs_gantt_render_text(const char *text, size_t len,
                                 const char *file,
                                 const ecs_gantt_options *opt, char **svg,
                                 ecs_gantt_stats *stats, ecs_diag *diag);
""")

# The structs whose layout tests/test_layout.py checks against the headers.
STRUCTS = ["ecs_diag", "ecs_limits", "ecs_decimal", "ecs_stg_meta",
           "ecs_graph", "ecs_edge", "ecs_graph_read_params", "ecs_rounding",
           "ecs_platform", "ecs_pe_class", "ecs_site", "ecs_source",
           "ecs_sched_task", "ecs_schedule", "ecs_slot_prices",
           "ecs_price_options", "ecs_price_point", "ecs_price_series",
           "ecs_price_resampled", "ecs_violation", "ecs_check_report",
           "ecs_progress", "ecs_windows", "ecs_instance",
           "ecs_makespan_params",
           "ecs_makespan_result", "ecs_makespan_advice", "ecs_heur_params",
           "ecs_heur_candidate",
           "ecs_heur_result", "ecs_local_params", "ecs_local_result",
           "ecs_milp_params", "ecs_milp_result", "ecs_solve_step",
           "ecs_solve_params", "ecs_solve_result", "ecs_series_spec",
           "ecs_plat_spec", "ecs_setup", "ecs_ext", "ecs_problem",
           "ecs_doc_request", "ecs_energy", "ecs_cws_eval", "ecs_cws_files",
           "ecs_cws_run", "ecs_fixedmap_milp_result", "ecs_remap_stats",
           "ecs_method_args",
           "ecs_method_out", "ecs_method", "ecs_gantt_options",
           "ecs_gantt_stats"]

SOVERSION = "0"


def _candidates():
    """Where the shared library may be, in the order tried: $ECSCHED_LIB,
    the path recorded by `pip install` (found through pkg-config or
    ECSCHED_LIB then), the tree's build/ (for `make python`), the system's
    search path."""
    env = os.environ.get("ECSCHED_LIB")
    if env:
        yield env
        return
    try:
        from . import _config  # written by setup.py
        if getattr(_config, "LIBRARY", None):
            yield _config.LIBRARY
    except ImportError:
        pass
    here = os.path.dirname(os.path.abspath(__file__))
    for so in sorted(glob.glob(os.path.join(here, "..", "..", "build",
                                            "libecsched.so.*.*.*"))):
        yield so
    yield "libecsched.so." + SOVERSION


def _open():
    errors = []
    for path in _candidates():
        try:
            return ffi.dlopen(path), path
        except OSError as e:
            errors.append("%s: %s" % (path, e))
    raise ImportError("ecsched: cannot load libecsched (set ECSCHED_LIB to "
                      "the shared library, or `make install` it): "
                      + "; ".join(errors))


lib, LIBRARY_PATH = _open()
NULL = ffi.NULL


# ---- errors -----------------------------------------------------------------

class Error(Exception):
    """An ecsched failure: `code` (e.g. 3), `name` ("EPARSE"), `message`
    (the diagnostic "file:line: problem"), `file` and `line` when known."""

    def __init__(self, code, message, file=None, line=None):
        self.code = int(code)
        self.name = _str(lib.ecs_result_name(code))
        self.description = _str(lib.ecs_strerror(code))
        self.message = message or self.description
        self.file = file
        self.line = line
        super().__init__("%s (%s): %s" % (self.description, self.name,
                                          self.message))


def _str(p):
    return ffi.string(p).decode("utf-8", "replace") if p != NULL else None


def new_diag():
    d = ffi.new("ecs_diag *")
    lib.ecs_diag_clear(d)
    return d


def error(rc, diag=None, message=None):
    if diag is not None and message is None:
        buf = ffi.new("char[1024]")
        lib.ecs_diag_format(diag, buf, 1024)
        message = _str(buf)
        f = _str(diag.file) or None
        ln = int(diag.line) or None
    else:
        f = ln = None
    return Error(rc, message, f, ln)


def check(rc, diag):
    if rc != lib.ECS_OK:
        raise error(rc, diag)


def methods():
    """The method table (include/ecsched/method.h), row by row."""
    n = ffi.new("size_t *")
    t = lib.ecs_methods(n)
    rows = []
    for k in range(n[0]):
        m = t[k]
        rows.append({
            "name": _str(m.name),
            "role": _str(lib.ecs_method_role_name(m.role)),
            "models": [_str(lib.ecs_model_name(b)) for b in (1, 2, 4, 8)
                       if m.models & b],
            "what": _str(m.what)})
    return rows


def version():
    return _str(lib.ecs_version())


def now():
    return lib.ecs_clock_now()


# ---- owned C objects ----------------------------------------------------------

def gc_graph(g):
    return ffi.gc(g, lib.ecs_graph_free)


def gc_schedule(s):
    return ffi.gc(s, lib.ecs_schedule_free) if s != NULL else None


def read_file(path, max_bytes=256 << 20):
    """The bytes of a file through the library (its size limit, its
    messages)."""
    d = new_diag()
    text = ffi.new("char **")
    n = ffi.new("size_t *")
    check(lib.ecs_read_file(path.encode(), max_bytes, text, n, d), d)
    try:
        return ffi.unpack(text[0], n[0])
    finally:
        lib.free(text[0])


def gantt_svg(text, name, title=None, width=None, labels=True):
    """The Gantt chart of a schedule document's text as SVG text
    (ecs_gantt_render_text): the bytes `ecsched plot` writes for it."""
    opt = ffi.new("ecs_gantt_options *")
    lib.ecs_gantt_options_init(opt)
    keep = []
    if title is not None:
        keep.append(ffi.new("char[]", title.encode()))
        opt.title = keep[-1]
    if width is not None:
        opt.width = width
    opt.labels = 1 if labels else 0
    raw = text.encode()
    out = ffi.new("char **")
    d = new_diag()
    check(lib.ecs_gantt_render_text(raw, len(raw), name.encode(), opt, out,
                                    NULL, d), d)
    try:
        return ffi.string(out[0]).decode()
    finally:
        lib.free(out[0])


def build_graph(ids, works, edges, has_comm):
    d = new_diag()
    n = len(ids)
    cid = ffi.new("long[]", list(ids) or [0])
    cw = ffi.new("long[]", list(works) or [0])
    ce = ffi.new("ecs_edge[]", max(len(edges), 1))
    for k, (a, b, c) in enumerate(edges):
        setattr(ce[k], "from", a)  # a keyword in Python
        ce[k].to = b
        ce[k].comm = c
    out = ffi.new("ecs_graph **")
    check(lib.ecs_graph_build(n, cid, cw, NULL, len(edges), ce,
                              1 if has_comm else 0, out, d), d)
    return gc_graph(out[0])


def graph_info(g):
    """ids, works, edges (pred index, succ index) of a graph, dummies
    flagged."""
    n = g.n
    ids = [g.id[i] for i in range(n)]
    works = [g.work[i] for i in range(n)]
    dummy = [bool(g.dummy[i]) if g.dummy != NULL else False
             for i in range(n)]
    edges = []
    for j in range(n):
        for k in range(g.pred_off[j], g.pred_off[j + 1]):
            edges.append((g.pred[k], j))
    return {"ids": ids, "works": works, "dummy": dummy, "edges": edges,
            "source": _str(g.source), "critical_path":
            lib.ecs_graph_critical_path(g),
            "format": _str(lib.ecs_stg_format_name(g.format)),
            "work_unit": g.meta.work_unit}


def platform(pes, freqs, power):
    d = new_diag()
    p = ffi.new("ecs_platform *")
    lib.ecs_platform_init(p)
    check(lib.ecs_platform_set_pes(p, int(pes), d), d)
    if freqs is not None:
        check(lib.ecs_platform_set_freqs(p, freqs.encode(), d), d)
    if power is not None:
        check(lib.ecs_platform_set_power(p, power.encode(), d), d)
    return p


def platform_info(p):
    return {"pes": p.pes,
            "freqs": [p.freq[k] for k in range(p.nfreq)],
            "freq_text": [_str(p.freq_text[k]) for k in range(p.nfreq)],
            "power": _str(p.power_text),
            "power_of": [p.power_of[k] for k in range(p.nfreq)]}


def decimal(text):
    """An extension E as the command parses it (a decimal >= 0)."""
    dec = ffi.new("ecs_decimal *")
    if lib.ecs_parse_decimal(text.encode(), dec) != lib.ECS_OK or \
            dec.mantissa < 0:
        raise Error(lib.ECS_EINVAL, "extension needs a decimal >= 0 such as "
                    "0.2, not '%s'" % text)
    return dec[0]


def stg_format(name):
    d = new_diag()
    f = ffi.new("ecs_stg_format *")
    check(lib.ecs_stg_format_parse(name.encode(), f, d), d)
    return f[0]


PRICE_KEYS = {"slot_minutes": "ECS_PRICE_KEY_SLOT_MINUTES",
              "no_repeat": "ECS_PRICE_KEY_NO_REPEAT",
              "price_column": "ECS_PRICE_KEY_PRICE_COLUMN",
              "time_column": "ECS_PRICE_KEY_TIME_COLUMN",
              "filter": "ECS_PRICE_KEY_FILTER",
              "utc_offset": "ECS_PRICE_KEY_UTC_OFFSET",
              "stamp": "ECS_PRICE_KEY_STAMP", "fill": "ECS_PRICE_KEY_FILL",
              "start": "ECS_PRICE_KEY_START", "unit": "ECS_PRICE_KEY_UNIT"}


def price_options(opts):
    d = new_diag()
    o = ffi.new("ecs_price_options *")
    lib.ecs_price_options_init(o)
    for k, v in opts.items():
        if k not in PRICE_KEYS:
            raise Error(lib.ECS_EINVAL, "unknown price option '%s' (%s)" %
                        (k, ", ".join(sorted(PRICE_KEYS))))
        if v is None or v is False:
            continue
        check(lib.ecs_price_options_set(o, getattr(lib, PRICE_KEYS[k]),
                                        str(v).encode(), d), d)
    return o


def prices_info(sp):
    buf = ffi.new("char[64]")
    first = None
    if sp.first_utc != 0:
        lib.ecs_prices_time_format(sp.first_utc, buf, 64)
        first = _str(buf)
    return {"n": sp.n, "per_slot": list(ffi.unpack(sp.price, sp.n)),
            "normalized_by": sp.normalized_by,
            "slot_minutes": sp.slot_minutes, "repeated": bool(sp.repeated),
            "source": _str(sp.source), "unit": _str(sp.unit),
            "cycle": sp.cycle, "first_slot_utc": first,
            "first_utc": sp.first_utc, "zone_known": bool(sp.zone_known),
            "zone_minutes": sp.zone_minutes}


def task_cost(p, sp, s, i):
    return lib.ecs_check_task_cost(p, sp.price, sp.n, ffi.addressof(s.task[i]))


def schedule_rows(s):
    """(pe, start, stop, [frequency index per slot]) per task."""
    rows = []
    for i in range(s.n):
        t = s.task[i]
        if t.pe < 0:
            rows.append((-1, -1, -1, []))
        else:
            rows.append((t.pe, t.start, t.stop,
                         list(ffi.unpack(t.freq, t.stop - t.start + 1))))
    return rows


class Setup:
    """An ecs_setup (setup.h): what defines a problem, as the command's
    model flags fill it, and the strings it borrows (held here)."""

    def __init__(self):
        self.c = ffi.new("ecs_setup *")
        lib.ecs_setup_init(self.c)
        self._keep = []

    def text(self, field, value):
        """Point the char * field at value (str or bytes, or None); its
        length in bytes."""
        if value is None:
            setattr(self.c, field, NULL)
            return 0
        b = value.encode() if isinstance(value, str) else bytes(value)
        buf = ffi.new("char[]", b)
        self._keep.append(buf)
        setattr(self.c, field, buf)
        return len(b)

    def resolve_platform(self):
        """The platform file or the shortcuts (ecs_plat_resolve)."""
        d = new_diag()
        check(lib.ecs_plat_resolve(self.c, d), d)

    def auto_work_unit(self, path):
        """--work-unit auto: the library's pick into the set-up."""
        d = new_diag()
        r = ffi.new("ecs_rounding *")
        sec = ffi.new("int *")
        check(lib.ecs_setup_auto_work_unit(self.c, path.encode(), r, sec, d),
              d)
        return r.work_unit

    def read_graph(self, path):
        """A graph file as the command reads it (ecs_setup_read_graph:
        format, work unit, auto, limits); not owned by Python (the problem
        takes it)."""
        d = new_diag()
        out = ffi.new("ecs_graph **")
        check(lib.ecs_setup_read_graph(path.encode(), self.c, out, d), d)
        return out[0]


class Problem:
    """An ecs_problem (problem.h) assembled by the library from a set-up
    and a graph (ecs_problem_assemble): the base, D' by the set-up's rule,
    the prices, an extended platform's series and the one prepared
    instance every method gets (c)."""

    def __init__(self, setup, raw, graph_path, makespan_limit_s):
        self.setup = setup  # the problem borrows the set-up's platform
        self._release = lib.ecs_problem_release
        self.pb = ffi.new("ecs_problem *")
        self._path = ffi.new("char[]", graph_path.encode())
        d = new_diag()
        rc = lib.ecs_problem_assemble(setup.c, raw, self._path,
                                      makespan_limit_s, self.pb, d)
        check(rc, d)
        self.c = ffi.addressof(self.pb[0], "inst")

    def __del__(self):
        # the function bound at construction: a lookup in lib here could
        # run inside cffi's own type parsing (a collection while ffi.new
        # parses) and wait for its lock forever
        pb = getattr(self, "pb", None)
        if pb is not None:
            self._release(pb)

    def document(self, command, status, schedule, runtime_s, keys, params,
                 makespan_limit_s, t0, c0, advice):
        """The library's document text (ecs_document_problem_text): the
        command's bytes for the same run."""
        import json
        rq = ffi.new("ecs_doc_request *")
        keep = [ffi.new("char[]", command.encode()),
                ffi.new("char[]", status.encode()),
                ffi.new("char[]", json.dumps(keys, allow_nan=False).encode()),
                ffi.new("char[]", json.dumps(params, allow_nan=False).encode())]
        rq.command, rq.status, rq.keys_json, rq.params_json = keep
        rq.schedule = schedule if schedule is not None else NULL
        rq.runtime_s = runtime_s
        rq.makespan_limit_s = makespan_limit_s
        rq.t0, rq.c0 = t0, c0
        rq.advice = 1 if advice else 0
        out = ffi.new("char **")
        d = new_diag()
        check(lib.ecs_document_problem_text(self.pb, self.setup.c, rq, out,
                                            d), d)
        try:
            return ffi.string(out[0]).decode()
        finally:
            lib.free(out[0])

    def energy(self, s, cost):
        """ecs_energy_of_problem: energy (PE-slots), kWh, money."""
        e = ffi.new("ecs_energy *")
        lib.ecs_energy_of_problem(self.pb, self.setup.c, s, cost, e)
        return {"energy": e.energy, "has_kwh": bool(e.has_kwh),
                "kwh": e.kwh, "has_money": bool(e.has_money),
                "money": e.money, "currency": _str(e.currency)}


def detach(g):
    """A graph Python built, handed to the library (which frees it): its
    destructor removed (ffi.gc(g, None) returns None)."""
    ffi.gc(g, None)
    return g


def cpu_now():
    return lib.ecs_clock_cpu()


def check_schedule(pb, s):
    d = new_diag()
    rep = ffi.new("ecs_check_report *")
    check(lib.ecs_check_schedule(pb.c, s, rep, d), d)
    return {"cost": rep.cost, "makespan": rep.makespan,
            "meets_deadline": bool(rep.meets_deadline)}


def _take(r):
    s = gc_schedule(r.schedule)
    r.schedule = NULL
    return s


def heuristic(pb, base, mode, steps, sigma, rel_tol, max_bisections):
    d = new_diag()
    prm = ffi.new("ecs_heur_params *")
    lib.ecs_heur_params_init(prm)
    prm.mode = {"sweep": lib.ECS_HEUR_SWEEP,
                "binary": lib.ECS_HEUR_BINARY}.get(mode, -1)
    if prm.mode < 0:
        raise Error(lib.ECS_EINVAL, "mode must be sweep or binary, not '%s'"
                    % mode)
    if steps is not None:
        prm.steps = steps
    if sigma is not None:
        prm.sigma = sigma
    if rel_tol is not None:
        prm.rel_tol = rel_tol
    if max_bisections is not None:
        prm.max_bisections = max_bisections
    check(lib.ecs_heur_params_validate(prm, d), d)
    r = ffi.new("ecs_heur_result *")
    t0 = now()
    rc = lib.ecs_heur_run(pb.c, base, prm, r, d)
    if rc != lib.ECS_OK:
        lib.ecs_heur_result_release(r)
        raise error(rc, d)
    out = {"cost": r.cost, "fallback": bool(r.fallback),
           "runtime_s": now() - t0, "range": r.range,
           "budget": r.budget, "candidates": r.ncand,
           "feasible_candidates": r.nfeasible, "params": {
               "sigma": prm.sigma, "steps": prm.steps,
               "rel_tol": prm.rel_tol, "max_bisections": prm.max_bisections}}
    out["schedule"] = _take(r)
    lib.ecs_heur_result_release(r)
    return out


def heuristic_params(steps, sigma):
    """The sweep's parameters as heuristic() sets them, without a run."""
    prm = ffi.new("ecs_heur_params *")
    lib.ecs_heur_params_init(prm)
    if steps is not None:
        prm.steps = steps
    if sigma is not None:
        prm.sigma = sigma
    return {"sigma": prm.sigma, "steps": prm.steps, "rel_tol": prm.rel_tol,
            "max_bisections": prm.max_bisections}


def local_params(time_limit=None, seed=None, max_rounds=None,
                 scratch_start=None, max_stall=None, cache_mb=None,
                 effort=None):
    prm = ffi.new("ecs_local_params *")
    lib.ecs_local_params_init(prm)
    for k, v in (("time_limit_s", time_limit), ("seed", seed),
                 ("max_rounds", max_rounds), ("scratch_start", scratch_start),
                 ("max_stall", max_stall), ("cache_mb", cache_mb),
                 ("max_moves", effort)):
        if v is not None:
            setattr(prm, k, v)
    d = new_diag()
    check(lib.ecs_local_params_validate(prm, d), d)
    return prm


def local(pb, start, prm):
    d = new_diag()
    r = ffi.new("ecs_local_result *")
    rc = lib.ecs_local_run(pb.c, start, prm, r, d)
    if rc != lib.ECS_OK:
        lib.ecs_local_result_release(r)
        raise error(rc, d)
    out = {"cost": r.cost, "runtime_s": r.runtime_s,
           "start_cost": r.start_cost, "kicks": r.kicks,
           "stop": _str(lib.ecs_local_stop_name(r.stop)), "rounds": r.rounds}
    out["schedule"] = _take(r)
    lib.ecs_local_result_release(r)
    return out


class _Progress:
    """A Python progress function behind the library's one callback shape
    (progress.h); an exception it raises is kept and raised again when the
    C call returns."""

    def __init__(self, fn):
        self.exc = None

        def call(ctx, q):
            if self.exc is not None:
                return
            try:
                fn({"phase": _str(q.phase), "elapsed_s": q.elapsed_s,
                    "cost": q.cost, "bound": q.bound, "gap": q.gap,
                    "nodes": q.nodes})
            except BaseException as e:  # noqa: B902 (raised again below)
                self.exc = e
        self.cb = ffi.callback("ecs_progress_fn", call) if fn else NULL

    def reraise(self):
        if self.exc is not None:
            raise self.exc


def _solve_params(pb_base, time_limit, gap, seed, local_prm=None, effort=None):
    prm = ffi.new("ecs_solve_params *")
    lib.ecs_solve_params_init(prm)
    if effort is not None:
        prm.effort = effort
    if time_limit is not None:
        prm.time_limit_s = time_limit
    if gap is not None:
        prm.gap = gap
    if seed is not None:
        prm.seed = seed
    if pb_base is not None:
        prm.base = pb_base
    if local_prm is not None:
        prm.local = local_prm[0]
    return prm


def solve_start(pb, base, time_limit):
    """The engine's start phase (ecs_solve_start), as milp's warm start:
    (schedule or None, who made it, its cost)."""
    d = new_diag()
    prm = _solve_params(base, time_limit, None, None)
    r = ffi.new("ecs_solve_result *")
    if lib.ecs_solve_start(pb.c, prm, r, d) != lib.ECS_OK:
        lib.ecs_solve_result_release(r)
        return None, "none", math.nan
    who = _str(lib.ecs_found_by_name(r.start_by))
    cost = r.start_cost
    s = _take(r)
    lib.ecs_solve_result_release(r)
    if s is None:
        return None, "none", math.nan
    return s, who, cost


def milp(pb, warm, time_limit, gap, formulation, progress, effort=0):
    d = new_diag()
    prm = ffi.new("ecs_milp_params *")
    lib.ecs_milp_params_init(prm)
    f = ffi.new("ecs_milp_formulation *")
    check(lib.ecs_milp_formulation_parse(formulation.encode(), f, d), d)
    prm.formulation = f[0]
    prm.time_limit_s = time_limit
    prm.mip_gap = gap
    prm.warm_start = warm if warm is not None else NULL
    prm.max_nodes = effort
    pg = _Progress(progress)
    prm.progress = pg.cb
    check(lib.ecs_milp_params_validate(prm, d), d)
    r = ffi.new("ecs_milp_result *")
    rc = lib.ecs_milp_solve(pb.c, prm, r, d)
    if rc != lib.ECS_OK:
        lib.ecs_milp_result_release(r)
    pg.reraise()
    check(rc, d)
    out = {"status": _str(lib.ecs_milp_status_name(r.status)),
           "cost": r.cost, "bound": r.bound, "gap": r.gap,
           "bound_method": _str(lib.ecs_bound_method_name(r.bound_method)),
           "nodes": r.nodes, "root_bound": r.root_bound, "rows": r.rows,
           "cols": r.cols, "nonzeros": r.nonzeros, "runtime_s": r.runtime_s,
           "formulation": _str(lib.ecs_milp_formulation_name(f[0]))}
    out["schedule"] = _take(r)
    lib.ecs_milp_result_release(r)
    return out


def solve(pb, base, time_limit, gap, seed, progress, effort=0):
    """ecs_solve from no start: the engine makes it from the base (its
    start phase: the sweep, then local search) and runs its plan."""
    d = new_diag()
    prm = _solve_params(base, time_limit, gap, seed, effort=effort)
    pg = _Progress(progress)
    prm.progress = pg.cb
    check(lib.ecs_solve_params_validate(prm, d), d)
    r = ffi.new("ecs_solve_result *")
    rc = lib.ecs_solve(pb.c, NULL, prm, r, d)
    if rc != lib.ECS_OK:
        lib.ecs_solve_result_release(r)
    pg.reraise()
    check(rc, d)
    out = {"status": _str(lib.ecs_solve_status_name(r.status)),
           "cost": r.cost, "bound": r.bound, "gap": r.gap,
           "bound_method": _str(lib.ecs_bound_method_name(r.bound_method)),
           "found_by": _str(lib.ecs_found_by_name(r.found_by)),
           "mode": _str(lib.ecs_solve_mode_name(r.mode)),
           "start": _str(lib.ecs_found_by_name(r.start_by)),
           "start_cost": r.start_cost,
           "stop": _str(lib.ecs_stop_name(r.stop)),
           "lns_rounds": r.lns_rounds, "lns_improved": r.lns_improved,
           "bound_time_s": r.bound_time_s, "runtime_s": r.runtime_s,
           "seed": prm.seed, "effort": prm.effort,
           "phases": [{"phase": _str(lib.ecs_solve_phase_name(s.phase)),
                       "at_s": s.at_s, "left_s": s.left_s,
                       "granted_s": s.granted_s, "used_s": s.used_s}
                      for s in r.steps[0:r.nsteps]]}
    out["schedule"] = _take(r)
    lib.ecs_solve_result_release(r)
    return out


def solve_validate(time_limit, gap, seed):
    """The library's checks of solve's parameters as given."""
    d = new_diag()
    check(lib.ecs_solve_params_validate(
        _solve_params(None, time_limit, gap, seed), d), d)


def milp_validate(time_limit, gap):
    d = new_diag()
    prm = ffi.new("ecs_milp_params *")
    lib.ecs_milp_params_init(prm)
    prm.time_limit_s = time_limit
    prm.mip_gap = gap
    check(lib.ecs_milp_params_validate(prm, d), d)


def solve_defaults():
    prm = ffi.new("ecs_solve_params *")
    lib.ecs_solve_params_init(prm)
    return {"time_limit": prm.time_limit_s, "gap": prm.gap,
            "seed": prm.seed}


class FixedMap:
    """CaWoSched's fixed-mapping problem (cws_doc.h: ecs_cws_files_load)
    from the graph, the mapping and the setup the set-up names."""

    def __init__(self, setup, graph_path):
        self.setup = setup
        self._release = lib.ecs_cws_files_release
        self.files = ffi.new("ecs_cws_files *")
        self._path = ffi.new("char[]", graph_path.encode())
        d = new_diag()
        rc = lib.ecs_cws_files_load(setup.c, self._path, self.files, d)
        if rc != lib.ECS_OK:
            lib.ecs_cws_files_release(self.files)
            raise error(rc, d)

    def __del__(self):
        f = getattr(self, "files", None)
        if f is not None:
            self._release(f)  # bound at construction (Problem.__del__)

    def run(self, command, method, time_limit, gap, t0):
        """The table's row `method` on the fixed mapping (method.h), then
        the library's document of the run (ecs_cws_document_text): its
        figures and text."""
        d = new_diag()
        a = ffi.new("ecs_method_args *")
        lib.ecs_method_args_init(a)
        a.cws = self.files.p
        a.time_limit_s = time_limit
        a.gap = gap
        out = ffi.new("ecs_method_out *")
        rc = lib.ecs_method_run(lib.ecs_method_find(method.encode()), a, out,
                                d)
        keep = [ffi.new("char[]", command.encode()),
                ffi.new("char[]", method.encode())]
        r = ffi.new("ecs_cws_run *")
        r.cmd, r.method = keep
        r.graph_path = self._path
        r.m = self.setup.c
        setattr(r, "in", self.files)
        r.bound = -1
        r.start_cost = -1
        try:
            if rc == lib.ECS_EINFEASIBLE:
                status = "infeasible"
            elif rc != lib.ECS_OK:
                raise error(rc, d)
            else:
                if out.found_by != NULL:
                    r.found_by = out.found_by
                if not math.isnan(out.start_cost):
                    r.start_cost = int(out.start_cost)
                if not math.isnan(out.bound):
                    r.bound = int(out.bound)
                    r.bound_method = out.bound_method
                r.milp_note = out.note
                if out.milp_ran:
                    r.milp_ran = 1
                    r.milp_optimal = out.milp.optimal
                    r.milp_cost = out.milp.cost
                    r.milp_bound = out.milp.bound
                    r.milp_s = out.milp.seconds
                    r.milp_cols = out.milp.cols
                    r.milp_rows = out.milp.rows
                ev = ffi.new("ecs_cws_eval *")
                check(lib.ecs_cws_evaluate(self.files.p, out.cws_start, ev,
                                           d), d)
                r.ev = ev[0]
                r.start = out.cws_start
                status = "optimal" if r.bound >= ev.cost else "feasible"
            keep.append(ffi.new("char[]", status.encode()))
            r.status = keep[-1]
            r.runtime_s = now() - t0
            text = lib.ecs_cws_document_text(r)
            if text == NULL:
                raise Error(lib.ECS_ENOMEM, "out of memory")
            try:
                return ffi.string(text).decode()
            finally:
                lib.free(text)
        finally:
            lib.ecs_method_out_release(out)


def method_require(name, model):
    """EUNSUPPORTED from the table when method `name` does not handle
    model ("paper", "extended", "fixedmap", "freemap")."""
    d = new_diag()
    m = lib.ecs_method_find(name.encode())
    check(lib.ecs_method_require(m, getattr(lib, "ECS_MODEL_" +
                                            model.upper()), d), d)
