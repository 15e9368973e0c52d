#!/usr/bin/env bash
# An operator's first day in one command, and every later day in the same one (deploy/README.md):
#
#   sudo deploy/install.sh --domain ciffc.example.org
#
# Creates, or completes without overwriting anything already set: the service user, the folders
# the units may write (with owners and modes), the PostgreSQL roles and databases of both parts
# with generated passwords, /etc/ciffc/{api,cms,nginx,backup,check}.env with generated secrets, the systemd
# units, nginx's site config rendered from the template (deploy/render-nginx.mjs), and a TLS
# certificate that lets nginx start before Let's Encrypt has issued one (a self-signed
# placeholder, replaced by certbot's certificate as soon as it exists; README, HTTPS).
#
# Ports and the code's folder come from one place: API_INSTANCES and CMS_ADDRESS, DEPLOY_DIR of
# /etc/ciffc/nginx.env (or --api-ports, --cms-port, --app-dir, which are written there). Every
# path is prefixed by --root (or ROOT), so deploy/test/install.test.ts installs into a scratch
# folder without being root, against a scratch PostgreSQL cluster (--pg-url).
#
# What a run was given that no settings file holds (--pg-url, --user) is kept in
# /etc/ciffc/install.conf (root only: the address may hold the superuser's password) and used by
# the next run, by deploy/upgrade.sh and by deploy/restore.sh; the ports and the code's folder are
# kept in nginx.env.
set -euo pipefail
# Folders readable by default; every file holding a secret gets its own mode (0640 or 0600).
umask 022

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=${ROOT:-}
domain='' pg_url='' user='' create_user=1 app_dir='' api_ports='' cms_port=''

usage() {
  cat <<'EOF'
usage: deploy/install.sh [--domain NAME] [options]
  --domain NAME      the site's public name (needed on the first run)
  --pg-url URL       a PostgreSQL superuser's address (default: the one of the last run, else the
                     local server as the postgres user); the parts connect to its host and port
  --user NAME        the service user (default: the last run's, else ciffc)
  --no-create-user   the user must exist already (implied by --root)
  --app-dir DIR      the checkout the units run (default /srv/ciffc)
  --api-ports "P.."  the data API instances' ports (default 3001 3002)
  --cms-port P       the content system's port (default 1337)
  --root DIR         install under DIR instead of / (tests; env ROOT too)
EOF
}

while [ $# -gt 0 ]; do
  case $1 in
    --domain) domain=$2; shift 2 ;;
    --pg-url) pg_url=$2; shift 2 ;;
    --user) user=$2; shift 2 ;;
    --no-create-user) create_user=0; shift ;;
    --app-dir) app_dir=${2%/}; shift 2 ;;
    --api-ports) api_ports=$2; shift 2 ;;
    --cms-port) cms_port=$2; shift 2 ;;
    --root) ROOT=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install: unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
done
ROOT=${ROOT%/}
etc=$ROOT/etc/ciffc
say() { echo "install: $*"; }
die() { echo "install: $*" >&2; exit 1; }
is_root() { [ "$(id -u)" -eq 0 ]; }

# The parts need Node 20 from 20.19 or 24 from 24.22 (package.json engines; Strapi 5 refuses 18).
node_release() {
  local version
  version=$(node -p process.versions.node 2>/dev/null) || die "node does not run"
  case $version in
    20.*) [ "$(echo "$version" | cut -d. -f2)" -ge 19 ] && return 0 ;;
    24.*) [ "$(echo "$version" | cut -d. -f2)" -ge 22 ] && return 0 ;;
  esac
  die "Node.js $version: the parts need 20.19 or later in 20, or 24.22 or later in 24 (Debian 12 ships 18: deploy/README.md, \"Debian 12\")"
}

# --- settings files -----------------------------------------------------------------------------

# The last value of KEY in FILE (systemd EnvironmentFile lines, KEY=value).
get() { sed -n "s/^$2=//p" "$1" | tail -n 1; }

