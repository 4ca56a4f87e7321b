#!/bin/sh
# tools/deps.sh: each group names its missing packages; as root without
# apt-get and as another user it stops with the exact command (with sudo
# only for the other user); an unknown group is a usage error. Runs with a
# PATH of stub commands, so it installs nothing.
. "$(dirname "$0")/../lib/shlib.sh"

stub=$tmp/bin
mkdir -p "$stub"
for c in sh cat mkdir; do ln -s "$(command -v $c)" "$stub/$c"; done
printf '#!/bin/sh\necho "${STUB_UID:-1000}"\n' >"$stub/id"
printf '#!/bin/sh\nexit 0\n' >"$stub/pkg-config"       # libraries present
chmod +x "$stub/id" "$stub/pkg-config"

deps() { PATH=$stub STUB_UID=$1 "$stub/sh" tools/deps.sh "$2" 2>&1; echo "rc=$?"; }
check "plots, not root: the command with sudo" \
    "isolab: missing packages: gnuplot-nox. Install them with:|    sudo apt-get install -y gnuplot-nox|rc=1" \
    "$(deps 1000 plots | tr '\n' '|' | sed 's/|$//')"
check "page, root without apt-get: the command without sudo" \
    "isolab: missing packages: chromium. Install them with:|    apt-get install -y chromium|rc=1" \
    "$(deps 0 page | tr '\n' '|' | sed 's/|$//')"
check "build: the sqlite3 shell" "    sudo apt-get install -y sqlite3" "$(deps 1000 build | sed -n 2p)"
check "ci: everything a fresh machine lacks, each once" \
    "    sudo apt-get install -y gcc make sqlite3 gnuplot-nox chromium emscripten tcl dpkg-dev valgrind tmux" \
    "$(deps 1000 ci | sed -n 2p)"
check "wasm: emscripten, tclsh, dpkg-source" "    sudo apt-get install -y emscripten tcl dpkg-dev" \
    "$(deps 1000 wasm | sed -n 2p)"
check "unknown group: exit 2" "rc=2" "$(deps 1000 pie | tail -1)"
printf '#!/bin/sh\n' >"$stub/gnuplot" && chmod +x "$stub/gnuplot"
check "present: nothing said, exit 0" "rc=0" "$(deps 1000 plots)"

# wasm with its tools present: SQLite's source fetched once, into
# build/sqlite-src (a stand-in tools/sqlite-src.sh in a copy of the tree)
for c in emcc tclsh dpkg-source; do printf '#!/bin/sh\n' >"$stub/$c" && chmod +x "$stub/$c"; done
mkdir -p "$tmp/top/tools"
cp tools/deps.sh "$tmp/top/tools/"
printf '#!/bin/sh\necho "fetched into $1" >&2\nmkdir -p "$1/tree" && : >"$1/tree/sqlite3.c"\n' \
    >"$tmp/top/tools/sqlite-src.sh"
wasm() { (cd "$tmp/top" && PATH=$stub STUB_UID=1000 "$stub/sh" tools/deps.sh wasm 2>&1; echo "rc=$?"); }
check "wasm: SQLite's source fetched" \
    "isolab: fetching SQLite's source for the page's engine (build/sqlite-src)|fetched into build/sqlite-src|rc=0" \
    "$(wasm | tr '\n' '|' | sed 's/|$//')"
check "wasm: fetched once, then nothing said" "rc=0" "$(wasm)"
finish
