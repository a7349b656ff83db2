#!/usr/bin/env bash
# healthimport benchmarks: see Benchmarks/README.md.
#
#   Benchmarks/run.sh                      # 200 MB and 1 GB synthetic exports
#   SIZES="200M" Benchmarks/run.sh         # only the 200 MB one
#   SIZES="" Benchmarks/run.sh             # only the statistics rows
#   SHAPES=realistic Benchmarks/run.sh     # only the exports with an address per device description
#   EXPORTS="/path/export.xml" Benchmarks/run.sh   # benchmark real files instead
#
# Environment:
#   SIZES        sizes of the generated exports (default "200M 1G", decimal units)
#   SHAPES       shapes of the generated exports, each a table per size (default "generator realistic";
#                see generate-export.py --shape)
#   EXPORTS      explicit export.xml paths; replaces SIZES when set
#   SEED         generator seed (default 1)
#   EXPORT_DATE  ExportDate of generated files (default "2025-11-20 08:00:00 +0100")
#   ROWS         only the rows whose names match this extended regex, e.g. "C baseline|parquet|records FILE --all$"
#                (rows that read a store need the import row before them)
#   RUNS         runs per row, each after a run of the C baseline; medians are reported (default 3)
#   SKIP_BUILD=1 do not run `swift build` (use whatever .build/release/healthimport exists)
#   HEALTHIMPORT path of the binary (default .build/release/healthimport)
#   DATA         cache directory (default Benchmarks/data, git-ignored)
#   WITHOUT_STATISTICS  a healthimport binary built without statistics (e.g. from the commit before
#                them), for the "import without statistics" row
#   BENCH_POSTGRES  a postgresql:// URL of a throw-away database for the PostgreSQL import row (with
#                `fsync` on, as SQLite syncs: HEALTHIMPORT_PG_FSYNC=on Scripts/postgres.sh start); its
#                public schema is dropped before every run, and healthimport is built with the trait
#   STATS_YEARS  years of Watch and iPhone steps in the store of the statistics rows (default 10)
#
# To add a row, add a line to bench_rows() below:  bench NAME CMD ARGS...
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BENCH_DIR=$ROOT/Benchmarks
DATA=${DATA:-$BENCH_DIR/data}
SIZES=${SIZES-"200M 1G"}
SHAPES=${SHAPES-"generator realistic"}
SEED=${SEED:-1}
EXPORT_DATE=${EXPORT_DATE:-"2025-11-20 08:00:00 +0100"}
RUNS=${RUNS:-3}
HEALTHIMPORT=${HEALTHIMPORT:-$ROOT/.build/release/healthimport}
GEN=$BENCH_DIR/generate-export.py
BASELINE=$DATA/bin/libxml2-sax-baseline
TIME=/usr/bin/time

mkdir -p "$DATA/bin" "$DATA/results" "$DATA/tmp"
RESULTS=$DATA/results/$(date +%Y%m%d-%H%M%S).txt

log() { printf '%s\n' "$*" >&2; }
out() { printf '%s\n' "$*" | tee -a "$RESULTS"; }

# ---------------------------------------------------------------- tools ----

apt_install() {  # apt_install PACKAGE...
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        log "error: need Debian package(s) $*: install them and re-run"; exit 1
    fi
    log "installing $* with apt-get"
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}

