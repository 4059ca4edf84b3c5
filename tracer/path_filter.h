/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PATH_FILTER_H
#define SCTRACE_PATH_FILTER_H

#include <stdbool.h>
#include <stddef.h>

/* -P: the paths whose calls are shown, each as given and as it resolves. */
struct path_list {
	char **paths;
	size_t nr;
};

int path_list_add(struct path_list *list, const char *path);
bool path_list_has(const struct path_list *list, const char *path, size_t len);
void path_list_free(struct path_list *list);

#endif
