#!/usr/bin/env bash
# Many phones syncing live to one server, on loopback: each replays an export with
# `healthimport simulate-phone` (HealthSyncClient's engine: anchors, batches of 1,000, late samples,
# retries) for a person of its own, all at once. Then every person's current quantity, weight and
# category samples are compared, UUID by UUID, with a direct `import` of the same export.
#
#   Scripts/phones.sh                         # 20 phones, SampleExports/v14-2025/export.xml
#   Scripts/phones.sh --phones 8 --export SampleExports/v12-2022/export.xml
#
# Options: --phones N (PHONES, default 20), --export F (EXPORT), --speed N (SPEED, default 0: as
# fast as the server takes them; otherwise N times real time).
# Environment: HEALTHIMPORT (the binary: .build/release/healthimport, else .build/debug/healthimport,
# built with --traits PostgreSQL), HEALTHIMPORT_TEST_POSTGRES (default: a throw-away cluster).
# Exits non-zero when a phone fails or a person's samples differ from the direct import's.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
PHONES=${PHONES:-20}
EXPORT=${EXPORT:-$ROOT/SampleExports/v14-2025/export.xml}
SPEED=${SPEED:-0}
while [ $# -gt 0 ]; do
  case "$1" in
    --phones) PHONES=$2; shift 2 ;;
    --export) EXPORT=$2; shift 2 ;;
    --speed) SPEED=$2; shift 2 ;;
    *) echo "unknown option $1 (see the comment at the top of $0)" >&2; exit 64 ;;
  esac
done
if [ -z "${HEALTHIMPORT:-}" ]; then
  HEALTHIMPORT=$ROOT/.build/release/healthimport
  [ -x "$HEALTHIMPORT" ] || HEALTHIMPORT=$ROOT/.build/debug/healthimport
fi
[ -x "$HEALTHIMPORT" ] || { echo "build first: swift build -c release --traits PostgreSQL" >&2; exit 1; }
PSQL=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)/psql
[ -x "$PSQL" ] || PSQL=psql

work=$(mktemp -d)
server=""
started_pg=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  [ -n "$started_pg" ] && Scripts/postgres.sh stop || true
  rm -rf "$work"
}
trap cleanup EXIT

if [ -z "${HEALTHIMPORT_TEST_POSTGRES:-}" ]; then
  eval "$(Scripts/postgres.sh start)"
  started_pg=1
fi
DB=$HEALTHIMPORT_TEST_POSTGRES
run=$(date +%s)

"$HEALTHIMPORT" import "$EXPORT" --all --quiet --db "$DB" --person "phones-$run-reference"

export HEALTHIMPORT_ADMIN_TOKEN=phones-admin
"$HEALTHIMPORT" serve --db "$DB" --port 0 2>"$work/serve.log" &
server=$!
for _ in $(seq 100); do grep -q 'on http://' "$work/serve.log" && break; sleep 0.1; done
port=$(sed -n 's/.*on http:\/\/127.0.0.1:\([0-9]*\).*/\1/p' "$work/serve.log" | head -1)
[ -n "$port" ] || { cat "$work/serve.log" >&2; exit 1; }

for i in $(seq "$PHONES"); do
  "$HEALTHIMPORT" people add "phones-$run-$i" --db "$DB" 2>/dev/null | tail -1 >"$work/token-$i"
done

echo "$PHONES phones replay $EXPORT to 127.0.0.1:$port at once" >&2
start=$(date +%s.%N)
phones=()
for i in $(seq "$PHONES"); do
  "$HEALTHIMPORT" simulate-phone "$EXPORT" --all --quiet --speed "$SPEED" \
    --server "http://127.0.0.1:$port" --token "$(cat "$work/token-$i")" >"$work/phone-$i" 2>&1 &
  phones+=($!)
done
failed=0
for i in $(seq "$PHONES"); do
  wait "${phones[$((i - 1))]}" && continue
  failed=$((failed + 1))
  echo "phone $i failed: $(tail -1 "$work/phone-$i")" >&2
done
end=$(date +%s.%N)
if ! kill -0 "$server" 2>/dev/null; then
  cp "$work/serve.log" "${TMPDIR:-/tmp}/phones-serve.log"
  echo "the server died; its log: ${TMPDIR:-/tmp}/phones-serve.log" >&2
  exit 1
fi
peak=$(grep VmHWM "/proc/$server/status" | awk '{print $2}')
printf 'phones: %d in %.1f s; failed: %d; server peak memory %d MB\n' \
  "$PHONES" "$(echo "$end - $start" | bc -l)" "$failed" $((peak / 1024))
echo "one phone said: $(tail -1 "$work/phone-1")"

# A person's current samples, as one digest of their sorted UUIDs and a count.
samples() {
  "$PSQL" "$DB" -Atc "SELECT count(*) || ' ' || md5(coalesce(string_agg(uuid, ',' ORDER BY uuid), '')) FROM (
    SELECT uuid FROM quantity_samples WHERE person = '$1' AND deleted_by IS NULL AND replaced_by IS NULL
    UNION ALL SELECT uuid FROM weight_samples WHERE person = '$1' AND deleted_by IS NULL AND replaced_by IS NULL
    UNION ALL SELECT uuid FROM category_samples WHERE person = '$1' AND deleted_by IS NULL AND replaced_by IS NULL) s"
}
want=$(samples "phones-$run-reference")
differ=0
for i in $(seq "$PHONES"); do
  got=$(samples "phones-$run-$i")
  [ "$got" = "$want" ] || { echo "phones-$run-$i: $got, the direct import: $want"; differ=$((differ + 1)); }
done
echo "samples: $((PHONES - differ)) of $PHONES people equal to the direct import (${want%% *} samples each, UUID by UUID)"
[ "$failed" -eq 0 ] && [ "$differ" -eq 0 ] || exit 1
