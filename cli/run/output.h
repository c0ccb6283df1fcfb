/*
 * ecsched command line: writing files and documents, atomically
 * (cli/run/output.c).
 */
#ifndef ECSCHED_CLI_OUTPUT_H
#define ECSCHED_CLI_OUTPUT_H

#include <stdio.h>

#include <jansson.h>

#include "run/model.h"

#include "ecsched/document.h"
#include "ecsched/graph.h"


/*
 * Write text to path, the one way every command writes a file ("-" means
 * stdout).  A regular file (or a new one) is written atomically: a fresh
 * temporary in the same directory, created with O_CREAT | O_EXCL |
 * O_NOFOLLOW (a planted file or symlink is never opened), fsync'ed, then
 * renamed over the target, which keeps its permission bits; a reader never
 * sees half a file and a failed write leaves the old file.  A target that
 * is not a regular file (a device such as /dev/null, a FIFO) is written in
 * place and never replaced; a directory is an error ("is a directory").  A
 * symlink is followed to what it names.  Fails with EIO naming path.
 */
ecs_result tool_write_file(const char *path, const char *text,
                              ecs_diag *diag);

/* One file of a directory that tool_write_dir writes. */
typedef struct tool_dir_file {
    const char *name; /* a plain name, no '/' */
    const char *text;
    int executable;   /* mode 0755, else 0644 */
} tool_dir_file;

/*
 * Write a directory of n files at path, atomically: into a fresh
 * temporary directory beside it (mkdtemp), then renamed to path.  path
 * must not exist or be an empty directory; a directory that holds
 * anything is refused (EIO naming it, "give --force") unless force,
 * which replaces it (the old one is renamed aside, then removed).  On any
 * failure the temporary directory is removed and path is as it was.
 */
ecs_result tool_write_dir(const char *path, const tool_dir_file *f, size_t n,
                          int force, ecs_diag *diag);

/* Writes graph g to the memory stream f (a format's writer). */
typedef ecs_result (*tool_graph_fmt)(FILE *f, const ecs_graph *g,
                                        const void *ctx, ecs_diag *diag);

/*
 * The end of the commands that write a graph (convert, generate): when rc
 * is ECS_OK, g formatted by fmt (a failure: "cannot format the graph:
 * ..."), written to path (NULL or "-": stdout; tool_write_file) and,
 * for a file, "PATH: N tasks, E edges, critical path C, total work W" on
 * stdout; any error (rc's or these) as diag's message on stderr.  Returns
 * the exit code.
 */
int tool_graph_output(const char *cmd, ecs_result rc, const ecs_graph *g,
                         tool_graph_fmt fmt, const void *ctx,
                         const char *path, ecs_diag *diag);

/*
 * Flush and close stdout once, after the command ran (as coreutils'
 * close_stdout): a write error, e.g. on a full disk, prints "ecsched: write
 * error on standard output: ..." on stderr and returns -1; a stdout that was
 * closed before anything was written to it is not an error.
 */
int tool_close_stdout(void);


/* Dump a JSON document to path atomically ("-" = stdout). */
ecs_result tool_write_json(const char *path, const json_t *doc,
                              ecs_diag *diag);

/*
 * The outputs of a command's document: written to -o FILE (m->out_path)
 * if given, then to stdout if --json (m->json); stops at the first error.
 */
ecs_result tool_write_doc(const tool_model *m, const json_t *doc,
                             ecs_diag *diag);

#endif
