// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "path_filter.h"

static int push(struct path_list *list, const char *path)
{
	char **more = realloc(list->paths, (list->nr + 1) * sizeof(*more));

	if (!more)
		return -ENOMEM;
	list->paths = more;
	list->paths[list->nr] = strdup(path);
	if (!list->paths[list->nr])
		return -ENOMEM;
	list->nr++;
	return 0;
}

/*
 * As strace's -P: the path as given, and where it resolves if that is
 * elsewhere (a symlink, "..", a relative name), as a call names it
 * either way. A path that does not exist yet is kept as given.
 */
int path_list_add(struct path_list *list, const char *path)
{
	char *real = realpath(path, NULL);
	int err = push(list, path);

	if (!err && real && strcmp(real, path))
		err = push(list, real);
	free(real);
	return err;
}

/* Whether path (len bytes, a NUL among them or not) is one of the list's. */
bool path_list_has(const struct path_list *list, const char *path, size_t len)
{
	size_t i;

	len = strnlen(path, len);
	for (i = 0; i < list->nr; i++)
		if (strlen(list->paths[i]) == len && !memcmp(list->paths[i], path, len))
			return true;
	return false;
}

void path_list_free(struct path_list *list)
{
	size_t i;

	for (i = 0; i < list->nr; i++)
		free(list->paths[i]);
	free(list->paths);
	list->paths = NULL;
	list->nr = 0;
}
