#!/usr/bin/env bash
# PostgreSQL stopped or frozen at random moments of imports and uploads, then the store compared
# with a clean import's.
#
#   Scripts/faults.sh [RUNS] [STEPS]     # default 50 runs, exports of 60000 step samples
#
# Needs a build with the PostgreSQL trait (`swift build --traits PostgreSQL`; HEALTHIMPORT_BIN
# names another binary) and PostgreSQL's server (Scripts/postgres.sh installs it). It starts a
# cluster of its own (never the tests' one) and one `healthimport serve` that lives through
# every fault. Runs go in fours: the command line's import and an upload to the server, each
# once with PostgreSQL stopped (`pg_ctl -m immediate stop`, as a crash) and once frozen
# (SIGSTOP to the server and its processes: it keeps its connections and answers nothing),
# after a random 0.2 to 4 s. Then PostgreSQL starts (or goes on) again, the import or upload
# runs again to its end, and the person's rows are compared with the clean import's. It
# prints, per run and in all:
#   runs N, hangs H, rows lost L
# A hang is a command or upload still waiting 10 s after PostgreSQL stopped, or 25 s after it
# froze; rows lost are the clean import's rows missing after the second run (or rows it does
# not have). Both must be 0. FAULTS=stop or FAULTS=freeze runs one kind only.
set -uo pipefail

runs=${1:-50}
steps=${2:-60000}
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${HEALTHIMPORT_BIN:-$root/.build/debug/healthimport}
[ -x "$bin" ] || { echo "faults.sh: $bin is missing: swift build --traits PostgreSQL" >&2; exit 69; }

