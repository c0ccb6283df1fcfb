# ecsched -- energy-cost scheduling of task graphs.
#
#   make            build bin/ecsched (and build/libecsched.a)
#   make deps       install missing Debian packages
#   make demo       deps + build + run the main job on bundled data
#   make test       deps + build + unit tests + command-line tests (the quick
#                   set: every behaviour; 69 s measured on a quiet 2-core
#                   machine, docs/reference.md "Building and testing")
#   make check      the same plus the long runs (ECS_TEST_LONG=1: larger
#                   instances, solver runs to their limits, make install)
#   make sanitize   make test's quick set under AddressSanitizer and UBSan
#   make bench      benchmarks (figures for the issue notes)
#   make fuzz       libFuzzer targets (clang), each run FUZZ_SECONDS seconds
#   make python     the shared library the Python package in python/ loads
#   make install    PREFIX=/usr/local (DESTDIR too): the command, the static and
#                   shared library, headers, ecsched.pc, man page, data; make uninstall

CC      ?= cc
CFLAGS  ?= -O2 -g
LDFLAGS ?=
BUILD   ?= build
BINDIR  ?= bin

ECS_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
             -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
             -Iinclude -Isolver -MMD -MP
LIBS       = -lglpk -lcsv -ljansson -lm

# The library's folders, lowest layer first (tests/check_layers.sh); solver/
# has one room per family (solver/core, makespan, milp, bound, search), whose
# private headers are included as "room/header.h" (hence -Isolver).
LIB_DIRS = common taskgraphs prices heuristic solver setup engine render
LIB_SRC  = $(foreach d,$(LIB_DIRS),$(wildcard $(d)/*.c $(d)/*/*.c))
CLI_SRC  = $(wildcard cli/*.c cli/*/*.c)
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o)
LIBA     = $(BUILD)/libecsched.a
CLILIB   = $(BUILD)/libecscli.a
EXE      = $(BINDIR)/ecsched

TEST_SRC = $(wildcard tests/unit/test_*.c)
TEST_BIN = $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
TEST_LIBS = $(LIBS) -lcmocka

DEB_PACKAGES = libglpk-dev libcsv-dev libjansson-dev libcmocka-dev libxml2-utils
# pkgconf: tests/cli/test_install.sh builds examples/embed.c against the
# installed tree with `pkg-config --cflags --libs ecsched`, as a user would.
DEB_PACKAGES += pkgconf
# tzdata: the zoneinfo that --utc-offset Europe/Berlin reads through the C
# library (minimal images lack /usr/share/zoneinfo).
DEB_PACKAGES += tzdata
# jq: the CLI tests read result rows and documents with it (field order,
# selections, `--verbose --json | jq`, the JSON Schema check docs/schema/check.jq)
DEB_PACKAGES += jq
# the Python package's tests (tests/cli/test_python.sh, python/tests): Debian's
# python3 with cffi (the binding), pandas (frames), pytest, setuptools (the
# package's setup.py), networkx (graphs from networkx) and pip (make check's
# install of ./python), so that make test skips none of them for a missing
# module
DEB_PACKAGES += python3 python3-cffi python3-pandas python3-pytest \
                python3-setuptools python3-networkx python3-pip

.PHONY: all deps demo test check test-unit test-cli sanitize bench clean check-layers fuzz fuzz-deps

all: $(EXE)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ECS_CFLAGS) $(CFLAGS) -c $< -o $@

# The command's sources include each other as "run/cli.h", "batch/batch.h"...
$(BUILD)/cli/%.o: cli/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ECS_CFLAGS) -Icli $(CFLAGS) -c $< -o $@

$(LIBA): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

# The command's code minus main(), so that tests can link it too.
$(CLILIB): $(filter-out $(BUILD)/cli/main.o,$(CLI_OBJ))
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(EXE): $(BUILD)/cli/main.o $(CLILIB) $(LIBA)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(LIBS) -o $@

# The tests' shared helpers (tests/unit/testutil.h), linked into each.
TESTUTIL = $(BUILD)/tests/unit/testutil.o
.SECONDARY: $(TESTUTIL)

$(BUILD)/tests/%: tests/unit/%.c tests/unit/testutil.h $(TESTUTIL) $(CLILIB) $(LIBA)
	@mkdir -p $(dir $@)
	$(CC) $(ECS_CFLAGS) -Itests/unit -Icli $(CFLAGS) $(LDFLAGS) $< $(TESTUTIL) $(CLILIB) $(LIBA) $(TEST_LIBS) -o $@

# Install the Debian packages that are missing (as root, or through sudo).
deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

