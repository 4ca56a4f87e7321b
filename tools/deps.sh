#!/bin/sh
# Installs what isolab's targets need, by group, the one place that knows
# the Debian packages (the Makefile and .ci/run both call it):
#   tools/deps.sh [GROUP...]    default: build
#     build   compiler headers and libraries: pkg-config, libsqlite3-dev,
#             libcmocka-dev, zlib1g-dev, and the sqlite3 shell
#     plots   gnuplot (gnuplot-nox)             for make plots, isolab plot
#     page    chromium                           for make page's browser test
#     wasm    emscripten, tclsh and dpkg-source   for make wasm (the page's engine),
#             then SQLite's source from Debian into build/sqlite-src
#             (tools/sqlite-src.sh), when it is not there yet: a download,
#             so make check never makes one
#     ci      all of the above, gcc, make, valgrind and tmux (a fresh CI
#             machine; tmux drives the completion in a real bash)
# Whatever is missing is installed with apt-get when run as root; otherwise
# it stops (exit 1) with the exact command to run.
set -u

missing=""
want() { case " $missing " in *" $1 "*) ;; *) missing="$missing $1" ;; esac; }
need_cmd() { command -v "$1" >/dev/null 2>&1 || want "$2"; }

group_build() {
    need_cmd pkg-config pkg-config
    if command -v pkg-config >/dev/null 2>&1; then
        pkg-config --exists sqlite3 || want libsqlite3-dev
        pkg-config --exists cmocka || want libcmocka-dev
        pkg-config --exists zlib || want zlib1g-dev
    else
        want libsqlite3-dev; want libcmocka-dev; want zlib1g-dev
    fi
    need_cmd sqlite3 sqlite3
}
group_plots() { need_cmd gnuplot gnuplot-nox; }
group_page() { command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || want chromium; }
group_wasm() { need_cmd emcc emscripten; need_cmd tclsh tcl; need_cmd dpkg-source dpkg-dev; }
group_ci() {
    need_cmd cc gcc; need_cmd make make
    group_build; group_plots; group_page; group_wasm
    need_cmd valgrind valgrind; need_cmd tmux tmux
}

[ $# -eq 0 ] && set -- build
source=0
for g; do
    case $g in
        build | plots | page | wasm | ci) "group_$g" ;;
        *) echo "tools/deps.sh: unknown group '$g' (build, plots, page, wasm, ci)" >&2; exit 2 ;;
    esac
    case $g in wasm | ci) source=1 ;; esac
done

# SQLite's source for the engine, once the packages are there (run from
# the top directory, as the Makefile and .ci/run do)
fetch_source() {
    [ "$source" = 1 ] && [ ! -f build/sqlite-src/tree/sqlite3.c ] || exit 0
    echo "isolab: fetching SQLite's source for the page's engine (build/sqlite-src)" >&2
    sh tools/sqlite-src.sh build/sqlite-src
    exit
}
[ -z "$missing" ] && fetch_source

if [ "$(id -u)" = 0 ]; then
    if command -v apt-get >/dev/null 2>&1; then
        echo "isolab: installing missing packages:$missing" >&2
        export DEBIAN_FRONTEND=noninteractive
        # update only when the package lists do not know a package yet
        apt-get install -y -qq $missing >&2 2>/dev/null \
            || { apt-get update -qq >&2 && apt-get install -y -qq $missing >&2; } && fetch_source
        echo "isolab: apt-get could not install:$missing" >&2
        exit 1
    fi
    echo "isolab: missing packages:$missing. Install them with:" >&2
    echo "    apt-get install -y$missing" >&2
    exit 1
fi
echo "isolab: missing packages:$missing. Install them with:" >&2
echo "    sudo apt-get install -y$missing" >&2
exit 1
