#!/usr/bin/env bash
# Times `backoffice-cli seed demo` producing ≥100 000 messages, on SQLite and (when reachable)
# PostgreSQL. Release build. Usage: bash bench/seed.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/backoffice-target}"
cargo build --release -q -p backoffice-cli
cli="$CARGO_TARGET_DIR/release/backoffice-cli"
export JWT_SECRET="bench-$(head -c 32 /dev/urandom | base64 | tr -d '/+=')"
args=(seed demo --tenant demo --customers 2000 --days 30 --messages-per-ticket 10)

dir=$(mktemp -d)
export DATABASE_URL="sqlite://$dir"
"$cli" init >/dev/null
echo "SQLite:"
/usr/bin/time -f "  wall %e s, max RSS %M KiB" "$cli" "${args[@]}"
rm -rf "$dir"

pg="${BENCH_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if pg_isready -q -d "$pg" 2>/dev/null; then
  db="bo_bench_seed_$$"
  psql -X -q "$pg" -c "CREATE DATABASE $db"
  export DATABASE_URL="${pg%/*}/$db"
  "$cli" init >/dev/null
  echo "PostgreSQL:"
  /usr/bin/time -f "  wall %e s, max RSS %M KiB" "$cli" "${args[@]}"
  psql -X -q "$pg" -c "DROP DATABASE $db WITH (FORCE)"
fi
