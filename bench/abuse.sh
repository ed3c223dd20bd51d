#!/usr/bin/env bash
# The security issue's hostile probe, re-run against a release server: the socket ping flood, the
# password and two-factor guessing rates, and Redis and PostgreSQL outages under load; then (SQLite,
# each from a fresh server) large provider events with many signature entries, made-up HTTP methods
# without and with METRICS_TOKEN, a far-cell xlsx import, and one tenant's webhook-test flood beside
# another's reply. Prints the figures (docs/performance.md#abuse keeps the last run beside the
# probe's).
# Usage: bash bench/abuse.sh   (BENCH_POSTGRES_URL for the PostgreSQL outage, skipped without it;
# FLOOD_SECONDS, FAR_CELL_WAIT (30), WEBHOOK_TESTS (300))
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/backoffice-target}"
cargo build --release -q -p backoffice-server -p backoffice-cli
cargo build --release -q -p backoffice-bench --bin bench-abuse
bin="$CARGO_TARGET_DIR/release"
pass='Bench#Senha!58'
export JWT_SECRET="bench-$(head -c 32 /dev/urandom | base64 | tr -d '/+=')"
export LOG_FORMAT=json RUST_LOG=warn TRUSTED_PROXIES=127.0.0.1
log=$(mktemp)
echo "server log: $log"
pids=()
pidfile=""
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  if [ -n "$pidfile" ] && [ -s "$pidfile" ]; then kill "$(cat "$pidfile")" 2>/dev/null || true; fi
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

provision() {
  "$bin/backoffice-cli" init >/dev/null
  "$bin/backoffice-cli" tenant create bench --plan enterprise >/dev/null
  for who in admin:administrador agent:atendente codes:administrador load:administrador; do
    "$bin/backoffice-cli" user create --tenant bench --email "${who%%:*}@bench.example" --name Bench \
      --password "$pass" --role "${who##*:}" >/dev/null
  done
}

# What the later SQLite probes need: an administrator not locked out by the guessing, tenant acme
# (an administrator, an agent who replies) and tenant beta (an administrator who floods).
provision_probes() {
  "$bin/backoffice-cli" user create --tenant bench --email probe@bench.example --name Sonda \
    --password "$pass" --role administrador >/dev/null
  for tenant in acme beta; do
    "$bin/backoffice-cli" tenant create "$tenant" --plan enterprise >/dev/null
    "$bin/backoffice-cli" user create --tenant "$tenant" --email "admin@$tenant.example" --name Sonda \
      --password "$pass" --role administrador >/dev/null
  done
  "$bin/backoffice-cli" user create --tenant acme --email agent@acme.example --name Sonda \
    --password "$pass" --role atendente >/dev/null
}

start() { # port → pid on stdout
  BIND="127.0.0.1:$1" "$bin/backoffice-server" >>"$log" 2>&1 & echo $!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$1/healthz" >/dev/null && return; sleep 0.1; done
  echo "the server did not start; see $log" >&2; exit 1
}

stop() { kill "$1" 2>/dev/null || true; while kill -0 "$1" 2>/dev/null; do sleep 0.1; done; }

