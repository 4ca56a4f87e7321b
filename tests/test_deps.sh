#!/bin/sh
# tools/deps.sh: each group names its missing packages; as root without
# apt-get and as another user it stops with the exact command (with sudo
# only for the other user); an unknown group is a usage error. Runs with a
# PATH of stub commands, so it installs nothing.
. "$(dirname "$0")/shlib.sh"

stub=$tmp/bin
mkdir -p "$stub"
for c in sh cat; do ln -s "$(command -v $c)" "$stub/$c"; done
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
finish
