#!/usr/bin/env bash
# Whole-system backup of the back-office's databases into BACKUP_DIR/<UTC time>/, then removes the
# backups older than BACKUP_KEEP_DAYS. Run nightly by deploy/cron/backoffice as user backoffice with
# /etc/backoffice/backoffice.env loaded; installed as /usr/local/bin/backoffice-backup.
#   SQLite:     `sqlite3 .backup` of control.db, then of every tenants/NAME.db (each file consistent
#               on its own while the server writes; control first, so every tenant it lists has a file).
#   PostgreSQL: `pg_dump --format=custom` of DATABASE_URL's database (schema control and the tenant
#               schemas), then of each TENANT_POOLS cluster's database (its tenant schemas).
#   Media:      with MEDIA_STORAGE=fs (the default), DATA_DIR/media is copied as hard links: its files
#               are content-addressed and never rewritten, so a link is a consistent copy that costs
#               no space until the original is deleted. Keep the copy on the same filesystem, or it is
#               copied in full. With MEDIA_STORAGE=s3, use the bucket's own versioning or replication.
# DATA_DIR's jwt_secret and secrets_key are never copied: keep SECRETS_KEY apart from the backups
# (docs/operations.md#secrets-at-rest). Restoring: docs/operations.md#backup-and-restore.
set -euo pipefail
umask 077
: "${DATABASE_URL:?DATABASE_URL is not set (load /etc/backoffice/backoffice.env)}"
root="${BACKUP_DIR:-/var/backups/backoffice}"
keep="${BACKUP_KEEP_DAYS:-14}"
dest="$root/$(date -u +%Y%m%dT%H%M%SZ)"
partial="$dest.partial"
mkdir -p "$partial"

case "$DATABASE_URL" in
  sqlite://*)
    command -v sqlite3 >/dev/null || { echo "sqlite3 is not installed (apt-get install sqlite3)" >&2; exit 1; }
    dir="${DATABASE_URL#sqlite://}"
    dir="${dir%%\?*}"
    [ -f "$dir/control.db" ] || { echo "no $dir/control.db: wrong DATABASE_URL?" >&2; exit 1; }
    sqlite3 "$dir/control.db" ".backup '$partial/control.db'"
    mkdir "$partial/tenants"
    count=0
    # NAME.db only: NAME.db.provisioning is a tenant still being built.
    for file in "$dir"/tenants/*.db; do
      [ -f "$file" ] || continue
      sqlite3 "$file" ".backup '$partial/tenants/${file##*/}'"
      count=$((count + 1))
    done
    what="control.db and $count tenant file(s)"
    ;;
  postgres://* | postgresql://*)
    pg_dump --format=custom --file="$partial/default.dump" "$DATABASE_URL"
    what="default.dump"
    IFS=',' read -ra pools <<<"${TENANT_POOLS:-}"
    for pair in "${pools[@]}"; do
      pair="$(echo "$pair" | tr -d '[:space:]')"
      [ -n "$pair" ] || continue
      name="${pair%%=*}"
      pg_dump --format=custom --file="$partial/pool-$name.dump" "${pair#*=}"
      what="$what pool-$name.dump"
    done
    ;;
  *)
    echo "DATABASE_URL is neither sqlite:// nor postgres://" >&2
    exit 1
    ;;
esac

if [ "${MEDIA_STORAGE:-fs}" = fs ]; then
  data_dir="${DATA_DIR:-}"
  if [ -z "$data_dir" ]; then
    case "$DATABASE_URL" in
      sqlite://*) data_dir="${DATABASE_URL#sqlite://}"; data_dir="${data_dir%%\?*}" ;;
    esac
  fi
  if [ -n "$data_dir" ] && [ -d "$data_dir/media" ]; then
    cp -al "$data_dir/media" "$partial/media" 2>/dev/null || { rm -rf "$partial/media"; cp -a "$data_dir/media" "$partial/media"; }
    what="$what and media ($(find "$partial/media" -type f | wc -l) file(s))"
  fi
fi

mv "$partial" "$dest"
# Old backups, and attempts that died half-way.
find "$root" -mindepth 1 -maxdepth 1 -type d -name '20*Z' -mtime "+$keep" -exec rm -rf {} +
find "$root" -mindepth 1 -maxdepth 1 -type d -name '20*Z.partial' -mtime +1 -exec rm -rf {} +
echo "backup written to $dest: $what ($(du -sh "$dest" | cut -f1))"
