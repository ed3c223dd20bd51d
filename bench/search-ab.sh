#!/usr/bin/env bash
# Two server builds in turn over the database `bench-search --keep` left behind, each measured by
# bench/search-kept.sh (every URL under wrk, each rate also as a share of that server's /healthz):
# the A/B behind docs/performance.md "PostgreSQL: the pending list, one statement a page". On a
# noisy machine the alternation, not one run, says which build is faster.
#   bench/search-ab.sh DATABASE_URL DATA_DIR OLD_BINARY NEW_BINARY [ROUNDS]
# ROUNDS (2); SECONDS_EACH (5) and PORT pass through to search-kept.sh.
set -euo pipefail
DB=${1:?the kept DATABASE_URL}
DIR=${2:?the kept directory}
OLD=${3:?the first build}
NEW=${4:?the second build}
ROUNDS=${5:-2}
export SECONDS_EACH=${SECONDS_EACH:-5}
HERE=$(dirname "$0")
for round in $(seq "$ROUNDS"); do
  for build in "$OLD" "$NEW"; do
    echo "== round $round: $build"
    bash "$HERE/search-kept.sh" "$DB" "$DIR" "$build"
  done
done
