#!/usr/bin/env bash
# A new release beside the running one, then the switch (deploy/README.md, Upgrades):
#
#   sudo /srv/ciffc/deploy/upgrade.sh [REF]         build REF (default origin/HEAD, after a fetch),
#                                                   migrate, switch, restart one part at a time
#   sudo /srv/ciffc/deploy/upgrade.sh --rollback    back to the previous release (no migration)
#   sudo /srv/ciffc/deploy/upgrade.sh --build-only [REF]   build only and print its folder
#   sudo /srv/ciffc/deploy/upgrade.sh --release DIR        upgrade to a release already built
#
# The layout (docs/decisions.md, "Upgrades: releases side by side"), from DEPLOY_DIR and
# RELEASES_DIR of /etc/ciffc/nginx.env:
#
#   /srv/ciffc                      a link to the running release: the units and nginx name it
#   /srv/ciffc-releases/ID/         one checkout per release (ID: UTC time and commit), built
#                                   there, its owner's (read-only to the service)
#   /srv/ciffc-releases/previous    a link to the release before: what --rollback returns to
#   /srv/ciffc-releases/shared/     what outlives a release, the service user's: uploads/ and
#                                   data/, linked from each release's cms/public/uploads and data
#   /srv/ciffc-releases/old-web/    the hashed files (assets/) of replaced releases: nginx serves
#                                   them when the running release has no such file, a day at least
#
# The first run finds /srv/ciffc a checkout (the first day's): it becomes the first release and
# /srv/ciffc a link to it (a rename and a link made a few microseconds apart).
#
# Steps: build the release in its own folder (npm ci, which must leave the checkout clean, then
# the builds; the served files are never touched); the data API's migrations from it, as the
# service user, while the running release serves (expand then contract: README, Migrations);
# the running release's hashed files kept in old-web/; the new release's install.sh (units and
# nginx's site, with what install.sh remembers, /etc/ciffc/install.conf); the switch of the link;
# nginx reloaded; the content system restarted, then each data API instance in turn, the next
# one only once nginx sends requests to the last again (API_FAIL_TIMEOUT after it answers); the
# oldest releases deleted (--keep, 3) and old-web/ files older than a day.
#
# Tests: --root DIR (or ROOT) works under a scratch root as install.sh does, with SYSTEMCTL naming
# a command that stands for systemctl (deploy/test/upgrade.test.ts).
set -euo pipefail
umask 022

ROOT=${ROOT:-}
mode=upgrade ref='' release='' keep=3 pg_url=''

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case $1 in
    --rollback) mode=rollback; shift ;;
    --build-only) mode=build; shift ;;
    --release) mode=release; release=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --pg-url) pg_url=$2; shift 2 ;;
    --root) ROOT=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    -*) echo "upgrade: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) ref=$1; shift ;;
  esac
done
ROOT=${ROOT%/}
etc=$ROOT/etc/ciffc
started=$SECONDS
say() { echo "upgrade: [$((SECONDS - started)) s] $*"; }
die() { echo "upgrade: $*" >&2; exit 1; }
is_root() { [ "$(id -u)" -eq 0 ]; }
# The last value of KEY in FILE; empty when either is missing (install.conf is new in 2026-12).
get() { if [ -r "$1" ]; then sed -n "s/^$2=//p" "$1" | tail -n 1; fi; }

[ -n "$ROOT" ] || is_root || die "run as root (sudo)"
if [ -n "$ROOT" ] && [ -z "${SYSTEMCTL:-}" ]; then die "--root needs SYSTEMCTL: the machine's units are not the scratch root's"; fi
systemctl=${SYSTEMCTL:-systemctl}
[[ $keep =~ ^[0-9]+$ ]] && [ "$keep" -ge 2 ] || die "--keep is 2 or more (the running release and the previous one)"
[ -r "$etc/nginx.env" ] || die "no $etc/nginx.env: install first (deploy/install.sh)"

# --- settings -----------------------------------------------------------------------------------

deploy_dir=$(get "$etc/nginx.env" DEPLOY_DIR)
app_dir=${deploy_dir%/deploy}
releases_dir=$(get "$etc/nginx.env" RELEASES_DIR)
releases_dir=${releases_dir:-$app_dir-releases}
app=$ROOT$app_dir
releases=$ROOT$releases_dir
shared=$releases/shared
old_web=$releases/old-web
user=$(get "$etc/install.conf" SERVICE_USER)
user=${user:-ciffc}
group=$(id -gn "$user" 2>/dev/null) || die "no user $user (SERVICE_USER of $etc/install.conf)"
api_ports=''
for address in $(get "$etc/nginx.env" API_INSTANCES); do api_ports="$api_ports ${address##*:}"; done
fail_timeout=$(get "$etc/nginx.env" API_FAIL_TIMEOUT)
case ${fail_timeout:-5s} in
  *m) gap=$((${fail_timeout%m} * 60 + 1)) ;;
  *s) gap=$((${fail_timeout%s} + 1)) ;;
  *) gap=$((${fail_timeout:-5} + 1)) ;;