demo: deps all
	@sh tests/demo.sh $(EXE)

# check: the same run with the long tests (ECS_TEST_LONG=1)
# test runs the tests side by side, one per processor (tests/run.sh);
# check and sanitize one at a time (TEST_JOBS=1): their solver runs to time
# limits, and the sanitized build 3-5 times slower, keep their margin only
# with a processor each (reproduce --quick: MILPs of at most 10 s).
test check: deps
	$(MAKE) all $(TEST_BIN)
	@sh tests/check_layers.sh
	@ECS_TEST_LONG=$(if $(filter check,$@),1,0) $(if $(filter check,$@),TEST_JOBS=$${TEST_JOBS:-1}) \
	  bash tests/run.sh $(BUILD)/tests $(EXE)

sanitize: deps
	$(MAKE) BUILD=build/san BINDIR=build/san/bin \
	  CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	  LDFLAGS="-fsanitize=address,undefined" \
	  build/san/bin/ecsched $(TEST_SRC:tests/unit/%.c=build/san/tests/%)
	@TEST_JOBS=$${TEST_JOBS:-1} ECS_TEST_LONG=0 ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 bash tests/run.sh build/san/tests build/san/bin/ecsched

bench: all
	@sh bench/run.sh $(EXE)

check-layers:
	@sh tests/check_layers.sh

# ---- fuzzing: libFuzzer targets in tests/fuzz/ (tests/fuzz/run.sh says how
# they are seeded); clang comes from Debian, installed by `make fuzz` only.
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_BUILD   = build/fuzz
# the DOT and WfFormat readers once include/ecsched/graphio.h exists
FUZZ_TARGETS = stg prices doc $(if $(wildcard include/ecsched/graphio.h),dot wfformat) cawosched platform
FUZZ_SAN     = -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_PACKAGES = clang

fuzz-deps: deps
	@command -v $(FUZZ_CC) >/dev/null 2>&1 || { \
	  echo "installing: $(FUZZ_PACKAGES)"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(FUZZ_PACKAGES); }

fuzz: fuzz-deps
	$(MAKE) BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) \
	  CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link $(FUZZ_SAN)" \
	  $(FUZZ_BUILD)/libecsched.a $(FUZZ_BUILD)/libecscli.a
	@for t in $(FUZZ_TARGETS); do \
	  $(FUZZ_CC) $(ECS_CFLAGS) -Icli -O1 -g -fno-omit-frame-pointer \
	    -fsanitize=fuzzer $(FUZZ_SAN) tests/fuzz/fuzz_$$t.c \
	    $(FUZZ_BUILD)/libecscli.a $(FUZZ_BUILD)/libecsched.a $(LIBS) \
	    -o $(FUZZ_BUILD)/fuzz_$$t || exit 1; \
	  $(FUZZ_CC) $(ECS_CFLAGS) -Icli -O1 -g -fno-omit-frame-pointer \
	    -fsanitize=fuzzer-no-link $(FUZZ_SAN) tests/fuzz/fuzz_$$t.c \
	    tests/fuzz/replay.c \
	    $(FUZZ_BUILD)/libecscli.a $(FUZZ_BUILD)/libecsched.a $(LIBS) \
	    -o $(FUZZ_BUILD)/replay_$$t || exit 1; \
	done
	@sh tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf build bin

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TESTUTIL:.o=.d)

# ---- install: the library for others to embed (docs/reference.md "Install and embed the library") ----------
# make install PREFIX=DIR [DESTDIR=STAGE]: bin/ecsched, lib/libecsched.a,
# lib/libecsched.so (soname libecsched.so.MAJOR, from -fPIC objects built in
# $(BUILD)/pic), include/ecsched.h and include/ecsched/*.h,
# lib/pkgconfig/ecsched.pc, share/man/man1/ecsched.1 and share/ecsched/ (what
# data/ holds).  The command finds that data through TOOL_DATADIR, compiled
# into cli/run/datapath.c from PREFIX (rebuilt when PREFIX changes).
PREFIX       ?= /usr/local
bindir       ?= $(PREFIX)/bin
libdir       ?= $(PREFIX)/lib
includedir   ?= $(PREFIX)/include
datarootdir  ?= $(PREFIX)/share
pkgdatadir   ?= $(datarootdir)/ecsched
mandir       ?= $(datarootdir)/man
pkgconfigdir ?= $(libdir)/pkgconfig

