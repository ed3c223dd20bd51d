#!/usr/bin/env bash
# Inbox benchmark (issue #12) on SQLite and PostgreSQL: ticket lists, a conversation page, ingest
# through the signed provider endpoint, and provider-to-socket notification latency, each list also
# as a share of the same server's /healthz rate. Release build; needs wrk (apt-get install wrk).
#   PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), SKIP_POSTGRES=1; extra arguments
#   go to bench-inbox (--customers, --seconds, --phases ...).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/backoffice-target}"
cargo build --release -q -p backoffice-server -p backoffice-bench --bin backoffice-server --bin bench-inbox
"$CARGO_TARGET_DIR/release/bench-inbox" "$@"
if [ "${SKIP_POSTGRES:-0}" != "1" ]; then
  "$CARGO_TARGET_DIR/release/bench-inbox" --postgres "${PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}" "$@"
fi