esac
[ -e "$app" ] || die "no $app (DEPLOY_DIR of $etc/nginx.env)"
running=$(readlink -f "$app")
# The builds run as the code's owner (its git and npm cache), never as root.
owner=$(stat -c %U "$running")
owner_home=$(getent passwd "$owner" | cut -d: -f6)

as_owner() {
  if is_root && [ "$owner" != root ]; then
    runuser -u "$owner" -- env HOME="$owner_home" "$@"
  else
    "$@"
  fi
}
as_service() {
  if is_root && [ "$user" != "$(id -un)" ]; then runuser -u "$user" -- "$@"; else "$@"; fi
}
owned() { if is_root; then chown "$@"; fi; }

# A link replaced in one rename: whoever follows it finds the old target or the new, never none.
relink() {
  local target=$1 link=$2
  ln -sfn "$target" "$link.new"
  mv -T "$link.new" "$link"
}
# The link's target relative to the link's folder (it holds under --root too).
relative() { realpath -m --relative-to="$(dirname "$2")" "$1"; }

# --- steps --------------------------------------------------------------------------------------

release_id() {
  local sha=''
  sha=$(as_owner git -C "$1" rev-parse --short=10 HEAD 2>/dev/null) || sha=local
  echo "$(date -u +%Y%m%d-%H%M%S)-$sha"
}

releases_folder() {
  if [ ! -d "$releases" ]; then
    mkdir -p "$releases"
    owned "$owner:" "$releases"
  fi
  mkdir -p "$old_web/assets"
  owned -R "$owner:" "$old_web"
}

# The first day's checkout becomes the first release; the app's path, a link to it.
convert() {
  [ -L "$app" ] && return 0
  [ -d "$app" ] || die "$app is neither a folder nor a link"
  local id dest
  id=$(release_id "$app")
  dest=$releases/$id
  [ ! -e "$dest" ] || die "$dest exists"
  # One process, two system calls: nginx and the units meet the path missing for microseconds.
  node -e 'const fs = require("fs"); fs.renameSync(process.argv[1], process.argv[2]); fs.symlinkSync(process.argv[3], process.argv[1]);' \
    "$app" "$dest" "$(relative "$dest" "$app")"
  running=$dest
  say "the checkout $app is now the release $dest, $app a link to it"
}

# Each release's cms/public/uploads and data are links to shared/; cms/.tmp its own, writable.
# A release's own folder there (the first day's, holding the uploads) moves to shared/ first.
shared_state() {
  local rel=$1 place name
  mkdir -p "$shared"
  for place in cms/public/uploads data; do
    name=$(basename "$place")
    if [ -L "$rel/$place" ]; then continue; fi
    if [ ! -e "$shared/$name" ] && [ -d "$rel/$place" ]; then
      node -e 'const fs = require("fs"); fs.renameSync(process.argv[1], process.argv[2]); fs.symlinkSync(process.argv[3], process.argv[1]);' \
        "$rel/$place" "$shared/$name" "$(relative "$shared/$name" "$rel/$place")"
    else
      mkdir -p "$shared/$name"
      if [ -d "$rel/$place" ] && [ -n "$(find "$rel/$place" -mindepth 1 ! -name .gitkeep -print -quit)" ]; then
        die "$rel/$place holds files and $shared/$name exists: move them to $shared/$name first"
      fi
      rm -rf "${rel:?}/$place"
      mkdir -p "$(dirname "$rel/$place")"
      ln -s "$(relative "$shared/$name" "$rel/$place")" "$rel/$place"
    fi
    chmod 0750 "$shared/$name"
    owned "$user:$group" "$shared/$name"
  done
  mkdir -p "$rel/cms/.tmp"
  chmod 0750 "$rel/cms/.tmp"
  owned "$user:$group" "$rel/cms/.tmp"
}

# REF of the running release's repository, checked out into its own folder and built there.
build() {
  local src=$running commit new changed
  as_owner git -C "$src" rev-parse --git-dir >/dev/null 2>&1 || die "$src is no git checkout: give --release DIR"
  if as_owner git -C "$src" remote get-url origin >/dev/null 2>&1; then
    as_owner git -C "$src" fetch --quiet --tags origin
  fi
  commit=$(as_owner git -C "$src" rev-parse --verify --quiet "${ref:-origin/HEAD}^{commit}") ||
    die "no commit ${ref:-origin/HEAD} in $src (give REF: a tag, a branch such as origin/main, a commit)"
  new=$releases/$(date -u +%Y%m%d-%H%M%S)-${commit:0:10}
  while [ -e "$new" ]; do
    sleep 1
    new=$releases/$(date -u +%Y%m%d-%H%M%S)-${commit:0:10}
  done
  # A build that fails leaves no half-built release behind.
  building=$new
  trap 'if [ -n "${building:-}" ]; then rm -rf "$building"; fi' EXIT
  say "building $commit in $new"
  as_owner git clone --quiet --no-checkout "$src" "$new"
  if as_owner git -C "$src" remote get-url origin >/dev/null 2>&1; then
    as_owner git -C "$new" remote set-url origin "$(as_owner git -C "$src" remote get-url origin)"
  fi
  as_owner git -C "$new" checkout --quiet --detach "$commit"
  (cd "$new" && as_owner npm ci --no-audit --no-fund)
  # An install that rewrites a tracked file (a lockfile out of date) would block the next merge.
  changed=$(as_owner git -C "$new" status --porcelain --untracked-files=no)
  [ -z "$changed" ] || die "npm ci changed tracked files in $new (a lockfile out of date?):
$changed"
  (cd "$new" && as_owner npm run build -w api && as_owner npm run build)
  changed=$(as_owner git -C "$new" status --porcelain --untracked-files=no)
  [ -z "$changed" ] || die "the build changed tracked files in $new:
$changed"
  say "built $new"
  built=$new
  building=''
}

