#!/usr/bin/env bash
# Analytics and sheets benchmark (issue #14) on SQLite and PostgreSQL: analytics sync full and
# incremental, every dashboard endpoint over 365 days (one client p50/p99, and wrk's rate as a share
# of the same server's /healthz), and the 1 000 000-row orders sheet beside Python XlsxWriter.
# Release build; needs wrk (apt-get install wrk) and python3 (xlsxwriter is installed if missing).
#   PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), SKIP_POSTGRES=1; extra arguments
#   go to bench-analytics (--customers, --sheet-rows, --phases sync,dashboards,sheet ...).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/backoffice-target}"
python3 -c 'import xlsxwriter' 2>/dev/null || python3 -m pip install --quiet xlsxwriter
cargo build --release -q -p backoffice-server -p backoffice-bench --bin backoffice-server --bin bench-analytics
"$CARGO_TARGET_DIR/release/bench-analytics" "$@"
if [ "${SKIP_POSTGRES:-0}" != "1" ]; then
  "$CARGO_TARGET_DIR/release/bench-analytics" --postgres "${PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}" "$@"
fi