ensure_tools() {
    local need=()
    command -v xmllint >/dev/null || need+=(libxml2-utils)
    [ -x "$TIME" ] || need+=(time)
    command -v pkg-config >/dev/null || need+=(pkg-config)
    pkg-config --exists libxml-2.0 2>/dev/null || need+=(libxml2-dev)
    command -v cc >/dev/null || need+=(gcc)
    # Foundation's networking (the server's), linked in statically, links libcurl: its -dev package.
    if [ -n "${BENCH_POSTGRES:-}" ] && [ "$(uname)" = Linux ] && ! pkg-config --exists libcurl 2>/dev/null; then
        need+=(libcurl4-openssl-dev)
    fi
    if [ ${#need[@]} -gt 0 ]; then apt_install "${need[@]}"; fi
}

build_baseline() {
    local src=$BENCH_DIR/libxml2-sax-baseline.c
    if [ ! -x "$BASELINE" ] || [ "$src" -nt "$BASELINE" ]; then
        log "compiling $BASELINE"
        # shellcheck disable=SC2046
        cc -O2 -o "$BASELINE" "$src" $(pkg-config --cflags --libs libxml-2.0)
    fi
}

build_healthimport() {
    if [ "${SKIP_BUILD:-0}" = 1 ]; then
        log "SKIP_BUILD=1: not building healthimport"
        return
    fi
    if ! command -v swift >/dev/null; then
        log "warning: swift not found; healthimport rows will be skipped"
        return
    fi
    # The PostgreSQL rows need the trait; its build maps more code, so its peaks are higher.
    local traits=()
    [ -n "${BENCH_POSTGRES:-}" ] && traits=(--traits PostgreSQL)
    # The binary the README's release build makes: on Linux, with the Swift libraries linked in.
    [ "$(uname)" = Linux ] && traits+=(--static-swift-stdlib)
    log "building healthimport (swift build -c release --product healthimport ${traits[*]})"
    if ! (cd "$ROOT" && swift build -c release --product healthimport ${traits[@]+"${traits[@]}"} >&2); then
        log "warning: swift build failed; healthimport rows will be skipped"
    fi
}

# ----------------------------------------------------------------- data ----

gen_fresh() {  # gen_fresh FILE: true when FILE and its sidecar exist and are newer than the generator
    [ -s "$1" ] && [ -s "$1.counts.json" ] && [ "$1" -nt "$GEN" ]
}

ensure_export() {  # ensure_export SIZE [SHAPE] -> prints the path of the cached export
    local shape=${2:-generator} f=$DATA/export-$1-seed$SEED.xml
    # The generator shape keeps the file names it always had.
    if [ "$shape" != generator ]; then f=$DATA/export-$1-seed$SEED-$shape.xml; fi
    if ! gen_fresh "$f" || ! grep -q "\"export_date\": \"$EXPORT_DATE\"" "$f.counts.json"; then
        log "generating $f"
        python3 "$GEN" --size "$1" --seed "$SEED" --export-date "$EXPORT_DATE" --shape "$shape" --out "$f" >&2
    fi
    printf '%s\n' "$f"
}

ensure_newer_export() {  # ensure_newer_export FILE [PERCENT] -> prints the path of a later export (same records + ~PERCENT %)
    local pct=${2:-1}
    local f=${1%.xml}-newer$pct.xml
    if ! gen_fresh "$f" || [ "$1" -nt "$f" ]; then
        log "generating $f"
        python3 "$GEN" --newer-from "$1" --extra-percent "$pct" --out "$f" >&2
    fi
    printf '%s\n' "$f"
}

ensure_zip() {  # ensure_zip FILE -> prints the path of an export.zip holding FILE as apple_health_export/export.xml
    local z=${1%.xml}.zip
    if [ ! -s "$z" ] || [ "$1" -nt "$z" ]; then
        log "zipping $1 -> $z"
        python3 - "$1" "$z" <<'EOF'
import sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(dst + ".tmp", "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
    z.write(src, "apple_health_export/export.xml")
import os; os.replace(dst + ".tmp", dst)
EOF
    fi
    printf '%s\n' "$z"
}

ensure_without_dtd() {  # ensure_without_dtd FILE -> prints the path of FILE with its internal DTD cut out
    # People delete the iOS 16.0 export's malformed DTD by hand; such a file is read in the mode
    # that mends iOS 8's attribute names.
    local f
    f=$DATA/$(basename "${1%.xml}")-nodtd.xml
    if [ ! -s "$f" ] || [ "$1" -nt "$f" ]; then
        log "cutting the DTD out of $1 -> $f"
        python3 - "$1" "$f" <<'EOF' || return 1
import os, sys
src, dst = sys.argv[1], sys.argv[2]
with open(src, "rb") as i, open(dst + ".tmp", "wb") as o:
    head = i.read(1 << 20)
    start = head.find(b"<!DOCTYPE")
    end = head.find(b"]>", start)
    if start < 0 or end < 0:
        o.close()
        os.remove(dst + ".tmp")
        sys.exit(f"{src}: no internal DTD in its first MiB")
    o.write(head[:start] + head[end + 2:])
    while chunk := i.read(1 << 20):
        o.write(chunk)
os.replace(dst + ".tmp", dst)
EOF
    fi
    printf '%s\n' "$f"
}

ensure_removed_export() {  # ensure_removed_export FILE [PERCENT] -> prints the path of FILE less ~PERCENT % of its one-line records
    local pct=${2:-1}
    local f=${1%.xml}-removed$pct.xml
    if [ ! -s "$f" ] || [ "$1" -nt "$f" ]; then
        log "generating $f"
        python3 - "$1" "$f" "$pct" <<'EOF'
import os, sys
src, dst, pct = sys.argv[1], sys.argv[2], float(sys.argv[3])
every = max(1, round(100 / pct))
seen = 0
with open(src, "rb") as i, open(dst + ".tmp", "wb") as o:
    for line in i:
        # Only records on one line (no metadata, no beats) go, so the file stays well-formed.
        if line.startswith(b" <Record ") and line.rstrip().endswith(b"/>"):
            seen += 1
            if seen % every == 0:
                continue
        o.write(line)
os.replace(dst + ".tmp", dst)
EOF
    fi
    printf '%s\n' "$f"
}

count_toplevel() {  # count_toplevel FILE: Record+Workout+Correlation+ActivitySummary children of the root
    if [ -s "$1.counts.json" ]; then
        python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["top_level_total"])' "$1.counts.json"
    else  # Apple writes each top-level element on its own line, indented by one space
        grep -c -E '^ <(Record|Workout|Correlation|ActivitySummary)[ >/]' "$1" || true
    fi
}

# ---------------------------------------------------------------- bench ----

# Per file, set by run_file: FILE, BYTES, TOPLEVEL.
# BENCH_SETUP: optional shell snippet run before every run of the next row (e.g. "rm -f db.sqlite").

header_row() {
    out "$(printf '%-58s %8s %7s %7s %7s %7s %7s %8s %8s %8s' "command" "seconds" "× C" "CPU s" "sys s" "CPU × C" "MB/s" "rec/s K" "peak MB" "store MB")"
    out "$(printf '%-58s %8s %7s %7s %7s %7s %7s %8s %8s %8s' "-------" "-------" "---" "-----" "-----" "-------" "----" "-------" "-------" "--------")"
}

median() {  # median NUMBER...: the middle value (the mean of the two middle ones for an even count)
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

timed() {  # timed CMD ARGS...: runs CMD (stdout to /dev/null); sets T (wall s), C (user+sys s), S (sys s), M (peak KiB), RC
    local tf=$DATA/tmp/time.$$
    RC=0
    "$TIME" -f '%e %U %S %M' -o "$tf" "$@" >/dev/null 2>"$DATA/tmp/stderr.$$" || RC=$?
    read -r T u k M < <(tail -n 1 "$tf")
    C=$(awk -v u="$u" -v k="$k" 'BEGIN { print u + k }')
    S=$k
}

wants() {  # wants NAME: true when ROWS is unset or the row's name matches it (an extended regex)
    [ -z "${ROWS:-}" ] || grep -qE -- "$ROWS" <<<"$1"
}

bench() {  # bench NAME CMD ARGS...   (stdout of CMD goes to /dev/null)
    # Each run of the row follows a run of the C baseline on the same file, and the row's ratio
    # is the median of the per-pair ratios: on a shared machine, load drifts less within a pair.
    local name=$1; shift
    if ! wants "$name"; then BENCH_SETUP= BENCH_STORE=; return 0; fi
    local i walls=() cpus=() systems=() ratios=() cpuratios=() rss=0 store=""
    for ((i = 0; i < RUNS; i++)); do
        timed "$BASELINE" "$FILE"
        local base_wall=$T base_cpu=$C
        if [ -n "${BENCH_SETUP:-}" ]; then bash -c "$BENCH_SETUP"; fi
        timed "$@"
        if [ "$RC" != 0 ]; then
            out "$(printf '%-58s %8s  exit %s: %s' "$name" "FAILED" "$RC" "$(grep -v 'Command exited' "$DATA/tmp/stderr.$$" | tail -n 1 | cut -c1-100)")"
            BENCH_SETUP= BENCH_STORE=
            return 0
        fi
        walls+=("$T") cpus+=("$C") systems+=("$S")
        ratios+=("$(awk -v a="$T" -v b="$base_wall" 'BEGIN { print (b > 0) ? a / b : 0 }')")
        cpuratios+=("$(awk -v a="$C" -v b="$base_cpu" 'BEGIN { print (b > 0) ? a / b : 0 }')")
        [ "$M" -gt "$rss" ] && rss=$M
    done
    if [ -n "${BENCH_STORE:-}" ]; then
        # The store and its write-ahead log, as the run left them.
        store=$(cat "$BENCH_STORE" "$BENCH_STORE-wal" 2>/dev/null | wc -c | awk '{ printf "%.0f", $1 / 1e6 }' || true)
    fi
    BENCH_SETUP= BENCH_STORE=
    awk -v n="$name" -v s="$(median "${walls[@]}")" -v r="$(median "${ratios[@]}")" -v c="$(median "${cpus[@]}")" \
        -v k="$(median "${systems[@]}")" -v cr="$(median "${cpuratios[@]}")" -v b="$BYTES" -v t="$TOPLEVEL" -v m="$rss" \
        -v st="$store" 'BEGIN{
        w = (s > 0) ? s : 0.005
        printf "%-58s %8.2f %7.2f %7.2f %7.2f %7.2f %7.0f %8.0f %8.1f %8s\n", n, s, r, c, k, cr, b/1e6/w, t/w/1000, m/1024, st }' | tee -a "$RESULTS"
}

skip() {  # skip NAME REASON
    if ! wants "$1"; then BENCH_SETUP= BENCH_STORE=; return 0; fi
    out "$(printf '%-58s %8s  (%s)' "$1" "skipped" "$2")"
    BENCH_SETUP= BENCH_STORE=
}

bench_hi() {  # bench_hi NAME ARGS...: a healthimport row, skipped when the binary is missing
    local name=$1; shift
    if ! wants "$name"; then BENCH_SETUP= BENCH_STORE=; return 0; fi
    if [ ! -x "$HEALTHIMPORT" ]; then skip "$name" "no ${HEALTHIMPORT#"$ROOT"/}"; return 0; fi
    bench "$name" "$HEALTHIMPORT" "$@"
}

# The rows.  Add new ones here; FILE is the export.xml under test.
bench_rows() {
    local f=$FILE
    bench    "libxml2 SAX2 push parser (C baseline)"        "$BASELINE" "$f"
    bench    "xmllint --stream --noout"                     xmllint --stream --noout "$f"
    bench_hi "healthimport records FILE --all"              records "$f" --all
    HEALTHIMPORT_PARSERS=2 \
    bench_hi "healthimport records FILE --all (two parsers)" records "$f" --all
    HEALTHIMPORT_PARSERS=1 \
    bench_hi "healthimport records FILE --all (one parser)" records "$f" --all
    HEALTHIMPORT_SCAN=0 \
    bench_hi "healthimport records FILE --all (libxml2 alone)" records "$f" --all
    bench_hi "healthimport summary FILE"                    summary "$f"
    local parquet=$DATA/tmp/parquet
    BENCH_SETUP="rm -rf '$parquet'"
    bench_hi "healthimport parquet FILE --all -o DIR"       parquet "$f" --all -o "$parquet"
    local redacted=$DATA/tmp/redacted.zip
    BENCH_SETUP="rm -f '$redacted'"
    bench_hi "healthimport redact FILE -o OUT.zip"          redact "$f" -o "$redacted" --shift-days 700
    rm -f "$redacted"

    if wants "healthimport records FILE --all (without its DTD)" || wants "healthimport summary FILE (without its DTD)"; then
        local bare
        if bare=$(ensure_without_dtd "$f"); then
            bench_hi "healthimport records FILE --all (without its DTD)" records "$bare" --all
            bench_hi "healthimport summary FILE (without its DTD)" summary "$bare"
        else
            skip "healthimport records FILE --all (without its DTD)" "no internal DTD"
            skip "healthimport summary FILE (without its DTD)" "no internal DTD"
        fi
    fi

    local zip newer db=$DATA/tmp/bench.sqlite
    if wants "healthimport records export.zip --all"; then
        zip=$(ensure_zip "$f")
        bench_hi "healthimport records export.zip --all"  records "$zip" --all
    fi
    BENCH_SETUP="rm -f '$db' '$db-wal' '$db-shm'" BENCH_STORE=$db
    bench_hi "healthimport import --all (new store)"      import --all --db "$db" "$f"
    if [ -n "${BENCH_POSTGRES:-}" ]; then
        # The same import into PostgreSQL, each run into an emptied database (its tables dropped).
        BENCH_SETUP="psql -q '$BENCH_POSTGRES' -c 'SET client_min_messages = warning; DROP SCHEMA public CASCADE; CREATE SCHEMA public;' >/dev/null"
        bench_hi "healthimport import --all (new store, PostgreSQL)" import --all --db "$BENCH_POSTGRES" "$f"
    else
        skip "healthimport import --all (new store, PostgreSQL)" "no BENCH_POSTGRES"
    fi
    if [ -n "${WITHOUT_STATISTICS:-}" ] && [ -x "$WITHOUT_STATISTICS" ]; then
        local plain=$DATA/tmp/bench-plain.sqlite
        BENCH_SETUP="rm -f '$plain' '$plain-wal' '$plain-shm'"
        BENCH_STORE=$plain
        bench "healthimport import --all (new store), no statistics" "$WITHOUT_STATISTICS" import --all --db "$plain" "$f"
        rm -f "$plain" "$plain-wal" "$plain-shm"
    fi
    BENCH_STORE=$db
    bench_hi "healthimport stats --type steps --by day"   stats --type steps --by day --db "$db"
    bench_hi "healthimport stats --type heart-rate --by hour" stats --type heart-rate --by hour --db "$db"
    BENCH_SETUP="rm -rf '$parquet'"
    bench_hi "healthimport parquet --db DB -o DIR"          parquet --db "$db" -o "$parquet"
    rm -rf "$parquet"
    bench_hi "healthimport import --all --force (same)"   import --all --force --db "$db" "$f"
    bench_hi "healthimport import --all (same, detected)" import --all --db "$db" "$f"
    # Each run of the next row starts from the store the first import left.
    rm -f "$db.base" && if [ -f "$db" ]; then cp "$db" "$db.base"; fi
    if wants "healthimport import --all \(1% newer\)"; then
        newer=$(ensure_newer_export "$f" 1)
        BENCH_SETUP="cp '$db.base' '$db' && rm -f '$db-wal' '$db-shm'" BENCH_STORE=$db
        bench_hi "healthimport import --all (1% newer)"   import --all --db "$db" "$newer"
    fi
    # The same export less 1 % of its records: the run marks them deleted (compare with --force above).
    if wants "healthimport import --all \(1% removed: deletions\)"; then
        local removed
        removed=$(ensure_removed_export "$f" 1)
        BENCH_SETUP="cp '$db.base' '$db' && rm -f '$db-wal' '$db-shm'"
        bench_hi "healthimport import --all (1% removed: deletions)" import --all --db "$db" "$removed"
    fi
    rm -f "$db.base"
    BENCH_SETUP="rm -f '$db' '$db-wal' '$db-shm'" BENCH_STORE=$db
    bench_hi "healthimport import (default 30 days)"      import --db "$db" "$f"
}

run_file() {  # run_file FILE SHAPE
    FILE=$1
    local shape=$2
    BYTES=$(stat -c %s "$FILE")
    TOPLEVEL=$(count_toplevel "$FILE")
    cat "$FILE" >/dev/null  # warm the page cache so every row reads from memory
    out ""
    out "$(printf '%s shape, %s: %.1f MB, %s top-level elements (Record+Workout+Correlation+ActivitySummary), median of %s run(s)' \
        "$shape" "${FILE#"$ROOT"/}" "$(awk -v b="$BYTES" 'BEGIN{print b/1e6}')" "$TOPLEVEL" "$RUNS")"
    header_row
    bench_rows
}

# A store holding STATS_YEARS years of steps (a Watch every 10 minutes, an iPhone every 15 overlapping
# it, 06:00 to 21:00), written with SQL rather than imported, with every day pending.
ensure_steps_store() {  # ensure_steps_store -> prints the path of the store
    local years=${STATS_YEARS:-10} db
    db=$DATA/steps-${years}y.sqlite
    if [ ! -s "$db" ]; then
        log "writing $db"
        local empty=$DATA/tmp/empty.xml
        printf '<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n <ExportDate value="2025-11-20 08:00:00 +0100"/>\n</HealthData>\n' >"$empty"
        rm -f "$db" "$db-wal" "$db-shm"
        "$HEALTHIMPORT" import --all --db "$db" "$empty" >/dev/null 2>&1
        python3 - "$db" "$years" <<'EOF'
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1])
years = int(sys.argv[2])
base = 1448928000  # 2015-12-01 00:00 UTC
def text(t):
    return time.strftime("%Y-%m-%dT%H:%M:%S+01:00", time.gmtime(t + 3600))
def rows(source, model, every, value):
    for day in range(365 * years):
        for k in range(15 * 60 // every):
            start = base + day * 86400 + 5 * 3600 + k * every * 60
            yield (f"{model}{day}-{k}", "HKQuantityTypeIdentifierStepCount", source, '{"model":"%s"}' % model,
                   text(start), start, text(start + every * 60), start + every * 60, value, "count")
sql = ("INSERT INTO quantity_samples (uuid, type, source_name, device, start_date, start_unix, end_date, end_unix,"
       " value, unit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
db.executemany(sql, rows("Jo’s Apple Watch", "Watch", 10, 300.0))
db.executemany(sql, rows("Jo’s iPhone", "iPhone", 15, 400.0))
db.execute("INSERT OR REPLACE INTO anchors (type, newest_creation_unix, boundary_uuids)"
           " VALUES ('HKQuantityTypeIdentifierStepCount', 0, '')")
db.execute("INSERT OR IGNORE INTO statistics_pending (type, day)"
           " SELECT DISTINCT type, start_unix / 86400 FROM quantity_samples")
db.commit()
EOF
    fi
    printf '%s\n' "$db"
}

stats_rows() {  # the statistics rows, over the store of ensure_steps_store
    [ -x "$HEALTHIMPORT" ] || return 0
    wants "stats --type steps --by day (computing every day)" || wants "stats --type steps --by month (from the table)" ||
        return 0
    local base db=$DATA/tmp/steps.sqlite samples
    base=$(ensure_steps_store)
    samples=$(python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM quantity_samples").fetchone()[0])' "$base")
    FILE=$base; BYTES=$(stat -c %s "$base"); TOPLEVEL=$samples
    out ""
    out "statistics: ${STATS_YEARS:-10} years of steps, $samples samples (records/s: samples/s), best of $RUNS run(s)"
    header_row
    BENCH_SETUP="cp '$base' '$db' && rm -f '$db-wal' '$db-shm'"
    bench_hi "stats --type steps --by day (computing every day)" stats --type steps --by day --db "$db"
    bench_hi "stats --type steps --by day (from the table)"      stats --type steps --by day --db "$db"
    bench_hi "stats --type steps --by month (from the table)"    stats --type steps --by month --db "$db"
    bench_hi "stats --type steps --by day --priority (samples)"  stats --type steps --by day --db "$db" --priority "Jo’s iPhone"
    rm -f "$db" "$db-wal" "$db-shm"
}

main() {
    ensure_tools
    build_baseline
    build_healthimport
    local files=() shapes=()
    if [ -n "${EXPORTS:-}" ]; then
        read -r -a files <<<"$EXPORTS"
        local f
        for f in "${files[@]}"; do shapes+=(given); done
    else
        local s shape
        for s in $SIZES; do
            for shape in $SHAPES; do
                case $shape in
                    generator | realistic) ;;
                    *) log "error: SHAPES: unknown shape '$shape' (generator or realistic)"; exit 1 ;;
                esac
                files+=("$(ensure_export "$s" "$shape")")
                shapes+=("$shape")
            done
        done
    fi
    out "healthimport benchmarks $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -m)," \
        "git $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'), $(xmllint --version 2>&1 | head -n 1)"
    out "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
    local i
    for i in "${!files[@]}"; do run_file "${files[$i]}" "${shapes[$i]}"; done
    stats_rows
    out ""
    out "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
    log "results saved to ${RESULTS#"$ROOT"/}"
    rm -f "$DATA/tmp/time.$$" "$DATA/tmp/stderr.$$"
}

main "$@"
