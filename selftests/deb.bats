#!/usr/bin/env bats
# The Debian package (debian/): built from a copy of the tree as a packager
# builds it, lintian-clean, installed, run from /usr/bin, then purged. Needs
# root; never replaces an sctrace package installed before it.
bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

# Why this machine cannot run the suite, or nothing. bats 1.8 cannot skip
# from setup_file: each test skips with this reason instead.
why_not() {
	[ "$(id -u)" -eq 0 ] || { echo "needs root to install the package"; return; }
	local tool
	for tool in dpkg-buildpackage dh lintian; do
		command -v "$tool" >/dev/null ||
			{ echo "$tool is missing: run ci/install-deps.sh as root"; return; }
	done
	local state
	state=$(dpkg-query -W -f='${db:Status-Status} ${Version}' sctrace 2>/dev/null) || true
	case "$state" in
	"" | not-installed*) ;;
	*) echo "an sctrace package is on this machine ($state): not replaced; dpkg --purge sctrace to run this suite" ;;
	esac
}

setup_file() {
	export PKG_SKIP PKG_TOP=$BATS_FILE_TMPDIR
	PKG_SKIP=$(why_not)
	[ -z "$PKG_SKIP" ] || return 0

	# dpkg-buildpackage writes beside the tree it builds: both in the
	# suite's own tmpdir. build/ and cache/ are this tree's outputs.
	mkdir "$PKG_TOP/sctrace"
	tar -C "$BATS_TEST_DIRNAME/.." --exclude-vcs --exclude=./build --exclude=./cache -cf - . |
		tar -C "$PKG_TOP/sctrace" -xf -
	local start=$SECONDS rc=0
	# A package build starts a make of its own, not one inside make check's.
	(cd "$PKG_TOP/sctrace" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -us -uc -b -jauto) \
		>"$PKG_TOP/build.log" 2>&1 || rc=$?
	echo "$rc" >"$PKG_TOP/build.rc"
	echo "# dpkg-buildpackage: $((SECONDS - start)) s" >&3
	export PKG_VERSION
	PKG_VERSION=$(dpkg-parsechangelog -l "$PKG_TOP/sctrace/debian/changelog" -S Version)
	export PKG_DEB=$PKG_TOP/sctrace_${PKG_VERSION}_$(dpkg --print-architecture).deb
	export PKG_CHANGES=${PKG_DEB%.deb}.changes
}

teardown_file() {
	# A failed test between install and purge leaves nothing installed.
	if [ -e "$PKG_TOP/installed" ] && dpkg-query -W sctrace >/dev/null 2>&1; then
		dpkg --purge sctrace >/dev/null
	fi
}

need_deb() {
	[ -z "$PKG_SKIP" ] || skip "$PKG_SKIP"
	[ -s "$PKG_DEB" ] || fail "no $PKG_DEB: the package build failed (see its test)"
}

@test "dpkg-buildpackage -b builds the package from a copy of the tree" {
	[ -z "$PKG_SKIP" ] || skip "$PKG_SKIP"
	run cat "$PKG_TOP/build.rc"
	if [ "$output" != 0 ]; then
		tail -n 40 "$PKG_TOP/build.log"
		fail "dpkg-buildpackage exited $output"
	fi
	need_deb
	[ -s "$PKG_CHANGES" ] || fail "no $PKG_CHANGES"
}

@test "lintian: no error and no warning" {
	need_deb
	run lintian --fail-on error,warning "$PKG_CHANGES"
	# The tags first: a failure then shows them.
	refute_line --regexp '^[EW]: '
	assert_success
}

@test "the package holds sctrace, its man page and its bash completion" {
	need_deb
	run -0 dpkg-deb -c "$PKG_DEB"
	assert_line --regexp '^-rwxr-xr-x root/root .* \./usr/bin/sctrace$'
	assert_line --regexp '^-rw-r--r-- root/root .* \./usr/share/man/man1/sctrace\.1\.gz$'
	assert_line --regexp '^-rw-r--r-- root/root .* \./usr/share/bash-completion/completions/sctrace$'
}

@test "installed, /usr/bin/sctrace --version says the package's version" {
	need_deb
	touch "$PKG_TOP/installed"
	local start=$SECONDS
	run -0 dpkg -i "$PKG_DEB"
	echo "# dpkg -i: $((SECONDS - start)) s" >&3
	run -0 /usr/bin/sctrace --version
	assert_output "sctrace $PKG_VERSION"
}

@test "installed, man finds sctrace(1) and bash completes sctrace" {
	need_deb
	run -0 dpkg-query -W -f='${db:Status-Status}' sctrace
	assert_output installed
	# -a: a make install under /usr/local may come first in man's path.
	run -0 man -aw sctrace
	assert_line /usr/share/man/man1/sctrace.1.gz
	run -0 bash -c '. /usr/share/bash-completion/bash_completion &&
		__load_completion sctrace && complete -p sctrace'
	assert_output --regexp '^complete .* sctrace$'
}

@test "dpkg --purge removes every file the package installed" {
	need_deb
	run -0 dpkg-query -W -f='${db:Status-Status}' sctrace
	assert_output installed
	run -0 dpkg-query -L sctrace
	local files=("${lines[@]}")
	local start=$SECONDS
	run -0 dpkg --purge sctrace
	echo "# dpkg --purge: $((SECONDS - start)) s" >&3
	run dpkg-query -W -f='${db:Status-Status}' sctrace
	refute_output installed
	local f
	for f in "${files[@]}"; do
		[ -d "$f" ] || [ ! -e "$f" ] || fail "$f is left after the purge"
	done
}
