#!/usr/bin/env bash
# Generates Sources/HealthSyncClient/Generated (Client.swift, Types*.swift) from docs/openapi.yaml
# with swift-openapi-generator's command-line tool, built once in a scratch folder outside the
# repository (the build plugin would compile the generator in every clean build of the package).
#
#   Scripts/openapi-generate.sh            # regenerates the committed files
#   Scripts/openapi-generate.sh --check    # fails when the committed files differ from a fresh generation
#
# OPENAPI_GENERATOR_DIR (default /tmp/openapi-generator) holds the generator's clone and build;
# the first run clones and builds it (several minutes), later runs reuse it.
set -euo pipefail
cd "$(dirname "$0")/.."

version=1.14.3
work=${OPENAPI_GENERATOR_DIR:-/tmp/openapi-generator}
mirror=/opt/swift-packages/apple/swift-openapi-generator.git
[ -d "$mirror" ] || mirror=https://github.com/apple/swift-openapi-generator
output=Sources/HealthSyncClient/Generated

check=0
case "${1:-}" in
  --check) check=1 ;;
  "") ;;
  *) echo "usage: Scripts/openapi-generate.sh [--check]" >&2; exit 64 ;;
esac

if [ ! -d "$work/.git" ]; then
  git -c advice.detachedHead=false clone --quiet --branch "$version" "$mirror" "$work"
fi
if [ "$(git -C "$work" describe --tags --exact-match 2>/dev/null || true)" != "$version" ]; then
  git -C "$work" fetch --quiet --tags origin
  git -C "$work" checkout --quiet "$version"
fi
swift build --package-path "$work" --product swift-openapi-generator >&2
generator="$(swift build --package-path "$work" --show-bin-path)/swift-openapi-generator"

fresh=$(mktemp -d)
trap 'rm -rf "$fresh" "$fresh.log"' EXIT
"$generator" generate docs/openapi.yaml --config Scripts/openapi-generator-config.yaml \
  --output-directory "$fresh" >"$fresh.log" 2>&1 || { cat "$fresh.log" >&2; exit 1; }
# The module compiles to nothing without its package trait: each file's code goes inside
# `#if SyncClient`, after the generator's two header lines.
for file in "$fresh"/*.swift; do
  { head -n 2 "$file"; echo "#if SyncClient"; tail -n +3 "$file"; echo "#endif"; } >"$file.wrapped"
  mv "$file.wrapped" "$file"
done

if [ "$check" = 1 ]; then
  if ! diff -ru "$output" "$fresh" >&2; then
    echo "openapi-generate: $output differs from docs/openapi.yaml; run Scripts/openapi-generate.sh" >&2
    exit 1
  fi
  exit 0
fi
rm -rf "$output"
mkdir -p "$output"
cp "$fresh"/*.swift "$output/"
echo "openapi-generate: wrote $(ls "$output" | tr '\n' ' ')in $output" >&2
