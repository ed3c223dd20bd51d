#!/usr/bin/env bash
# Checks the deployment files without installing anything: the systemd units (`systemd-analyze
# verify`, and their sandbox with `systemd-analyze security`), the nginx site (`nginx -t`), the
# crontab, the environment file and the backup script. Works in a container without systemd as
# PID 1. Prints one line per check; exits 1 if any fails. Run by tests/all.sh.
#   Needs systemd-analyze (package systemd), nginx, openssl and sqlite3.
set -uo pipefail
cd "$(dirname "$0")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
failed=0

# check NAME COMMAND...: runs COMMAND; any exit status but 0, or (with QUIET=1) any output, fails.
check() {
  local name="$1" out status
  shift
  out="$("$@" 2>&1)"
  status=$?
  if [ $status -eq 0 ] && { [ "${QUIET:-0}" = 0 ] || [ -z "$out" ]; }; then
    printf 'ok    %s\n' "$name"
  else
    printf 'FAIL  %s\n' "$name"
    printf '%s\n' "$out" | sed 's/^/        /'
    failed=1
  fi
}

# --- systemd units ---------------------------------------------------------------------------------
# `verify` refuses an ExecStart= binary that does not exist, so the units are checked as copies
# whose binaries are executable stubs in the temporary directory.
units="$tmp/units"
mkdir -p "$units/bin"
for bin in backoffice-server backoffice-cli; do
  printf '#!/bin/sh\nexit 0\n' >"$units/bin/$bin"
  chmod +x "$units/bin/$bin"
done
cp -r systemd/. "$units/"
sed -i "s#/usr/local/bin/#$units/bin/#g" "$units"/*.service
verify_units() {
  command -v systemd-analyze >/dev/null || { echo "systemd-analyze is missing (apt-get install systemd)"; return 1; }
  # The unit files' directory (drop-ins included) is searched first. verify exits 0 on warnings
  # (an unknown key, a misspelt value): any output counts as a failure.
  SYSTEMD_LOG_COLOR=0 systemd-analyze verify --man=no --generators=no --recursive-errors=no "$@"
}
for unit in backoffice-server.service backoffice-worker.service; do
  QUIET=1 check "systemd: $unit verifies" verify_units "$units/$unit"
done
# verify reads the drop-in next to the server's unit too; it must turn the server's worker off,
# and the environment file must not override it (EnvironmentFile= wins over Environment=).
drop_in() {
  grep -qx 'Environment=RUN_WORKER=false' systemd/backoffice-server.service.d/separate-worker.conf \
    || { echo "separate-worker.conf does not set RUN_WORKER=false"; return 1; }
  ! grep -n '^RUN_WORKER=' backoffice.env.example || { echo "backoffice.env.example sets RUN_WORKER"; return 1; }
}
check "systemd: separate-worker.conf turns the server's worker off" drop_in
# The sandbox, scored offline (0 = locked down, 10 = none; --threshold is in tenths): a lost
# hardening line fails here.
exposure() {
  local out
  command -v systemd-analyze >/dev/null || { echo "systemd-analyze is missing (apt-get install systemd)"; return 1; }
  out="$(systemd-analyze security --offline=true --threshold=20 --no-pager "$1" 2>&1)" && return 0
  printf '%s\n' "$out" | grep -E 'Overall|rror'
  echo "details: systemd-analyze security --offline=true deploy/systemd/${1##*/}"
  return 1
}
for unit in backoffice-server.service backoffice-worker.service; do
  check "systemd: $unit sandbox exposure at most 2.0" exposure "$units/$unit"
done

