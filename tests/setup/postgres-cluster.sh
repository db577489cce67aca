#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on 127.0.0.1 for the server tests (CI runs it; developers may too).
#   postgres-cluster.sh start DIR   → initdb in DIR, start on a free loopback port, print the superuser URL
#   postgres-cluster.sh stop DIR    → stop it fast (the caller removes DIR)
# Uses the newest Debian server binaries (/usr/lib/postgresql/<v>/bin). As root the server runs as the
# `postgres` user (PostgreSQL refuses to run as root). Trust auth, loopback only, fsync off: test data only.
set -euo pipefail

action=${1:-}
dir=${2:-}
if [ -z "$action" ] || [ -z "$dir" ]; then
  echo "usage: $0 start|stop DIR" >&2
  exit 2
fi
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/pg_ctl" ]; then
  echo "postgres-cluster: no PostgreSQL server binaries in /usr/lib/postgresql/*/bin; install Debian's 'postgresql' package." >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$action" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
    as_owner test -w "$dir" || { echo "postgres-cluster: the server user cannot write $dir (is a parent folder private?)." >&2; exit 1; }
    port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    # Settings go into the cluster's own configuration, so a plain `pg_ctl -D DIR/data start` restarts it as is.
    cat >>"$dir/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null </dev/null ||
      { cat "$dir/server.log" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -f "$dir/data/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null </dev/null
    exit 0
    ;;
  *)
    echo "postgres-cluster: unknown action '$action' (use start or stop)" >&2
    exit 2
    ;;
esac
