# sctrace: syscall tracer on perf tracepoints, and its regression harness.
# `make run` and `make check` install missing Debian packages first (root).

VERSION    := 0.1
PREFIX     ?= /usr/local
DESTDIR    ?=
BUILD      ?= build
CC         ?= cc
PKG_CONFIG ?= pkg-config

# STATIC=1 links everything statically (the QEMU guests have no libraries).
STATIC     ?=
# CONTENTS=0 builds without libbpf: pointers print as addresses, with a
# notice. Every build here links it, the guests' too (ci/check-qemu.sh).
CONTENTS   ?= 1
# make's $(shell) runs with the environment make started with, which lacks
# a PKG_CONFIG_LIBDIR given on make's command line (ci/check-qemu.sh's
# sysroots): pkg-config is handed it, so it reads the target's .pc files.
PKG_CONFIG_RUN = $(if $(PKG_CONFIG_LIBDIR),PKG_CONFIG_LIBDIR='$(PKG_CONFIG_LIBDIR)') $(PKG_CONFIG)
# STACKS=0 builds without elfutils' libdw: stack traces are refused, saying so. By
# default it is on where pkg-config finds libdw for the target (the host,
# and the guests' sysroots: ci/fetch-guest.sh).
STACKS     ?= $(if $(shell $(PKG_CONFIG_RUN) --exists libdw 2>/dev/null && echo y),1,0)
LIBS_PC    := libtraceevent audit $(if $(filter 1,$(CONTENTS)),libbpf) \
	      $(if $(filter 1,$(STACKS)),libdw)
# CFLAGS is the user's (optimisation, sanitizers); SCT_CFLAGS is what the
# code needs, kept even when CFLAGS is given on the command line.
CFLAGS     ?= -O2 -g
# Warnings are errors here and in CI; a packager's newer compiler may warn
# of what ours does not, so debian/rules builds with WERROR= .
WERROR     ?= -Werror
SCT_CFLAGS := -std=gnu11 -Wall -Wextra $(WERROR) -D_GNU_SOURCE \
	      -DSCTRACE_VERSION='"$(VERSION)"' \
	      $(shell $(PKG_CONFIG_RUN) --cflags $(LIBS_PC) 2>/dev/null)
SCT_LDFLAGS := $(if $(STATIC),-static)
LDLIBS     += $(shell $(PKG_CONFIG_RUN) --libs $(if $(STATIC),--static) $(LIBS_PC) 2>/dev/null) -lm

# With libbpf, the *_bpf.c and what they share; without, the *_nobpf.c.
BPF_ONLY    := tracer/bpf_embed.c tracer/contents_bpf.c tracer/kcount_bpf.c \
	       tracer/capture_bpf.c
