#!/usr/bin/env bash
# Realtime benchmark: 5 000 sockets on one tenant of one release server (SQLite), then the same
# through Redis with two server processes (PostgreSQL + Redis), sockets split between them and
# events raised on the first. Prints sockets' RSS cost and delivery rate/latency per replica.
# Usage: bash bench/realtime.sh   (SOCKETS, RATES, SECONDS override the defaults)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/backoffice-target}"
cargo build --release -q -p backoffice-server -p backoffice-cli
cargo build --release -q -p backoffice-bench --bin bench-realtime
bin="$CARGO_TARGET_DIR/release"
sockets="${SOCKETS:-5000}" rates="${RATES:-5,10,20}" seconds="${SECONDS_PER_RATE:-10}"
pass='Bench#Senha!58'
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
export JWT_SECRET="bench-$(head -c 32 /dev/urandom | base64 | tr -d '/+=')"
export LOG_FORMAT=json RUST_LOG=warn

provision() {
  "$bin/backoffice-cli" init >/dev/null
  "$bin/backoffice-cli" tenant create bench --plan enterprise >/dev/null
  "$bin/backoffice-cli" user create --tenant bench --email bench@bench.example --name Bench --password "$pass" --role administrador >/dev/null
}

start() { # port → pid on stdout
  BIND="127.0.0.1:$1" "$bin/backoffice-server" >>"$log" 2>&1 & echo $!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$1/healthz" >/dev/null && return; sleep 0.1; done
}

stop() { kill "$1" 2>/dev/null || true; while kill -0 "$1" 2>/dev/null; do sleep 0.1; done; }

log=$(mktemp)
echo "server log: $log"
dir=$(mktemp -d)
export DATABASE_URL="sqlite://$dir"
provision
pid=$(start 18090)
echo "== one process, SQLite, $sockets sockets"
"$bin/bench-realtime" --server 127.0.0.1:18090 --pid "$pid" --email bench@bench.example --password "$pass" \
  --sockets "$sockets" --rates "$rates" --seconds "$seconds"
stop "$pid"
rm -rf "$dir"

pg="${BENCH_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
redis="${BENCH_REDIS_URL:-redis://127.0.0.1:6379}"
if pg_isready -q -d "$pg" 2>/dev/null && redis-cli -u "$redis" ping >/dev/null 2>&1; then
  db="bo_bench_rt_$$"
  psql -X -q "$pg" -c "CREATE DATABASE $db"
  export DATABASE_URL="${pg%/*}/$db" REDIS_URL="$redis" REDIS_PREFIX="bench-rt-$$"
  provision
  a=$(start 18091); b=$(start 18092)
  echo "== two processes sharing Redis, PostgreSQL, $sockets sockets (events raised on replica 0)"
  "$bin/bench-realtime" --server 127.0.0.1:18091 --server 127.0.0.1:18092 --pid "$a" --pid "$b" \
    --email bench@bench.example --password "$pass" --sockets "$sockets" --rates "$rates" --seconds "$seconds"
  stop "$a"; stop "$b"
  psql -X -q "$pg" -c "DROP DATABASE $db WITH (FORCE)"
else
  echo "PostgreSQL or Redis not reachable: skipping the two-process run"
fi
