#!/bin/sh
# SQLite's source for the page's engine (make wasm): Debian's source package
# sqlite3 of the same version as the libsqlite3-dev isolab is built with, so
# the page and the shell run the same SQLite. Fetched with apt through a
# sources list of isolab's own (build/sqlite-src/apt/: the system's apt
# configuration is never changed), unpacked with Debian's patches applied,
# then its amalgamation made (needs tclsh). Everything stays under DIR:
#   tools/sqlite-src.sh DIR    ->  DIR/tree/sqlite3.c and DIR/tree/sqlite3.h
set -eu
dir=${1:?usage: tools/sqlite-src.sh DIR}
version=$(dpkg-query -W -f '${Version}' libsqlite3-dev 2>/dev/null) || {
    echo "tools/sqlite-src.sh: libsqlite3-dev is not installed (sh tools/deps.sh build)" >&2
    exit 1
}
mkdir -p "$dir/apt/lists/partial" "$dir/apt/archives/partial"
apt=$(cd "$dir/apt" && pwd)
keys=/usr/share/keyrings/debian-archive-keyring.gpg
# the suites the system's own list names, as deb-src lines
{
    for suite in bookworm bookworm-updates; do
        echo "deb-src [signed-by=$keys] http://deb.debian.org/debian $suite main"
    done
    echo "deb-src [signed-by=$keys] http://deb.debian.org/debian-security bookworm-security main"
} >"$apt/sources.list"
set -- -o "Dir::Etc::SourceList=$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
    -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt" -o "Dir::Cache::archives=$apt/archives" \
    -o Debug::NoLocking=1 -o APT::Sandbox::User=root
if [ ! -f "$dir/sqlite3_$version.dsc" ]; then
    apt-get "$@" -qq update
    (cd "$dir" && apt-get "$@" -qq source --download-only "sqlite3=$version")
fi
rm -rf "$dir/tree.tmp"
# apt checked the files against the signed archive; dpkg-source checks
# them again, and warns that it has no key for the uploader's signature:
# its output is kept in DIR/source.log, shown when it fails
dpkg-source -q -x "$dir/sqlite3_$version.dsc" "$dir/tree.tmp" >"$dir/source.log" 2>&1 || {
    cat "$dir/source.log" >&2
    exit 1
}
(cd "$dir/tree.tmp" && ./configure -q >../configure.log 2>&1 && make sqlite3.c >../make.log 2>&1) || {
    echo "tools/sqlite-src.sh: making sqlite3.c failed: see $dir/configure.log and $dir/make.log" >&2
    exit 1
}
rm -rf "$dir/tree" && mv "$dir/tree.tmp" "$dir/tree"
echo "$version" >"$dir/tree/debian-version"
