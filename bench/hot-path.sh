#!/usr/bin/env bash
# Hot-path benchmark (issue #13): userInfo, the users list (first page and a searched deep page over
# 5 000 users) and every round-2 list, each as a share of the same server's /healthz rate, on
# SQLite and on PostgreSQL. Release build; needs wrk (apt-get install wrk).
#   PG_URL   PostgreSQL cluster for the second pass (default postgres://postgres@127.0.0.1:5432/postgres;
#            SKIP_POSTGRES=1 to skip); extra arguments go to bench-hot-path (--seconds, --users ...).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/backoffice-target}"
cargo build --release -q -p backoffice-server -p backoffice-bench --bin backoffice-server --bin bench-hot-path
"$CARGO_TARGET_DIR/release/bench-hot-path" "$@"
if [ "${SKIP_POSTGRES:-0}" != "1" ]; then
  "$CARGO_TARGET_DIR/release/bench-hot-path" --postgres "${PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}" "$@"
fi