check_built() {
  local file
  for file in api/dist/server.js api/dist/migrate.js web/dist/index.html cms/dist deploy/install.sh; do
    [ -e "$1/$file" ] || die "$1 is not built: no $file"
  done
}

# The data API's migrations from the new release, as ciffc-migrate.service runs them.
migrate() {
  say "migrations of $1"
  as_service sh -c 'set -a && . "$1" && set +a && cd "$2" && NODE_ENV=production exec node api/dist/migrate.js' \
    sh "$etc/api.env" "$1"
}

# The running release's hashed files stay served (nginx's @old_assets) while tabs opened on it
# load their next chunk; a file's time is when its release was replaced.
keep_assets() {
  if [ -d "$1/web/dist/assets" ]; then
    as_owner cp -R "$1/web/dist/assets/." "$old_web/assets/"
    touch "$old_web/assets"
  fi
}

install_units() {
  say "units and nginx's site from $1 (install.sh)"
  ROOT=$ROOT "$1/deploy/install.sh" ${pg_url:+--pg-url "$pg_url"}
}

switch() {
  local from=$running to=$1
  relink "$(relative "$from" "$releases/previous")" "$releases/previous"
  relink "$(relative "$to" "$app")" "$app"
  running=$to
  say "switched $app to $to (previous: $from)"
  $systemctl daemon-reload
  # nginx reads security-headers.conf through the link: reloaded when it runs.
  $systemctl try-reload-or-restart nginx
}

answering() {
  local port=$1 try
  for try in $(seq 60); do
    curl -s -o /dev/null -m 2 "http://127.0.0.1:$port/v1/health" && return 0
    sleep 0.5
  done
  die "the data API instance on $port does not answer after its restart"
}

restart_parts() {
  local port last=${api_ports##* }
  say "restarting the content system"
  $systemctl restart ciffc-cms
  for port in $api_ports; do
    say "restarting the data API instance $port"
    $systemctl restart "ciffc-api@$port"
    answering "$port"
    # nginx may have marked it failed while it restarted: the next one waits until nginx sends
    # requests to this one again, so one instance always answers.
    if [ "$port" != "$last" ]; then sleep "$gap"; fi
  done
}

prune() {
  local dir keep_current keep_previous count=0
  keep_current=$(readlink -f "$app")
  keep_previous=$(readlink -f "$releases/previous" || true)
  # Newest first by name (the UTC time leads it); the running and previous ones always stay.
  for dir in $(find "$releases" -mindepth 1 -maxdepth 1 -type d ! -name shared ! -name old-web | sort -r); do
    count=$((count + 1))
    if [ "$dir" = "$keep_current" ] || [ "$dir" = "$keep_previous" ] || [ "$count" -le "$keep" ]; then continue; fi
    rm -rf "$dir"
    say "deleted the old release $dir"
  done
  find "$old_web/assets" -type f -mmin +1440 -delete
}

main() {
  exec 9>"$etc/.upgrade.lock"
  flock -n 9 || die "another upgrade is running"
  releases_folder
  local target
  case $mode in
    build)
      build
      echo "$built"
      return 0
      ;;
    release) target=$(readlink -f "$release") ;;
    rollback)
      [ -L "$releases/previous" ] || die "no previous release to return to"
      target=$(readlink -f "$releases/previous")
      ;;
    upgrade)
      build
      target=$built
      ;;
  esac
  check_built "$target"
  [ "$target" != "$running" ] || die "$target is the running release already"
  convert
  shared_state "$running"
  shared_state "$target"
  # A rollback skips the migrations (the older release's migrator refuses a newer database, and
  # the expanded schema serves it: README, Migrations) and keeps the units and nginx's site.
  if [ "$mode" != rollback ]; then
    migrate "$target"
  fi
  keep_assets "$running"
  if [ "$mode" != rollback ]; then
    install_units "$target"
  fi
  switch "$target"
  restart_parts
  prune
  say "done: $app is $target"
}

main