# Sets KEY to VALUE in FILE, replacing its line or appending one. awk reads the value from the
# environment, so secrets with / or & need no escaping.
put() {
  local file=$1 key=$2 tmp
  tmp=$(mktemp "$file.XXXXXX")
  if grep -q "^$key=" "$file"; then
    KEY=$key VALUE=$3 awk -F= '$1 == ENVIRON["KEY"] { print ENVIRON["KEY"] "=" ENVIRON["VALUE"]; next } { print }' "$file" >"$tmp"
  else
    cat "$file" >"$tmp"
    printf '%s=%s\n' "$key" "$3" >>"$tmp"
  fi
  chmod --reference="$file" "$tmp"
  is_root && chown --reference="$file" "$tmp"
  mv "$tmp" "$file"
}

# Sets KEY only when FILE has no line for it: a setting added to the template after the file was
# copied (an empty value or `off` chosen by the operator stays).
add() { if ! grep -q "^$2=" "$1"; then put "$1" "$2" "$3"; fi; }

# A value the template ships and nobody has chosen yet.
unset_value() { [ -z "$1" ] || [[ $1 == *CHANGE-ME* ]] || [[ $1 == *example.ca* ]]; }

# Sets KEY only when it has no chosen value: a second run never changes a secret or an edit.
fill() { if unset_value "$(get "$1" "$2")"; then put "$1" "$2" "$3"; fi; }

# 256 random bits, URL-safe (they also go into postgres:// addresses).
secret() { openssl rand -base64 32 | tr '+/' '-_' | tr -d '=\n'; }

# chown as root only: a scratch install by another user keeps the caller as owner.
own() { if is_root; then chown "$@"; fi; }

# A folder with its owner and mode, created when missing, corrected when not.
folder() {
  local mode=$1 owner=$2 dir=$3
  mkdir -p "$dir"
  chmod "$mode" "$dir"
  own "$owner" "$dir"
}

# What this run was given that no settings file holds, kept for the next run (root only). A value
# given now replaces the kept one; a value not given is the kept one.
install_conf=$etc/install.conf
remembered() {
  if [ -z "$pg_url" ] && [ -r "$install_conf" ]; then pg_url=$(get "$install_conf" PG_URL); fi
  if [ -z "$user" ] && [ -r "$install_conf" ]; then user=$(get "$install_conf" SERVICE_USER); fi
  user=${user:-ciffc}
}
remember() {
  if [ ! -e "$install_conf" ]; then
    (umask 077 && printf '# deploy/install.sh: what it was given, for its next run (edit to change).\n' >"$install_conf")
    own root:root "$install_conf"
  fi
  chmod 0600 "$install_conf"
  put "$install_conf" PG_URL "$pg_url"
  put "$install_conf" SERVICE_USER "$user"
}

# A settings file from deploy/env/, copied once; later runs only complete it.
env_file() {
  local name=$1 mode=$2 dest=$etc/$1.env
  if [ ! -e "$dest" ]; then
    install -m "$mode" "$here/env/$name.env" "$dest"
    own "root:$group" "$dest"
    say "wrote $dest"
  fi
  chmod "$mode" "$dest"
}

# --- steps --------------------------------------------------------------------------------------

service_user() {
  if ! id -u "$user" >/dev/null 2>&1; then
    if [ "$create_user" != 1 ]; then die "the user $user does not exist (--root and --no-create-user create none)"; fi
    useradd --system --user-group --home-dir "${app_dir:-/srv/ciffc}" --no-create-home --shell /usr/sbin/nologin "$user"
    say "created the system user $user"
  fi
  group=$(id -gn "$user")
}

