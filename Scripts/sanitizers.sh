#!/usr/bin/env bash
# Runs the test suite under sanitizers, each in its own build folder (.build/<sanitizer>):
#   address  AddressSanitizer (Swift and the C targets) + UndefinedBehaviorSanitizer (the C
#            targets: Swift checks overflow and bounds itself and has no -sanitize=undefined on Linux)
#   thread   ThreadSanitizer, the tests of the threaded read and import
#   Scripts/sanitizers.sh [address|thread|all] [swift test options, e.g. --filter HealthExportTests]
# Exits non-zero when a sanitizer reports anything or a test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
export SWIFT_BACKTRACE=enable=no

which="${1:-all}"
shift || true

# Leaks are not checked: libxml2 and Foundation keep process-lifetime allocations.
export ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"

# The tests whose code runs on more than one thread: the read-ahead, the bounded queues, the
# read on two parsers, the overview on two threads, the record stream, the store writer (and the store contract on SQLite),
# the redaction's zip writer, and the commands that use them end to end.
threaded="ReadAhead|BoundedQueue|TwoParser|TwoThreadOverview|ExportSummaryOverview|RecordStream|StoreImport|RecordWriter|SQLiteStore|ExportReader|ZipExport|ImportCommand|ImportInterruption|RecordsCommand|Redact|ZipWriter"

address=(--sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
  -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined)

run() {
  local name="$1"
  shift
  echo "== $name"
  swift test --build-path ".build/$name" "$@"
}

case "$which" in
  address) run address "${address[@]}" "$@" ;;
  thread) run thread --sanitize=thread --filter "$threaded" "$@" ;;
  all)
    run address "${address[@]}" "$@"
    run thread --sanitize=thread --filter "$threaded" "$@"
    ;;
  *) echo "usage: $0 [address|thread|all] [swift test options]" >&2; exit 64 ;;
esac
