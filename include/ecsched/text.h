/*
 * ecsched: text encodings of untrusted input (issue 17).  JSON strings must
 * be UTF-8; files and file names need not be.
 */
#ifndef ECSCHED_TEXT_H
#define ECSCHED_TEXT_H

#include <stddef.h>

/* 1 if s[0..len) is well-formed UTF-8 (no overlongs, no surrogates). */
int ecs_utf8_valid(const char *s, size_t len);

/*
 * s[0..len) read as Windows-1252 (Latin-1 plus the euro sign and the
 * typographic marks at 0x80..0x9F, e.g. 0x80 = U+20AC), as UTF-8: a new
 * NUL-terminated string (malloc'ed, caller frees), its length in *out_len
 * (may be NULL).  NULL on out of memory.
 */
char *ecs_cp1252_to_utf8(const char *s, size_t len, size_t *out_len);

/*
 * s (NUL-terminated) as valid UTF-8 for output: a copy of s when it is
 * valid, else every byte that is not part of a valid sequence written as
 * the four characters "\xNN" (hex).  Malloc'ed; NULL on out of memory.
 */
char *ecs_utf8_escape(const char *s);

#endif
