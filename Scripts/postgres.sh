#!/usr/bin/env bash
# A throw-away PostgreSQL cluster on a local port, for the tests and the load script.
#
#   eval "$(Scripts/postgres.sh start)"   # installs PostgreSQL if missing, starts a cluster,
#                                         # prints `export HEALTHIMPORT_TEST_POSTGRES=postgresql://...`
#   Scripts/postgres.sh stop              # stops it and deletes its files
#
# The cluster lives in $HEALTHIMPORT_PG_DIR (default /tmp/healthimport-pg-$USER), listens on
# 127.0.0.1 only, trusts local connections and has one database, `healthimport`. It runs with
# `fsync=off`, for speed in the tests; HEALTHIMPORT_PG_FSYNC=on starts it with `fsync=on`, as a
# benchmark against SQLite (which syncs) needs.
set -euo pipefail

dir="${HEALTHIMPORT_PG_DIR:-/tmp/healthimport-pg-$(id -un)}"

as_owner() {
  # initdb and postgres refuse to run as root: run them as the `postgres` account then.
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

bin_dir() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -n "$found" ] && echo "$found"
}

install_if_missing() {
  if [ -z "$(bin_dir)" ]; then
    echo "installing PostgreSQL from Debian's packages" >&2
    local sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq postgresql >/dev/null
  fi
}

free_port() {
  local port=${HEALTHIMPORT_PG_PORT:-55432}
  while (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  echo "$port"
}

start() {
  install_if_missing
  local bin port
  bin=$(bin_dir)
  if [ -f "$dir/port" ] && as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    port=$(cat "$dir/port")
  else
    rm -rf "$dir"
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    port=$(free_port)
    as_owner bash -c "echo $port > '$dir/port'"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=${HEALTHIMPORT_PG_FSYNC:-off} -c max_connections=200" start >&2 \
      || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres healthimport
  fi
  echo "export HEALTHIMPORT_TEST_POSTGRES=postgresql://postgres@127.0.0.1:$port/healthimport"
}

stop() {
  local bin
  bin=$(bin_dir) || true
  if [ -n "$bin" ] && [ -d "$dir/data" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 64 ;;
esac
