#!/usr/bin/env bash
# A bounded load on the sync server, on loopback only: several people upload the same export at
# once, spread over one or more `serve` processes on one PostgreSQL. Prints three figures against
# their targets: the uploads' total time against PEOPLE clean `import`s of the same export by the
# command line, one after the other (the reference import is timed; target ratio ≤ 1.1), each
# server's peak memory (target ≤ 256 MB), and every person's row count against the reference's.
# With two servers or more, one person also uploads to two servers at once: the uploads are
# serialised (the second gets 409 while the first runs) and the rows stay exact.
#
#   Scripts/load.sh                               # one server, 8 people, a generated 200 MB export
#   Scripts/load.sh --servers 2 --people 16       # two servers on one database
#   Scripts/load.sh --size 50M --people 4
#   Scripts/load.sh --max-imports 1               # one import at a time in each server
#
# Options (or the environment variables in brackets):
#   --servers N   serve processes (SERVERS, default 1)
#   --people N    people uploading at once (PEOPLE, or the older PARALLEL; default 8)
#   --size SIZE   size of the generated export (SIZE, default 200M)
#   --export F    an export.xml or .zip to upload instead (EXPORT)
#   --max-imports N  passed to every `serve` (MAX_IMPORTS; default: serve's own)
# Environment:
#   HEALTHIMPORT  the binary (default .build/release/healthimport, else .build/debug/healthimport)
#   HEALTHIMPORT_TEST_POSTGRES  the database (default: a throw-away cluster, Scripts/postgres.sh)
# Exits non-zero when an upload fails or a person's rows differ from the clean import's.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
SERVERS=${SERVERS:-1}
PEOPLE=${PEOPLE:-${PARALLEL:-8}}
SIZE=${SIZE:-200M}
while [ $# -gt 0 ]; do
  case "$1" in
    --servers) SERVERS=$2; shift 2 ;;
    --people) PEOPLE=$2; shift 2 ;;
    --size) SIZE=$2; shift 2 ;;
    --export) EXPORT=$2; shift 2 ;;
    --max-imports) MAX_IMPORTS=$2; shift 2 ;;
    *) echo "unknown option $1 (see the comment at the top of $0)" >&2; exit 64 ;;
  esac
done
[ "$SERVERS" -ge 1 ] && [ "$PEOPLE" -ge 1 ] || { echo "--servers and --people must be at least 1" >&2; exit 64; }
DATA=$ROOT/Benchmarks/data
mkdir -p "$DATA"
if [ -z "${HEALTHIMPORT:-}" ]; then
  HEALTHIMPORT=$ROOT/.build/release/healthimport
  [ -x "$HEALTHIMPORT" ] || HEALTHIMPORT=$ROOT/.build/debug/healthimport
fi
[ -x "$HEALTHIMPORT" ] || { echo "build first: swift build -c release --traits PostgreSQL" >&2; exit 1; }
PSQL=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)/psql
[ -x "$PSQL" ] || PSQL=psql

