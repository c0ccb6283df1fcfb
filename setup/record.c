/* Self-describing records: model, price source, run context
 * (cli/run/record.h). */
#include "ecsched/record.h"

#include "ecsched/platform_file.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* FNV-1a, 64 bits: a content hash that needs no library. */
#define FNV_OFFSET 14695981039346656037ULL
#define FNV_PRIME 1099511628211ULL

static int set(json_t *o, const char *key, json_t *v)
{
    return v == NULL || json_object_set_new(o, key, v) != 0 ? -1 : 0;
}

static json_t *str_or_null(const char *s)
{
    json_t *j = s != NULL && s[0] != '\0' ? json_string(s) : NULL;
    return j != NULL ? j : json_null(); /* empty, or not UTF-8 */
}

uint64_t ecs_record_fnv_bytes(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = FNV_OFFSET;
    for (size_t k = 0; k < n; k++)
        h = (h ^ b[k]) * FNV_PRIME;
    return h;
}

int ecs_record_fnv_file(const char *path, uint64_t *out, ecs_diag *diag)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        ecs_diag_set(diag, ECS_EIO, path, 0, "cannot read: %s", strerror(errno));
        return -1;
    }
    uint64_t h = FNV_OFFSET;
    unsigned char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        for (size_t k = 0; k < n; k++)
            h = (h ^ buf[k]) * FNV_PRIME;
    int err = ferror(f);
    fclose(f);
    if (err) {
        ecs_diag_set(diag, ECS_EIO, path, 0, "cannot read: %s", strerror(errno));
        return -1;
    }
    *out = h;
    return 0;
}

/* "fnv1a64:..." of the file at path, or json null when it is no regular
 * file (a built-in name); NULL with diag when it cannot be read. */
static json_t *file_hash(const char *path, ecs_diag *diag)
{
    struct stat sb;
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
        return json_null();
    uint64_t h;
    if (ecs_record_fnv_file(path, &h, diag) != 0)
        return NULL;
    char hex[40];
    snprintf(hex, sizeof hex, "fnv1a64:%016llx", (unsigned long long)h);
    return json_string(hex);
}

static json_t *options_obj(const ecs_price_options *o)
{
    json_t *j = json_object();
    char filter[2 * ECS_PRICE_NAME_MAX + 2] = "";
    if (o->filter_column[0] != '\0')
        snprintf(filter, sizeof filter, "%s=%s", o->filter_column, o->filter_value);
    static const char *const fills[] = {"none", "previous", "linear"};
    if (j == NULL ||
        set(j, "slot_minutes", o->slots_from_prices
                                   ? json_string("prices")
                                   : json_integer(o->slot_minutes)) ||
        set(j, "no_repeat", json_boolean(o->no_repeat)) ||
        set(j, "price_column", str_or_null(o->price_column)) ||
        set(j, "time_column", str_or_null(o->time_column)) ||
        set(j, "filter", str_or_null(filter)) ||
        set(j, "utc_offset_minutes", o->utc_offset_given && o->utc_zone[0] == '\0'
                                         ? json_integer(o->utc_offset_minutes)
                                         : json_null()) ||
        set(j, "utc_zone", str_or_null(o->utc_zone)) ||
        set(j, "stamp", json_string(o->stamp == ECS_PRICE_STAMP_END ? "end" : "start")) ||
        set(j, "fill", json_string((unsigned)o->fill < 3 ? fills[o->fill] : "?")) ||
        set(j, "start", str_or_null(o->start)) ||
        set(j, "unit", str_or_null(o->unit))) {
        json_decref(j);
        return NULL;
    }
    return j;
}

ecs_result ecs_record_price_options_read(const json_t *j, ecs_price_options *o,
                                        ecs_diag *diag)
{
    ecs_price_options_init(o);
    if (!json_is_object(j))
        return ECS_OK;
    /* the keys of options_obj, each set through its command-line spelling */
    static const struct {
        const char *key;
        ecs_price_key k;
    } keys[] = {
        {"slot_minutes", ECS_PRICE_KEY_SLOT_MINUTES},
        {"price_column", ECS_PRICE_KEY_PRICE_COLUMN},
        {"time_column", ECS_PRICE_KEY_TIME_COLUMN},
        {"filter", ECS_PRICE_KEY_FILTER},
        {"utc_offset_minutes", ECS_PRICE_KEY_UTC_OFFSET},
        {"utc_zone", ECS_PRICE_KEY_UTC_OFFSET},
        {"stamp", ECS_PRICE_KEY_STAMP},
        {"fill", ECS_PRICE_KEY_FILL},
        {"start", ECS_PRICE_KEY_START},
        {"unit", ECS_PRICE_KEY_UNIT},
    };
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        const json_t *v = json_object_get(j, keys[i].key);
        char text[128];
        if (json_is_string(v))
            snprintf(text, sizeof text, "%s", json_string_value(v));
        else if (json_is_integer(v) && keys[i].k == ECS_PRICE_KEY_UTC_OFFSET) {
            long mins = (long)json_integer_value(v);
            snprintf(text, sizeof text, "%c%02ld:%02ld", mins < 0 ? '-' : '+',
                     labs(mins) / 60, labs(mins) % 60);
        } else if (json_is_integer(v))
            snprintf(text, sizeof text, "%" JSON_INTEGER_FORMAT,
                     json_integer_value(v));
        else
            continue;
        ecs_result rc = ecs_price_options_set(o, keys[i].k, text, diag);
        if (rc != ECS_OK)
            return rc;
    }
    o->no_repeat = json_is_true(json_object_get(j, "no_repeat"));
    return ECS_OK;
}