# The version, from its one place (include/ecsched/version.h).
ecs_version_part = $(shell sed -n 's/^\#define ECS_VERSION_$(1) \([0-9][0-9]*\)$$/\1/p' include/ecsched/version.h)
VERSION_MAJOR := $(call ecs_version_part,MAJOR)
VERSION       := $(VERSION_MAJOR).$(call ecs_version_part,MINOR).$(call ecs_version_part,PATCH)
SONAME        = libecsched.so.$(VERSION_MAJOR)
LIBSO         = $(BUILD)/libecsched.so.$(VERSION)
PIC_OBJ       = $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
PCFILE        = $(BUILD)/ecsched.pc
DATADIR_STAMP = $(BUILD)/datadir.txt

.PHONY: install uninstall shared python FORCE

shared: $(LIBSO)

# The Python package in the tree (README "Python"): it loads
# build/libecsched.so.* when neither ECSCHED_LIB nor an installed path says
# otherwise, so `PYTHONPATH=python /usr/bin/python3` imports it.
python: $(LIBSO)

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ECS_CFLAGS) -fPIC $(CFLAGS) -c $< -o $@

# Only the API is exported: the functions the public headers declare
# (library-internal helpers, ecs_ names included, stay local).
$(BUILD)/libecsched.map: $(wildcard include/ecsched/*.h)
	@mkdir -p $(dir $@)
	@{ echo '{ global:'; grep -ho '\becs_[a-z0-9_]*(' include/ecsched/*.h | sed 's/($$/;/' | sort -u; \
	   echo 'local: *; };'; } > $@

$(LIBSO): $(PIC_OBJ) $(BUILD)/libecsched.map
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=$(BUILD)/libecsched.map \
	  $(CFLAGS) $(LDFLAGS) $(PIC_OBJ) $(LIBS) -o $@

# Rewritten only when the data directory changes, so that datapath.o is
# rebuilt exactly then.
$(DATADIR_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo '$(pkgdatadir)' | cmp -s - $@ || echo '$(pkgdatadir)' > $@

$(BUILD)/cli/run/datapath.o: cli/run/datapath.c $(DATADIR_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(ECS_CFLAGS) -Icli -DTOOL_DATADIR='"$(pkgdatadir)"' $(CFLAGS) -c $< -o $@

$(PCFILE): ecsched.pc.in include/ecsched/version.h FORCE
	@mkdir -p $(dir $@)
	@sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(libdir)|g' \
	     -e 's|@INCLUDEDIR@|$(includedir)|g' -e 's|@DATADIR@|$(pkgdatadir)|g' \
	     -e 's|@VERSION@|$(VERSION)|g' -e 's|@LIBS@|$(LIBS)|g' ecsched.pc.in > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@

install: $(EXE) $(LIBA) $(LIBSO) $(PCFILE)
	install -d $(DESTDIR)$(bindir) $(DESTDIR)$(libdir) $(DESTDIR)$(pkgconfigdir) \
	  $(DESTDIR)$(includedir)/ecsched $(DESTDIR)$(mandir)/man1 $(DESTDIR)$(pkgdatadir)
	install -m 755 $(EXE) $(DESTDIR)$(bindir)/ecsched
	install -m 644 $(LIBA) $(DESTDIR)$(libdir)/libecsched.a
	install -m 755 $(LIBSO) $(DESTDIR)$(libdir)/libecsched.so.$(VERSION)
	ln -sf libecsched.so.$(VERSION) $(DESTDIR)$(libdir)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(libdir)/libecsched.so
	install -m 644 include/ecsched.h $(DESTDIR)$(includedir)/ecsched.h
	install -m 644 include/ecsched/*.h $(DESTDIR)$(includedir)/ecsched/
	install -m 644 $(PCFILE) $(DESTDIR)$(pkgconfigdir)/ecsched.pc
	install -m 644 docs/ecsched.1 $(DESTDIR)$(mandir)/man1/ecsched.1
	cp -R data/. $(DESTDIR)$(pkgdatadir)/

uninstall:
	rm -f $(DESTDIR)$(bindir)/ecsched $(DESTDIR)$(libdir)/libecsched.a \
	  $(DESTDIR)$(libdir)/libecsched.so.$(VERSION) $(DESTDIR)$(libdir)/$(SONAME) \
	  $(DESTDIR)$(libdir)/libecsched.so $(DESTDIR)$(pkgconfigdir)/ecsched.pc \
	  $(DESTDIR)$(includedir)/ecsched.h $(DESTDIR)$(mandir)/man1/ecsched.1 \
	  $(addprefix $(DESTDIR)$(includedir)/ecsched/,$(notdir $(wildcard include/ecsched/*.h)))
	-rmdir $(DESTDIR)$(includedir)/ecsched
	rm -rf $(DESTDIR)$(pkgdatadir)

FORCE:

-include $(PIC_OBJ:.o=.d)