work=$(mktemp -d)
servers=()
started_pg=""
cleanup() {
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
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
bytes=$(stat -L -c %s "$EXPORT")
run=$(date +%s)

# The reference: the same export imported by the command line, alone, timed.
reference_start=$(date +%s.%N)
"$HEALTHIMPORT" import "$EXPORT" --all --quiet --db "$DB" --person "load-$run-reference"
single=$(echo "$(date +%s.%N) - $reference_start" | bc -l)

export HEALTHIMPORT_ADMIN_TOKEN=load-admin
ports=()
for s in $(seq "$SERVERS"); do
  "$HEALTHIMPORT" serve --db "$DB" --port 0 --max-upload $((bytes + 1)) ${MAX_IMPORTS:+--max-imports "$MAX_IMPORTS"} \
    2>"$work/serve-$s.log" &
  servers+=($!)
  for _ in $(seq 100); do grep -q 'on http://' "$work/serve-$s.log" && break; sleep 0.1; done
  port=$(sed -n 's/.*on http:\/\/127.0.0.1:\([0-9]*\).*/\1/p' "$work/serve-$s.log" | head -1)
  [ -n "$port" ] || { cat "$work/serve-$s.log" >&2; exit 1; }
  ports+=("$port")
done

for i in $(seq "$PEOPLE"); do
  "$HEALTHIMPORT" people add "load-$run-$i" --db "$DB" 2>/dev/null | tail -1 >"$work/token-$i"
done

upload() { # person, server index (0-based), answer name
  # -T streams the file (--data-binary @file would read it whole into curl's memory first).
  curl -s -o "$work/answer-$3" -w '%{http_code}\n' -H "Authorization: Bearer $(cat "$work/token-$1")" \
    -H 'Expect:' -X POST -T "$EXPORT" \
    "http://127.0.0.1:${ports[$2]}/api/healthkit/exports?window=all" >"$work/status-$3"
}

echo "uploading $EXPORT ($((bytes / 1000000)) MB) for $PEOPLE people at once to $SERVERS server(s) on ports ${ports[*]}" >&2
start=$(date +%s.%N)
uploaders=()
for i in $(seq "$PEOPLE"); do
  upload "$i" $(((i - 1) % SERVERS)) "$i" &
  uploaders+=($!)
done
if [ "$SERVERS" -ge 2 ]; then
  upload 1 1 "1-again" &
  uploaders+=($!)
fi
wait "${uploaders[@]}" || true
end=$(date +%s.%N)

failed=0
for i in $(seq "$PEOPLE"); do grep -q '^200$' "$work/status-$i" || failed=$((failed + 1)); done
twice=""
if [ "$SERVERS" -ge 2 ]; then
  second=$(cat "$work/status-1-again")
  # The person's lock lets one upload run at a time: the other is told 409 while it runs.
  case "$second" in 200 | 409) ;; *) failed=$((failed + 1)) ;; esac
  twice="; person 1's second upload, on server 2 at the same time: $second"
fi
seconds=$(echo "$end - $start" | bc -l)
printf 'uploads: %d of %s MB in %.1f s: %.3f uploads/s, %.1f MB/s; failed: %d%s\n' \
  "$PEOPLE" "$((bytes / 1000000))" "$seconds" "$(echo "$PEOPLE / $seconds" | bc -l)" \
  "$(echo "$PEOPLE * $bytes / 1000000 / $seconds" | bc -l)" "$failed" "$twice"
ratio=$(echo "$seconds / ($PEOPLE * $single)" | bc -l)
verdict() { [ "$1" -eq 1 ] && echo met || echo MISSED; }
printf 'time: %.1f s for %d uploads, %.2f × %d single imports of %.1f s (target ≤ 1.1: %s)\n' \
  "$seconds" "$PEOPLE" "$ratio" "$PEOPLE" "$single" "$(verdict "$(echo "$ratio <= 1.1" | bc -l)")"
for s in $(seq "$SERVERS"); do
  peak=$(grep VmHWM "/proc/${servers[$((s - 1))]}/status" | awk '{print $2}')
  peak=$((peak / 1024))
  echo "server $s: peak memory $peak MB (target ≤ 256 MB: $(verdict $((peak <= 256))))"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"

# Every person's rows, table by table, against the reference's.
tables=$("$PSQL" "$DB" -Atc "SELECT c.relname FROM pg_class c
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'person'
  WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
    AND c.relname NOT IN ('imports', 'anchors', 'person_keys', 'erasures', 'webhooks', 'webhook_deliveries')
  ORDER BY 1")
union=""
for table in $tables; do
  union+="${union:+ UNION ALL }SELECT person, '$table' AS t, count(*) AS n FROM $table WHERE person LIKE 'load-$run-%' GROUP BY person"
done
"$PSQL" "$DB" -Atc "SELECT person, t, n FROM ($union) x ORDER BY person, t" >"$work/rows"
awk -F'|' -v ref="load-$run-reference" -v people="$PEOPLE" -v run="load-$run-" '
  $1 == ref { want[$2] = $3; total += $3; tables++; next }
  { got[$1, $2] = $3 }
  END {
    bad = 0
    for (i = 1; i <= people; i++) {
      p = run i
      for (t in want) if (got[p, t] != want[t]) { printf "%s: %s has %d rows, the clean import %d\n", p, t, got[p, t], want[t]; bad++ }
    }
    printf "rows: %s of %d people equal to the clean import (%d rows in %d tables each)\n", bad ? "NOT all" : "all", people, total, tables
    exit bad > 0
  }' "$work/rows" || failed=$((failed + 1))
[ "$failed" -eq 0 ] || { head -c 300 "$work"/answer-* >&2; exit 1; }
