#!/usr/bin/env bash
# Runs every test of the project: web units (Vitest) and build, the deployment files (systemd units,
# nginx site, cron, backup script), Rust unit and integration tests on SQLite, web end-to-end tests
# (real server, headless Chromium), then the integration tests again on PostgreSQL + Redis.
#   TEST_DATABASE_URL  PostgreSQL server the tests create their own databases on
#                      (default postgres://postgres@127.0.0.1:5432/postgres)
#   TEST_REDIS_URL     Redis for the multi-replica tests (default redis://127.0.0.1:6379)
#   SKIP_POSTGRES=1    skip the PostgreSQL pass (a machine without PostgreSQL)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/backoffice-target}"
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"

step() { printf '\n=== %s\n' "$*"; }

step "web: install, typecheck, unit tests, build"
(
  cd web
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
  fi
  npm run --silent typecheck
  npm run --silent lint
  npm run --silent format:check
  npm test --silent
  npm run --silent build
  npm run --silent size   # the login route's JS must stay within its gzip budget
)

step "deploy: systemd units and nginx site"
bash deploy/check.sh

step "rust: format, lints and the import rule"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
# Imports point only down the floors of server/src/domain/mod.rs, and no files import in a circle.
python3 tools/imports.py --check > /dev/null || { python3 tools/imports.py; exit 1; }

step "rust: every test on SQLite"
# Without TEST_DATABASE_URL: the integration tests pick PostgreSQL whenever it is set.
env -u TEST_DATABASE_URL cargo nextest run --workspace --no-fail-fast

step "web: end-to-end (real server + headless Chromium)"
(cd web && npm run --silent e2e)

if [ "${SKIP_POSTGRES:-0}" = "1" ]; then
  step "PostgreSQL pass skipped (SKIP_POSTGRES=1)"
else
  step "rust: integration tests on PostgreSQL + Redis"
  if ! pg_isready -q -d "$TEST_DATABASE_URL" 2>/dev/null; then
    echo "PostgreSQL is not reachable at $TEST_DATABASE_URL (set TEST_DATABASE_URL, or SKIP_POSTGRES=1)" >&2
    exit 1
  fi
  # Databases left by an interrupted earlier run.
  psql -X -q -t -A "$TEST_DATABASE_URL" -c "SELECT datname FROM pg_database WHERE datname LIKE 'bo_test_%'" \
    | while read -r db; do [ -n "$db" ] && psql -X -q "$TEST_DATABASE_URL" -c "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)"; done
  cargo nextest run -p backoffice-tests --no-fail-fast
fi
