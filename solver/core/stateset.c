/* Exact set of search states with a memory budget (stateset.h). */
#include "stateset.h"

#include <stdlib.h>
#include <string.h>

static uint64_t hash_words(const uint32_t *key, size_t len)
{
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)len;
    for (size_t i = 0; i < len; i++) {
        h ^= key[i];
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    h ^= h >> 29;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 32;
    return h ? h : 1;
}

int core_stateset_init(core_stateset *s, size_t max_bytes)
{
    memset(s, 0, sizeof *s);
    s->max_bytes = max_bytes;
    s->cap = 1u << 12;
    s->hash = calloc(s->cap, sizeof *s->hash);
    s->where = calloc(s->cap, sizeof *s->where);
    s->arena_cap = 1u << 14;
    s->arena = malloc(s->arena_cap * sizeof *s->arena);
    if (!s->hash || !s->where || !s->arena) {
        core_stateset_release(s);
        return -1;
    }
    return 0;
}

void core_stateset_release(core_stateset *s)
{
    free(s->hash);
    free(s->where);
    free(s->arena);
    memset(s, 0, sizeof *s);
}

static size_t bytes_for(size_t cap, size_t arena_cap)
{
    return cap * (sizeof(uint64_t) + sizeof(size_t)) +
           arena_cap * sizeof(uint32_t);
}

/* Double the table; 0 on success. */
static int grow_table(core_stateset *s)
{
    size_t ncap = s->cap * 2;
    if (bytes_for(ncap, s->arena_cap) > s->max_bytes)
        return -1;
    uint64_t *nh = calloc(ncap, sizeof *nh);
    size_t *nw = calloc(ncap, sizeof *nw);
    if (!nh || !nw) {
        free(nh);
        free(nw);
        return -1;
    }
    for (size_t i = 0; i < s->cap; i++) {
        if (s->hash[i] == 0)
            continue;
        size_t j = (size_t)s->hash[i] & (ncap - 1);
        while (nh[j] != 0)
            j = (j + 1) & (ncap - 1);
        nh[j] = s->hash[i];
        nw[j] = s->where[i];
    }
    free(s->hash);
    free(s->where);
    s->hash = nh;
    s->where = nw;
    s->cap = ncap;
    return 0;
}

/* Room for need more words in the arena; 0 on success. */
static int reserve_arena(core_stateset *s, size_t need)
{
    if (s->used + need <= s->arena_cap)
        return 0;
    size_t ncap = s->arena_cap;
    while (s->used + need > ncap)
        ncap *= 2;
    if (bytes_for(s->cap, ncap) > s->max_bytes)
        return -1;
    uint32_t *na = realloc(s->arena, ncap * sizeof *na);
    if (na == NULL)
        return -1;
    s->arena = na;
    s->arena_cap = ncap;
    return 0;
}

int core_stateset_visit(core_stateset *s, const uint32_t *key, size_t len)
{
    uint64_t h = hash_words(key, len);
    size_t j = (size_t)h & (s->cap - 1);
    while (s->hash[j] != 0) {
        if (s->hash[j] == h) {
            const uint32_t *k = s->arena + s->where[j];
            if (k[0] == len && memcmp(k + 1, key, len * sizeof *key) == 0)
                return 1;
        }
        j = (j + 1) & (s->cap - 1);
    }
    if (s->full)
        return 0;
    if ((s->count + 1) * 2 > s->cap) {
        if (grow_table(s) != 0) {
            s->full = 1;
            return 0;
        }
        j = (size_t)h & (s->cap - 1);
        while (s->hash[j] != 0)
            j = (j + 1) & (s->cap - 1);
    }
    if (reserve_arena(s, len + 1) != 0) {
        s->full = 1;
        return 0;
    }
    s->hash[j] = h;
    s->where[j] = s->used;
    s->arena[s->used] = (uint32_t)len;
    memcpy(s->arena + s->used + 1, key, len * sizeof *key);
    s->used += len + 1;
    s->count++;
    return 0;
}
