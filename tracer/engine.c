// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>

#include "diag.h"
#include "engine.h"

/* What the BPF engine does not do yet, or NULL. */
static const char *not_done(const struct sct_options *o)
{
	if (o->record)
		return "record writes perf.data from perf events";
	if (o->faults_major || o->faults_minor)
		return "page faults (-F) share perf's rings";
	if (o->lossless)
		return "--lossless watches perf's rings";
	return NULL;
}

static void fall_back(const char *why)
{
	diag("the BPF engine cannot capture this run: %s; capturing through perf events", why);
}

void engine_choose(struct engine *e, const struct sct_options *o, bool counted_in_kernel)
{
	char why[CAPTURE_WHY_MAX];
	const char *no;

	e->capture = NULL;
	if (o->engine != SCT_ENGINE_BPF || counted_in_kernel)
		return;
	no = not_done(o);
	if (no) {
		fall_back(no);
		return;
	}
	e->capture = capture_load(why, sizeof(why));
	if (!e->capture)
		fall_back(why);
}

/* Attached after the contents program, so that its records come first, as with perf. */
int engine_start(struct engine *e, struct event_set *es, const struct capture_setup *s)
{
	char why[CAPTURE_WHY_MAX];
	struct ring **rings;
	const int *cpus;
	size_t nr;
	int err;

	if (!e->capture)
		return 0;
	err = capture_start(e->capture, s, why, sizeof(why));
	if (err) {
		fall_back(why);
		return err;
	}
	nr = capture_rings(e->capture, &rings, &cpus);
	err = events_adopt_rings(es, rings, cpus, nr);
	if (err)
		fall_back("out of memory");
	return err;
}

void engine_close(struct engine *e)
{
	capture_close(e->capture);
	e->capture = NULL;
}
