#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (with AddressSanitizer) and runs each for SECONDS
# (default 60), one process each (libFuzzer's default, no -jobs): one after the other, or with
# --parallel all at once at the lowest priority (nice 19), so that hours of fuzzing leave the
# machine to whoever else needs it. Hours are fine: the corpus grows in $FUZZ_WORK/<target>/
# (default Fuzz/.work) and is kept between runs; crashes land in $FUZZ_WORK/findings/.
#   Scripts/fuzz.sh [--parallel] [SECONDS] [TARGET...]
#   e.g. Scripts/fuzz.sh 3600, Scripts/fuzz.sh 30 FuzzZip, FUZZ_WORK=/tmp/fuzz Scripts/fuzz.sh --parallel 3600
# Prints per target: wall and CPU seconds, executions, coverage (edges), features, corpus size
# and findings; exits non-zero when a target found something. FUZZ_FLAGS adds libFuzzer flags.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
# libFuzzer reports a fatal error; the Swift backtracer would only add noise under ASan.
export SWIFT_BACKTRACE=enable=no

parallel=0
if [ "${1:-}" = --parallel ]; then
  parallel=1
  shift
fi
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(FuzzRead FuzzOverview FuzzZip FuzzSidecars FuzzValues FuzzStore)
work_root="${FUZZ_WORK:-Fuzz/.work}"

flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -g -Xswiftc -use-ld=lld
  -Xcc -fsanitize=fuzzer-no-link,address)
for target in "${targets[@]}"; do
  swift build --package-path Fuzz "${flags[@]}" --product "$target" 2>&1 | grep -E "error|warning: .*Fuzz/" || true
done
bin="$(swift build --package-path Fuzz "${flags[@]}" --show-bin-path)"

# Third-party exports beside the clone seed the XML, store and sidecar targets too (cut to
# 6 KB; not committed: they are others' files).
shared=../shared/corpus
if [ -d "$shared" ]; then
  mkdir -p Fuzz/.work/shared/FuzzRead Fuzz/.work/shared/FuzzSidecars
  for file in "$shared"/*.xml; do
    { printf '\x2a'; head -c 6000 "$file"; } >"Fuzz/.work/shared/FuzzRead/$(basename "$file")"
  done
  for file in "$shared"/*.gpx; do { printf '\x00'; head -c 6000 "$file"; } >"Fuzz/.work/shared/FuzzSidecars/$(basename "$file")"; done
  for file in "$shared"/*.csv; do { printf '\x01'; head -c 6000 "$file"; } >"Fuzz/.work/shared/FuzzSidecars/$(basename "$file")"; done
  rm -rf Fuzz/.work/shared/FuzzOverview && cp -r Fuzz/.work/shared/FuzzRead Fuzz/.work/shared/FuzzOverview
  rm -rf Fuzz/.work/shared/FuzzStore && cp -r Fuzz/.work/shared/FuzzRead Fuzz/.work/shared/FuzzStore
fi

findings="$work_root/findings"
mkdir -p "$findings"
timer=()
[ -x /usr/bin/time ] && timer=(/usr/bin/time -v -o)
nice=()
# nice alone yields only within a session where the kernel groups tasks by session (autogroup):
# each target gets a session of its own, and that session's group the lowest priority.
[ $parallel -eq 1 ] && nice=(setsid -w bash -c 'echo 19 >/proc/self/autogroup 2>/dev/null; exec nice -n 19 "$@"' lowest)

# Findings are crashes, leaks, timeouts and out-of-memory inputs; libFuzzer's slow-unit-* files
# (an input slower than 10 s, on a busy machine or a stopped process) are not.
found_by() { find "$findings" \( -name "$1-crash-*" -o -name "$1-leak-*" -o -name "$1-timeout-*" -o -name "$1-oom-*" \) | wc -l; }

# Runs one target for $seconds; its output goes to $work_root/<target>.log, its times to .time.
run_target() {
  local target="$1" work="$work_root/$1"
  mkdir -p "$work"
  local extra=()
  [ -f "Fuzz/Dictionaries/$target.dict" ] && extra=(-dict="Fuzz/Dictionaries/$target.dict")
  # The store keeps SQLite's and GRDB's caches between inputs: no leaks to look for there, and
  # LeakSanitizer's scan after such inputs would halve the target's speed.
  [ "$target" = FuzzStore ] && extra+=(-detect_leaks=0)
  local seeds=("Fuzz/Corpus/$target")
  [ -d "Fuzz/.work/shared/$target" ] && seeds+=("Fuzz/.work/shared/$target")
  local time_file=()
  [ ${#timer[@]} -gt 0 ] && time_file=("${timer[@]}" "$work_root/$target.time")
  # shellcheck disable=SC2086
  "${time_file[@]}" "${nice[@]}" "$bin/$target" "$work" "${seeds[@]}" -max_total_time="$seconds" \
    -timeout=30 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 -artifact_prefix="$findings/$target-" \
    "${extra[@]}" ${FUZZ_FLAGS:-} >"$work_root/$target.log" 2>&1 || true
}

status=0
# One line of the table for a target that has run; $2 is its findings before the run.
summarize() {
  local target="$1" before="$2" log="$work_root/$1.log" times="$work_root/$1.time"
  local executions last coverage features corpus found wall="?" cpu="?"
  executions=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log")
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  coverage=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")
  features=$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$last")
  corpus=$(find "$work_root/$target" -type f | wc -l)
  if [ -f "$times" ]; then
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%d", s }' "$times")
    cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { printf "%d", s }' "$times")
  fi
  found=$(($(found_by "$target") - before))
  printf '%-14s %7s %7s %12s %8s %8s %8s %s\n' "$target" "$wall" "$cpu" "${executions:-?}" "${coverage:-?}" \
    "${features:-?}" "$corpus" "$found"
  if [ "$found" -gt 0 ] || grep -qE 'ERROR: (libFuzzer|AddressSanitizer)|Fatal error' "$log"; then
    status=1
    { grep -E 'Fatal error|ERROR:|SUMMARY' "$log" || true; } | head -5 | sed 's/^/    /'
  fi
}

header() { printf '%-14s %7s %7s %12s %8s %8s %8s %s\n' target wall_s cpu_s executions coverage features corpus findings; }

declare -A before
if [ $parallel -eq 1 ]; then
  for target in "${targets[@]}"; do
    before[$target]=$(found_by "$target")
    run_target "$target" &
  done
  wait
  header
  for target in "${targets[@]}"; do summarize "$target" "${before[$target]}"; done
else
  header
  for target in "${targets[@]}"; do
    before[$target]=$(found_by "$target")
    run_target "$target"
    summarize "$target" "${before[$target]}"
  done
fi
exit $status
