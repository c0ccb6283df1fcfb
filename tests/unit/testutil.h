/* Shared helpers of the cmocka unit tests. */
#ifndef ECSCHED_TESTUTIL_H
#define ECSCHED_TESTUTIL_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

/* cmocka 1.1.5 has no assert_double_equal. */
#define assert_close(a, b, tol)                                              \
    do {                                                                     \
        double a_ = (double)(a), b_ = (double)(b);                           \
        if (!(fabs(a_ - b_) <= (tol))) {                                     \
            print_error("%s = %.12g, %s = %.12g, differ by more than %g\n",  \
                        #a, a_, #b, b_, (double)(tol));                      \
            fail();                                                          \
        }                                                                    \
    } while (0)

/*
 * The shared data directory (../shared/data relative to the project, or
 * $ECSCHED_SHARED_DATA), or NULL when absent: tests that need it skip.
 */
static inline const char *test_shared_data(void)
{
    const char *env = getenv("ECSCHED_SHARED_DATA");
    struct stat st;
    if (env && stat(env, &st) == 0)
        return env;
    if (stat("../shared/data/stg", &st) == 0)
        return "../shared/data";
    return NULL;
}

/* Skip the current test, saying why, when the shared data is absent. */
#define SKIP_WITHOUT_SHARED_DATA(dir)                                        \
    do {                                                                     \
        if ((dir) == NULL) {                                                 \
            fprintf(stderr, "skipped: ../shared/data not found "            \
                            "(set ECSCHED_SHARED_DATA)\n");                 \
            skip();                                                          \
        }                                                                    \
    } while (0)

#endif
