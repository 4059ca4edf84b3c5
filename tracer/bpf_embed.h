/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_BPF_EMBED_H
#define SCTRACE_BPF_EMBED_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

/*
 * A BPF object embedded in sctrace as the bytes of its file: opened, its
 * maps found by name, loaded, its programs attached; each failure put
 * in one line, with libbpf's last complaint.
 */
struct bpf_object;
struct bpf_map;
struct bpf_link;

/* The most programs an object holds: contents' six, kcount's four. */
#define BPF_EMBED_PROGRAMS 6

/* An object's bytes, and its names in messages. */
struct bpf_embed_object {
	const char *name;		/* libbpf's: "failed to load object 'NAME'" */
	const char *what;		/* sctrace's: "loading the WHAT failed" */
	const unsigned char *bytes;
	size_t size;
};

/* A map sctrace reads or fills, and where its handle goes. */
struct bpf_embed_map {
	const char *name;
	struct bpf_map **map;
};

struct bpf_embed {
	const char *what;
	struct bpf_object *obj;
	struct bpf_link *links[BPF_EMBED_PROGRAMS];
};

int bpf_embed_open(struct bpf_embed *e, const struct bpf_embed_object *o,
		   const struct bpf_embed_map *maps, size_t nr_maps, char *why, size_t len);
int bpf_embed_skip(struct bpf_embed *e, const char *prog_name);
int bpf_embed_load(struct bpf_embed *e, char *why, size_t len);
int bpf_embed_open_load(struct bpf_embed *e, const struct bpf_embed_object *o,
			const struct bpf_embed_map *maps, size_t nr_maps, char *why, size_t len);
int bpf_embed_attach(struct bpf_embed *e, char *why, size_t len);
void bpf_embed_close(struct bpf_embed *e);
void bpf_embed_explain(char *why, size_t len, const char *step, int err);
bool bpf_embed_pid_ns(__u64 *dev, __u64 *ino);

#endif
