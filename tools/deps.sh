#!/bin/sh
# Checks that the build's dependencies are present (found by pkg-config, and
# the sqlite3 shell); installs the missing Debian packages when run as root,
# otherwise stops with the exact command to run.
set -u
missing=""
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
if command -v pkg-config >/dev/null 2>&1; then
    pkg-config --exists sqlite3 || missing="$missing libsqlite3-dev"
    pkg-config --exists cmocka || missing="$missing libcmocka-dev"
else
    missing="$missing libsqlite3-dev libcmocka-dev"
fi
command -v sqlite3 >/dev/null 2>&1 || missing="$missing sqlite3"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "isolab: installing missing packages:$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq $missing >&2 && exit 0
    echo "isolab: apt-get could not install:$missing" >&2
    exit 1
fi
echo "isolab: missing build dependencies. Install them with:" >&2
echo "    sudo apt-get install -y$missing" >&2
exit 1
