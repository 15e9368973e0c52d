#!/usr/bin/env bash
# The site's accounts and the admin panel's first admin, from the command line (deploy/README.md,
# "Accounts"), as root:
#
#   sudo /srv/ciffc/deploy/accounts.sh create ab-duty --email duty@example.ca --role agency --agency ab
#   sudo /srv/ciffc/deploy/accounts.sh --help
#
# Runs cms/scripts/accounts.mjs of the code's folder (DEPLOY_DIR of nginx.env) as the service user
# (SERVICE_USER of install.conf, else ciffc) with the content system's settings (cms.env) and
# NODE_ENV=production, as ciffc-cms.service runs the content system: the same database and
# secrets. It loads the built app and compiles nothing, so the service user, who may not write the
# code, runs it without errors. CIFFC_ETC overrides /etc/ciffc.
set -euo pipefail
etc=${CIFFC_ETC:-/etc/ciffc}
die() { echo "accounts: $*" >&2; exit 1; }
# The last value of KEY in FILE; empty when the file or the key is missing.
setting() { if [ -r "$1" ]; then sed -n "s/^$2=//p" "$1" | tail -n 1; fi; }

[ -r "$etc/cms.env" ] || die "cannot read $etc/cms.env (root:ciffc 0640): run with sudo"
deploy_dir=$(setting "$etc/nginx.env" DEPLOY_DIR)
deploy_dir=${deploy_dir:-/srv/ciffc/deploy}
app_dir=${deploy_dir%/deploy}
user=$(setting "$etc/install.conf" SERVICE_USER)
user=${user:-ciffc}
[ -f "$app_dir/cms/scripts/accounts.mjs" ] || die "no content system at $app_dir/cms (DEPLOY_DIR of $etc/nginx.env)"
cd "$app_dir/cms"
# cms.env's lines exported (set -a), as the unit's EnvironmentFile gives them to the content system.
command=(sh -c 'set -a && . "$0" && set +a && NODE_ENV=production exec node scripts/accounts.mjs "$@"' "$etc/cms.env" "$@")
if [ "$(id -u)" -eq 0 ] && [ "$user" != root ]; then
  exec runuser -u "$user" -- "${command[@]}"
fi
exec "${command[@]}"
