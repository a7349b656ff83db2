#!/usr/bin/env bash
# A bounded load on the sync server, on loopback only: 8 people upload the same export at once.
# Prints uploads per second and the server's peak memory.
#
#   Scripts/load.sh                    # a generated 200 MB export, 8 parallel uploads
#   SIZE=50M PARALLEL=4 Scripts/load.sh
#
# Environment:
#   EXPORT     an export.xml or .zip to upload (default: generated, SIZE, in Benchmarks/data)
#   SIZE       size of the generated export (default 200M)
#   PARALLEL   parallel uploads (default 8)
#   HEALTHIMPORT  the binary (default .build/release/healthimport, else .build/debug/healthimport)
#   HEALTHIMPORT_TEST_POSTGRES  the database (default: a throw-away cluster, Scripts/postgres.sh)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
SIZE=${SIZE:-200M}
PARALLEL=${PARALLEL:-8}
DATA=$ROOT/Benchmarks/data
mkdir -p "$DATA"
if [ -z "${HEALTHIMPORT:-}" ]; then
  HEALTHIMPORT=$ROOT/.build/release/healthimport
  [ -x "$HEALTHIMPORT" ] || HEALTHIMPORT=$ROOT/.build/debug/healthimport
fi
[ -x "$HEALTHIMPORT" ] || { echo "build first: swift build -c release" >&2; exit 1; }

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

if [ -z "${EXPORT:-}" ]; then
  EXPORT=$DATA/load-$SIZE.xml
  [ -s "$EXPORT" ] || python3 Benchmarks/generate-export.py --size "$SIZE" --seed 1 \
    --export-date "$(date -u +'%Y-%m-%d 08:00:00 +0000')" --out "$EXPORT" --quiet
fi
bytes=$(stat -c %s "$EXPORT")

export HEALTHIMPORT_ADMIN_TOKEN=load-admin
"$HEALTHIMPORT" serve --db "$DB" --port 0 --max-upload $((bytes + 1)) 2>"$work/serve.log" &
server=$!
for _ in $(seq 100); do grep -q 'on http://' "$work/serve.log" && break; sleep 0.1; done
port=$(sed -n 's/.*on http:\/\/127.0.0.1:\([0-9]*\).*/\1/p' "$work/serve.log" | head -1)
[ -n "$port" ] || { cat "$work/serve.log" >&2; exit 1; }

run=$(date +%s)
for i in $(seq "$PARALLEL"); do
  "$HEALTHIMPORT" people add "load-$run-$i" --db "$DB" 2>/dev/null | tail -1 >"$work/token-$i"
done

echo "uploading $EXPORT ($((bytes / 1000000)) MB) $PARALLEL times in parallel to 127.0.0.1:$port" >&2
start=$(date +%s.%N)
for i in $(seq "$PARALLEL"); do
  # -T streams the file (--data-binary @file would read it whole into curl's memory first).
  curl -s -o "$work/answer-$i" -w '%{http_code}\n' -H "Authorization: Bearer $(cat "$work/token-$i")" \
    -H 'Expect:' -X POST -T "$EXPORT" "http://127.0.0.1:$port/api/healthkit/exports?window=all" >"$work/status-$i" &
done
wait $(jobs -p | grep -v "^$server$") 2>/dev/null || true
end=$(date +%s.%N)
peak=$(grep VmHWM /proc/$server/status | awk '{print $2}')
failed=$(cat "$work"/status-* | grep -vc '^200$' || true)
seconds=$(echo "$end - $start" | bc -l)
printf 'uploads: %d of %s MB in %.1f s: %.3f uploads/s, %.1f MB/s; server peak memory %d MB; failed: %d\n' \
  "$PARALLEL" "$((bytes / 1000000))" "$seconds" "$(echo "$PARALLEL / $seconds" | bc -l)" \
  "$(echo "$PARALLEL * $bytes / 1000000 / $seconds" | bc -l)" $((peak / 1024)) "$failed"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$failed" -eq 0 ] || { head -c 300 "$work"/answer-* >&2; exit 1; }
