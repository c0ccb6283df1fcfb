/* Reading a budget landscape CSV (ecsched heuristic --landscape). */
#include "report/plots.h"
#include "run/grow.h"
#include "run/cli.h"

#include "ecsched/numparse.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LS_HEADER "budget,feasible,cost,makespan"

void tool_landscape_release(tool_landscape *l)
{
    if (l == NULL)
        return;
    free(l->budget);
    free(l->cost);
    free(l->feasible);
    free(l->makespan);
    memset(l, 0, sizeof *l);
}

static int ls_grow(tool_landscape *l, size_t *cap)
{
    if (l->n < *cap)
        return 0;
    size_t c = tool_grow_cap(*cap, 128);
    if (tool_resize(&l->budget, c, sizeof *l->budget) != 0 ||
        tool_resize(&l->cost, c, sizeof *l->cost) != 0 ||
        tool_resize(&l->feasible, c, sizeof *l->feasible) != 0 ||
        tool_resize(&l->makespan, c, sizeof *l->makespan) != 0)
        return -1;
    *cap = c;
    return 0;
}

/* Split line in place at commas into exactly 4 fields; the number of
 * fields the line has. */
static int split4(char *line, char **f)
{
    int n = 1;
    for (const char *p = line; *p; p++)
        n += *p == ',';
    if (n != 4)
        return n;
    n = 0;
    f[n++] = line;
    for (char *p = line; *p; p++)
        if (*p == ',') {
            *p = '\0';
            f[n++] = p + 1;
        }
    return n;
}

static ecs_result parse_row(char *line, const char *path, long ln,
                            tool_landscape *l, ecs_diag *diag)
{
    static const char *names[] = {"budget", "feasible", "cost", "makespan"};
    char *f[4];
    int n = split4(line, f);
    if (n > 4)
        return ecs_diag_set(diag, ECS_EPARSE, path, ln,
                            "%d fields here, 4 in the header (" LS_HEADER
                            "): column 5 is beyond the last (numbers take "
                            "a decimal point, 0.95, not a comma)", n);
    if (n < 4)
        return ecs_diag_set(diag, ECS_EPARSE, path, ln,
                            "%d fields here, 4 in the header (" LS_HEADER
                            "): column %d ('%s') is missing", n, n + 1,
                            names[n]);
    size_t i = l->n;
    if (ecs_parse_double(f[0], &l->budget[i]) != 0)
        return ecs_diag_set(diag, ECS_EPARSE, path, ln,
                            "budget '%s' is not a number", f[0]);
    if (strcmp(f[1], "1") == 0 || strcmp(f[1], "true") == 0)
        l->feasible[i] = 1;
    else if (strcmp(f[1], "0") == 0 || strcmp(f[1], "false") == 0)
        l->feasible[i] = 0;
    else
        return ecs_diag_set(diag, ECS_EPARSE, path, ln,
                            "feasible '%s' is not 0, 1, true or false", f[1]);
    l->cost[i] = NAN;
    l->makespan[i] = -1;
    if (l->feasible[i]) {
        if (ecs_parse_double(f[2], &l->cost[i]) != 0)
            return ecs_diag_set(diag, ECS_EPARSE, path, ln,
                                "cost '%s' is not a number", f[2]);
        if (ecs_parse_long(f[3], &l->makespan[i]) != 0)
            return ecs_diag_set(diag, ECS_EPARSE, path, ln,
                                "makespan '%s' is not an integer", f[3]);
    }
    l->n++;
    return ECS_OK;
}

static void chomp(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
}

ecs_result tool_landscape_read(const char *path, tool_landscape *out,
                              ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    FILE *fp = tool_fopen_read(path, diag);
    if (fp == NULL)
        return ECS_EIO;
    char *line = NULL;
    size_t lcap = 0, cap = 0;
    long ln = 0;
    ecs_result rc = ECS_OK;
    while (rc == ECS_OK && getline(&line, &lcap, fp) != -1) {
        ln++;
        chomp(line);
        char *text = line;
        if (ln == 1 && strncmp(text, "\xEF\xBB\xBF", 3) == 0)
            text += 3; /* UTF-8 BOM */
        if (ln == 1) {
            if (strcmp(text, LS_HEADER) != 0)
                rc = ecs_diag_set(diag, ECS_EPARSE, path, 1,
                                  "header must be '" LS_HEADER "'");
            continue;
        }
        if (text[0] == '\0')
            continue;
        if (ls_grow(out, &cap) != 0)
            rc = ecs_diag_set(diag, ECS_ENOMEM, path, ln, "out of memory");
        else
            rc = parse_row(text, path, ln, out, diag);
    }
    if (rc == ECS_OK && ferror(fp))
        rc = ecs_diag_set(diag, ECS_EIO, path, ln, "read error");
    if (rc == ECS_OK && ln == 0)
        rc = ecs_diag_set(diag, ECS_EPARSE, path, 0, "empty file");
    if (rc == ECS_OK && out->n == 0)
        rc = ecs_diag_set(diag, ECS_EPARSE, path, ln, "no budgets");
    free(line);
    fclose(fp);
    if (rc != ECS_OK)
        tool_landscape_release(out);
    return rc;
}