json_t *ecs_record_price_source(const char *prices_spec,
                                const ecs_price_options *o, ecs_diag *diag)
{
    const char *spec = prices_spec ? prices_spec : ECS_DEFAULT_PRICES;
    json_t *hash = file_hash(spec, diag);
    if (hash == NULL)
        return NULL;
    json_t *j = json_object();
    if (j == NULL || set(j, "spec", json_string(spec)) || set(j, "file_hash", hash) ||
        set(j, "options", options_obj(o))) {
        if (j == NULL)
            json_decref(hash);
        json_decref(j);
        ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        return NULL;
    }
    return j;
}

json_t *ecs_record_model(const ecs_setup *m, json_t *price_source)
{
    /* a platform whose every site has its own prices uses no --prices */
    int used = !m->plat.on;
    for (int s = 0; !used && s < m->plat.nsite; s++)
        used = !m->plat.site[s].has_prices;
    if (!used && price_source != NULL) {
        json_decref(price_source);
        price_source = json_null();
    }
    json_t *j = json_object(), *freqs = json_array();
    for (size_t k = 0; freqs && k < m->platform.nfreq; k++)
        if (json_array_append_new(freqs, ecs_json_num(m->platform.freq[k])) != 0) {
            json_decref(freqs);
            freqs = NULL;
        }
    if (j == NULL || set(j, "freqs", freqs) ||
        set(j, "power", json_string(m->platform.power_text)) ||
        set(j, "deadline_rule", json_string(ecs_setup_deadline_rule(m) == ECS_DEADLINE_GIVEN
                                                 ? "deadline" : "extension")) ||
        set(j, "work_unit_s", m->work_unit > 0 ? ecs_json_num(m->work_unit) : json_null()) ||
        (m->work_unit_auto &&
         (set(j, "work_unit_auto", json_true()) ||
          set(j, "rounding_tolerance", ecs_json_num(m->rounding_tolerance)))) ||
        set(j, "price_source", price_source) ||
        (m->plat.on && set(j, "platform", ecs_plat_json(m)))) {
        if (j == NULL) {
            json_decref(freqs);
            json_decref(price_source);
        }
        json_decref(j);
        return NULL;
    }
    return j;
}

/* The "model name" line of /proc/cpuinfo, or "" (not Linux, not x86). */
static void cpu_model(char *buf, size_t size)
{
    buf[0] = '\0';
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return;
    char line[512];
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "model name", 10) != 0)
            continue;
        const char *v = strchr(line, ':');
        if (v == NULL)
            break;
        v++;
        while (*v == ' ' || *v == '\t')
            v++;
        snprintf(buf, size, "%s", v);
        buf[strcspn(buf, "\n")] = '\0';
        break;
    }
    fclose(f);
}

json_t *ecs_record_context(int workers, double wall_s, double cpu_s)
{
    char host[256] = "", cpu[256];
    if (gethostname(host, sizeof host) != 0)
        host[0] = '\0';
    host[sizeof host - 1] = '\0';
    cpu_model(cpu, sizeof cpu);
    json_t *j = json_object();
    if (j == NULL || set(j, "host", str_or_null(host)) ||
        set(j, "cpu_model", str_or_null(cpu)) || set(j, "workers", json_integer(workers)) ||
        set(j, "wall_s", ecs_json_num(round(wall_s * 1e6) / 1e6)) ||
        set(j, "cpu_s", ecs_json_num(round(cpu_s * 1e6) / 1e6))) {
        json_decref(j);
        return NULL;
    }
    return j;
}

const char *ecs_record_base_status(int from_file, int optimal)
{
    return from_file ? "from_file" : optimal ? "optimal" : "time_limit";
}