# nginx.env first: it holds the ports, the name and the code's folder every other file uses.
nginx_settings() {
  local file=$etc/nginx.env ports='' port
  env_file nginx 0640
  [ -z "$domain" ] || put "$file" NGINX_SERVER_NAME "$domain"
  if [ -n "$api_ports" ]; then
    for port in $api_ports; do ports="$ports 127.0.0.1:$port"; done
    put "$file" API_INSTANCES "${ports# }"
  fi
  [ -z "$cms_port" ] || put "$file" CMS_ADDRESS "127.0.0.1:$cms_port"
  if [ -n "$app_dir" ]; then
    put "$file" WEB_ROOT "$app_dir/web/dist"
    put "$file" DEPLOY_DIR "$app_dir/deploy"
    put "$file" RELEASES_DIR "$app_dir-releases"
  fi
  # A settings file written before deploy/upgrade.sh: the releases beside the code's folder.
  fill "$file" RELEASES_DIR "$(dirname "$(get "$file" DEPLOY_DIR)")-releases"
  fill "$file" NGINX_TLS_CERT /etc/ciffc/tls/fullchain.pem
  fill "$file" NGINX_TLS_KEY /etc/ciffc/tls/privkey.pem
  domain=$(get "$file" NGINX_SERVER_NAME)
  unset_value "$domain" && die "give the site's name: --domain NAME"
  app_dir=$(dirname "$(get "$file" DEPLOY_DIR)")
  cms_address=$(get "$file" CMS_ADDRESS)
  api_ports=''
  for port in $(get "$file" API_INSTANCES); do api_ports="$api_ports ${port##*:}"; done
  api_ports=${api_ports# }
}

# backup.env: where deploy/backup.sh writes, how long it keeps, where it copies off the machine.
backup_settings() {
  env_file backup 0640
  backup_dir=$(get "$etc/backup.env" BACKUP_DIR)
  backup_dir=${backup_dir:-/var/backups/ciffc}
  # The backup unit may write its folder, and an off-machine copy's mounted folder if it is one.
  backup_writes=$backup_dir
  case $(get "$etc/backup.env" BACKUP_RSYNC_TARGET) in
    /*) backup_writes="$backup_writes $(get "$etc/backup.env" BACKUP_RSYNC_TARGET)" ;;
  esac
}

# host:port of the server the parts connect to: the --pg-url server, else the local one.
db_address() {
  if [ -z "$pg_url" ]; then echo 127.0.0.1:5432; return; fi
  local rest=${pg_url#*://}
  rest=${rest#*@}
  rest=${rest%%/*}
  rest=${rest%%\?*}
  case $rest in *:*) echo "$rest" ;; *) echo "$rest:5432" ;; esac
}

# api.env and cms.env: database addresses with new passwords, the shared JWT_SECRET, the secrets.
part_settings() {
  local api=$etc/api.env cms=$etc/cms.env jwt name db
  env_file api 0640
  env_file cms 0640
  db=$(db_address)
  for name in api cms; do
    fill "$etc/$name.env" DATABASE_URL "postgres://ciffc_$name:$(secret)@$db/ciffc_$name"
  done
  # One JWT_SECRET for both: the API verifies the content system's tokens with it.
  jwt=$(get "$cms" JWT_SECRET)
  [ -n "$jwt" ] || jwt=$(get "$api" JWT_SECRET)
  [ -n "$jwt" ] || jwt=$(secret)
  fill "$cms" JWT_SECRET "$jwt"
  fill "$api" JWT_SECRET "$jwt"
  [ "$(get "$cms" JWT_SECRET)" = "$(get "$api" JWT_SECRET)" ] ||
    die "JWT_SECRET differs between $api and $cms: the API could not verify any sign-in"
  for name in ADMIN_JWT_SECRET API_TOKEN_SALT TRANSFER_TOKEN_SALT ENCRYPTION_KEY; do
    fill "$cms" "$name" "$(secret)"
  done
  fill "$cms" APP_KEYS "$(secret),$(secret)"
  if [ -n "${domain_given:-}" ]; then put "$cms" PUBLIC_URL "https://$domain"; else fill "$cms" PUBLIC_URL "https://$domain"; fi
  # Derived from nginx.env on every run: the port lives there.
  put "$cms" PORT "${cms_address##*:}"
  put "$api" CMS_URL "http://$cms_address"
  # Settings of later releases, for a settings file copied before them.
  add "$api" METRICS_PORT +1000
  add "$api" METRICS_HOST 127.0.0.1
}

# check.env: the thresholds of deploy/check.sh (ciffc-check.timer) and who hears of an alert.
check_settings() {
  env_file check 0640
}

psql_admin() {
  if [ -n "$pg_url" ]; then
    psql "$pg_url" -X -q -t -A -v ON_ERROR_STOP=1 "$@"
  else
    (cd / && runuser -u postgres -- psql -X -q -t -A -v ON_ERROR_STOP=1 "$@")
  fi
}

# The role and database of one part, named by its DATABASE_URL (postgres://ROLE:PW@HOST/DB).
database() {
  local url role password db rest
  url=$(get "$etc/$1.env" DATABASE_URL)
  rest=${url#*://}
  role=${rest%%:*}
  password=${rest#*:}
  password=${password%%@*}
  db=${rest##*/}
  db=${db%%\?*}
  [[ $role =~ ^[a-z_][a-z0-9_]*$ && $db =~ ^[a-z_][a-z0-9_]*$ ]] || die "$1.env: DATABASE_URL names no plain role and database"
  if [ -z "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$role'")" ]; then
    psql_admin -v pw="$password" <<<"CREATE ROLE $role LOGIN PASSWORD :'pw';"
    say "created the PostgreSQL role $role"
  elif [ "$password" != "${2:-}" ]; then
    # The role exists but this run made the password (the settings file was new): align them.
    psql_admin -v pw="$password" <<<"ALTER ROLE $role PASSWORD :'pw';"
    say "set the password of the PostgreSQL role $role"
  fi
  if [ -z "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$db'")" ]; then
    psql_admin -c "CREATE DATABASE $db OWNER $role"
    # Only its owner connects: the other part's role has no business there.
    psql_admin -c "REVOKE ALL ON DATABASE $db FROM PUBLIC"
    say "created the PostgreSQL database $db owned by $role"
  fi
  [ "$(psql_admin -c "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = '$db'")" = "$role" ] ||
    die "the database $db exists but is not owned by $role (restore it with deploy/restore.sh)"
}

