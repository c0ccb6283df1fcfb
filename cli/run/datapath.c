/* Where the bundled data is (see datapath.h).  TOOL_DATADIR comes from the
 * Makefile (PREFIX); this file alone is compiled with it. */
#include "run/datapath.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef TOOL_DATADIR
#define TOOL_DATADIR ""
#endif

static int exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* buf = dir (canonical) if it is a directory; 1 if so. */
static int take_dir(const char *dir, char *buf, size_t size)
{
    char real[PATH_MAX];
    if (!is_dir(dir) || realpath(dir, real) == NULL)
        return 0;
    int n = snprintf(buf, size, "%s", real);
    return n >= 0 && (size_t)n < size;
}

int tool_data_dir(char *buf, size_t size)
{
    const char *env = getenv("ECSCHED_DATA");
    if (env != NULL && env[0] != '\0') {
        int n = snprintf(buf, size, "%s", env);
        if (n >= 0 && (size_t)n < size)
            return 1;
    } else {
        if (TOOL_DATADIR[0] != '\0' && take_dir(TOOL_DATADIR, buf, size))
            return 1;
        char exe[PATH_MAX];
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        char *slash = NULL;
        if (n > 0 && (size_t)n < sizeof exe - 1) {
            exe[n] = '\0';
            slash = strrchr(exe, '/');
        }
        if (slash != NULL) {
            *slash = '\0';
            char dir[PATH_MAX + 32];
            snprintf(dir, sizeof dir, "%s/../share/ecsched", exe);
            if (take_dir(dir, buf, size))
                return 1;
            snprintf(dir, sizeof dir, "%s/../data", exe);
            if (take_dir(dir, buf, size))
                return 1;
        }
    }
    if (size > 0)
        buf[0] = '\0';
    return 0;
}

const char *tool_data_path(const char *path, char *buf, size_t size)
{
    if (size == 0)
        return path;
    snprintf(buf, size, "%s", path);
    if (path[0] == '\0' || path[0] == '/' || exists(path))
        return buf;
    char dir[PATH_MAX];
    if (!tool_data_dir(dir, sizeof dir))
        return buf;
    const char *rel = strncmp(path, "data/", 5) == 0 ? path + 5 : path;
    char cand[2 * PATH_MAX];
    int n = snprintf(cand, sizeof cand, "%s/%s", dir, rel);
    if (n > 0 && (size_t)n < sizeof cand && (size_t)n < size && exists(cand))
        snprintf(buf, size, "%s", cand);
    return buf;
}
