/*
 * ecsched command line: where the bundled data is (docs/reference.md "Install and embed the
 * library").
 *
 * The data directory holds what data/ of the source tree holds (paper32/,
 * stg/, prices/, SOURCES.md): $ECSCHED_DATA if set; else the install's
 * share/ecsched (TOOL_DATADIR, compiled in from PREFIX), if it exists; else
 * share/ecsched beside the binary's bin/ (<exe>/../share/ecsched, an install
 * moved elsewhere or staged with DESTDIR); else the source tree's data/
 * beside the binary's bin/ (<exe>/../data), where <exe> is the directory of
 * /proc/self/exe.
 */
#ifndef ECSCHED_CLI_DATAPATH_H
#define ECSCHED_CLI_DATAPATH_H

#include <stddef.h>

/* The data directory into buf; 1, or 0 (buf "") when none exists. */
int tool_data_dir(char *buf, size_t size);

/*
 * The file or directory a command is to read: path itself if it exists
 * (relative to the working directory) or is absolute; else, for a relative
 * path, the same path in the data directory, a leading "data/" dropped
 * (data/paper32 is paper32 there), if that exists; else path itself, so
 * that the caller's "cannot open" names what it was given.  Written into
 * buf (truncated paths count as not found); returns buf.
 */
const char *tool_data_path(const char *path, char *buf, size_t size);

#endif
