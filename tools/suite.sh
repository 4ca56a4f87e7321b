#!/bin/sh
# Runs one test suite for make check:  tools/suite.sh NAME COMMAND [ARG...]
# The suite's whole output (its ok lines and the error messages its
# negative cases expect) goes to build/test-logs/NAME.log; the terminal
# gets one line: "pass" with its wall and CPU seconds, "skip" with the
# suite's reason, or "FAIL" with the log's last lines and its path. Exit
# status 77 from a suite means skipped. The outcome is kept in
# build/test-logs/NAME.result for the closing line, the CPU seconds (user +
# system of the suite's processes) in NAME.cpu.
set -u
name=$1; shift
dir=build/test-logs
mkdir -p "$dir"
log=$dir/$name.log
start=$(date +%s)
"$@" >"$log" 2>&1
rc=$?
secs=$(( $(date +%s) - start ))
# times' second line: the children's user and system time, as 1m2.5s (a
# builtin run in this shell: in a pipe it would be a child's, 0)
times >"$dir/$name.cpu"
cpu=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); t += p[1] * 60 + p[2] }
    printf "%.1f", t }' "$dir/$name.cpu")
echo "$cpu" >"$dir/$name.cpu"
case $rc in
    0)  echo pass >"$dir/$name.result"; echo "pass  $name (${secs} s, ${cpu} CPU-s)" ;;
    77) echo skip >"$dir/$name.result"
        echo "skip  $name: $(sed -n 's/^skip - //p' "$log" | tail -1)" ;;
    *)  echo fail >"$dir/$name.result"
        echo "FAIL  $name (exit status $rc, ${secs} s); the end of $log:"
        tail -n 25 "$log" | sed 's/^/    /'
        exit 1 ;;
esac
