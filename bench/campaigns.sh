#!/usr/bin/env bash
# Campaigns and webhooks benchmark (issue #16) on SQLite and PostgreSQL: webhook deliveries/s to a
# local receiver, SIGKILL restarts during a delivery run (lost and duplicated deliveries), creating
# a 100 000-recipient campaign, and sending at the instance's maximum rate (CPU per send, memory,
# status change → webhook latency). Release build; needs wrk (apt-get install wrk).
#   PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), SKIP_POSTGRES=1; extra arguments
#   go to bench-campaigns (--recipients, --deliveries, --restarts, --phases ...).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/backoffice-target}"
cargo build --release -q -p backoffice-server -p backoffice-bench --bin backoffice-server --bin bench-campaigns
"$CARGO_TARGET_DIR/release/bench-campaigns" "$@"
if [ "${SKIP_POSTGRES:-0}" != "1" ]; then
  "$CARGO_TARGET_DIR/release/bench-campaigns" --postgres "${PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}" "$@"
fi
