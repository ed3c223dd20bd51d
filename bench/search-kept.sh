#!/usr/bin/env bash
# The search bench's URLs again, under wrk, over the database `bench-search --keep` left behind —
# to compare two builds without loading 10 M messages each time (docs/performance.md, "PostgreSQL:
# generic plans, JIT, and a remembered plan"). Each rate also as a share of the same server's
# /healthz. Needs wrk and curl.
#   bench/search-kept.sh DATABASE_URL DATA_DIR [SERVER_BINARY]
#   DATABASE_URL: the kept database as `--keep` printed it (postgres://…/bo_bench_search_N, or
#   sqlite://DIR); DATA_DIR: the kept directory (it holds the tenant's secrets); SERVER_BINARY:
#   default $CARGO_TARGET_DIR/release/backoffice-server. PORT (18200), SECONDS_EACH (6);
#   CONVERSATION: the long conversation's ticket (40001 at bench-search's default sizes); ONLY: a
#   regular expression, the labels to measure (all by default).
set -euo pipefail
DB=${1:?the kept DATABASE_URL}
DIR=${2:?the kept directory}
TARGET="${CARGO_TARGET_DIR:-$HOME/.cache/backoffice-target}"
BIN=${3:-$TARGET/release/backoffice-server}
PORT=${PORT:-18200}
SECONDS_EACH=${SECONDS_EACH:-6}
BASE="http://127.0.0.1:$PORT"

DATABASE_URL=$DB DATA_DIR=$DIR JWT_SECRET=$(head -c 36 /dev/urandom | base64) BIND=127.0.0.1:$PORT \
  RUST_LOG=error LOG_FORMAT=json LOGIN_ATTEMPTS_PER_MINUTE=100000000 ANALYTICS_REFRESH_SECONDS=0 \
  "$BIN" >/dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 150); do curl -sf -o /dev/null "$BASE/healthz" && break; sleep 0.2; done

token() {
  curl -sf -H 'host: bench.localhost' -H 'content-type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"Bench#Senha!59\"}" "$BASE/api/auth/login" |
    python3 -c 'import sys, json; print(json.load(sys.stdin)["access_token"])'
}
ADMIN=$(token admin@bench.example)
AGENT=$(token bia@bench.example)
# The rate, or nothing when any answer was not a success (an error answers fast and would count).
rate() { wrk -t2 -c64 -d"${SECONDS_EACH}s" "$@" | awk '/Non-2xx/ {bad = 1} /Requests\/sec/ {rate = $2} END {if (!bad) print rate}'; }
HEALTHZ=$(rate "$BASE/healthz")
printf '%-44s %9.0f req/s\n' /healthz "$HEALTHZ"
measure() {
  local label=$1 bearer=$2 path=$3
  local got
  if ! [[ $label =~ ${ONLY:-.} ]]; then return; fi
  got=$(rate -H "Authorization: Bearer $bearer" -H 'Host: bench.localhost' "$BASE$path")
  if [ -z "$got" ]; then printf '%-44s answered errors under load\n' "$label"; return; fi
  awk -v label="$label" -v got="$got" -v healthz="$HEALTHZ" \
    'BEGIN { printf "%-44s %9.0f req/s  %5.2f %% of /healthz\n", label, got, 100 * got / healthz }'
}
measure "search boleto (admin)" "$ADMIN" "/api/search/messages?q=boleto"
measure "search boleto (attendant)" "$AGENT" "/api/search/messages?q=boleto"
measure "search reembolso (admin)" "$ADMIN" "/api/search/messages?q=reembolso"
measure "search pedido (admin)" "$ADMIN" "/api/search/messages?q=pedido"
measure "long conversation, newest page" "$ADMIN" "/api/tickets/${CONVERSATION:-40001}/messages"
measure "queue first page (/tickets)" "$ADMIN" "/api/tickets"
measure "queue name search (/tickets?search=silva)" "$ADMIN" "/api/tickets?search=silva"
measure "customers search (/customers?search=silva)" "$ADMIN" "/api/customers?search=silva"
