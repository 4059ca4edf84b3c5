# sctrace: syscall tracer on perf tracepoints, and its regression harness.
# `make run` and `make check` install missing Debian packages first (root).

VERSION    := 0.1
PREFIX     ?= /usr/local
DESTDIR    ?=
BUILD      ?= build
CC         ?= cc
PKG_CONFIG ?= pkg-config

LIBS_PC    := libtraceevent audit
CFLAGS     ?= -O2 -g
CFLAGS     += -std=gnu11 -Wall -Wextra -Werror -D_GNU_SOURCE \
	      -DSCTRACE_VERSION='"$(VERSION)"' \
	      $(shell $(PKG_CONFIG) --cflags $(LIBS_PC) 2>/dev/null)
LDLIBS     += $(shell $(PKG_CONFIG) --libs $(LIBS_PC) 2>/dev/null)

TRACER_SRCS := $(wildcard tracer/*.c)
TRACER_OBJS := $(patsubst tracer/%.c,$(BUILD)/tracer/%.o,$(TRACER_SRCS))
# Everything but main(): what the unit tests link against.
TRACER_LIB  := $(filter-out $(BUILD)/tracer/main.o,$(TRACER_OBJS))
SCTRACE     := $(BUILD)/sctrace

.PHONY: all deps install clean
all: $(SCTRACE)

deps:
	@ci/install-deps.sh

$(SCTRACE): $(TRACER_OBJS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tracer/%.o: tracer/%.c $(wildcard tracer/*.h) | $(BUILD)/tracer
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/tracer:
	mkdir -p $@

install: $(SCTRACE)
	install -D -m 0755 $(SCTRACE) $(DESTDIR)$(PREFIX)/bin/sctrace

clean:
	rm -rf $(BUILD)
