#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (with AddressSanitizer) and runs each for SECONDS
# (default 60), one process each (libFuzzer's default, no -jobs), one after the other. Hours are fine: the corpus grows in
# Fuzz/.work/<target>/ and is kept between runs; crashes land in Fuzz/.work/findings/.
#   Scripts/fuzz.sh [SECONDS] [TARGET...]      e.g. Scripts/fuzz.sh 3600, Scripts/fuzz.sh 30 FuzzZip
# Prints per target: executions, coverage (edges), features, corpus size and findings; exits
# non-zero when a target found something. FUZZ_FLAGS adds libFuzzer flags.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
# libFuzzer reports a fatal error; the Swift backtracer would only add noise under ASan.
export SWIFT_BACKTRACE=enable=no

seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(FuzzRead FuzzOverview FuzzZip FuzzSidecars FuzzValues FuzzStore)

flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -g -Xswiftc -use-ld=lld
  -Xcc -fsanitize=fuzzer-no-link,address)
for target in "${targets[@]}"; do
  swift build --package-path Fuzz "${flags[@]}" --product "$target" 2>&1 | grep -E "error|warning: .*Fuzz/" || true
done
bin="$(swift build --package-path Fuzz "${flags[@]}" --show-bin-path)"

# Third-party exports beside the clone seed the XML and sidecar targets too (cut to 6 KB; not
# committed: they are others' files).
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

findings=Fuzz/.work/findings
mkdir -p "$findings"
status=0
printf '%-14s %12s %8s %8s %8s %s\n' target executions coverage features corpus findings
for target in "${targets[@]}"; do
  work="Fuzz/.work/$target"
  mkdir -p "$work"
  dict=()
  [ -f "Fuzz/Dictionaries/$target.dict" ] && dict=(-dict="Fuzz/Dictionaries/$target.dict")
  # The store keeps SQLite's and GRDB's caches between inputs: no leaks to look for there, and
  # LeakSanitizer's scan after such inputs would halve the target's speed.
  [ "$target" = FuzzStore ] && dict+=(-detect_leaks=0)
  log="Fuzz/.work/$target.log"
  before=$(ls "$findings" | wc -l)
  # shellcheck disable=SC2086
  seeds=("Fuzz/Corpus/$target")
  [ -d "Fuzz/.work/shared/$target" ] && seeds+=("Fuzz/.work/shared/$target")
  "$bin/$target" "$work" "${seeds[@]}" -max_total_time="$seconds" \
    -timeout=30 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 -artifact_prefix="$findings/$target-" \
    "${dict[@]}" ${FUZZ_FLAGS:-} >"$log" 2>&1 || true
  after=$(ls "$findings" | wc -l)
  executions=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log")
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  coverage=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")
  features=$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$last")
  corpus=$(find "$work" -type f | wc -l)
  found=$((after - before))
  printf '%-14s %12s %8s %8s %8s %s\n' "$target" "${executions:-?}" "${coverage:-?}" "${features:-?}" "$corpus" "$found"
  if [ "$found" -gt 0 ] || grep -qE 'ERROR: (libFuzzer|AddressSanitizer)|Fatal error' "$log"; then
    status=1
    grep -E 'Fatal error|ERROR:|SUMMARY' "$log" | head -5 | sed 's/^/    /'
  fi
done
exit $status
