# isolab: build, test and install.
#   make            build ./isolab and the SQL extension ./isolab.so
#   make lesson     build (isolab.so too), seed isolab.db and print the lesson's tables
#   make check      all tests, plain and under AddressSanitizer + UBSan, in
#                   parallel (CHECK_JOBS, default: the number of CPUs)
#   make check-quick the unit suites and the lesson end to end, in a minute
#   make check-deep the long ones: valgrind, fault injection and crash sweeps
#                   at up to DEEP_POINTS points (60) of each kind a command
#   make check-faults-full  fault injection at every point (not in CI)
#   make plots      build, run the lesson and sweep bundles, draw plots/*.png
#   make page       the same, then the results as one HTML file, page.html
#   make views      the view graph in docs/HACKING.md, from a new database
#   make wasm       the page's engine, isolab-sql.wasm (and .wasm.gz) and isolab-sql.js (emscripten)
#   make install    PREFIX=/usr/local DESTDIR= (BINDIR LIBDIR DATADIR MANDIR); make uninstall
#   make clean

CC      ?= cc
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
LIBDIR  ?= $(PREFIX)/lib
EXTDIR  ?= $(LIBDIR)/isolab
DATADIR ?= $(PREFIX)/share
MANDIR  ?= $(DATADIR)/man
CFLAGS  ?= -O2 -g
# Warnings are errors for developers and CI (make DEVELOPER=1; make check and
# .ci/run set it), not for people building a release with another compiler.
DEVELOPER ?=
ifneq ($(filter check check-% test-% fuzz,$(MAKECMDGOALS)),)
DEVELOPER := 1
endif
WARN    := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes $(if $(DEVELOPER),-Werror)
DEPFLAGS = -MMD -MP
HEADERS := $(wildcard include/isolab/*.h src/*/*.h)
no_deps_yet = $(if $(wildcard $(1).d),,$(HEADERS))
.SECONDEXPANSION:
# The sanitized build at -O1, as ASan's authors advise: its objects compile
# in 19 CPU-s instead of 29 at -O2, and run as fast where the time goes
# (SQLite, the sanitizer's allocator); GCC's format-truncation analysis
# warns falsely at -O1 (it sees the bounds at -O2, where the warning stays).
SAN     := -fsanitize=address,undefined,float-cast-overflow -fno-omit-frame-pointer -fno-sanitize-recover=all \
  -O1 -Wno-format-truncation

# Recursive (=) so pkg-config runs after the deps check has installed them.
# zlib comes with SQLite's flags: isolab page compresses the lab's engine
# and database with it (src/cli/page_lab.c).
SQLITE_CFLAGS = $(shell pkg-config --cflags sqlite3 zlib)
SQLITE_LIBS   = $(shell pkg-config --libs sqlite3 zlib)
CMOCKA_CFLAGS = $(shell pkg-config --cflags cmocka)
CMOCKA_LIBS   = $(shell pkg-config --libs cmocka)
ALL_CFLAGS    = $(WARN) $(CFLAGS) $(DEPFLAGS) -D_POSIX_C_SOURCE=200809L -Iinclude $(SQLITE_CFLAGS)

SCHEMA  := $(sort $(wildcard schema/*.sql))
# The seeds built in and installed: in a git checkout those git tracks (a
# draft lesson in seeds/ is not built in until 'git add'), else every
# seeds/*.sql; drafts/ is never built in (docs/authoring.md). LESSONS: the
# course's lessons to load, installed beside them, chosen by the same rule.
SEEDS   := $(sort $(or $(wildcard $(shell git ls-files -- seeds 2>/dev/null | grep '^seeds/[^/]*\.sql$$')),$(wildcard seeds/*.sql)))
QUERIES := $(sort $(wildcard queries/*.sql))
LESSONS := $(sort $(or $(wildcard $(shell git ls-files -- lessons 2>/dev/null | grep '^lessons/[^/]*\.sql$$')),$(wildcard lessons/*.sql)))
GNUPLOT := $(sort $(wildcard gnuplot/*.gp))
LIB_SRC := $(sort $(wildcard src/core/*.c src/kernel/*.c src/base/*.c src/store/*.c src/lab/*.c src/cli/*.c src/ext/*.c))
LIB_OBJ := $(LIB_SRC:src/%.c=build/obj/%.o) build/obj/embedded.o
SAN_OBJ := $(LIB_SRC:src/%.c=build/san/%.o) build/san/embedded.o
# The suites, in folders by what they test (tests/README.md): unit suites
# tests/unit/test_*.c, shell suites tests/LAYER/test_*.sh. A suite's name
# is its file's, unique.
TESTS   := $(basename $(notdir $(wildcard tests/unit/test_*.c)))
SHTESTS := $(sort $(wildcard tests/*/test_*.sh))

.PHONY: all check check-suites check-quick check-quick-suites check-deep check-deep-suites test-unit test-san test-sh lesson install uninstall clean deps plots
all: isolab isolab.so

deps: build/.deps
build/.deps: tools/deps.sh
	@mkdir -p build
	@sh tools/deps.sh
	@touch $@

build/embed: tools/embed.c | build/.deps
	$(CC) $(WARN) -O1 -o $@ $<

