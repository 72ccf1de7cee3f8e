# Makefile -- builds the programs into bin/ (optimized) and build/san/ (ASan + UBSan).
#
#   make            build bin/solve, bin/bench, bin/render, bin/micro
#   make run        install missing packages, build, run the main job on corpus/, and write
#                   its page, results/report.html (figures and state graphs included)
#   make check      install missing packages, build, run every test, optimized and sanitized,
#                   and each libFuzzer target for FUZZ_SMOKE seconds
#   make fuzz       each libFuzzer target for FUZZ_SECONDS (default 1800)
#   make test       the tests, without the package check
#   make test-long  the slow checks (every solver on every sample puzzle)
#   make test-docs  every command of the README and docs/ run, their output compared
#   make test-cluster  bench and enumerate as job arrays on a one-node Slurm it starts
#   make plots RESULTS=DIR   figures from a bench result directory
#   make teaching   the pictures of docs/teaching.md, from the shipped corpus, into
#                   TEACHING (default results/teaching); DOCS=docs/teaching refreshes the
#                   copies the docs show
#   make database N=6 K=0    a puzzle space's database from scratch, and its ladder
#   make format     clang-format on the C files a change touches (BASE=REV, or FILES=...)
#   make man        the manual pages (build/man/), from docs/man/ by pandoc
#   make lib        libunblock, shared and static, for solver plugins (build/pic/)
#   make install PREFIX=/usr/local   the programs, their manual pages, libunblock, its
#                   headers (include/unblock/) and unblock.pc
#   make clean

.DEFAULT_GOAL := all
CC      ?= cc
CXX     ?= c++
PREFIX  ?= /usr/local
RESULTS ?= results
WARN    = -Wall -Wextra -Werror
CSTD    = -std=c11 -D_GNU_SOURCE $(if $(AVX2_ENGINE),-DHAVE_AVX2_TWINS)
# The AVX2 twins: on x86-64 the breadth-first searches (rush/bfs_engine.c, solvers/bfs_family.c) are
# compiled a second time with AVX2, BMI1 and BMI2 (-DAVX2_TWIN), where the state table's probe
# reads four slots at once, and the engine a third time with AVX-512 allowed; solvers/bfs.c picks
# the widest build the processor has at run time. Elsewhere only the portable build exists.
AVX2_ENGINE = $(filter x86_64,$(shell uname -m))
TWIN_OBJ = $(if $(AVX2_ENGINE),rush/bfs_engine_avx2.o solvers/bfs_family_avx2.o \
                               rush/bfs_engine_avx512.o)
AVX512 = -mavx512f -mavx512cd -mavx512dq -mavx512bw -mavx512vl
# One include root, the repository: every include names its layer ("search/solver.h"); generated
# files come from the variant's folder ("generated/build_info.h").
INCLUDE = -I.
OPTFLAGS = -O3 -g
SANFLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
LIBS    = -lxxhash -ljansson -lpng -lturbojpeg -lseccomp -lm

# A text file as the lines of a C string literal.
C_STRING = sed 's/\\/\\\\/g; s/"/\\"/g; s/^/"/; s/$$/\\n"/'

