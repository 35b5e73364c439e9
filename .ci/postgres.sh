# Sourced by .ci/run: a throwaway PostgreSQL server for the tests. `start_postgres` finds the
# server's programs (on PATH, else Debian's /usr/lib/postgresql/<version>/bin, else installs
# Debian's `postgresql` package), creates a cluster in a temporary folder, starts it on a free
# port of 127.0.0.1 and exports VCASE_TEST_PG_URL; the server and its folder go when the
# calling shell exits. PostgreSQL refuses to run as root: as root it runs as `postgres`.

pg_bin_dir() {
  local initdb dir
  if initdb=$(command -v initdb); then
    dir=$(dirname "$(readlink -f "$initdb")")
    [ -x "$dir/pg_ctl" ] && { echo "$dir"; return 0; }
  fi
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && { echo "$dir"; return 0; }
  return 1
}

start_postgres() {
  local bin port dir
  if ! bin=$(pg_bin_dir); then
    echo "PostgreSQL not found: installing Debian's postgresql package"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends postgresql >/dev/null
    bin=$(pg_bin_dir)
  fi
  local run=()
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --user-group --no-create-home postgres
    run=(runuser -u postgres --)
  fi
  dir=$(mktemp -d /tmp/vcase-ci-pg.XXXXXX)
  [ ${#run[@]} -eq 0 ] || chown postgres "$dir"
  # A free port: the system picks one, then it is let go for the server.
  port=$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
  # Throwaway data: no fsync (a crash loses nothing worth keeping) and trust on 127.0.0.1 only.
  "${run[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
  "${run[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" >/dev/null
  PG_CI_STOP=("${run[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop)
  PG_CI_DIR=$dir
  trap 'stop_postgres' EXIT
  export VCASE_TEST_PG_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "$("$bin/postgres" --version) for the tests: $VCASE_TEST_PG_URL"
}

stop_postgres() {
  "${PG_CI_STOP[@]}" >/dev/null 2>&1 || true
  rm -rf "$PG_CI_DIR"
}
