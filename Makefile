# isolab: build, test and install.
#   make            build ./isolab and the SQL extension ./isolab.so
#   make lesson     build, seed isolab.db and print the lesson's tables
#   make check      all tests, plain and under AddressSanitizer + UBSan
#   make plots      build, run the lesson and sweep bundles, draw plots/*.png
#   make install    PREFIX=/usr/local DESTDIR=
#   make clean

CC      ?= cc
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
EXTDIR  ?= $(PREFIX)/lib/isolab
CFLAGS  ?= -O2 -g
# Warnings are errors for developers and CI (make DEVELOPER=1; make check and
# .ci/run set it), not for people building a release with another compiler.
DEVELOPER ?=
ifneq ($(filter check test-% fuzz,$(MAKECMDGOALS)),)
DEVELOPER := 1
endif
WARN    := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes $(if $(DEVELOPER),-Werror)
DEPFLAGS = -MMD -MP
SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

# Recursive (=) so pkg-config runs after the deps check has installed them.
SQLITE_CFLAGS = $(shell pkg-config --cflags sqlite3)
SQLITE_LIBS   = $(shell pkg-config --libs sqlite3)
CMOCKA_CFLAGS = $(shell pkg-config --cflags cmocka)
CMOCKA_LIBS   = $(shell pkg-config --libs cmocka)
ALL_CFLAGS    = $(WARN) $(CFLAGS) $(DEPFLAGS) -D_POSIX_C_SOURCE=200809L -Iinclude $(SQLITE_CFLAGS)

SCHEMA  := $(sort $(wildcard schema/*.sql))
SEEDS   := $(sort $(wildcard seeds/*.sql))
QUERIES := $(sort $(wildcard queries/*.sql))
GNUPLOT := $(sort $(wildcard gnuplot/*.gp))
LIB_SRC := $(sort $(wildcard src/core/*.c src/store/*.c src/lab/*.c src/cli/*.c src/ext/*.c))
LIB_OBJ := $(LIB_SRC:src/%.c=build/obj/%.o) build/obj/embedded.o
SAN_OBJ := $(LIB_SRC:src/%.c=build/san/%.o) build/san/embedded.o
TESTS   := $(basename $(notdir $(wildcard tests/test_*.c)))
SHTESTS := $(sort $(wildcard tests/test_*.sh))

.PHONY: all check test-unit test-san test-sh lesson install uninstall clean deps plots
all: isolab isolab.so

deps: build/.deps
build/.deps: tools/deps.sh
	@mkdir -p build
	@sh tools/deps.sh
	@touch $@

build/embed: tools/embed.c | build/.deps
	$(CC) $(WARN) -O1 -o $@ $<

build/embedded.c: build/embed $(SCHEMA) $(SEEDS) $(QUERIES) $(GNUPLOT) Makefile
	@{ echo '#include "isolab/embedded.h"'; \
	   build/embed isl_schema $(SCHEMA) && \
	   build/embed isl_seed $(SEEDS) && \
	   build/embed isl_query $(QUERIES) && \
	   build/embed isl_plot $(GNUPLOT); } > $@.tmp && mv $@.tmp $@

build/obj/%.o: src/%.c | build/.deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<
build/obj/embedded.o: build/embedded.c include/isolab/embedded.h
	$(CC) $(ALL_CFLAGS) -c -o $@ $<
build/san/%.o: src/%.c | build/.deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SAN) -c -o $@ $<
build/san/embedded.o: build/embedded.c include/isolab/embedded.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SAN) -c -o $@ $<

build/libisolab.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^
build/libisolab-san.a: $(SAN_OBJ)
	rm -f $@ && ar rcs $@ $^

isolab: build/obj/main.o build/libisolab.a
	$(CC) $(CFLAGS) -o $@ $^ $(SQLITE_LIBS) -lm
build/isolab-san: build/san/main.o build/libisolab-san.a
	$(CC) $(CFLAGS) $(SAN) -o $@ $^ $(SQLITE_LIBS) -lm
build/obj/main.o build/san/main.o: src/main.c

# Header dependencies, as the compiler found them (-MMD -MP).
-include $(wildcard build/obj/*/*.d build/obj/*.d build/san/*/*.d build/san/*.d build/fuzz/*/*.d)

build/tests/%: tests/%.c tests/testutil.h build/libisolab.a build/.deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -Itests -o $@ $< build/libisolab.a $(CMOCKA_LIBS) $(SQLITE_LIBS) -lm
build/san-tests/%: tests/%.c tests/testutil.h build/libisolab-san.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SAN) $(CMOCKA_CFLAGS) -Itests -o $@ $< build/libisolab-san.a $(CMOCKA_LIBS) $(SQLITE_LIBS) -lm

# Unit tests run from the top directory, plain and sanitized.
check: test-unit test-san test-sh
test-unit: $(TESTS:%=build/tests/%) isolab
	@set -e; for t in $(TESTS); do echo "== $$t"; ISOLAB=./isolab build/tests/$$t; done
test-san: $(TESTS:%=build/san-tests/%) build/isolab-san
	@set -e; for t in $(TESTS); do echo "== $$t (sanitized)"; \
	  ISOLAB=build/isolab-san ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 build/san-tests/$$t; done
test-sh: isolab build/isolab-san isolab.so
	@set -e; for t in $(SHTESTS); do echo "== $$t (sanitized binary)"; \
	  ISOLAB=build/isolab-san ASAN_OPTIONS=detect_leaks=1 sh $$t; done

