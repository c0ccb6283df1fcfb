/*
 * ecsched: the extended platform (docs/MODEL.md
 * "Heterogeneous platforms"; docs/reference.md "Platforms"): the platform
 * file (--platform FILE, docs/schema/platform.schema.json) and the
 * shortcuts for one site and one class (--watts W:IDLE, --green FILE,
 * --green-price X, --power-cap KW), their series on the slot grid, and
 * what documents say of them.
 *
 * Units: the library sees energies in kWh per slot (watts * slot hours /
 * 1000), green volumes in kWh per slot, caps in kWh per slot (kW * slot
 * hours) and every price, the sources' included, divided by one common
 * factor over every site's prices, so that cost * normalized_by / 1000 is
 * money when the prices are per MWh.
 */
#ifndef ECSCHED_PLATFORM_FILE_H
#define ECSCHED_PLATFORM_FILE_H

#include <jansson.h>

#include "ecsched/check.h"
#include "ecsched/platform.h"
#include "ecsched/prices.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"
#include "ecsched/setup.h"

#include "ecsched/instance.h"

/*
 * After the command line: read m->platform_path, or build the one class
 * and site of the shortcuts, into m->platform (classes) and m->plat.  A
 * platform of one class at one site, without idle draw, sources or cap,
 * with speed = f and the quadratic or static power model, becomes the
 * paper's platform (-p, --power, --watts, --prices; m->plat.on = 0), so
 * that it gives today's results byte for byte.  Without a platform file
 * or shortcut, nothing.  EINVAL / EPARSE / EIO with a message naming the
 * file and the key.
 */
ecs_result ecs_plat_resolve(ecs_setup *m, ecs_diag *diag);

/* The shortcuts' one class with pes PEs (batch's -p LIST): the platform
 * of the flags again, then the shortcuts.  A platform file: EINVAL. */
ecs_result ecs_plat_set_pes(ecs_setup *m, int pes, ecs_diag *diag);

/* What an extended problem has on the slot grid (owned). */
typedef struct ecs_ext {
    int on;
    int nsite;
    ecs_site site[ECS_MAX_SITES];
    double *price[ECS_MAX_SITES];   /* normalised; site 0's is sp0's */
    double *cap[ECS_MAX_SITES];     /* kWh per slot, or NULL */
    char price_source[ECS_MAX_SITES][ECS_PLAT_PATH];
    size_t nsource;
    ecs_source source[ECS_MAX_SOURCES];
    double *volume[ECS_MAX_SOURCES]; /* kWh per slot */
    char source_column[ECS_MAX_SOURCES][ECS_PRICE_NAME_MAX]; /* the column
                                       read, "" for a built-in */
    int source_column_guessed[ECS_MAX_SOURCES];
    double normalized_by;           /* the common factor */
    size_t n;                       /* slots */
} ecs_ext;

/*
 * The prices of every site and the sources' volumes and caps for nslots
 * slots: site 0's prices into *sp0 (as ecs_setup_load_prices would, but
 * normalised by the factor common to every site), the rest into *ext.
 * Without m->plat.on: ecs_setup_load_prices into *sp0, ext->on = 0.  Release
 * with ecs_ext_release (and sp0 with ecs_slot_prices_release).
 */
ecs_result ecs_plat_load(const ecs_setup *m, size_t nslots,
                          ecs_slot_prices *sp0, ecs_ext *ext,
                          ecs_diag *diag);

void ecs_ext_release(ecs_ext *ext);

/* inst (from ecs_instance_init) gets ext's sites and sources. */
void ecs_ext_instance(const ecs_ext *ext, ecs_instance *inst);

/*
 * The platform as the documents record it (schedule.schema.json
 * "platform"): {hash, file, slot_minutes, sites: [{name, prices, cap_kw,
 * cap_file, sources: [{name, file, price_per_mwh, scale}]}], classes:
 * [{name, count, site, speed, watts, idle_watts}]}; json null when m has
 * no extended platform.  NULL when out of memory.
 */
json_t *ecs_plat_json(const ecs_setup *m);

/*
 * What a schedule draws and pays in real units (schedule.schema.json
 * "energy_split"): {kwh, idle_kwh, grid_kwh, green_share, cost, money,
 * money_unit, sources: [{name, site, kwh, money}]}.  json null for the
 * paper's platform.  NULL when out of memory.
 */
json_t *ecs_ext_split_json(const ecs_instance *inst, const ecs_ext *ext,
                            const ecs_slot_prices *sp,
                            const ecs_schedule *s);

/*
 * Per site and slot over the horizon (slots 0 .. D'-1, else the
 * makespan), for plots (schedule.schema.json "sites_per_slot"): [{name,
 * price_per_slot (normalised), cap_kwh_per_slot (null: none),
 * draw_kwh_per_slot (the schedule's draw, idle included), sources: [{name,
 * kwh_per_slot}]}].  json null for the paper's platform.  NULL when out
 * of memory.
 */
json_t *ecs_ext_slots_json(const ecs_instance *inst, const ecs_ext *ext,
                            const ecs_schedule *s);

/* "12.5 kWh (solar 4.1 kWh, grid 8.4 kWh; 33 % green), 1.23 EUR" for
 * people; "" for the paper's platform. */
void ecs_ext_split_text(const ecs_instance *inst, const ecs_ext *ext,
                         const ecs_slot_prices *sp, const ecs_schedule *s,
                         char *buf, size_t n);

/*
 * What the platform file m->platform_path says for Slurm (docs/reference.md
 * "Platforms"; `ecsched export --slurm`): each class's "nodes" and
 * "cpu_freq_khz", on the PEs and frequencies of m->platform (read by
 * ecs_plat_resolve first).
 */
typedef struct ecs_plat_slurm {
    int pes;
    char **node;   /* per PE (malloc'ed), NULL where its class names no
                      node; NULL when no class does */
    long *khz;     /* khz[c * ECS_MAX_FREQS + k] per class c and frequency
                      k (0 at f = 0 and where unknown); NULL when no class
                      gives kHz */
    int nclass;
    char missing_nodes[ECS_NAME_MAX]; /* a class without nodes while
                                         another has them, "" if none */
    char missing_khz[ECS_NAME_MAX];   /* the same for cpu_freq_khz */
} ecs_plat_slurm;

/* Read them (m->platform_path set; else *out stays empty).  EPARSE / EIO
 * naming the file and the key, ENOMEM.  Release with
 * ecs_plat_slurm_release. */
ecs_result ecs_plat_slurm_read(const ecs_setup *m, ecs_plat_slurm *out,
                               ecs_diag *diag);

/* Free what ecs_plat_slurm_read gave s; a zeroed s is accepted. */
void ecs_plat_slurm_release(ecs_plat_slurm *s);

#endif