# --- nginx site ----------------------------------------------------------------------------------
# The site included by a minimal nginx.conf whose every path is in the temporary directory, with a
# self-signed wildcard certificate for the example domain.
site="$tmp/nginx"
mkdir -p "$site/logs"
nginx_test() {
  command -v nginx >/dev/null || { echo "nginx is missing (apt-get install nginx)"; return 1; }
  openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj '/CN=example.com' \
    -addext 'subjectAltName=DNS:example.com,DNS:*.example.com' \
    -keyout "$site/privkey.pem" -out "$site/fullchain.pem" >/dev/null 2>&1 || { echo "openssl failed"; return 1; }
  sed -e "s#/etc/letsencrypt/live/example.com/#$site/#g" -e "s#/var/log/nginx/#$site/logs/#g" \
    nginx/backoffice.conf >"$site/backoffice.conf"
  # nginx -t binds the listening ports (a port in use is fine); without root, ports 80 and 443
  # cannot be bound: test on 18080 and 18443 instead.
  if [ "$(id -u)" != 0 ]; then
    sed -i -E -e 's/(listen (\[::\]:)?)80([ ;])/\118080\3/' -e 's/(listen (\[::\]:)?)443([ ;])/\118443\3/' \
      "$site/backoffice.conf"
  fi
  if grep -n '/etc/letsencrypt\|/var/log/nginx' "$site/backoffice.conf"; then
    echo "paths left that this check cannot substitute"
    return 1
  fi
  cat >"$site/nginx.conf" <<CONF
pid $site/nginx.pid;
error_log $site/logs/error.log;
events { worker_connections 1024; }
http {
    access_log $site/logs/access.log;
    client_body_temp_path $site/client_body;
    proxy_temp_path $site/proxy;
    fastcgi_temp_path $site/fastcgi;
    uwsgi_temp_path $site/uwsgi;
    scgi_temp_path $site/scgi;
    include $site/backoffice.conf;
}
CONF
  nginx -t -q -p "$site" -c "$site/nginx.conf"
}
check "nginx: backoffice.conf passes nginx -t" nginx_test
# What the server relies on, which nginx -t cannot know.
site_rules() {
  local conf=nginx/backoffice.conf missing=0 rule
  for rule in 'proxy_set_header Host $host;' \
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;' \
    'proxy_set_header X-Forwarded-Proto $scheme;' \
    'proxy_set_header Upgrade $http_upgrade;' \
    'location = /metrics {' \
    'deny all;' \
    'server 127.0.0.1:8080;' \
    'client_max_body_size 3m;'; do
    grep -qF -- "$rule" "$conf" || { echo "missing: $rule"; missing=1; }
  done
  # Both locations that proxy headers set them all (nginx does not merge proxy_set_header).
  [ "$(grep -c 'proxy_set_header X-Forwarded-For' "$conf")" -eq 2 ] || { echo "X-Forwarded-For not set in / and /ws"; missing=1; }
  return $missing
}
check "nginx: Host, forwarding headers, /ws upgrade, /metrics denied, body limit" site_rules

# --- crontab ---------------------------------------------------------------------------------------
# /etc/cron.d format: five time fields, the user, the command; a bare % would cut the command.
cron_lines() {
  awk '
    /^[[:space:]]*(#|$)/ { next }
    /^[A-Z_]+=/ { next }
    NF < 7 || $6 != "backoffice" { print "line " NR ": expected 5 time fields, user backoffice, command"; bad = 1 }
    /[^\\]%/ { print "line " NR ": unescaped %"; bad = 1 }
    !/set -a; \. \/etc\/backoffice\/backoffice.env; set \+a;/ { print "line " NR ": does not load the environment file"; bad = 1 }
    !/\| logger -t / { print "line " NR ": output does not go to logger"; bad = 1 }
    END { exit bad }
  ' cron/backoffice
}
check "cron: backoffice lines well formed" cron_lines

# --- environment file ---------------------------------------------------------------------------
# Every variable of server/src/config.rs is documented, and the file reads in sh as in systemd.
env_file() {
  local missing=0 name
  for name in $(grep -o 'env = "[A-Z_]*"' ../server/src/config.rs | cut -d'"' -f2) METRICS_TOKEN; do
    grep -qE "^#?$name=" backoffice.env.example || { echo "not in backoffice.env.example: $name"; missing=1; }
  done
  if grep -nE '^[A-Z_]+=.*[$`\\"'"'"' ]' backoffice.env.example; then
    echo "values must have no quotes, spaces, \$, \` or \\"
    missing=1
  fi
  (set -a && . ./backoffice.env.example) || missing=1
  return $missing
}
check "env: backoffice.env.example has every variable, plain values" env_file

# --- backup script -----------------------------------------------------------------------------------
# On SQLite files made here: control.db and two tenants (and a tenant still being provisioned, which
# is skipped), restored copies pass SQLite's integrity check.
backup_sqlite() {
  command -v sqlite3 >/dev/null || { echo "sqlite3 is missing (apt-get install sqlite3)"; return 1; }
  local data="$tmp/data" out="$tmp/backups" dir
  mkdir -p "$data/tenants"
  sqlite3 "$data/control.db" 'PRAGMA journal_mode=WAL; CREATE TABLE tenants(name TEXT); INSERT INTO tenants VALUES ("acme"),("demo");' >/dev/null
  for t in acme demo; do sqlite3 "$data/tenants/$t.db" "CREATE TABLE users(email TEXT); INSERT INTO users VALUES ('a@$t');"; done
  sqlite3 "$data/tenants/new.db.provisioning" 'CREATE TABLE x(y);'
  mkdir -p "$data/media/acme/ab" && printf 'foto' >"$data/media/acme/ab/abcd"
  DATABASE_URL="sqlite://$data" BACKUP_DIR="$out" BACKUP_KEEP_DAYS=14 bash backup.sh || return 1
  dir="$(find "$out" -mindepth 1 -maxdepth 1 -type d -name '20*Z')"
  [ -n "$dir" ] && [ -f "$dir/control.db" ] && [ -f "$dir/tenants/acme.db" ] && [ -f "$dir/tenants/demo.db" ] \
    || { echo "missing files in $out"; return 1; }
  [ ! -e "$dir/tenants/new.db.provisioning" ] || { echo "copied a tenant being provisioned"; return 1; }
  [ "$(sqlite3 "$dir/tenants/demo.db" 'PRAGMA integrity_check; SELECT email FROM users;')" = $'ok\na@demo' ] \
    || { echo "demo.db copy is not intact"; return 1; }
  [ "$(stat -c %a "$dir")" = 700 ] || { echo "backup directory is not private"; return 1; }
  [ "$(cat "$dir/media/acme/ab/abcd")" = foto ] || { echo "media not copied"; return 1; }
}
check "backup: backup.sh copies SQLite files and media intact" backup_sqlite

[ $failed -eq 0 ]
