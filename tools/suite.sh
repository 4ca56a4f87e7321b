#!/bin/sh
# Runs one test suite for make check:  tools/suite.sh NAME COMMAND [ARG...]
# The suite's whole output (its ok lines and the error messages its
# negative cases expect) goes to build/test-logs/NAME.log; the terminal
# gets one line: "pass", "skip" with the suite's reason, or "FAIL" with the
# log's last lines and its path. Exit status 77 from a suite means skipped.
# The outcome is kept in build/test-logs/NAME.result for the closing line.
set -u
name=$1; shift
dir=build/test-logs
mkdir -p "$dir"
log=$dir/$name.log
start=$(date +%s)
"$@" >"$log" 2>&1
rc=$?
secs=$(( $(date +%s) - start ))
case $rc in
    0)  echo pass >"$dir/$name.result"; echo "pass  $name (${secs} s)" ;;
    77) echo skip >"$dir/$name.result"
        echo "skip  $name: $(sed -n 's/^skip - //p' "$log" | tail -1)" ;;
    *)  echo fail >"$dir/$name.result"
        echo "FAIL  $name (exit status $rc, ${secs} s); the end of $log:"
        tail -n 25 "$log" | sed 's/^/    /'
        exit 1 ;;
esac