# The page's script as the page carries it: src/wasm/lab.js without its
# indentation, its comment lines and its blank lines (a quarter of its
# bytes, for the page's 1.5 MB budget; the script has no multi-line string,
# and a line of it that starts with // is a comment).
build/lab.js: src/wasm/lab.js | build/.deps
	sed -e 's/^[[:space:]]*//' -e '/^\/\//d' -e '/^$$/d' src/wasm/lab.js > $@.tmp && mv $@.tmp $@

# the list of seeds itself: a seed git starts or stops tracking rebuilds
build/seeds.list: FORCE
	@mkdir -p build && echo '$(SEEDS)' | cmp -s - $@ || echo '$(SEEDS)' > $@
.PHONY: FORCE
build/embedded.c: build/embed $(SCHEMA) $(SEEDS) build/seeds.list $(QUERIES) $(GNUPLOT) build/lab.js Makefile
	@{ echo '#include "isolab/embedded.h"'; \
	   build/embed isl_schema $(SCHEMA) && \
	   build/embed isl_seed $(SEEDS) && \
	   build/embed isl_query $(QUERIES) && \
	   build/embed isl_plot $(GNUPLOT) && \
	   build/embed isl_page_script build/lab.js; } > $@.tmp && mv $@.tmp $@

build/obj/%.o: src/%.c $$(call no_deps_yet,build/obj/$$*) | build/.deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<
build/obj/embedded.o: build/embedded.c include/isolab/embedded.h
	$(CC) $(ALL_CFLAGS) -c -o $@ $<
# where make install puts the page's engine, for isolab page to find it there
build/obj/cli/page_lab.o build/san/cli/page_lab.o build/fuzz/cli/page_lab.o: ALL_CFLAGS += -DISL_EXTDIR='"$(EXTDIR)"'
build/san/%.o: src/%.c $$(call no_deps_yet,build/san/$$*) | build/.deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SAN) -c -o $@ $<
build/san/embedded.o: build/embedded.c include/isolab/embedded.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SAN) -c -o $@ $<

build/libisolab.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^
build/libisolab-san.a: $(SAN_OBJ)
	rm -f $@ && ar rcs $@ $^

