#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (with AddressSanitizer) and runs each for SECONDS
# (default 60), one job each, one after the other. Hours are fine: the corpus grows in
# Fuzz/.work/<target>/ and is kept between runs; crashes land in Fuzz/.work/findings/.
#   Scripts/fuzz.sh [SECONDS] [TARGET...]      e.g. Scripts/fuzz.sh 3600, Scripts/fuzz.sh 30 FuzzZip
# Prints per target: executions, coverage (edges), features, corpus size and findings; exits
# non-zero when a target found something. FUZZ_FLAGS adds libFuzzer flags.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(FuzzRead FuzzOverview FuzzZip FuzzSidecars FuzzValues)

flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -g
  -Xcc -fsanitize=fuzzer-no-link,address)
for target in "${targets[@]}"; do
  swift build --package-path Fuzz "${flags[@]}" --product "$target" 2>&1 | grep -E "error|warning: .*Fuzz/" || true
done
bin="$(swift build --package-path Fuzz "${flags[@]}" --show-bin-path)"

findings=Fuzz/.work/findings
mkdir -p "$findings"
status=0
printf '%-14s %12s %8s %8s %8s %s\n' target executions coverage features corpus findings
for target in "${targets[@]}"; do
  work="Fuzz/.work/$target"
  mkdir -p "$work"
  dict=()
  [ -f "Fuzz/Dictionaries/$target.dict" ] && dict=(-dict="Fuzz/Dictionaries/$target.dict")
  log="Fuzz/.work/$target.log"
  before=$(ls "$findings" | wc -l)
  # shellcheck disable=SC2086
  "$bin/$target" "$work" "Fuzz/Corpus/$target" -max_total_time="$seconds" -jobs=1 -workers=1 \
    -timeout=30 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 -artifact_prefix="$findings/$target-" \
    "${dict[@]}" ${FUZZ_FLAGS:-} >"$log" 2>&1 || true
  after=$(ls "$findings" | wc -l)
  executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
  last=$(grep -E '^#[0-9]+' "$log" | tail -1)
  coverage=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")
  features=$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$last")
  corpus=$(ls "$work" | wc -l)
  found=$((after - before))
  printf '%-14s %12s %8s %8s %8s %s\n' "$target" "${executions:-?}" "${coverage:-?}" "${features:-?}" "$corpus" "$found"
  if [ "$found" -gt 0 ] || grep -qE 'ERROR: (libFuzzer|AddressSanitizer)|Fatal error' "$log"; then
    status=1
    grep -E 'Fatal error|ERROR:|SUMMARY' "$log" | head -5 | sed 's/^/    /'
  fi
done
exit $status