lesson: isolab
	./isolab lesson

# The runs the plots read, then the images and their CSV files in plots/.
plots: isolab
	@./isolab lesson >/dev/null 2>build/lesson.log || { cat build/lesson.log; exit 1; }
	./isolab sweep bundles
	./isolab plot

install: isolab isolab.so
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(EXTDIR)
	install -m 755 isolab $(DESTDIR)$(BINDIR)/isolab
	install -m 644 isolab.so $(DESTDIR)$(EXTDIR)/isolab.so
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/isolab $(DESTDIR)$(EXTDIR)/isolab.so
	-rmdir $(DESTDIR)$(EXTDIR) 2>/dev/null

clean:
	rm -rf build isolab isolab.so

# Benchmark (not part of check): isolab sweep bundles vs SQLite's insert
# ceiling; knobs in tests/bench/bench.sh (BENCH_RUNS, BENCH_M, ...).
.PHONY: bench
build/bench/%: tests/bench/%.c | build/.deps
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -D_POSIX_C_SOURCE=200809L $(SQLITE_CFLAGS) -o $@ $< $(SQLITE_LIBS)
bench: isolab isolab.so build/bench/ceiling build/bench/ceiling_vtab build/bench/measure
	sh tests/bench/bench.sh

# Fault injection (tests/fault_inject.c): out-of-memory and I/O errors at
# every point of each command, sanitized so LeakSanitizer sees any leak.
# isolab's own malloc/calloc/realloc are wrapped at link time.
.PHONY: test-faults test-faults-full
check: test-faults
build/san-tests/fault_inject: tests/fault_inject.c build/libisolab-san.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SAN) $(CMOCKA_CFLAGS) -o $@ $< build/libisolab-san.a \
	  -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc $(CMOCKA_LIBS) $(SQLITE_LIBS) -lm
# make check fails every 151st allocation (all I/O points); test-faults-full
# fails every one (minutes: some 60000 allocation points in all).
test-faults: build/san-tests/fault_inject
	@echo "== fault_inject (sanitized)"; FAULT_STRIDE=151 ASAN_OPTIONS=detect_leaks=1 build/san-tests/fault_inject
test-faults-full: build/san-tests/fault_inject
	FAULT_STRIDE=1 ASAN_OPTIONS=detect_leaks=1 build/san-tests/fault_inject

# Unit tests under valgrind memcheck, when valgrind is installed.
.PHONY: test-valgrind
check: test-valgrind
test-valgrind: $(TESTS:%=build/tests/%)
	@if command -v valgrind >/dev/null 2>&1; then for t in $(TESTS); do echo "== $$t (valgrind)"; \
	  valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite build/tests/$$t \
	  || exit 1; done; else echo "== valgrind not installed: memcheck skipped"; fi

# Fuzzing the seed loader and model validation (tests/fuzz/fuzz_seed.c).
#   make fuzz [FUZZ_TIME=seconds]  libFuzzer with clang; new inputs go to
#                                  build/fuzz/corpus (seeded from seeds/)
#   make check                     replays seeds/ and tests/fuzz/corpus/
FUZZ_CC   ?= clang
FUZZ_TIME ?= 60
FUZZ_SAN  := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
FUZZ_OBJ  := $(LIB_SRC:src/%.c=build/fuzz/%.o) build/fuzz/embedded.o
.PHONY: fuzz test-fuzz-replay
check: test-fuzz-replay
build/fuzz/%.o: src/%.c | build/.deps
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
test-fuzz-replay: build/san-tests/fuzz_replay
	@echo "== fuzz corpus replay (sanitized)"; build/san-tests/fuzz_replay seeds/*.sql tests/fuzz/corpus/*

# The closing line, printed only when every suite above has passed (make
# stops at the first that fails): unit suites plain, sanitized and under
# valgrind when present, the shell suites, fault injection, fuzz replay.
CHECK_SUITES = $(words $(TESTS) $(TESTS) $(if $(shell command -v valgrind),$(TESTS)) $(SHTESTS) faults fuzz)
check:
	@echo "check: $(CHECK_SUITES) passed, 0 failed"

# ---- the SQL functions as a loadable extension ---------------------------
# isolab.so: the same core, store and SQL functions (src/ext) compiled
# position-independent in build/pic/, calling SQLite through the loading
# process's routines (sqlite3ext.h); only sqlite3_isolab_init is exported.
#   sqlite3 isolab.db    then    .load ./isolab
PIC_SRC := $(sort $(wildcard src/core/*.c src/store/*.c src/ext/*.c))
PIC_OBJ := $(PIC_SRC:src/%.c=build/pic/%.o) build/pic/embedded.o
PIC_FLAGS := -fPIC -fvisibility=hidden -DISL_SQLITE_EXTENSION
build/pic/%.o: src/%.c $(wildcard include/isolab/*.h) | build/.deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PIC_FLAGS) -c -o $@ $<
build/pic/embedded.o: build/embedded.c include/isolab/embedded.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PIC_FLAGS) -c -o $@ $<
build/libisolab-pic.a: $(PIC_OBJ)
	rm -f $@ && ar rcs $@ $^
isolab.so: build/pic/ext/ext.o build/libisolab-pic.a
	$(CC) $(CFLAGS) -shared -Wl,-z,defs -o $@ $^ -lm
