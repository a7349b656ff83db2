#!/usr/bin/env bash
# Writes man/healthimport.1 from the command's own help, or with --check, fails when the
# committed page is stale. The date is fixed so that the page only changes with the help text.
set -euo pipefail
cd "$(dirname "$0")/.."
date=2026-11-21
# With every trait: the page documents `serve` and `people` too.
swift build --traits PostgreSQL --product healthimport >/dev/null
swift build --traits PostgreSQL --product generate-manual >/dev/null
bin=$(swift build --traits PostgreSQL --show-bin-path)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$bin/generate-manual" "$bin/healthimport" --date "$date" --output-directory "$out" >/dev/null
if [ "${1:-}" = "--check" ]; then
  if ! diff -u man/healthimport.1 "$out/healthimport.1"; then
    echo "man/healthimport.1 is stale: run Scripts/manual.sh and commit the result" >&2
    exit 1
  fi
  echo "man/healthimport.1 is current"
else
  mkdir -p man
  cp "$out/healthimport.1" man/healthimport.1
  echo "wrote man/healthimport.1"
fi