# SQLite, with a Redis of our own (the outage kills it).
redis_port=$(free_port)
redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes >/dev/null
trap 'cleanup; redis-cli -p "$redis_port" shutdown nosave >/dev/null 2>&1 || true' EXIT
dir=$(mktemp -d)
export DATABASE_URL="sqlite://$dir" REDIS_URL="redis://127.0.0.1:$redis_port" REDIS_PREFIX="abuse-$$"
# The probes' fake provider and slow webhook receiver listen on loopback.
export ALLOW_PRIVATE_PROVIDERS=true ALLOW_PRIVATE_WEBHOOKS=true
provision
provision_probes
port=$(free_port)
pid=$(start "$port"); pids+=("$pid")
probe() { "$bin/bench-abuse" --server "127.0.0.1:$port" "$@"; }
echo "== socket ping flood (SQLite)"
probe flood --pid "$pid" --email admin@bench.example --password "$pass" --seconds "${FLOOD_SECONDS:-20}"
echo "== password guessing from 50 addresses, 10 guesses each"
probe guess --database-url "$DATABASE_URL" --attendant agent@bench.example --admin admin@bench.example
echo "== two-factor guessing"
probe codes --email codes@bench.example --password "$pass"
echo "== Redis outage"
probe redis-outage --redis-port "$redis_port" --email load@bench.example --password "$pass"
# The figures below read the server's RSS: they start from a fresh server over the same data.
stop "$pid"
pid=$(start "$port"); pids+=("$pid")
echo "== signed provider events: a 2 MB body with 1 to 4000 signature entries"
probe signature --email probe@bench.example --password "$pass"
echo "== 1500 made-up 50 KB HTTP methods, no METRICS_TOKEN (the metrics recorder idle)"
probe methods --pid "$pid"
echo "== campaign recipients import of an xlsx holding A1 and one far cell"
probe far-cell --pid "$pid" --email probe@bench.example --password "$pass" --wait "${FAR_CELL_WAIT:-30}"
echo "== tenant beta floods webhook tests (a receiver that takes 14 s); tenant acme's agent replies"
probe --tenant acme webhook-flood --admin admin@acme.example --email agent@acme.example --password "$pass" \
  --flooder-tenant beta --flooder admin@beta.example --tests "${WEBHOOK_TESTS:-300}"
stop "$pid"
metrics_token=$(head -c 32 /dev/urandom | base64 | tr -d '/+=')
pid=$(export METRICS_TOKEN="$metrics_token"; start "$port"); pids+=("$pid")
echo "== 1500 made-up 50 KB HTTP methods, METRICS_TOKEN set (the metrics recorder on)"
probe methods --pid "$pid" --metrics-token "$metrics_token"
stop "$pid"
redis-cli -p "$redis_port" shutdown nosave >/dev/null 2>&1 || true
rm -rf "$dir"
unset REDIS_URL ALLOW_PRIVATE_PROVIDERS ALLOW_PRIVATE_WEBHOOKS

pg="${BENCH_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if pg_isready -q -d "$pg" 2>/dev/null; then
  db="bo_bench_abuse_$$"
  psql -X -q "$pg" -c "CREATE DATABASE $db"
  proxy_port=$(free_port); port=$(free_port)
  pg_host=$(python3 -c "import urllib.parse,sys; u=urllib.parse.urlparse(sys.argv[1]); print(f'{u.hostname}:{u.port or 5432}')" "$pg")
  through=$(python3 -c "import urllib.parse,sys; u=urllib.parse.urlparse(sys.argv[1]); print(u._replace(netloc=u.netloc.replace(f':{u.port or 5432}', '').replace(u.hostname, f'127.0.0.1:{sys.argv[2]}'), path='/'+sys.argv[3]).geturl())" "$pg" "$proxy_port" "$db")
  export DATABASE_URL="$through"
  pidfile=$(mktemp)
  up=$(mktemp)
  cat >"$up" <<SCRIPT
set -e
$(declare -f provision start)
bin="$bin"; pass='$pass'; log="$log"
provision
start $port >"$pidfile"
SCRIPT
  echo "== PostgreSQL outage (the server reaches PostgreSQL through a proxy the probe closes)"
  "$bin/bench-abuse" --server "127.0.0.1:$port" pg-outage --listen "127.0.0.1:$proxy_port" \
    --target "$pg_host" --then "$up" --email load@bench.example --password "$pass"
  stop "$(cat "$pidfile")"
  psql -X -q "$pg" -c "DROP DATABASE $db WITH (FORCE)"
  rm -f "$pidfile" "$up"
else
  echo "PostgreSQL not reachable at $pg: skipping the PostgreSQL outage"
fi