# The password of each part's address before this run (empty when the file was new).
password_of() {
  local rest
  rest=$(get "$etc/$1.env" DATABASE_URL 2>/dev/null || true)
  unset_value "$rest" && return 0
  rest=${rest#*://}
  rest=${rest#*:}
  echo "${rest%%@*}"
}

folders() {
  # The code stays its owner's and read-only to the service (ProtectSystem=strict); the service
  # writes only these, its units' ReadWritePaths (which must exist for a unit to start).
  mkdir -p "$ROOT$app_dir/cms/public"
  folder 0750 "$user:$group" "$ROOT$app_dir/data"
  folder 0750 "$user:$group" "$ROOT$app_dir/cms/public/uploads"
  folder 0750 "$user:$group" "$ROOT$app_dir/cms/.tmp"
  folder 0700 "$user:$group" "$ROOT$backup_dir"
  folder 0700 root:root "$etc/tls"
  folder 0755 root:root "$ROOT/var/www/letsencrypt"
  # nginx's workers (www-data on Debian) write the microcache.
  mkdir -p "$ROOT/var/cache/nginx/ciffc"
  if id -u www-data >/dev/null 2>&1; then own www-data "$ROOT/var/cache/nginx/ciffc"; fi
}

# Until certbot has a certificate, a self-signed one, so that nginx starts and serves certbot's
# challenge over plain HTTP; once /etc/letsencrypt/live/NAME exists, the links point there
# (relative links: they hold under --root too).
tls() {
  [ "$(get "$etc/nginx.env" NGINX_TLS_CERT)" = /etc/ciffc/tls/fullchain.pem ] || return 0
  local live=$ROOT/etc/letsencrypt/live/$domain target
  if [ -s "$live/fullchain.pem" ] && [ -s "$live/privkey.pem" ]; then
    target=../../letsencrypt/live/$domain
  else
    target=self-signed
    if [ ! -s "$etc/tls/self-signed/fullchain.pem" ]; then
      mkdir -p "$etc/tls/self-signed"
      openssl req -x509 -newkey rsa:2048 -nodes -days 90 -subj "/CN=$domain" \
        -addext "subjectAltName=DNS:$domain" -keyout "$etc/tls/self-signed/privkey.pem" \
        -out "$etc/tls/self-signed/fullchain.pem" 2>/dev/null
      chmod 0600 "$etc/tls/self-signed/privkey.pem"
      say "made a self-signed placeholder certificate for $domain (until certbot's)"
    fi
  fi
  if [ "$(readlink "$etc/tls/fullchain.pem" || true)" != "$target/fullchain.pem" ]; then
    ln -sfn "$target/fullchain.pem" "$etc/tls/fullchain.pem"
    ln -sfn "$target/privkey.pem" "$etc/tls/privkey.pem"
    say "TLS certificate: $target"
  fi
}

# The units of deploy/systemd with the user, the code's folder and the ports of nginx.env.
units() {
  local dir=$ROOT/etc/systemd/system unit instances='' wants='' port
  mkdir -p "$dir/nginx.service.d"
  # The nightly backup is enabled once, when its timer is first installed (systemctl enable makes
  # this same link): an operator who disables it is not overruled by the next run.
  if [ ! -e "$dir/ciffc-backup.timer" ]; then backup_timer_new=1; fi
  if [ ! -e "$dir/ciffc-check.timer" ]; then check_timer_new=1; fi
  for port in $api_ports; do
    instances="$instances ciffc-api@$port.service"
    wants="$wants ciffc-api@$port.service ciffc-api-health@$port.timer"
  done
  for unit in "$here"/systemd/ciffc*; do
    sed -e "s#/srv/ciffc#$app_dir#g" -e "s#^User=ciffc\$#User=$user#" -e "s#^Group=ciffc\$#Group=$group#" \
      -e "s#http://127\.0\.0\.1:1337/#http://$cms_address/#g" \
      -e "s#^Wants=ciffc-cms.service .*#Wants=ciffc-cms.service$wants nginx.service#" \
      -e "s#^ReadWritePaths=/var/backups/ciffc\$#ReadWritePaths=$backup_writes#" \
      "$unit" >"$dir/$(basename "$unit")"
    chmod 0644 "$dir/$(basename "$unit")"
  done
  if [ -n "${backup_timer_new:-}" ]; then
    mkdir -p "$dir/timers.target.wants"
    ln -sfn /etc/systemd/system/ciffc-backup.timer "$dir/timers.target.wants/ciffc-backup.timer"
    say "enabled ciffc-backup.timer (daily backups, $etc/backup.env)"
  fi
  if [ -n "${check_timer_new:-}" ]; then
    mkdir -p "$dir/timers.target.wants"
    ln -sfn /etc/systemd/system/ciffc-check.timer "$dir/timers.target.wants/ciffc-check.timer"
    say "enabled ciffc-check.timer (the alert set every 5 minutes, $etc/check.env)"
  fi
  sed -e "s#^After=.*#After=ciffc-cms.service$instances#" \
    "$here/systemd/nginx.service.d/ciffc.conf" >"$dir/nginx.service.d/ciffc.conf"
  chmod 0644 "$dir/nginx.service.d/ciffc.conf"
}

nginx_site() {
  local conf=$ROOT/etc/nginx/conf.d/ciffc.conf
  mkdir -p "$(dirname "$conf")"
  node "$here/render-nginx.mjs" "$etc/nginx.env" >"$conf.new"
  chmod 0644 "$conf.new"
  mv "$conf.new" "$conf"
}

# On the machine itself (no --root): check nginx's config and take the new one and the units.
activate() {
  [ -z "$ROOT" ] || return 0
  nginx -t
  if [ -d /run/systemd/system ]; then
    systemctl daemon-reload
    if systemctl is-active --quiet nginx; then systemctl reload nginx; fi
    if [ -n "${backup_timer_new:-}" ]; then systemctl start ciffc-backup.timer; fi
    if [ -n "${check_timer_new:-}" ]; then systemctl start ciffc-check.timer; fi
  fi
}

main() {
  [ -n "$ROOT" ] || is_root || die "run as root (sudo), or into a scratch folder with --root DIR"
  for tool in openssl node psql; do command -v "$tool" >/dev/null || die "$tool is missing"; done
  node_release
  [ -z "$domain" ] || domain_given=1
  if [ -n "$ROOT" ]; then create_user=0; fi
  remembered
  service_user
  folder 0750 "root:$group" "$etc"
  remember
  nginx_settings
  backup_settings
  check_settings
  folders
  local api_before cms_before
  api_before=$(password_of api)
  cms_before=$(password_of cms)
  part_settings
  database api "$api_before"
  database cms "$cms_before"
  tls
  units
  nginx_site
  activate
  say "done: $domain, API instances on $api_ports, content system on $cms_address, code in $app_dir"
}

main
