#!/usr/bin/env bash
# Authentication benchmark: login latency (argon2id at the production parameters) and
# authenticated GET /api/auth/userInfo under load from wrk (a second process on loopback), on
# SQLite and on PostgreSQL. Release build. Usage: bash bench/auth.sh   (needs wrk: apt-get install wrk)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/backoffice-target}"
cargo build --release -q -p backoffice-server -p backoffice-cli
bin="$CARGO_TARGET_DIR/release"
port="${BENCH_PORT:-18080}"
pass='Bench#Senha!58'
export JWT_SECRET="bench-$(head -c 32 /dev/urandom | base64 | tr -d '/+=')"
export BIND="127.0.0.1:$port" LOG_FORMAT=json RUST_LOG=warn
# The benchmark logs in thousands of times from one address: lift the per-address limits.
export LOGIN_ATTEMPTS_PER_MINUTE=100000000 LOGIN_FAILURES_PER_ADDRESS=100000000
lua=$(mktemp --suffix=.lua)
cat >"$lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Host"] = "bench.localhost"
wrk.body = '{"email":"bench@bench.example","password":"$pass","ip":null}'
LUA

run() {
  local label=$1
  "$bin/backoffice-cli" init >/dev/null
  "$bin/backoffice-cli" tenant create bench --plan enterprise >/dev/null
  "$bin/backoffice-cli" user create --tenant bench --email bench@bench.example --name Bench --password "$pass" --role administrador >/dev/null
  "$bin/backoffice-server" & local pid=$!
  for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  echo "== $label: login (1 connection, 15 s)"
  wrk -t1 -c1 -d15s --latency -s "$lua" "http://127.0.0.1:$port/api/auth/login" | grep -E "Latency|50%|99%|Requests/sec|Non-2xx"
  token=$(curl -s -H 'Host: bench.localhost' -H 'Content-Type: application/json' \
    -d "{\"email\":\"bench@bench.example\",\"password\":\"$pass\"}" "http://127.0.0.1:$port/api/auth/login" | sed 's/.*"access_token":"\([^"]*\)".*/\1/')
  echo "== $label: GET /api/auth/userInfo (64 connections, 20 s)"
  wrk -t2 -c64 -d20s --latency -H "Host: bench.localhost" -H "Authorization: Bearer $token" \
    "http://127.0.0.1:$port/api/auth/userInfo" | grep -E "Latency|50%|99%|Requests/sec|Non-2xx"
  kill "$pid"; wait "$pid" 2>/dev/null || true
}

dir=$(mktemp -d)
DATABASE_URL="sqlite://$dir" run SQLite
rm -rf "$dir"

pg="${BENCH_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if pg_isready -q -d "$pg" 2>/dev/null; then
  db="bo_bench_auth_$$"
  psql -X -q "$pg" -c "CREATE DATABASE $db"
  DATABASE_URL="${pg%/*}/$db" run PostgreSQL
  psql -X -q "$pg" -c "DROP DATABASE $db WITH (FORCE)"
fi
rm -f "$lua"