# seeds/ itself, or (a draft beside the tracked seeds) a copy of SEEDS alone
SEEDS_DIR := $(if $(filter-out $(SEEDS),$(wildcard seeds/*.sql)),build/seeds,seeds)
# The seeds built in (SEEDS) are loaded as 'isolab load' reads a lesson file, each
# claim's SQL compiled: a lesson in seeds/ that does not fails the build
# with its file and line (0.15 s), and no ./isolab is left behind.
isolab: build/obj/main.o build/libisolab.a
	$(CC) $(CFLAGS) -o build/$@.tmp $^ $(SQLITE_LIBS) -lm
	@if [ $(SEEDS_DIR) = build/seeds ]; then rm -rf build/seeds && mkdir -p build/seeds && cp $(SEEDS) build/seeds/; fi
	@build/$@.tmp init --seeds $(SEEDS_DIR) --force --db build/seeds-check.db >/dev/null || { rm -f build/$@.tmp; exit 1; }
	@rm -f build/seeds-check.db && mv build/$@.tmp $@
build/isolab-san: build/san/main.o build/libisolab-san.a
	$(CC) $(CFLAGS) $(SAN) -o $@ $^ $(SQLITE_LIBS) -lm
build/obj/main.o build/san/main.o: src/main.c

# Header dependencies, as the compiler found them (-MMD -MP). An object
# built before it had a .d file (an older tree) depends on every header, so
# it is rebuilt once rather than left stale.
-include $(wildcard build/obj/*/*.d build/obj/*.d build/san/*/*.d build/san/*.d build/fuzz/*/*.d build/pic/*/*.d)

# a unit suite's source: tests/unit/NAME.c; a helper program:
# tests/lib/NAME.c (isolab_paused)
unit_src = $(firstword $(wildcard tests/unit/$(1).c tests/lib/$(1).c))
build/tests/%: $$(call unit_src,$$*) tests/lib/testutil.h build/libisolab.a build/.deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -Itests/lib -o $@ $< build/libisolab.a $(CMOCKA_LIBS) $(SQLITE_LIBS) -lm
build/san-tests/%: $$(call unit_src,$$*) tests/lib/testutil.h build/libisolab-san.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SAN) $(CMOCKA_CFLAGS) -Itests/lib -o $@ $< build/libisolab-san.a $(CMOCKA_LIBS) $(SQLITE_LIBS) -lm

# make check first builds what its suites run (CHECK_BUILD), the output in
# build/check-build.log (its end shown only when the build fails), then
# runs its suites (check-suites) in a make of its own with -j$(CHECK_JOBS)
# (the number of CPUs; make -jN check: N), one line each, and prints the
# closing line. make check-quick does the same with the unit suites and
# the lesson end to end (check-quick-suites); make check-deep with the long
# suites (check-deep-suites): valgrind, fault injection and the crash sweep
# at up to DEEP_POINTS points. .ci/run runs check and check-deep; make
# check-faults-full (every point) is for a release.
CHECK_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CHECK_J = $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(CHECK_JOBS))
# the page's engine, when emcc and SQLite's source (tools/deps.sh wasm
# fetches it) are there: test_page_lab says so when it is not. make
# check-deep builds it for the lab's suites (SH_LAB).
ENGINE = $(if $(and $(shell command -v emcc 2>/dev/null),$(wildcard $(SQLITE_TREE)/sqlite3.c)),isolab-sql.wasm.gz)
CHECK_BUILD = isolab build/isolab-san isolab.so $(TESTS:%=build/tests/%) $(TESTS:%=build/san-tests/%) \
  build/san-tests/fault_inject build/san-tests/fuzz_replay build/san-tests/fuzz_args_replay build/tests/isolab_paused
# $(call build_quietly,TARGETS,GOAL): TARGETS made, the output in
# build/check-build.log; on failure its end and where the rest is
build_quietly = mkdir -p build && { $(MAKE) --no-print-directory $(CHECK_J) $(1) DEVELOPER=1 >build/check-build.log 2>&1 \
  || { tail -n 30 build/check-build.log; echo "make $(2): the build failed (all of its output: build/check-build.log)"; exit 1; }; }
check:
	@$(call build_quietly,$(CHECK_BUILD),check)
	@$(MAKE) --no-print-directory $(CHECK_J) -Otarget check-suites DEVELOPER=1
	@$(call closing_line,$(CHECK_SUITES),check)
check-quick:
	@$(call build_quietly,isolab $(TESTS:%=build/tests/%),check-quick)
	@$(MAKE) --no-print-directory $(CHECK_J) -Otarget check-quick-suites DEVELOPER=1
	@$(call closing_line,$(QUICK_SUITES),check-quick)
check-deep:
	@$(call build_quietly,isolab build/isolab-san isolab.so $(TESTS:%=build/tests/%) build/san-tests/fault_inject $(ENGINE),check-deep)
	@$(MAKE) --no-print-directory $(CHECK_J) -Otarget check-deep-suites DEVELOPER=1
	@$(call closing_line,$(DEEP_SUITES),check-deep)

# Unit tests run from the top directory, plain and sanitized, each a target
# of its own so that make -j spreads them. Each suite runs through
# tools/suite.sh: one line on the terminal, its output in
# build/test-logs/NAME.log.
SUITE = sh tools/suite.sh
# the longest first (fault injection), so that -j does not end on them
check-suites: test-faults test-sh test-san test-unit
UNIT_PLAIN := $(TESTS:%=unit-%)
UNIT_SAN   := $(TESTS:%=unit-san-%)
.PHONY: $(UNIT_PLAIN) $(UNIT_SAN)
test-unit: $(UNIT_PLAIN)
test-san: $(UNIT_SAN)
$(UNIT_PLAIN): unit-%: build/tests/% isolab
	@ISOLAB=./isolab $(SUITE) $* build/tests/$*
$(UNIT_SAN): unit-san-%: build/san-tests/% build/isolab-san
	@ISOLAB=build/isolab-san ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 $(SUITE) $*-san build/san-tests/$*
# Each shell suite is a target of its own, so that make -j spreads them.
# In make check the suites of SH_SAN run the sanitized binary and the
# others ./isolab: under the sanitizer each isolab process costs 2 to 3
# times the CPU (SQLite's allocations through ASan's allocator, the leak
# check at exit), and a suite that starts isolab hundreds of times costs
# it in whole CPU-minutes. SH_SAN holds the suite of hostile and broken
# input, where a memory error would hide, and those the sanitizer costs
# little (measured: tests/README.md). make
# check-deep runs every other suite under the sanitizer (NAME-san), but
# for the crash and concurrency suites: SIGKILLs and locks test what
# SQLite keeps across processes, which the sanitizer does not see, and
# under it they take minutes.
# The lab's suites and the page's layout (SH_LAB: the engine and the page
# measured in Chromium) are in make check-deep alone: the engine's build
# (emcc, 31 CPU-s) and their Chromium runs (50 CPU-s, minutes of wall)
# would be a quarter of make check. test_page reads the page's tables back
# from Chromium in make check.
SH_NAMES := $(notdir $(SHTESTS:.sh=))
SH_SAN   := test_bad_input test_claim_places test_channels
SH_LAB   := test_page_lab test_page_lab_ui test_page_layout
SH_CHECK := $(filter-out $(SH_LAB),$(SH_NAMES))
SH_DEEP  := $(filter-out $(SH_SAN) test_crash test_concurrency,$(SH_NAMES))
.PHONY: $(SH_NAMES:%=test-sh-%) $(SH_DEEP:%=test-sh-san-%) test-sh-san
test-sh: $(SH_CHECK:%=test-sh-%)
$(SH_NAMES:%=test-sh-%): test-sh-%: isolab build/isolab-san isolab.so
	@ISOLAB=$(if $(filter $*,$(SH_SAN)),build/isolab-san,./isolab) ASAN_OPTIONS=detect_leaks=1 \
	  $(SUITE) $* sh $(filter %/$*.sh,$(SHTESTS))
test-sh-san: $(SH_DEEP:%=test-sh-san-%)
$(SH_DEEP:%=test-sh-san-%): test-sh-san-%: isolab build/isolab-san isolab.so
	@ISOLAB=build/isolab-san ASAN_OPTIONS=detect_leaks=1 $(SUITE) $*-san sh $(filter %/$*.sh,$(SHTESTS))
# isolab with its pause points on (tests/lib/isolab_paused.c): a writer stopped
# where another process races it
test-sh-test_concurrency: build/tests/isolab_paused
# make check-quick: the unit suites, plain, and the lesson end to end
# (tests/lesson/test_lesson_text.sh) with the plain binary
QUICK_SUITES = $(TESTS) test_lesson_text
check-quick-suites: $(UNIT_PLAIN) quick-lesson
.PHONY: quick-lesson
quick-lesson: isolab
	@ISOLAB=./isolab $(SUITE) test_lesson_text sh tests/lesson/test_lesson_text.sh

# isolab.so too: the README's what-if session, right after set-up, loads it.
lesson: isolab isolab.so
	./isolab lesson

# The runs the plots read, then the images and their CSV files in plots/
# (gnuplot installed first by tools/deps.sh, or the command to install it).
plots: isolab
	@sh tools/deps.sh plots
	@./isolab lesson >/dev/null 2>build/lesson.log || { cat build/lesson.log; exit 1; }
	./isolab sweep bundles
	./isolab plot

# The view graph in docs/HACKING.md, read from a new database's views
# (tools/viewgraph.sh), so it cannot drift from them (tests/sql/test_views.sh).
.PHONY: views
views: isolab
	@rm -f build/views.db && ./isolab --db build/views.db init >/dev/null
	sh tools/viewgraph.sh build/views.db docs/HACKING.md
	@rm -f build/views.db

# The results as one HTML page, page.html (gnuplot for its plots; chromium
# too, for the page's browser test and the README's screenshot,
# docs/page.png and docs/page-phone.png: make page-screenshot).
.PHONY: page page-screenshot
page: isolab
	@sh tools/deps.sh plots
	@./isolab lesson --all >/dev/null 2>build/lesson.log || { cat build/lesson.log; exit 1; }
	./isolab sweep bundles
	./isolab page -o page.html
page-screenshot: isolab
	@sh tools/deps.sh page plots
	PAGE_SHOTS=$(CURDIR)/docs sh tests/page/test_page_layout.sh

# The man page and the bash completion, generated from the command table
# (tools/mkdoc.c), so they cannot drift from it.
build/mkdoc: tools/mkdoc.c build/libisolab.a
	$(CC) $(ALL_CFLAGS) -o $@ tools/mkdoc.c build/libisolab.a $(SQLITE_LIBS) -lm
.PHONY: doc
doc: build/mkdoc
	build/mkdoc man $(call shq,$(DATADIR)) $(call shq,$(EXTDIR)) > build/isolab.1
	build/mkdoc completion > build/isolab.bash

# make install [PREFIX=/usr/local] [DESTDIR=] [BINDIR LIBDIR DATADIR MANDIR];
# make uninstall with the same values removes every file it installed.
# Every directory goes to the shell quoted by shq: '...', each ' as '\''.
shq = '$(subst ','\'',$(1))'
COMPDIR = $(DATADIR)/bash-completion/completions
D_BIN = $(call shq,$(DESTDIR)$(BINDIR))
D_EXT = $(call shq,$(DESTDIR)$(EXTDIR))
D_MAN = $(call shq,$(DESTDIR)$(MANDIR)/man1)
D_COMP = $(call shq,$(DESTDIR)$(COMPDIR))
D_DATA = $(call shq,$(DESTDIR)$(DATADIR)/isolab)
install: isolab isolab.so doc
	install -d $(D_BIN) $(D_EXT) $(D_MAN) $(D_COMP) $(D_DATA)/seeds $(D_DATA)/queries $(D_DATA)/lessons
	install -m 755 isolab $(D_BIN)/isolab
	install -m 644 isolab.so $(D_EXT)/isolab.so
	if [ -f isolab-sql.wasm.gz ]; then install -m 644 isolab-sql.wasm isolab-sql.wasm.gz isolab-sql.js $(D_EXT); fi
	install -m 644 build/isolab.1 $(D_MAN)/isolab.1
	install -m 644 build/isolab.bash $(D_COMP)/isolab
	install -m 644 $(SEEDS) $(D_DATA)/seeds
	install -m 644 $(QUERIES) $(D_DATA)/queries
	install -m 644 $(LESSONS) $(D_DATA)/lessons
uninstall:
	rm -f $(D_BIN)/isolab $(D_EXT)/isolab.so $(D_EXT)/isolab-sql.wasm $(D_EXT)/isolab-sql.wasm.gz \
	  $(D_EXT)/isolab-sql.js $(D_MAN)/isolab.1 $(D_COMP)/isolab
	cd $(D_DATA)/seeds 2>/dev/null && rm -f $(notdir $(SEEDS)) || true
	cd $(D_DATA)/queries 2>/dev/null && rm -f $(notdir $(QUERIES)) || true
	cd $(D_DATA)/lessons 2>/dev/null && rm -f $(notdir $(LESSONS)) || true
	-rmdir $(D_DATA)/seeds $(D_DATA)/queries $(D_DATA)/lessons $(D_DATA) $(D_EXT) 2>/dev/null

clean:
	rm -rf build isolab isolab.so isolab-sql.wasm isolab-sql.wasm.gz isolab-sql.js

# Benchmark (not part of check): isolab sweep bundles vs SQLite's insert
# ceiling; knobs in tests/bench/bench.sh (BENCH_RUNS, BENCH_M, ...).
.PHONY: bench
build/bench/%: tests/bench/%.c | build/.deps
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -D_POSIX_C_SOURCE=200809L $(SQLITE_CFLAGS) -o $@ $< $(SQLITE_LIBS)
bench: isolab isolab.so build/bench/ceiling build/bench/ceiling_vtab build/bench/measure build/bench/base/isolab
	sh tests/bench/bench.sh
# 'isolab lesson' alone (tests/bench/lesson.sh), against isolab as of
# BENCH_BASE, the release before this one (4f4a90d: 42-49 ms on an idle
# machine), built in
# build/bench/base from git (without git: no baseline, said so).
BENCH_BASE ?= 4f4a90d
.PHONY: bench-lesson
bench-lesson: isolab build/bench/measure build/bench/base/isolab
	sh tests/bench/lesson.sh
# 'isolab lesson' with 155, 310 and 620 runs stored against a fresh
# database (tests/bench/lesson_runs.sh): the doubling test on stored runs.
.PHONY: bench-lesson-runs
bench: bench-lesson-runs
bench-lesson-runs: isolab build/bench/measure
	sh tests/bench/lesson_runs.sh
build/bench/base/isolab:
	@rm -rf build/bench/base && mkdir -p build/bench/base
	@if git archive --format=tar $(BENCH_BASE) 2>/dev/null | tar -x -C build/bench/base; then \
	  $(MAKE) -s -C build/bench/base isolab >/dev/null; \
	else echo "bench: cannot read commit $(BENCH_BASE) from git: no baseline"; fi

# Fault injection (tests/faults/fault_inject.c): out-of-memory and I/O errors in
# every command of the command table, sanitized so LeakSanitizer sees any
# leak. isolab's own malloc/calloc/realloc, write and fsync are wrapped at
# link time.
.PHONY: test-faults test-faults-full
check-suites: test-faults
build/san-tests/fault_inject: tests/faults/fault_inject.c build/libisolab-san.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SAN) $(CMOCKA_CFLAGS) -o $@ $< build/libisolab-san.a \
	  -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=scandir,--wrap=write,--wrap=fsync $(CMOCKA_LIBS) $(SQLITE_LIBS) -lm
# make check tries FAULT_POINTS=3 points of each kind per command, spread
# over it (a command makes 10^4 to 10^5 allocations, SQLite's included:
# the first, and two more a third of the way apart; 8 points cost 80
# CPU-s, a quarter of make check, 3 cost 36),
# in four shards balanced by each argv's measured cost (-j spreads them).
# make check-deep (.ci/run) fails isolab's own allocations (FAULT_OWN=1) and
# its reads, writes and syncs at up to DEEP_POINTS points of each kind per
# command (every one for most commands), in four shards, then the crash
# sweep (FAULT_SWEEP=own, each execution in a child process) at up to
# DEEP_POINTS own allocations k, each with all later ones failing. make
# check-faults-full (tens of minutes, not in CI) tries every point:
# every own allocation and every read, write and sync (some 1700 points),
# 60 points of each kind spread over all allocations (SQLite's too), the
# crash sweeps at every own allocation and at 120 points of all.
FAULT_ENV = ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
FAULT_SHARDS := 0 1 2 3
.PHONY: $(FAULT_SHARDS:%=test-faults-%)
test-faults: $(FAULT_SHARDS:%=test-faults-%)
$(FAULT_SHARDS:%=test-faults-%): test-faults-%: build/san-tests/fault_inject
	@FAULT_SHARD=$*/4 FAULT_POINTS=3 $(FAULT_ENV) $(SUITE) fault_inject-$*-san build/san-tests/fault_inject
DEEP_POINTS ?= 60
DEEP_FAULTS := $(foreach i,0 1 2 3,faults-own-$(i)) $(foreach i,0 1,sweep-own-$(i))
.PHONY: $(DEEP_FAULTS:%=test-%)
# check-deep's suites, the longest first (test_ext under valgrind, about
# 200 s; then the fault shards), so that make -j does not end on one alone
check-deep-suites: $(if $(shell command -v valgrind 2>/dev/null),valgrind-test_ext)
check-deep-suites: $(DEEP_FAULTS:%=test-%)
$(filter test-faults-own-%,$(DEEP_FAULTS:%=test-%)): test-faults-own-%: build/san-tests/fault_inject
	@FAULT_SHARD=$*/4 FAULT_OWN=1 FAULT_POINTS=$(DEEP_POINTS) $(FAULT_ENV) $(SUITE) faults-own-$* build/san-tests/fault_inject
$(filter test-sweep-own-%,$(DEEP_FAULTS:%=test-%)): test-sweep-own-%: build/san-tests/fault_inject
	@FAULT_SHARD=$*/2 FAULT_SWEEP=own FAULT_POINTS=$(DEEP_POINTS) $(FAULT_ENV) $(SUITE) sweep-own-$* build/san-tests/fault_inject
FULL_FAULTS := $(foreach i,0 1 2 3,faults-every-$(i) faults-all-$(i)) $(foreach i,0 1,sweep-every-$(i) sweep-all-$(i))
.PHONY: check-faults-full test-faults-full $(FULL_FAULTS:%=test-%)
test-faults-full: $(FULL_FAULTS:%=test-%)
check-faults-full:
	@$(call build_quietly,build/san-tests/fault_inject,check-faults-full)
	@$(MAKE) --no-print-directory $(CHECK_J) -Otarget test-faults-full DEVELOPER=1
	@$(call closing_line,$(FULL_FAULTS),check-faults-full)
$(filter test-faults-every-%,$(FULL_FAULTS:%=test-%)): test-faults-every-%: build/san-tests/fault_inject
	@FAULT_SHARD=$*/4 FAULT_OWN=1 $(FAULT_ENV) $(SUITE) faults-every-$* build/san-tests/fault_inject
$(filter test-faults-all-%,$(FULL_FAULTS:%=test-%)): test-faults-all-%: build/san-tests/fault_inject
	@FAULT_SHARD=$*/4 FAULT_POINTS=60 FAULT_IO=0 $(FAULT_ENV) $(SUITE) faults-all-$* build/san-tests/fault_inject
$(filter test-sweep-every-%,$(FULL_FAULTS:%=test-%)): test-sweep-every-%: build/san-tests/fault_inject
	@FAULT_SHARD=$*/2 FAULT_SWEEP=own $(FAULT_ENV) $(SUITE) sweep-every-$* build/san-tests/fault_inject
$(filter test-sweep-all-%,$(FULL_FAULTS:%=test-%)): test-sweep-all-%: build/san-tests/fault_inject
	@FAULT_SHARD=$*/2 FAULT_SWEEP=all FAULT_POINTS=120 $(FAULT_ENV) $(SUITE) sweep-all-$* build/san-tests/fault_inject

# Unit tests under valgrind memcheck (make check-deep), when valgrind is
# installed.
HAVE_VALGRIND := $(shell command -v valgrind 2>/dev/null)
.PHONY: test-valgrind $(TESTS:%=valgrind-%)
check-deep-suites: test-sh-san test-valgrind
ifneq ($(HAVE_VALGRIND),)
test-valgrind: $(TESTS:%=valgrind-%)
$(TESTS:%=valgrind-%): valgrind-%: build/tests/%
	@$(SUITE) $*-valgrind valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite build/tests/$*
else
test-valgrind:
	@$(SUITE) valgrind sh -c 'echo "skip - valgrind is not installed: memcheck not run"; exit 77'
endif

# Fuzzing the seed loader and model validation (tests/fuzz/fuzz_seed.c).
#   make fuzz [FUZZ_TIME=seconds]  libFuzzer with clang; new inputs go to
#                                  build/fuzz/corpus (seeded from seeds/)
#   make check                     replays seeds/ and tests/fuzz/corpus/
FUZZ_CC   ?= clang
FUZZ_TIME ?= 60
FUZZ_SAN  := -fsanitize=address,undefined,float-cast-overflow -fno-omit-frame-pointer -fno-sanitize-recover=all
FUZZ_OBJ  := $(LIB_SRC:src/%.c=build/fuzz/%.o) build/fuzz/embedded.o
.PHONY: fuzz test-fuzz-replay
check-suites: test-fuzz-replay
build/fuzz/%.o: src/%.c $$(call no_deps_yet,build/fuzz/$$*) | build/.deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(ALL_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -c -o $@ $<
build/fuzz/embedded.o: build/embedded.c include/isolab/embedded.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(ALL_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -c -o $@ $<
build/fuzz/fuzz_seed: tests/fuzz/fuzz_seed.c $(FUZZ_OBJ)
	$(FUZZ_CC) $(ALL_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(SQLITE_LIBS) -lm
fuzz: build/fuzz/fuzz_seed
	@mkdir -p build/fuzz/corpus && cp seeds/*.sql tests/fuzz/corpus/* build/fuzz/corpus/
	build/fuzz/fuzz_seed -max_total_time=$(FUZZ_TIME) -timeout=10 -max_len=8192 build/fuzz/corpus
build/san-tests/fuzz_replay: tests/fuzz/fuzz_seed.c tests/fuzz/replay.c build/libisolab-san.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SAN) -o $@ tests/fuzz/fuzz_seed.c tests/fuzz/replay.c build/libisolab-san.a $(SQLITE_LIBS) -lm
test-fuzz-replay: build/san-tests/fuzz_replay build/san-tests/fuzz_args_replay
	@$(SUITE) fuzz_replay-san build/san-tests/fuzz_replay seeds/*.sql tests/fuzz/corpus/*
	@$(SUITE) fuzz_args_replay-san build/san-tests/fuzz_args_replay tests/fuzz/args/*

# Fuzzing the option parser and the argv recorder (tests/fuzz/fuzz_args.c):
# `make fuzz` runs it after fuzz_seed, for FUZZ_TIME seconds too; its
# corpus, tests/fuzz/args/, is replayed by make check.
build/fuzz/fuzz_args: tests/fuzz/fuzz_args.c $(FUZZ_OBJ)
	$(FUZZ_CC) $(ALL_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(SQLITE_LIBS) -lm
fuzz: fuzz-args
.PHONY: fuzz-args
fuzz-args: build/fuzz/fuzz_args
	@mkdir -p build/fuzz/args && cp tests/fuzz/args/* build/fuzz/args/
	build/fuzz/fuzz_args -max_total_time=$(FUZZ_TIME) -timeout=10 -max_len=4096 build/fuzz/args
build/san-tests/fuzz_args_replay: tests/fuzz/fuzz_args.c tests/fuzz/replay.c build/libisolab-san.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SAN) -o $@ tests/fuzz/fuzz_args.c tests/fuzz/replay.c build/libisolab-san.a $(SQLITE_LIBS) -lm

# The closing line, printed only when no suite above has failed (make stops
# at the first that fails), from the outcomes tools/suite.sh kept: for make
# check, unit suites plain and sanitized, the shell suites, fault
# injection, fuzz replay; for make check-deep, the unit suites under
# valgrind (one skipped suite without it), the long fault injection and
# the shell suites make check runs with ./isolab, sanitized.
CHECK_SUITES = $(TESTS) $(TESTS:%=%-san) \
  $(SH_CHECK) $(FAULT_SHARDS:%=fault_inject-%-san) fuzz_replay-san fuzz_args_replay-san
DEEP_SUITES = $(if $(HAVE_VALGRIND),$(TESTS:%=%-valgrind),valgrind) $(DEEP_FAULTS) $(SH_DEEP:%=%-san)
ALL_SUITES = $(CHECK_SUITES) $(DEEP_SUITES) $(FULL_FAULTS)
ifneq ($(words $(ALL_SUITES)),$(words $(sort $(ALL_SUITES))))
$(error two suites share a name (a unit suite and a shell suite?): $(ALL_SUITES))
endif
closing_line = cd build/test-logs && cat $(1:%=%.result) | sort | uniq -c \
  | awk '{ n[$$2] = $$1 } END { printf "make $(2): %d passed, %d failed, %d skipped\n", n["pass"], n["fail"], n["skip"] }'

# ---- the SQL functions as a loadable extension ---------------------------
# isolab.so: the SQL functions (src/ext) with what they use, the core, the
# store base and the model reader (nothing that creates, migrates or checks
# a database, no embedded files), compiled position-independent in
# build/pic/, calling SQLite through the loading process's routines
# (sqlite3ext.h); only sqlite3_isolab_init is exported: -fvisibility=hidden
# (and --exclude-libs for the archive's objects) hides the rest, lest
# another library's symbols of the same name bind to ours or ours to theirs.
#   sqlite3 isolab.db    then    .load ./isolab
PIC_SRC := $(sort $(wildcard src/core/*.c src/base/*.c src/ext/*.c))
PIC_OBJ := $(PIC_SRC:src/%.c=build/pic/%.o)
PIC_FLAGS := -fPIC -fvisibility=hidden -DISL_SQLITE_EXTENSION
build/pic/%.o: src/%.c $$(call no_deps_yet,build/pic/$$*) | build/.deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PIC_FLAGS) -c -o $@ $<
build/libisolab-pic.a: $(PIC_OBJ)
	rm -f $@ && ar rcs $@ $^
isolab.so: build/pic/ext/ext.o build/libisolab-pic.a
	$(CC) $(CFLAGS) -shared -Wl,-z,defs -Wl,--exclude-libs,ALL -o $@ $^ -lm

# The doubling test, part of make bench (tests/bench/doubling.sh): every
# command at F and 2F facts of the synthetic model, flagging any whose time
# grows more than 2.5x. Knobs: DOUBLING_FACTS (100000), DOUBLING_RUNS,
# DOUBLING_M.
# The kernel layer's probes against their ceiling (tests/bench/probe.sh),
# part of make bench: the course's sets in both orders, the 256 subsets.
build/bench/probe_driver: tests/bench/probe_driver.c build/libisolab.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< build/libisolab.a $(SQLITE_LIBS) -lm
build/bench/probe_reader: tests/bench/probe_reader.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O2 -static -o $@ $<
.PHONY: bench-probe
bench: bench-probe
bench-probe: build/bench/probe_driver build/bench/probe_reader build/bench/measure
	sh tests/bench/probe.sh

# The power set's answers (tests/bench/answers.sh), part of make bench:
# isolab_frontier against SQL over isolab_powerset in the same shell, and
# the frontier past 30 mechanisms from the core (build/bench/frontier_far).
.PHONY: bench-answers
bench: bench-answers
bench-answers: isolab isolab.so build/bench/measure build/bench/frontier_far
	sh tests/bench/answers.sh
# 'diff' of two bundle sweeps against the sweep (tests/bench/diff.sh),
# part of make bench: at most 2x the sweep's CPU time.
.PHONY: bench-diff
bench: bench-diff
bench-diff: isolab build/bench/measure
	sh tests/bench/diff.sh
build/bench/frontier_far: tests/bench/frontier_far.c build/libisolab.a | build/.deps
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -D_POSIX_C_SOURCE=200809L -Iinclude $(SQLITE_CFLAGS) -o $@ $< build/libisolab.a $(SQLITE_LIBS) -lm

# 'isolab page' and 'isolab plot' on eight lessons (tests/bench/page.sh),
# against isolab as of PAGE_BASE (650f80a: one lesson's plots per page),
# built in build/bench/page-base from git.
PAGE_BASE ?= 650f80a
.PHONY: bench-page
bench: bench-page
bench-page: isolab build/bench/measure build/bench/page-base/isolab
	sh tests/bench/page.sh
build/bench/page-base/isolab:
	@rm -rf build/bench/page-base && mkdir -p build/bench/page-base
	@if git archive --format=tar $(PAGE_BASE) 2>/dev/null | tar -x -C build/bench/page-base; then \
	  $(MAKE) -s -C build/bench/page-base isolab >/dev/null; \
	else echo "bench: cannot read commit $(PAGE_BASE) from git: no baseline"; fi

.PHONY: bench-doubling
bench: bench-doubling
bench-doubling: isolab build/bench/measure
	sh tests/bench/doubling.sh

# ---- the page's engine: SQLite and the SQL functions in WebAssembly ------
# isolab-sql.wasm and its loader isolab-sql.js: SQLite's amalgamation (from
# Debian's source package of the libsqlite3-dev in use, tools/sqlite-src.sh,
# kept in build/sqlite-src/ so it is made once), the extension's sources
# (PIC_SRC) and the glue the page's script calls (src/wasm/glue.c), built by
# Debian's emscripten (tools/deps.sh wasm). SQLite's options that change an
# answer are Debian's (debian/rules); the rest leave out what a page cannot
# use (threads, files: SQLITE_OS_OTHER with glue.c's VFS and no emscripten
# file system, WAL, loading extensions) and C interfaces the glue does not
# call (UTF-16, decltype, tracing, authorizer, incremental blobs, shared
# cache, sqlite3_complete, sqlite3_get_table). Nothing else needs emcc: isolab
# page embeds the engine when it finds it (beside the isolab binary run, or
# installed in EXTDIR), and isolab finds it there.
EMCC ?= emcc
SQLITE_TREE := build/sqlite-src/tree
WASM_SRC := src/wasm/glue.c $(PIC_SRC)
WASM_SQLITE := -DSQLITE_ENABLE_MATH_FUNCTIONS -DSQLITE_LIKE_DOESNT_MATCH_BLOBS \
  -DSQLITE_MAX_VARIABLE_NUMBER=250000 -DSQLITE_SOUNDEX -DSQLITE_SECURE_DELETE -DSQLITE_ALLOW_ROWID_IN_VIEW \
  -DSQLITE_ENABLE_DBSTAT_VTAB -DSQLITE_MAX_SCHEMA_RETRY=25 \
  -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -DSQLITE_DEFAULT_MEMSTATUS=0 -DSQLITE_TEMP_STORE=3 \
  -DSQLITE_OS_OTHER=1 -DSQLITE_OMIT_WAL -DSQLITE_OMIT_SHARED_CACHE -DSQLITE_OMIT_UTF16 \
  -DSQLITE_OMIT_DECLTYPE -DSQLITE_OMIT_COMPLETE -DSQLITE_OMIT_GET_TABLE -DSQLITE_OMIT_INCRBLOB \
  -DSQLITE_OMIT_AUTHORIZATION -DSQLITE_OMIT_TRACE
WASM_LINK := -sMODULARIZE=1 -sEXPORT_NAME=isolabSql -sENVIRONMENT=web,worker,node -sALLOW_MEMORY_GROWTH=1 \
  -sDYNAMIC_EXECUTION=0 -sFILESYSTEM=0 \
  -sEXPORTED_FUNCTIONS=_isl_wasm_open,_isl_wasm_query,_isl_wasm_label,_isl_wasm_mark,_isl_wasm_changes,_isl_wasm_serialize,_isl_wasm_size,_isl_wasm_free,_malloc,_free \
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8
.PHONY: wasm
wasm: isolab-sql.wasm.gz
# the lab's suite gets the engine built first where emcc and SQLite's
# source are (ENGINE); without them the suite skips, saying so (and fails
# under CI=true)
test-sh-test_page_lab test-sh-test_page_lab_ui test-sh-san-test_page_lab test-sh-san-test_page_lab_ui: $(ENGINE)
# the README's screenshots of the lab, docs/lab.png and docs/lab-phone.png
.PHONY: lab-screenshot
lab-screenshot: isolab isolab.so isolab-sql.wasm.gz
	@sh tools/deps.sh page
	LAB_SHOTS=$(CURDIR)/docs sh tests/page/test_page_lab.sh
$(SQLITE_TREE)/sqlite3.c:
	@sh tools/deps.sh build wasm
isolab-sql.js: isolab-sql.wasm
isolab-sql.wasm: $(SQLITE_TREE)/sqlite3.c $(WASM_SRC) $(HEADERS) Makefile
	@sh tools/deps.sh wasm
	@mkdir -p build/wasm
	NODE_PATH=/usr/share/nodejs $(EMCC) -Oz -std=c11 -Iinclude -I$(SQLITE_TREE) -DSQLITE_CORE -D_POSIX_C_SOURCE=200809L \
	  $(WASM_SQLITE) $(WASM_LINK) -o build/wasm/isolab-sql.js $(WASM_SRC) $(SQLITE_TREE)/sqlite3.c
	cp build/wasm/isolab-sql.js isolab-sql.js && cp build/wasm/isolab-sql.wasm isolab-sql.wasm
# the engine as the page carries it: compressed once here, not by every
# 'isolab page' (gzip -9: 73 ms of each page's CPU before)
isolab-sql.wasm.gz: isolab-sql.wasm
	gzip -9 -n -c isolab-sql.wasm >$@.tmp && mv $@.tmp $@

# The channels measured for real (tests/bench/channels.sh): perf and strace
# on both workloads inside strict, 5 rounds; opt-in (about a minute, root),
# not part of make bench.
.PHONY: bench-channels
bench-channels: isolab
	sh tests/bench/channels.sh

# The lab's budgets (tests/bench/lab.sh), part of make bench: the page's
# size with the engine, the first answer and a what-if change in Chromium.
.PHONY: bench-lab
bench: bench-lab
bench-lab: isolab
	sh tests/bench/lab.sh