NOBPF_SRCS  := tracer/contents_nobpf.c tracer/kcount_nobpf.c tracer/capture_nobpf.c
BPF_SRCS    := $(BPF_ONLY) $(NOBPF_SRCS)
# With libdw the unwinder and the frames' names, without it the refusal.
DW_ONLY     := tracer/unwind.c tracer/frames.c
DW_SRCS     := $(DW_ONLY) tracer/unwind_nodw.c
TRACER_SRCS := $(filter-out $(BPF_SRCS) $(DW_SRCS),$(wildcard tracer/*.c)) \
	       $(if $(filter 1,$(CONTENTS)),$(BPF_ONLY),$(NOBPF_SRCS)) \
	       $(if $(filter 1,$(STACKS)),$(DW_ONLY),tracer/unwind_nodw.c)
TRACER_OBJS := $(patsubst tracer/%.c,$(BUILD)/tracer/%.o,$(TRACER_SRCS))
# Everything but main(): what the unit tests link against.
TRACER_LIB  := $(filter-out $(BUILD)/tracer/main.o,$(TRACER_OBJS))
SCTRACE     := $(BUILD)/sctrace
MAN_PAGE    := $(BUILD)/sctrace.1

.PHONY: all deps deps-qemu deps-qemu-all install clean
all: $(SCTRACE) $(MAN_PAGE)

deps:
	@ci/install-deps.sh

deps-qemu:
	@ci/install-deps.sh qemu

# And the ppc64le guest's, which make check does not boot.
deps-qemu-all:
	@ci/install-deps.sh qemu-all

# The entry targets install what is missing first, then build in a new
# make: this one read pkg-config's flags before the packages were there.
SUBMAKE = $(MAKE) --no-print-directory

$(SCTRACE): $(TRACER_OBJS)
	$(CC) $(SCT_LDFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tracer/%.o: tracer/%.c $(wildcard tracer/*.h) | $(BUILD)/tracer
	$(CC) $(CPPFLAGS) $(SCT_CFLAGS) $(CFLAGS) -c -o $@ $<

# --help and the man page come from tracer/usage.txt.
USAGE_H := $(BUILD)/gen/usage.h
$(USAGE_H): tracer/usage.txt tracer/usage.awk
	@mkdir -p $(@D)
	awk -f tracer/usage.awk tracer/usage.txt > $@

$(BUILD)/tracer/options.o: $(USAGE_H)
$(BUILD)/tracer/options.o: SCT_CFLAGS += -I$(BUILD)/gen

# The BPF programs, one reading argument contents, one counting calls for
# -s: each built for the target's byte order and embedded in sctrace as the
# bytes of its object file (not a skeleton: bpftool cannot open an object
# of the other byte order). tracer/bpf/NAME.bpf.c, tracer/NAME_abi.h.
BPF_TARGET := $(if $(findstring s390x,$(shell $(CC) -dumpmachine)),bpfeb,bpfel)
BPF_PROGS  := contents kcount capture
# bpf_tracing.h's name for the target's registers (capture reads arguments from them).
BPF_ARCH   := $(strip $(patsubst x86_64,x86,$(patsubst aarch64,arm64,$(patsubst s390x,s390, \
	      $(patsubst powerpc64le,powerpc,$(firstword $(subst -, ,$(shell $(CC) -dumpmachine))))))))
BPF_CLANG  = clang -O2 -g -target $(BPF_TARGET) -D__TARGET_ARCH_$(BPF_ARCH) \
	     -I/usr/include/$(shell gcc -print-multiarch)
$(BUILD)/gen/%.bpf.o: tracer/bpf/%.bpf.c tracer/%_abi.h $(wildcard tracer/bpf/*.h)
	@mkdir -p $(@D)
	$(BPF_CLANG) -c -o $@ $<
# The contents program's BPF-link twins, an object of their own: their
# CO-RE relocations make libbpf want the kernel's BTF for the whole
# object, and Debian's s390x 6.1 has none (contents.bpf.c).
BPF_OBJS   := $(BPF_PROGS) contents_links
$(BUILD)/gen/contents_links.bpf.o: tracer/bpf/contents.bpf.c tracer/contents_abi.h \
				   $(wildcard tracer/bpf/*.h)
	@mkdir -p $(@D)
	$(BPF_CLANG) -DCT_LINKS -c -o $@ $<
# A program a 6.1 verifier would refuse for its stack is not embedded.
$(BUILD)/gen/%.bpf.inc: $(BUILD)/gen/%.bpf.o ci/bpf-stack.sh
	ci/bpf-stack.sh $<
	od -An -v -tx1 $< | sed 's/ \([0-9a-f][0-9a-f]\)/0x\1,/g' > $@.tmp && mv $@.tmp $@
.SECONDARY: $(BPF_OBJS:%=$(BUILD)/gen/%.bpf.o)
# test_bpf_embed's programs: one every verifier refuses, one for a
# tracepoint no kernel has.
TEST_BPF := refused absent
$(TEST_BPF:%=$(BUILD)/gen/%.bpf.o): $(BUILD)/gen/%.bpf.o: selftests/bpf/%.bpf.c
	@mkdir -p $(@D)
	clang -O2 -g -target $(BPF_TARGET) -I/usr/include/$(shell gcc -print-multiarch) \
		-c -o $@ $<
$(BUILD)/tracer/contents_bpf.o: $(BUILD)/gen/contents.bpf.inc $(BUILD)/gen/contents_links.bpf.inc
$(BUILD)/tracer/kcount_bpf.o: $(BUILD)/gen/kcount.bpf.inc
$(BUILD)/tracer/capture_bpf.o: $(BUILD)/gen/capture.bpf.inc
$(BPF_PROGS:%=$(BUILD)/tracer/%_bpf.o): SCT_CFLAGS += -I$(BUILD)/gen


$(MAN_PAGE): doc/sctrace.1.in doc/man.awk tracer/usage.txt
	awk -v version=$(VERSION) -f doc/man.awk tracer/usage.txt doc/sctrace.1.in > $@

.PHONY: man
man: $(MAN_PAGE)

$(BUILD)/tracer:
	mkdir -p $@

install: $(SCTRACE) $(MAN_PAGE)
	install -D -m 0755 $(SCTRACE) $(DESTDIR)$(PREFIX)/bin/sctrace
	install -D -m 0644 $(MAN_PAGE) $(DESTDIR)$(PREFIX)/share/man/man1/sctrace.1
	install -D -m 0644 completion/sctrace.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/sctrace
	install -D -m 0644 doc/sctrace.schema.json $(DESTDIR)$(PREFIX)/share/sctrace/sctrace.schema.json

clean:
	rm -rf $(BUILD)

# ---- workloads: one static program per line of workloads/cases.tbl ------
CASES      := $(shell awk '$$1 != "" && substr($$1, 1, 1) != "\043" { print $$1 }' workloads/cases.tbl)
WL_DIR     := $(BUILD)/workloads
WL_GEN     := $(WL_DIR)/gen
WL_BINS    := $(addprefix $(WL_DIR)/,$(CASES) exec_target arity dec_net kvm_vcpu stack_probe)
WL_CFLAGS  := -std=gnu11 -O2 -Wall -Wextra -Werror -D_GNU_SOURCE -pthread -Iworkloads

# cases.h is closed last: touch the sources so they are not older than it.
GENERATE   = mkdir -p $(WL_GEN) && awk -v dir=$(WL_GEN) -f workloads/generate.awk workloads/cases.tbl && touch $(WL_GEN)/*.c

$(WL_GEN)/cases.h: workloads/cases.tbl workloads/generate.awk
	$(GENERATE)

# Written together with cases.h; kept, not treated as intermediate.
.SECONDARY: $(addprefix $(WL_GEN)/,$(addsuffix .c,$(CASES)))
$(WL_GEN)/%.c: $(WL_GEN)/cases.h
	test -f $@ || { $(GENERATE); }

$(WL_DIR)/support.o: workloads/support.c workloads/support.h
	@mkdir -p $(@D)
	$(CC) $(WL_CFLAGS) -c -o $@ $<

$(WL_DIR)/exec_target: workloads/exec_target.c
	$(CC) $(WL_CFLAGS) -static -nostdlib -o $@ $<

# Not a golden case: selftests/arity.bats traces it with sctrace and strace.
$(WL_DIR)/arity: workloads/arity.c
	@mkdir -p $(@D)
	$(CC) $(WL_CFLAGS) -static -o $@ $<

# Not a golden case either: selftests/dec_net.bats, likewise.
$(WL_DIR)/dec_net: workloads/dec_net.c
	@mkdir -p $(@D)
	$(CC) $(WL_CFLAGS) -static -o $@ $<

# Nor this: selftests/strace_opts.bats traces -e kvm=vcpu beside strace.
$(WL_DIR)/kvm_vcpu: workloads/kvm_vcpu.c
	@mkdir -p $(@D)
	$(CC) $(WL_CFLAGS) -static -o $@ $<

# Nor this one: golden's stack_frames test traces it with -k, in every
# guest. -O0 and frame pointers, as selftests/stack.bats builds it.
$(WL_DIR)/stack_probe: workloads/stack_probe.c
	@mkdir -p $(@D)
	$(CC) $(WL_CFLAGS) -O0 -fno-omit-frame-pointer -static -o $@ $<

$(WL_DIR)/%: $(WL_GEN)/%.c $(WL_DIR)/support.o workloads/support.h
	$(CC) $(WL_CFLAGS) -static -o $@ $< $(WL_DIR)/support.o

# The 32-bit workloads, where the compiler builds them (x86_64, with
# gcc-12-multilib): their calls reach the 64-bit kernel as compat ones.
ifneq ($(filter x86_64-%,$(shell $(CC) -dumpmachine)),)
M32_CASES  := $(shell awk '$$1 != "" && substr($$1, 1, 1) != "\043" { print $$1 }' workloads/cases_m32.tbl)
endif
WL_GEN32   := $(WL_DIR)/gen32
# gcc-12-multilib, not gcc-multilib (which conflicts with the cross
# compilers): the x86 uapi headers (asm/unistd.h picks unistd_32.h for
# -m32) are then found only under the native multiarch directory.
M32_CFLAGS  = -m32 -idirafter /usr/include/$(shell $(CC) -print-multiarch)
M32_BINS   := $(addprefix $(WL_DIR)/,$(M32_CASES) $(if $(M32_CASES),compat_probe))
GENERATE32 = mkdir -p $(WL_GEN32) && awk -v dir=$(WL_GEN32) -v list=cases_m32.h -f workloads/generate.awk workloads/cases_m32.tbl && touch $(WL_GEN32)/*.c

$(WL_GEN32)/cases_m32.h: workloads/cases_m32.tbl workloads/generate.awk
	$(GENERATE32)

.SECONDARY: $(addprefix $(WL_GEN32)/,$(addsuffix .c,$(M32_CASES)))
$(WL_GEN32)/%.c: $(WL_GEN32)/cases_m32.h
	test -f $@ || { $(GENERATE32); }

$(WL_DIR)/support32.o: workloads/support.c workloads/support.h
	@mkdir -p $(@D)
	$(CC) $(WL_CFLAGS) $(M32_CFLAGS) -c -o $@ $<

$(WL_DIR)/m32_%: $(WL_GEN32)/m32_%.c $(WL_DIR)/support32.o workloads/support.h
	$(CC) $(WL_CFLAGS) $(M32_CFLAGS) -static -o $@ $< $(WL_DIR)/support32.o

$(WL_DIR)/compat_probe: workloads/compat_probe.c
	@mkdir -p $(@D)
	$(CC) $(WL_CFLAGS) $(M32_CFLAGS) -static -o $@ $<

ifneq ($(M32_CASES),)
GOLDEN_M32 := -DGOLDEN_M32 -I$(WL_GEN32)
GOLDEN_M32_DEP := $(WL_GEN32)/cases_m32.h
endif

.PHONY: workloads
workloads: $(WL_BINS) $(M32_BINS)

# ---- conformance: every syscall of the arch's table, from one table -----
# The rows for the target arch (its <sys/syscall.h> names every number the
# table must cover), a workload calling them, and the judge of its traces.
# The arch by uname -m's name (ppc64le, not the triplet's powerpc64le).
CONF_ARCH   := $(patsubst powerpc64le,ppc64le,$(firstword $(subst -, ,$(shell $(CC) -dumpmachine))))
CONF_ROWS   := $(WL_GEN)/conformance_rows.h
CONF_SYS    := $(WL_GEN)/sysnames.txt
CONF_WL     := $(WL_DIR)/conformance
CONFORMANCE := $(BUILD)/selftests/conformance

$(CONF_ROWS): workloads/conformance.tbl workloads/conformance.awk
	@mkdir -p $(@D)
	echo '#include <sys/syscall.h>' | $(CC) -dM -E - | \
		sed -n 's/^#define \(SYS_[a-z0-9_]*\) .*/\1/p' > $(CONF_SYS)
	awk -v arch=$(CONF_ARCH) -v sysnames=$(CONF_SYS) -v out=$@.tmp \
		-f workloads/conformance.awk workloads/conformance.tbl && mv $@.tmp $@

$(CONF_WL): workloads/conformance.c workloads/conformance.h $(CONF_ROWS) tracer/compiler.h
	@mkdir -p $(@D)
	$(CC) $(WL_CFLAGS) -I$(WL_GEN) -Itracer -static -o $@ $<

# ---- benchmark: make bench N=200000 ROUNDS=3 (not a test) -------------
BENCH_BIN := $(BUILD)/bench/bench-workload
N         ?= 200000
ROUNDS    ?= 3

$(BENCH_BIN): bench/workloads.c tracer/compiler.h
	@mkdir -p $(@D)
	$(CC) $(WL_CFLAGS) -Itracer -static -o $@ $<

.PHONY: bench
bench: deps
	$(SUBMAKE) all $(BENCH_BIN)
	bench/run.sh $(SCTRACE) $(BENCH_BIN) $(BUILD)/bench $(N) $(ROUNDS)

# ---- soak: the load and fault cases in a loop (not part of CI) ---------
SOAK_MINUTES ?= 10
SEED         ?=
CASE_SEED    ?=

.PHONY: soak
soak: deps
	$(SUBMAKE) all $(BENCH_BIN)
	selftests/soak.sh $(SCTRACE) $(BENCH_BIN) $(SOAK_MINUTES) "$(SEED)" "$(CASE_SEED)"

# ---- tests -------------------------------------------------------------
# kselftest_harness.h ships only in the kernel source; take it once.
LINUX_SRC_TAR ?= /usr/src/linux-source-6.1.tar.xz
KSFT_DIR      := build/kselftest
KSFT_STAMP    := $(KSFT_DIR)/.extracted
KSFT_MEMBERS  := $(addprefix linux-source-6.1/tools/testing/selftests/,kselftest_harness.h kselftest.h)
# The harness's TEST() bodies ignore their parameters and its EXPECT_*()
# compare literals with enums: quiet those two for test code only.
TEST_CFLAGS    = $(SCT_CFLAGS) $(CFLAGS) -Wno-unused-parameter -Wno-sign-compare -I$(KSFT_DIR) -Itracer

# test_bpf_embed tests what only a build with libbpf has.
UNIT_SRCS  := $(filter-out $(if $(filter 1,$(CONTENTS)),,selftests/test_bpf_embed.c), \
	      $(wildcard selftests/test_*.c))
UNIT_TESTS := $(patsubst selftests/%.c,$(BUILD)/selftests/%,$(UNIT_SRCS))
$(BUILD)/selftests/test_bpf_embed: $(TEST_BPF:%=$(BUILD)/gen/%.bpf.inc)
$(BUILD)/selftests/test_bpf_embed: TEST_CFLAGS += -I$(BUILD)/gen
# test_beauty_uapi compiles tracer/beauty.c for each machine: where it is.
$(BUILD)/selftests/test_beauty_uapi: TEST_CFLAGS += -DSCT_SRC_DIR='"$(CURDIR)"'
GOLDEN     := $(BUILD)/selftests/golden
GOLDEN_SRCS := selftests/golden.c selftests/normalize.c selftests/oracle.c selftests/testlib.c \
	       selftests/tp_agree.c selftests/oracle_lines.c
CONF_SRCS   := selftests/conformance.c selftests/testlib.c selftests/tp_agree.c

$(KSFT_STAMP):
	@test -r $(LINUX_SRC_TAR) || { echo "$(LINUX_SRC_TAR) is missing: run 'make deps' as root (package linux-source-6.1)" >&2; exit 1; }
	mkdir -p $(KSFT_DIR)
	tar -xJf $(LINUX_SRC_TAR) -C $(KSFT_DIR) --strip-components=4 $(KSFT_MEMBERS)
	touch $@

# The kernel's KTAP parser and kselftest runner, to read and run the suites
# the way kernel CI does; taken once, like the harness.
KTOOLS_DIR     := build/ktools
KTOOLS_STAMP   := $(KTOOLS_DIR)/.extracted
KUNIT_DIR      := $(KTOOLS_DIR)/kunit
KTOOLS_MEMBERS := $(addprefix linux-source-6.1/tools/testing/,kunit/kunit_parser.py kunit/kunit_printer.py \
		  selftests/run_kselftest.sh selftests/kselftest/runner.sh selftests/kselftest/prefix.pl)
export KUNIT_DIR

$(KTOOLS_STAMP):
	@test -r $(LINUX_SRC_TAR) || { echo "$(LINUX_SRC_TAR) is missing: run 'make deps' as root (package linux-source-6.1)" >&2; exit 1; }
	mkdir -p $(KTOOLS_DIR)
	tar -xJf $(LINUX_SRC_TAR) -C $(KTOOLS_DIR) --strip-components=3 $(KTOOLS_MEMBERS)
	touch $@

$(BUILD)/selftests/test_%: selftests/test_%.c $(TRACER_LIB) $(KSFT_STAMP) $(wildcard tracer/*.h selftests/*.h)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(SCT_LDFLAGS) $(LDFLAGS) -o $@ $< $(TRACER_LIB) $(LDLIBS)

$(GOLDEN): $(GOLDEN_SRCS) $(wildcard selftests/*.h) $(WL_GEN)/cases.h $(GOLDEN_M32_DEP) $(TRACER_LIB) $(KSFT_STAMP)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(SCT_LDFLAGS) $(LDFLAGS) -Iselftests -I$(WL_GEN) $(GOLDEN_M32) -o $@ $(GOLDEN_SRCS) $(TRACER_LIB) $(LDLIBS)

$(CONFORMANCE): $(CONF_SRCS) selftests/testlib.h selftests/tp_agree.h workloads/conformance.h $(CONF_ROWS) \
		$(TRACER_LIB) $(KSFT_STAMP)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(SCT_LDFLAGS) $(LDFLAGS) -Iselftests -Iworkloads -I$(WL_GEN) -o $@ $(CONF_SRCS) $(TRACER_LIB) $(LDLIBS)

.PHONY: unit-tests golden conformance check run bless
unit-tests: $(UNIT_TESTS)
conformance: $(CONFORMANCE) $(CONF_WL) $(SCTRACE)
REPLAY_COMPARE := $(BUILD)/selftests/replay_compare
# The normaliser asks the tracer's tables which arguments are pids.
$(REPLAY_COMPARE): selftests/replay_compare.c selftests/normalize.c selftests/normalize.h $(TRACER_LIB)
	@mkdir -p $(@D)
	$(CC) $(SCT_CFLAGS) $(CFLAGS) $(SCT_LDFLAGS) $(LDFLAGS) -Iselftests -Itracer -o $@ \
		selftests/replay_compare.c selftests/normalize.c $(TRACER_LIB) $(LDLIBS)

golden: $(GOLDEN) $(WL_BINS) $(M32_BINS) $(SCTRACE) $(REPLAY_COMPARE) $(KTOOLS_STAMP)

ARCH_NAME := $(shell uname -m)

# The main job: every golden case on the running kernel, one KTAP report
# (build/run.ktap), checked with two parsers, and as JUnit XML.
run: deps
	$(SUBMAKE) golden
	selftests/ktap-report build/run golden $(GOLDEN)

# Rewrites expected/$(ARCH_NAME)/ from this machine, showing each diff
# first; CASE=name for one case; ARCH=aarch64|s390x|x86_64|ppc64le blesses from
# that arch's QEMU guest instead. Read every file before committing it.
ifeq ($(ARCH),)
bless: golden
	SCTRACE_BLESS=1 GOLDEN_CASE=$(CASE) $(GOLDEN)
else
bless: deps-qemu-all
	ci/check-qemu.sh --bless $(ARCH) $(KERNEL)
endif

# The suite as a kselftest collection: KSFT_INSTALL_PATH may be a kernel's
# kselftest install (its run_kselftest.sh then runs sctrace too).
KSFT_INSTALL_PATH ?= build/kselftest_install
.PHONY: kselftest-install run_tests
kselftest-install: all unit-tests golden conformance
	selftests/kselftest-install $(KSFT_INSTALL_PATH) $(BUILD) $(KTOOLS_DIR)

# As lib.mk's run_tests: the collection through the kernel's runner.
run_tests: deps
	$(SUBMAKE) kselftest-install
	$(KSFT_INSTALL_PATH)/run_kselftest.sh -c sctrace

# make lint: the kernel's checkpatch (from the linux-source tarball the
# build unpacks already), cppcheck and clang-tidy over the tracer, all clean.
# compiler.h is left to cppcheck alone: it defines the attribute
# spellings checkpatch asks for, as the kernel's compiler_attributes.h.
CHECKPATCH_DIR   := build/checkpatch
CHECKPATCH       := $(CHECKPATCH_DIR)/scripts/checkpatch.pl
CHECKPATCH_FILES := $(filter-out tracer/compiler.h,$(wildcard tracer/*.c tracer/*.h tracer/bpf/*.c))

$(CHECKPATCH):
	@test -r $(LINUX_SRC_TAR) || { echo "$(LINUX_SRC_TAR) is missing: run 'make deps' as root (package linux-source-6.1)" >&2; exit 1; }
	mkdir -p $(CHECKPATCH_DIR)
	tar -xJf $(LINUX_SRC_TAR) -C $(CHECKPATCH_DIR) --strip-components=1 \
		$(addprefix linux-source-6.1/scripts/,checkpatch.pl spelling.txt const_structs.checkpatch)
	touch $@

# clang-tidy with .clang-tidy's checks, each source once: a stamp in
# build/tidy says it was clean, until it, a header or the config changes.
# The *_nobpf.c sources not built here are checked too; the libbpf ones
# where libbpf is there.
TIDY_DIR   := $(BUILD)/tidy
TIDY_SRCS  := $(filter-out $(BPF_SRCS),$(wildcard tracer/*.c)) $(NOBPF_SRCS) \
	      $(if $(filter 1,$(CONTENTS)),$(BPF_ONLY))
TIDY_FLAGS := $(filter-out -W%,$(SCT_CFLAGS)) -Itracer -isystem $(BUILD)/gen

$(TIDY_DIR)/%.ok: tracer/%.c .clang-tidy $(wildcard tracer/*.h) | $(USAGE_H) \
		  $(if $(filter 1,$(CONTENTS)),$(BPF_OBJS:%=$(BUILD)/gen/%.bpf.inc))
	@mkdir -p $(@D)
	clang-tidy --quiet $< -- $(TIDY_FLAGS)
	@touch $@

.PHONY: lint tidy
tidy: $(patsubst tracer/%.c,$(TIDY_DIR)/%.ok,$(TIDY_SRCS))

lint: deps
	$(SUBMAKE) $(CHECKPATCH)
	$(CHECKPATCH) --no-tree --quiet --show-types -f $(CHECKPATCH_FILES)
	cppcheck --quiet --enable=warning,portability,performance --std=c11 -D_GNU_SOURCE \
		-Itracer --error-exitcode=1 tracer/*.c
	+$(SUBMAKE) tidy

# README's two commands in a debootstrapped Debian 12 (not part of check;
# FRESH_UPTO=run stops after make run).
.PHONY: check-fresh
check-fresh:
	@ci/install-deps.sh fresh
	ci/check-fresh.sh $(or $(FRESH_UPTO),check)

# make lint also refuses an include cycle among tracer/'s modules
# (ci/include-cycles.sh -l lists the graph).
.PHONY: include-cycles
include-cycles:
	ci/include-cycles.sh
lint: include-cycles

# The golden and unit suites inside QEMU guests of each architecture,
# booting Debian's kernels (KERNEL=path/Image for your own, with one ARCH).
.PHONY: check-qemu
check-qemu: deps-qemu-all
	$(SUBMAKE) $(SCTRACE) $(REPLAY_COMPARE)
	ci/check-qemu.sh $(or $(ARCH),all) $(KERNEL)

# Each guest arch's LAVA job (ARCH=x86_64|aarch64|s390x|ppc64le for one) run for
# real by lava-run on a local qemu device dictionary, one after another,
# its cases compared with check-qemu's (not part of check; needs root).
# A guest and its check-qemu report are made first where missing or older
# than its initramfs; the verdict is check-lava.sh's, which compares them.
.PHONY: check-lava
check-lava: deps-qemu-all
	$(SUBMAKE) $(SCTRACE) $(REPLAY_COMPARE)
	ci/check-lava.sh $(or $(ARCH),all)

# The suites, each a KTAP subtest: name, then the command that runs it.
BATS_SUITES = cli "selftests/bats-tap selftests/cli.bats" ktap "selftests/bats-tap selftests/ktap.bats" \
	      ktap-lava "selftests/bats-tap selftests/ktap-lava.bats" \
	      load "selftests/bats-tap selftests/load.bats" faults "selftests/bats-tap selftests/faults.bats" \
	      badinput "selftests/bats-tap selftests/badinput.bats" views "selftests/bats-tap selftests/views.bats" \
	      events "selftests/bats-tap selftests/events.bats" \
	      replay "selftests/bats-tap selftests/replay.bats" \
	      contents "selftests/bats-tap selftests/contents.bats" \
	      contents_kinds "selftests/bats-tap selftests/contents_kinds.bats" \
	      contents_msg "selftests/bats-tap selftests/contents_msg.bats" \
	      fds "selftests/bats-tap selftests/fds.bats" \
	      yy "selftests/bats-tap selftests/yy.bats" \
	      kcount "selftests/bats-tap selftests/kcount.bats" \
	      stats "selftests/bats-tap selftests/stats.bats" \
	      engine "selftests/bats-tap selftests/engine.bats" \
	      docs "selftests/bats-tap selftests/docs.bats" \
	      deb "selftests/bats-tap selftests/deb.bats" \
	      cidocs "selftests/bats-tap selftests/cidocs.bats" \
	      json_schema "selftests/bats-tap selftests/json_schema.bats" \
	      compat "selftests/bats-tap selftests/compat.bats" \
	      filter "selftests/bats-tap selftests/filter.bats" \
	      signals "selftests/bats-tap selftests/signals.bats" \
	      arity "selftests/bats-tap selftests/arity.bats" \
	      dec_net "selftests/bats-tap selftests/dec_net.bats" \
	      stack "selftests/bats-tap selftests/stack.bats" \
	      strace_opts "selftests/bats-tap selftests/strace_opts.bats" \
	      quoting "selftests/bats-tap selftests/quoting.bats" \
	      format "selftests/bats-tap selftests/format.bats"

# ppc64le's guest is left out of make check for its time: make check-qemu
# (ARCH=all) and make check-lava run it.
QEMU_SUITE  = guests "ci/check-qemu.sh x86_64,aarch64,s390x" \
	      lava-jobs "ci/lava-job.py build/lava x86_64 aarch64 s390x"

# The tracer and the C tests once more with AddressSanitizer and UBSan
# (clang), any report fatal; and valgrind memcheck over short traces.
ASAN       := build/asan
ASAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
ASAN_ENV   := ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ASAN_UNITS  = $(foreach t,$(notdir $(UNIT_TESTS)),$(t) "$(ASAN_ENV) $(ASAN)/selftests/$(t)")
SANITIZER_SUITE = sanitizers "selftests/ktap-run $(subst ",\",$(ASAN_UNITS)) \
	golden \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace WORKLOADS=$(WL_DIR) GOLDEN_OUT=$(ASAN)/golden $(ASAN)/selftests/golden\" \
	cli \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/cli.bats\" \
	load \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/load.bats\" \
	faults \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/faults.bats\" \
	badinput \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/badinput.bats\" \
	views \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/views.bats\" \
	events \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/events.bats\" \
	engine \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/engine.bats\" \
	replay \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/replay.bats\" \
	contents \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/contents.bats\" \
	contents_kinds \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/contents_kinds.bats\" \
	contents_msg \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/contents_msg.bats\" \
	fds \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/fds.bats\" \
	yy \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/yy.bats\" \
	kcount \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/kcount.bats\" \
	stats \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/stats.bats\" \
	compat \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/compat.bats\" \
	filter \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/filter.bats\" \
	signals \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/signals.bats\" \
	arity \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/arity.bats\" \
	dec_net \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/dec_net.bats\" \
	stack \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/stack.bats\" \
	strace_opts \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/strace_opts.bats\" \
	quoting \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/quoting.bats\" \
	format \"$(ASAN_ENV) SCTRACE=$(ASAN)/sctrace selftests/bats-tap selftests/format.bats\" \
	memcheck \"selftests/memcheck.sh $(SCTRACE) $(WL_DIR)/threads_interleave $(WL_DIR)/fork_execve\""

FUZZ_BIN     := $(ASAN)/selftests/fuzz_options
FUZZ_PERF    := $(ASAN)/selftests/fuzz_perfdata
FUZZ_SECONDS ?= 30
FUZZ_SRCS    := selftests/fuzz_options.c tracer/options.c tracer/lists.c tracer/diag.c tracer/escape.c \
		tracer/select.c tracer/socketcall.c tracer/syscall_table.c tracer/sysent.c \
		tracer/fdpaths.c tracer/syscall_class.c tracer/call_status.c tracer/path_filter.c \
		tracer/stats_spec.c tracer/sig_set.c tracer/beauty.c tracer/outbuf.c tracer/outfile.c \
		tracer/decode_fds.c tracer/decode_pids.c tracer/quiet.c tracer/line_style.c \
		tracer/ct_ioctl.c tracer/ct_process.c tracer/xlat.c tracer/sock_names.c tracer/iodump.c \
		tracer/callgraph.c tracer/qualifiers.c tracer/time_spec.c tracer/perf_refused.c
# The reader and everything a replay prints through: the tracer but its
# live half (a run's sequence and what only it calls).
LIVE_SRCS := $(addprefix tracer/,main.c session.c events.c target.c recording.c tp_find.c \
	     signals.c sources.c bpf_progs.c outcome.c holdback.c engine.c cgroup_target.c \
	     mapsynth.c taskfiles.c)
FUZZ_PERF_SRCS := selftests/fuzz_perfdata.c \
		$(filter-out $(LIVE_SRCS) $(BPF_SRCS),$(TRACER_SRCS))
FUZZ_FLAGS   := $(SCT_CFLAGS) -g -O1 -fsanitize=fuzzer,address,undefined -Itracer

$(FUZZ_BIN): $(FUZZ_SRCS) $(wildcard tracer/*.h) $(USAGE_H)
	@mkdir -p $(@D)
	clang $(FUZZ_FLAGS) -I$(BUILD)/gen -o $@ $(FUZZ_SRCS) -laudit

$(FUZZ_PERF): $(FUZZ_PERF_SRCS) $(wildcard tracer/*.h) $(USAGE_H)
	@mkdir -p $(@D)
	clang $(FUZZ_FLAGS) -I$(BUILD)/gen -o $@ $(FUZZ_PERF_SRCS) $(LDLIBS)

FUZZ_SUITE = fuzz "selftests/fuzz.sh $(FUZZ_BIN) $(FUZZ_SECONDS) selftests/fuzz/seeds selftests/fuzz/regressions build/fuzz 256" \
	fuzz-perfdata "LSAN_OPTIONS=suppressions=selftests/fuzz/libtraceevent.supp selftests/fuzz.sh $(FUZZ_PERF) $(FUZZ_SECONDS) selftests/fuzz/perfdata-seeds selftests/fuzz/perfdata-regressions build/fuzz-perfdata 262144"

.PHONY: sanitized
sanitized: $(FUZZ_BIN) $(FUZZ_PERF)
	$(MAKE) -s BUILD=$(ASAN) CC=clang CFLAGS="$(ASAN_FLAGS)" LDFLAGS="-fsanitize=address,undefined" all unit-tests $(ASAN)/selftests/golden

# The unit, golden and conformance suites run as a kernel's CI runs them:
# the installed collection, every test of it, through run_kselftest.sh
# (this replaces running the same programs directly). Their traces are
# kept in build/golden and build/conformance, as make run keeps them.
# Installed deep (its cwd longer than 256 bytes wherever the tree is): the
# collection must pass from any directory it is installed to.
KSFT_DEEP       := $(foreach i,1 2 3 4 5 6,/deep-directory-level-$(i)-of-a-kselftest-install)
KSFT_CHECK_PATH := build/kselftest_check$(subst $() ,,$(KSFT_DEEP))
KSFT_SUITE = kselftest "GOLDEN_OUT=$(CURDIR)/build/golden CONF_OUT=$(CURDIR)/build/conformance \
	$(KSFT_CHECK_PATH)/run_kselftest.sh -c sctrace"

check: deps-qemu
	$(SUBMAKE) lint
	$(SUBMAKE) all unit-tests golden conformance sanitized $(BENCH_BIN)
	selftests/kselftest-install $(KSFT_CHECK_PATH) $(BUILD) $(KTOOLS_DIR)
	selftests/ktap-report build/check $(KSFT_SUITE) $(BATS_SUITES) $(SANITIZER_SUITE) $(FUZZ_SUITE) $(QEMU_SUITE)

# strace 6.1's own test suite with STRACE pointing at sctrace (TOOL=strace:
# with Debian's strace, to compare): its source fetched from Debian's
# archive into cache/strace-src, its tests built in build/strace-suite.
# Not part of check: it runs strace's 1,257 tests (ci/strace-suite.sh).
.PHONY: check-strace-suite
check-strace-suite: deps
	$(SUBMAKE) $(SCTRACE)
	ci/strace-suite.sh $(if $(filter strace,$(TOOL)),--strace)

# Every golden case once more, captured by the opt-in BPF engine
# (--engine=bpf) against the same golden files: about 3 minutes, so a
# target of its own while perf events are the default; engine.bats, in
# make check, covers the engine meanwhile.
.PHONY: check-bpf-engine
check-bpf-engine: deps
	$(SUBMAKE) golden
	selftests/ktap-report build/check-bpf-engine golden-bpf "SCTRACE_ENGINE=bpf $(GOLDEN)"
