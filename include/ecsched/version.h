/*
 * ecsched: the version of the library, defined here once.  The Makefile
 * reads ECS_VERSION_MAJOR/MINOR/PATCH from this file for the shared
 * library's soname (libecsched.so.MAJOR) and for ecsched.pc.
 */
#ifndef ECSCHED_VERSION_H
#define ECSCHED_VERSION_H

#define ECS_VERSION_MAJOR 0
#define ECS_VERSION_MINOR 1
#define ECS_VERSION_PATCH 0

#define ECS_VERSION_STR_(x) #x
#define ECS_VERSION_STR(x) ECS_VERSION_STR_(x)

/* The version as a string, e.g. "0.1.0". */
#define ECS_VERSION                                                          \
    ECS_VERSION_STR(ECS_VERSION_MAJOR) "." ECS_VERSION_STR(ECS_VERSION_MINOR) \
    "." ECS_VERSION_STR(ECS_VERSION_PATCH)

/*
 * The version of the library the program runs with, e.g. "0.1.0" (a
 * static string, never NULL).  ECS_VERSION is the version of the headers
 * the program was compiled with; a program linked against the shared
 * library may compare the two (same major version: same interface).
 */
const char *ecs_version(void);

#endif