work=$(mktemp -d /tmp/healthimport-faults-XXXXXX)
# The cluster runs as `postgres` when this runs as root: it must reach its folder.
chmod 755 "$work"
export HEALTHIMPORT_PG_DIR=$work/pg
eval "$("$root/Scripts/postgres.sh" start)" || exit 69
url=$HEALTHIMPORT_TEST_POSTGRES
port=${url##*:}
port=${port%%/*}
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$pg_bin" ] || pg_bin=$(dirname "$(command -v pg_ctl)")
as_owner() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
pg_stop() { as_owner "$pg_bin/pg_ctl" -D "$HEALTHIMPORT_PG_DIR/data" -m immediate -w stop >/dev/null 2>&1; }
pg_start() {
  as_owner "$pg_bin/pg_ctl" -D "$HEALTHIMPORT_PG_DIR/data" -l "$HEALTHIMPORT_PG_DIR/server.log" -w \
    -o "-p $port -k '$HEALTHIMPORT_PG_DIR' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" \
    start >/dev/null 2>&1
}
# SIGSTOP or SIGCONT to the server and every process it started.
pg_signal() {
  local pid
  pid=$(head -1 "$HEALTHIMPORT_PG_DIR/data/postmaster.pid")
  kill "-$1" "$pid"
  pkill "-$1" -P "$pid"
}
sql() { psql -X -q -A -t -h 127.0.0.1 -p "$port" -U postgres -d healthimport -c "$1"; }
# Every current row of a person, as one fingerprint: count and digest of uuid, start and value.
fingerprint() {
  sql "SELECT count(*) || ' ' || coalesce(md5(string_agg(uuid || ':' || start_unix || ':' || coalesce(value::text, ''), ',' ORDER BY uuid)), '-') FROM quantity_samples WHERE person = '$1'"
}
count() { sql "SELECT count(*) FROM quantity_samples WHERE person = '$1'"; }

server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  "$root/Scripts/postgres.sh" stop >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

# The export: step samples, one a minute back from today.
python3 - "$work/export.xml" "$steps" <<'PY'
import sys, time
path, steps = sys.argv[1], int(sys.argv[2])
end = int(time.time()) // 86400 * 86400 - 4 * 3600
def date(s):
    return time.strftime("%Y-%m-%d %H:%M:%S +0000", time.gmtime(s))
with open(path, "w") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n')
    out.write(f' <ExportDate value="{date(end)}"/>\n')
    for i in range(steps):
        start = end - (i + 1) * 60
        out.write(f' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" '
                  f'creationDate="{date(start + 600)}" startDate="{date(start)}" endDate="{date(start + 60)}" '
                  f'value="{i % 997 + 1}"/>\n')
    out.write("</HealthData>\n")
PY

"$bin" import "$work/export.xml" --all --quiet --db "$url" --person clean || { echo "faults.sh: the clean import failed" >&2; exit 1; }
clean=$(fingerprint clean)
clean_rows=${clean%% *}

admin=admin-$$
HEALTHIMPORT_ADMIN_TOKEN=$admin "$bin" serve --db "$url" --port 0 --drain-seconds 5 2>"$work/serve.log" &
server_pid=$!
for _ in $(seq 100); do grep -q "on http://" "$work/serve.log" && break; sleep 0.1; done
server_port=$(sed -n 's/.*on http:\/\/127.0.0.1:\([0-9]*\).*/\1/p' "$work/serve.log")
[ -n "$server_port" ] || { cat "$work/serve.log" >&2; exit 1; }

hangs=0
lost=0
done_runs=0
faults=${FAULTS:-both}
for run in $(seq "$runs"); do
  person=run$run
  fault=stop
  if [ "$faults" = freeze ] || { [ "$faults" = both ] && [ $(((run - 1) % 4)) -ge 2 ]; }; then fault=freeze; fi
  limit=$([ "$fault" = stop ] && echo 10 || echo 25)
  delay=$(python3 -c "import random; print(round(random.uniform(0.2, 4.0), 2))")
  if [ $((run % 2)) -eq 1 ]; then
    mode=import
    "$bin" import "$work/export.xml" --all --quiet --db "$url" --person "$person" 2>"$work/err" &
  else
    mode=upload
    token=$("$bin" people add "$person" --db "$url" | tail -1)
    curl -s -o "$work/err" -w '%{http_code}' -X POST -H "Authorization: Bearer $token" \
      --data-binary "@$work/export.xml" "http://127.0.0.1:$server_port/api/healthkit/exports?window=all" \
      >"$work/code" &
  fi
  pid=$!
  sleep "$delay"
  if [ "$fault" = stop ]; then pg_stop; else pg_signal STOP; fi
  stopped=$(date +%s.%N)
  waited=0
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$(python3 -c "print(int($(date +%s.%N) - $stopped >= $limit))")" = 1 ]; then waited=1; break; fi
    sleep 0.05
  done
  if [ "$waited" = 1 ]; then
    hangs=$((hangs + 1))
    kill -9 "$pid" 2>/dev/null
  fi
  wait "$pid" 2>/dev/null
  status=$?
  elapsed=$(python3 -c "print(round($(date +%s.%N) - $stopped, 2))")
  if [ "$fault" = stop ]; then
    pg_start || { echo "faults.sh: PostgreSQL did not start again" >&2; exit 1; }
  else
    pg_signal CONT
  fi
  if [ "$mode" = import ]; then
    outcome="exit $status"
    "$bin" import "$work/export.xml" --all --quiet --db "$url" --person "$person" 2>>"$work/err" \
      || echo "run $run: the second import failed: $(cat "$work/err")"
  else
    outcome="HTTP $(cat "$work/code" 2>/dev/null)"
    # Once back, the server takes the upload again without a restart.
    code=000
    tries=0
    for _ in $(seq 20); do
      tries=$((tries + 1))
      code=$(curl -s -o "$work/err" -w '%{http_code}' -X POST -H "Authorization: Bearer $token" \
        --data-binary "@$work/export.xml" "http://127.0.0.1:$server_port/api/healthkit/exports?window=all")
      [ "$code" = 200 ] && break
      sleep 0.5
    done
    [ "$code" = 200 ] || echo "run $run: the second upload got $code: $(cat "$work/err")"
    [ "$tries" = 1 ] || echo "run $run: the second upload took $tries tries"
  fi
  got=$(fingerprint "$person")
  missing=0
  if [ "$got" != "$clean" ]; then
    have=${got%% *}
    missing=$((clean_rows > have ? clean_rows - have : have - clean_rows))
    [ "$missing" = 0 ] && missing=1
  fi
  lost=$((lost + missing))
  done_runs=$run
  echo "run $run: $mode, $([ "$fault" = stop ] && echo stopped || echo frozen) after ${delay} s, $outcome after ${elapsed} s, rows $(count "$person") of $clean_rows$([ "$waited" = 1 ] && echo ', HANG')"
done

kill -TERM "$server_pid"
started=$(date +%s)
wait "$server_pid"
serve_status=$?
echo "serve stopped on SIGTERM in $(( $(date +%s) - started )) s (exit $serve_status)"
server_pid=""
echo "runs $done_runs, hangs $hangs, rows lost $lost"
[ "$hangs" = 0 ] && [ "$lost" = 0 ]
