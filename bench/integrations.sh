#!/usr/bin/env bash
# Integrations benchmark (issue 47) on SQLite and PostgreSQL: webhook deliveries/s for the full
# event set (customers writing, one endpoint subscribed to every event), what emitting costs the
# inbound path, and the time to export and to erase a customer with 10 000 messages. Release
# build; needs wrk (apt-get install wrk).
#   PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), SKIP_POSTGRES=1; extra arguments
#   go to bench-integrations (--customers, --messages, --phases ...).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/backoffice-target}"
cargo build --release -q -p backoffice-server -p backoffice-bench --bin backoffice-server --bin bench-integrations
"$CARGO_TARGET_DIR/release/bench-integrations" "$@"
if [ "${SKIP_POSTGRES:-0}" != "1" ]; then
  "$CARGO_TARGET_DIR/release/bench-integrations" --postgres "${PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}" "$@"
fi
