#!/bin/sh
# make lint: no include cycle in tracer/. A file and its header are one
# module (x.c and x.h are "x"), so x.c including y.h while y.c includes
# x.h is a cycle: two modules that use each other. On a cycle, tsort
# names its modules and this exits 1. -l lists the graph instead:
# each file, then the files of the tree it includes.
set -eu
dir=${DIR:-tracer}

if [ "${1:-}" = -l ]; then
	for f in "$dir"/*.c "$dir"/*.h; do
		printf '%s ->' "${f##*/}"
		sed -n 's/^#include "\([^"]*\)".*/ \1/p' "$f" | tr -d '\n'
		echo
	done
	exit 0
fi

for f in "$dir"/*.c "$dir"/*.h; do
	m=${f##*/}
	m=${m%.*}
	# Generated files (usage.h, the BPF objects' bytes) are not in the tree.
	sed -n 's/^#include "\([^"]*\)\.h".*/\1/p' "$f" | while read -r h; do
		if [ -f "$dir/$h.h" ] && [ "$h" != "$m" ]; then
			echo "$m $h"
		fi
	done
done | tsort >/dev/null || {
	echo "include cycle among the modules of $dir/ (above); move what they share into a header below both" >&2
	exit 1
}
