#!/usr/bin/env bash
# Each thread's CPU in one run of a command, to see which thread is the longest and how busy the
# cores are: Benchmarks/README.md, "Threads".
#
#   Benchmarks/threads.sh .build/release/healthimport records --all export.xml
#   Benchmarks/threads.sh .build/release/healthimport import export.xml --all --db /tmp/t.sqlite
#
# The command's output goes to /dev/null, its messages to standard error. The figures are each
# thread's user plus system time as last read from /proc (every 50 ms), so a thread that ends
# between two reads loses at most 50 ms. Linux only.
set -euo pipefail

if [ $# -eq 0 ]; then
    echo "usage: Benchmarks/threads.sh COMMAND [ARGUMENTS...]" >&2
    exit 2
fi
ticks=$(getconf CLK_TCK)
start=$(date +%s%N)
"$@" >/dev/null &
pid=$!
declare -A cpu name
while kill -0 "$pid" 2>/dev/null; do
    # Shell built-ins only: a process started per read would take CPU from the run measured.
    for task in /proc/"$pid"/task/*; do
        read -r stat 2>/dev/null <"$task/stat" || continue
        # Fields after the command name, which may hold spaces: utime and stime are 12th and 13th.
        read -r -a fields <<<"${stat##*) }"
        id=${task##*/}
        cpu[$id]=$((fields[11] + fields[12]))
        read -r comm 2>/dev/null <"$task/comm" || comm="?"
        name[$id]=$comm
    done
    sleep 0.05
done
status=0
wait "$pid" || status=$?
wall=$((($(date +%s%N) - start) / 1000000))
total=0
printf '%-10s %-20s %8s\n' thread name "CPU s"
for id in $(printf '%s\n' "${!cpu[@]}" | sort -n); do
    total=$((total + cpu[$id]))
    printf '%-10s %-20s %8.2f\n' "$id" "${name[$id]}" "$(echo "${cpu[$id]} / $ticks" | bc -l)"
done
printf '%-31s %8.2f\n' "all threads" "$(echo "$total / $ticks" | bc -l)"
printf '%-31s %8.2f\n' "wall" "$(echo "$wall / 1000" | bc -l)"
exit "$status"
