#!/usr/bin/env bash
# Builds everything and runs the back-office on the embedded default (SQLite under ./data), with a
# demo tenant full of data. Prints where to log in. Ctrl-C stops the server.
#   BIND (default 127.0.0.1:8080), DATABASE_URL (default sqlite://data) and the rest of the
#   configuration (README) are honoured.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/backoffice-target}"
export BIND="${BIND:-127.0.0.1:8080}"
export WEB_DIST="${WEB_DIST:-$PWD/web/dist}"
# The demo's instances talk to the simulator on this machine (backoffice-cli simulate).
export ALLOW_PRIVATE_PROVIDERS="${ALLOW_PRIVATE_PROVIDERS:-true}"
# Customers writing in, per second (0 = no simulator).
simulate_rate="${SIMULATE_RATE:-0.05}"
# The simulator speaks each kind's wire format: our contract, Meta's Cloud API (its Graph API
# under /graph, which the server is pointed at) and an Evolution API gateway.
simulate_listen="${SIMULATE_LISTEN:-127.0.0.1:8091}"
if [ "$simulate_rate" != "0" ]; then
  export GRAPH_API_URL="${GRAPH_API_URL:-http://$simulate_listen/graph}"
fi
operator_email="operador@backoffice.example"
operator_password="${OPERATOR_PASSWORD:-Operador#Demo!58}"
demo_password="${DEMO_PASSWORD:-Demo@Senha#2026}"

echo "==> web app"
(
  cd web
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
  fi
  npm run --silent build
)

echo "==> server and CLI"
cargo build -p backoffice-server -p backoffice-cli
bin="$CARGO_TARGET_DIR/debug"

echo "==> control database, back-office tenant, demo tenant"
"$bin/backoffice-cli" init --operator-email "$operator_email" --operator-password "$operator_password" --operator-name "Operador Demo"
"$bin/backoffice-cli" migrate
DEMO_PASSWORD="$demo_password" "$bin/backoffice-cli" seed demo --tenant demo

port="${BIND##*:}"
"$bin/backoffice-server" &
server=$!
simulator=""
trap 'kill $server $simulator 2>/dev/null; wait' EXIT INT TERM
until curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do
  kill -0 $server 2>/dev/null || exit 1
  sleep 0.2
done
if [ "$simulate_rate" != "0" ]; then
  "$bin/backoffice-cli" simulate --tenant demo --kinds generic,cloud,evolution --rate "$simulate_rate" \
    --listen "$simulate_listen" --url "http://127.0.0.1:$port" &
  simulator=$!
fi

cat <<INFO

  Back-office pronto.
    Tenant demo:        http://demo.localhost:$port   login admin@demo.example / $demo_password
                        (atendente: atendente@demo.example, mesma senha)
    Operadores:         http://backoffice.localhost:$port   login $operator_email / $operator_password
    API:                http://demo.localhost:$port/api   saúde: http://localhost:$port/healthz
    Clientes simulados: $simulate_rate mensagem(ns)/s nas instâncias do demo (SIMULATE_RATE=0 desliga),
                        em três tipos de conexão: contrato genérico, API oficial (Cloud) e gateway Evolution

INFO
wait $server