# The layers, lowest first, then the families' folders (docs/architecture.md;
# scripts/check-layers.sh holds the tree to it).
# The families' folders, read from the one registry (common/families.h): one line a family.
FAMILIES := $(shell sed -n 's|^\#include "\([a-z0-9_]*\)/.*|\1|p' common/families.h)
FAMILY_SRC = $(wildcard $(patsubst %,%/*.c,$(FAMILIES)))
LIB_SRC  = $(wildcard common/*.c scan/*.c picture/*.c search/*.c solvers/*.c solvers/bounds/*.c \
                      external/*.c cli/*.c graph/*.c bench/*.c space/*.c) $(FAMILY_SRC)
PROGRAMS = solve bench render enumerate
TEST_SRC = $(wildcard tests/*.c)

# One set of rules per build variant: $(1) = directory, $(2) = flags, $(3) = extra libraries,
# $(4) = the compiler (default CC).
define variant
$(1)/obj/%.o: %.c
	@mkdir -p $$(dir $$@)
	$(if $(4),$(4),$$(CC)) $$(CSTD) $$(WARN) $(2) $$(INCLUDE) -I$(1) -MMD -MP -c $$< -o $$@

# What the harness records about the build: rewritten only when the commit or flags change.
$(1)/generated/build_info.h: FORCE
	@mkdir -p $(1)/generated
	@printf '#define BUILD_COMMIT "%s"\n#define BUILD_FLAGS "%s"\n' \
	    "$$$$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$$$$(git diff --quiet HEAD 2>/dev/null || echo -modified)" \
	    "$$(CC) $(2)" > $$@.tmp
	@cmp -s $$@.tmp $$@ || mv $$@.tmp $$@; rm -f $$@.tmp

$(1)/obj/bench/describe.o $(1)/obj/cli/cli.o: $(1)/generated/build_info.h

# The report page's style and script, kept as plain files and included as C string literals.
$(1)/generated/html_style.inc: bench/report.css
	@mkdir -p $(1)/generated
	$$(C_STRING) $$< > $$@
$(1)/generated/html_script.inc: bench/report.js
	@mkdir -p $(1)/generated
	$$(C_STRING) $$< > $$@

$(1)/obj/bench/html.o: $(1)/generated/html_style.inc $(1)/generated/html_script.inc

$(1)/obj/%_avx2.o: %.c
	@mkdir -p $$(dir $$@)
	$(if $(4),$(4),$$(CC)) $$(CSTD) $$(WARN) $(2) -mavx2 -mbmi -mbmi2 -DAVX2_TWIN $$(INCLUDE) -I$(1) -MMD -MP -c $$< -o $$@

$(1)/obj/rush/bfs_engine_avx512.o: rush/bfs_engine.c
	@mkdir -p $$(dir $$@)
	$(if $(4),$(4),$$(CC)) $$(CSTD) $$(WARN) $(2) -mavx2 -mbmi -mbmi2 $$(AVX512) -DBFS_AVX512_BUILD $$(INCLUDE) -I$(1) -MMD -MP -c $$< -o $$@

# Appended (q), not replaced: files of one name in two folders (bench/stats.c, space/stats.c)
# are both members.
$(1)/libub.a: $$(patsubst %.c,$(1)/obj/%.o,$$(LIB_SRC)) $$(patsubst %,$(1)/obj/%,$$(TWIN_OBJ))
	@rm -f $$@
	ar qcs $$@ $$^

# -rdynamic: a plugin's references to the library (libunblock) bind to the program's own copy,
# so a plugin's solver runs exactly the code the built-ins run.
$(1)/bin/%: $(1)/obj/programs/%.o $(1)/libub.a
	@mkdir -p $$(dir $$@)
	$$(CC) $(2) -rdynamic $$^ -o $$@ $$(LIBS) -lpthread $(3)

$(1)/unit: $$(patsubst %.c,$(1)/obj/%.o,$$(TEST_SRC)) $(1)/libub.a
	$$(CC) $(2) $$^ -o $$@ -lcriterion $$(LIBS) $(3)

-include $$(shell find $(1) -name '*.d' 2>/dev/null)
endef

$(eval $(call variant,build/opt,$(OPTFLAGS) -DUSE_JEMALLOC,-ljemalloc))

# The micro-benchmarks link the C++ shim over Google Benchmark (optimized build only).
build/opt/obj/bench/gbench_shim.o: bench/gbench_shim.cc
	@mkdir -p $(dir $@)
	$(CXX) -std=c++17 $(WARN) $(OPTFLAGS) $(INCLUDE) -c $< -o $@

build/opt/bin/micro: build/opt/obj/programs/micro.o build/opt/obj/bench/gbench_shim.o build/opt/libub.a
	@mkdir -p $(dir $@)
	$(CXX) $(OPTFLAGS) $^ -o $@ -lbenchmark -lpthread $(LIBS) -ljemalloc
$(eval $(call variant,build/san,$(SANFLAGS),))

# libunblock, for solver plugins built out of tree (docs/external.md): the core, the search
# machinery and the solvers, compiled position-independent, shared and static, with its headers
# under include/unblock/ and unblock.pc for pkg-config.
$(eval $(call variant,build/pic,$(OPTFLAGS) -fPIC,))
# A family's readers (scan_*, fmt_*) and space explorer (*_space) stand on the scanner and the
# space, which the library leaves out; the rest of its folder is in.
FAMILY_LIB = $(foreach f,$(1),$(if $(filter scan_% fmt_% space_% %_space.c %_space.h,$(notdir $(f))),,$(f)))
UNBLOCK_SRC = $(wildcard common/*.c search/*.c solvers/*.c solvers/bounds/*.c) \
              $(call FAMILY_LIB,$(FAMILY_SRC))
UNBLOCK_OBJ = $(patsubst %.c,build/pic/obj/%.o,$(UNBLOCK_SRC)) $(patsubst %,build/pic/obj/%,$(TWIN_OBJ))
UNBLOCK_HEADERS = $(wildcard common/*.h search/*.h solvers/*.h solvers/bounds/*.h) \
                  $(call FAMILY_LIB,$(wildcard $(patsubst %,%/*.h,$(FAMILIES))))
UNBLOCK_SONAME = libunblock.so.0
build/pic/libunblock.so: $(UNBLOCK_OBJ)
	$(CC) -shared -Wl,-soname,$(UNBLOCK_SONAME) $^ -o $@ -lxxhash -lm
build/pic/libunblock.a: $(UNBLOCK_OBJ)
	@rm -f $@
	ar qcs $@ $^
lib: build/pic/libunblock.so build/pic/libunblock.a

# libFuzzer targets (tests/fuzz/), built with clang: every reader of outside input.
FUZZ_CC      ?= clang
FUZZ_FLAGS    = -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined \
                -fno-sanitize-recover=all
FUZZ_TARGETS  = text image results shardfile protocol
FUZZ_SECONDS ?= 1800
FUZZ_SMOKE   ?= 20
$(eval $(call variant,build/fuzz,$(FUZZ_FLAGS),,$(FUZZ_CC)))

build/fuzz/fuzz_%: build/fuzz/obj/tests/fuzz/fuzz_%.o build/fuzz/obj/tests/fuzz/fuzz_puzzle.o \
                   build/fuzz/libub.a
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined $^ -o $@ $(LIBS)

# Seeds: the shipped puzzles, small rendered screenshots, small result files, and every input that once
# failed (tests/data/fuzz/TARGET, the regression tests); new inputs go to
# build/fuzz/corpus/TARGET, crashes to build/fuzz/artifacts/.
FUZZ_SEEDS_text    = corpus/seeds corpus/seed-formats corpus/klotski tests/data/budget \
                     tests/data/fuzz/text-seeds tests/data/fuzz/text
FUZZ_SEEDS_image   = tests/data/fuzz/image
FUZZ_SEEDS_results = tests/data/fuzz/results-seeds tests/data/fuzz/results
FUZZ_SEEDS_shardfile = tests/data/fuzz/shardfile-seeds tests/data/fuzz/shardfile
FUZZ_SEEDS_protocol = tests/data/fuzz/protocol-seeds tests/data/fuzz/protocol
# Each target's longest input; every seed fits it (scripts/check-fuzz-seeds.sh).
FUZZ_MAXLEN_text     = 4096
FUZZ_MAXLEN_image    = 16384
FUZZ_MAXLEN_results  = 8192
FUZZ_MAXLEN_shardfile = 4096
FUZZ_MAXLEN_protocol = 4096
FUZZ_OPTS_text     = -dict=tests/fuzz/text.dict -max_len=$(FUZZ_MAXLEN_text)
FUZZ_OPTS_image    = -max_len=$(FUZZ_MAXLEN_image)
FUZZ_OPTS_results  = -max_len=$(FUZZ_MAXLEN_results)
FUZZ_OPTS_shardfile = -max_len=$(FUZZ_MAXLEN_shardfile)
FUZZ_OPTS_protocol = -dict=tests/fuzz/protocol.dict -max_len=$(FUZZ_MAXLEN_protocol)

# FUZZ_TIME seconds each; first every input that once failed (tests/data/fuzz/TARGET).
fuzz-run-%: build/fuzz/fuzz_%
	@mkdir -p build/fuzz/corpus/$* build/fuzz/artifacts
	scripts/check-fuzz-seeds.sh $(FUZZ_MAXLEN_$*) $(filter-out tests/data/fuzz/$*,$(FUZZ_SEEDS_$*))
	build/fuzz/fuzz_$* -runs=0 tests/data/fuzz/$*
	build/fuzz/fuzz_$* -max_total_time=$(FUZZ_TIME) -print_final_stats=1 $(FUZZ_OPTS_$*) \
	    -artifact_prefix=build/fuzz/artifacts/$*- build/fuzz/corpus/$* $(FUZZ_SEEDS_$*)

fuzz:
	@scripts/deps.sh
	$(MAKE) $(patsubst %,fuzz-run-%,$(FUZZ_TARGETS)) FUZZ_TIME=$(FUZZ_SECONDS)

fuzz-smoke:
	$(MAKE) $(patsubst %,fuzz-run-%,$(FUZZ_TARGETS)) FUZZ_TIME=$(FUZZ_SMOKE)

all: $(patsubst %,bin/%,$(PROGRAMS)) bin/micro

# Copied under a temporary name and renamed, so that a running program is never overwritten.
bin/%: build/opt/bin/%
	@mkdir -p bin
	cp $< $@.tmp && mv $@.tmp $@

deps:
	@scripts/deps.sh

run: deps all
	bin/bench --solver all --out $(RESULTS) corpus/
	bin/bench report $(RESULTS)

check: deps test fuzz-smoke

test: all build/opt/unit build/san/unit $(patsubst %,build/san/bin/%,$(PROGRAMS))
	UB_BIN=bin XDG_CACHE_HOME=$(CURDIR)/build/cache build/opt/unit --jobs 2
	UB_BIN=build/san/bin XDG_CACHE_HOME=$(CURDIR)/build/cache ASAN_OPTIONS=detect_leaks=1 \
	    UBSAN_OPTIONS=print_stacktrace=1 \
	    build/san/unit --jobs 2

plots:
	plots/make-plots.sh $(RESULTS)

TEACHING ?= results/teaching
teaching: deps all
	DOCS=$(DOCS) scripts/teaching-figures.sh $(TEACHING)

# The database of the N x N space with up to K walls, from scratch, and its ladder
# (corpus/generated/; scripts/make-database.sh).
N ?= 6
K ?= 0
database: all
	scripts/make-database.sh $(N) $(K)

# Every complete solver but the exponential iddfs over the whole database sample, each answer
# checked against the reference BFS; the 15-puzzle's 7-8 tables; Korf and Felner's five easiest
# 24-puzzles with their node counts (about 15 minutes with the tables built).
test-long: all build/opt/unit
	bin/bench --no-progress --verify --solver bfs,bfs1,dfs,bibfs,astar,idastar \
	    --out results/long corpus/_database/fogleman-sample.txt
	UB_LONG=1 UB_BIN=bin XDG_CACHE_HOME=$(CURDIR)/build/cache \
	    build/opt/unit --filter 'tiles/the_15_puzzles_7_8_*'
	UB_LONG=1 UB_BIN=bin XDG_CACHE_HOME=$(CURDIR)/build/cache \
	    build/opt/unit --filter 'tiles_wide/korf_and_felners_*'
	XDG_CACHE_HOME=$(CURDIR)/build/cache bin/bench --no-progress --solver idastar \
	    --heuristic pdb --param table=0 --param partition=7-8 --param reflect=yes \
	    --max-states 0 --max-bytes 6Gi --out results/long-tiles corpus/tiles/_korf/korf100.txt

# The reference BFS against every line of the shipped database files (the 18,068 puzzles of
# the reasoning-gym selection): optimal moves and cluster size (about 30 seconds).
test-database: all
	scripts/check-database.sh corpus/_database/fogleman-sample.txt \
	    corpus/_database/fogleman-rest.txt

# The docs, run: every command of README.md and docs/ in a scratch copy, their shown output
# compared, the results table against a fresh run (docs/testing.md; about 6 minutes).
test-docs: deps all lib man
	scripts/test-docs.py --self-test
	scripts/test-docs.py

# A one-node Slurm started in a temporary folder: bench and enumerate as job arrays, a task
# cancelled and resumed, the merged results against single runs (scripts/test-cluster.sh;
# about 5 minutes).
test-cluster: all
	scripts/deps.sh cluster
	scripts/test-cluster.sh

# The manual pages, from docs/man/*.1.md by pandoc.
VERSION := $(shell sed -n 's/^\#define CLI_VERSION "\(.*\)"/\1/p' cli/cli.h)
MANPAGES = $(patsubst %,build/man/%.1,$(PROGRAMS) micro)
build/man/%.1: docs/man/%.1.md cli/cli.h
	@mkdir -p build/man
	pandoc -f markdown-smart -s -t man -M footer="unblock-bench $(VERSION)" $< -o $@

man: $(MANPAGES)

install: all lib $(MANPAGES)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	    $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/unblock
	install -m 755 $(patsubst %,bin/%,$(PROGRAMS)) bin/micro $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(MANPAGES) $(DESTDIR)$(PREFIX)/share/man/man1
	install -d $(DESTDIR)$(PREFIX)/share/unblock-bench/plots
	install -m 755 plots/make-plots.sh plots/prepare.py $(DESTDIR)$(PREFIX)/share/unblock-bench/plots
	install -m 644 plots/bench.gp plots/styles.tsv plots/columns.awk \
	    $(DESTDIR)$(PREFIX)/share/unblock-bench/plots
	install -m 644 build/pic/libunblock.a $(DESTDIR)$(PREFIX)/lib
	install -m 755 build/pic/libunblock.so $(DESTDIR)$(PREFIX)/lib/libunblock.so.$(VERSION)
	ln -sf libunblock.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(UNBLOCK_SONAME)
	ln -sf libunblock.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libunblock.so
	for h in $(UNBLOCK_HEADERS); do install -D -m 644 $$h $(DESTDIR)$(PREFIX)/include/unblock/$$h; done
	install -m 644 include/unblock.h $(DESTDIR)$(PREFIX)/include/unblock/unblock.h
	sed 's|@PREFIX@|$(PREFIX)|; s|@VERSION@|$(VERSION)|' scripts/unblock.pc.in \
	    > $(DESTDIR)$(PREFIX)/lib/pkgconfig/unblock.pc

# clang-format (.clang-format) on the C files a change touches: those that differ from BASE
# (default HEAD) and the new ones, or the FILES given. Never the whole tree at once.
BASE ?= HEAD
format:
	@command -v clang-format > /dev/null || { echo "format: needs clang-format (apt-get install clang-format)" >&2; exit 2; }
	@files="$(or $(FILES),$$(git diff --name-only --diff-filter=d $(BASE) -- '*.c' '*.h' '*.cc'; \
	        git ls-files --others --exclude-standard -- '*.c' '*.h' '*.cc'))"; \
	if [ -n "$$files" ]; then echo "clang-format -i $$files"; clang-format -i --style=file $$files; fi

clean:
	rm -rf build bin

.PHONY: all deps run check test test-long test-database test-docs test-cluster install lib man clean plots teaching database fuzz fuzz-smoke format FORCE
.SECONDARY:
