/* "Did you mean" (cli/run/suggest.h). */
#include "run/suggest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Optimal string alignment distance of a and b (both short: names). */
static size_t distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > 64 || m > 64)
        return (size_t)-1;
    size_t d[65][65];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            size_t cost = a[i - 1] != b[j - 1];
            size_t v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v)
                v = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < v)
                v = d[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[n][m];
}

const char *tool_closest(const char *word, const char *const *cand,
                            size_t n)
{
    size_t len = strlen(word), limit = (len + 2) / 3;
    if (limit > 2)
        limit = 2;
    const char *best = NULL;
    size_t bd = limit + 1;
    for (size_t k = 0; k < n; k++) {
        if (cand[k] == NULL)
            continue;
        size_t d = distance(word, cand[k]);
        if (d < bd) {
            bd = d;
            best = cand[k];
        }
    }
    return best;
}

int tool_closest_option(const char *word, const struct option *longopts,
                           char *buf, size_t size)
{
    if (size > 0)
        buf[0] = '\0';
    if (word == NULL || strncmp(word, "--", 2) != 0 || longopts == NULL)
        return 0;
    char w[80];
    const char *eq = strchr(word + 2, '=');
    size_t n = eq ? (size_t)(eq - word - 2) : strlen(word + 2);
    if (n == 0 || n >= sizeof w)
        return 0;
    memcpy(w, word + 2, n);
    w[n] = '\0';
    size_t count = 0;
    while (longopts[count].name != NULL)
        count++;
    const char **names = malloc((count ? count : 1) * sizeof *names);
    if (names == NULL)
        return 0;
    for (size_t k = 0; k < count; k++)
        names[k] = longopts[k].name;
    const char *best = tool_closest(w, names, count);
    if (best != NULL)
        snprintf(buf, size, "--%s", best);
    free(names);
    return best != NULL;
}
