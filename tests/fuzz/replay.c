/* Replay a fuzz target's inputs (files given as arguments) without
 * libFuzzer and report the slowest and the largest: built by `make fuzz`
 * as BUILD/replay_TARGET, used by tests/fuzz/run.sh. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    double slowest = 0.0;
    size_t largest = 0;
    const char *slow_name = "-", *large_name = "-";
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (f == NULL)
            continue;
        size_t cap = 1 << 16, n = 0;
        uint8_t *buf = malloc(cap);
        size_t got;
        while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
            n += got;
            if (n == cap) {
                uint8_t *b = realloc(buf, cap *= 2);
                if (b == NULL) {
                    free(buf);
                    buf = NULL;
                }
                buf = b;
            }
        }
        fclose(f);
        if (buf == NULL)
            return 2;
        double t0 = now();
        LLVMFuzzerTestOneInput(buf, n);
        double t = now() - t0;
        free(buf);
        if (t > slowest) {
            slowest = t;
            slow_name = argv[i];
        }
        if (n > largest) {
            largest = n;
            large_name = argv[i];
        }
    }
    printf("%d inputs; slowest %.4f s (%s); largest %zu bytes (%s)\n",
           argc - 1, slowest, slow_name, largest, large_name);
    return 0;
}
