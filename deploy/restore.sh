#!/bin/sh
# Restores one part's dump into a new database owned by that part's application role
# (deploy/README.md, Backups):
#
#   sudo /srv/ciffc/deploy/restore.sh [--pg-url URL] api|cms DUMP NEW_DATABASE
#
# Run as root: it reads the part's settings (/etc/ciffc/api.env or cms.env, root:ciffc 0640) and
# the dump (the ciffc user's, 0600), and runs the database commands as the PostgreSQL superuser:
# --pg-url (a superuser's address, e.g. another port or server), else the one install.sh was given
# (PG_URL of /etc/ciffc/install.conf), else the local server as the postgres user (PGHOST, PGPORT
# honoured). Every table, sequence and the migrations' lock end up owned by the role of the part's
# DATABASE_URL, so the part and `npm run migrate` work on it as on the original.
#
# The dump is restored into NEW_DATABASE_restoring, renamed NEW_DATABASE once whole: a restore that
# fails (or is stopped) leaves no database behind, and an existing NEW_DATABASE is refused before
# anything is done. CIFFC_ETC overrides /etc/ciffc.
set -eu
cd /
etc=${CIFFC_ETC:-/etc/ciffc}
die() { echo "restore: $*" >&2; exit 1; }
usage() { echo "usage: deploy/restore.sh [--pg-url URL] api|cms DUMP NEW_DATABASE" >&2; exit 2; }

pg_url=''
while [ $# -gt 0 ]; do
  case $1 in
    --pg-url) [ $# -ge 2 ] || usage; pg_url=$2; shift 2 ;;
    -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) usage ;;
    *) break ;;
  esac
done
[ $# -eq 3 ] || usage
part=$1 dump=$2 database=$3
case $part in api | cms) ;; *) usage ;; esac
[ -r "$etc/$part.env" ] || die "cannot read $etc/$part.env: run as root (sudo)"
[ -r "$dump" ] || die "cannot read $dump: run as root (sudo)"
if [ -z "$pg_url" ] && [ -r "$etc/install.conf" ]; then
  pg_url=$(sed -n 's/^PG_URL=//p' "$etc/install.conf" | tail -n 1)
fi

url=$(sed -n 's/^DATABASE_URL=//p' "$etc/$part.env" | tail -n 1)
# The role is the user of the address: postgres://ROLE:password@host/db.
role=$(printf '%s' "$url" | sed -n 's#^postgres[a-z]*://\([^:@/]*\).*#\1#p')
[ -n "$role" ] || die "no role in the DATABASE_URL of $etc/$part.env"
# Plain names only (they go into SQL as they are), short enough for the _restoring suffix (63).
for name in "$role" "$database"; do
  printf '%s' "$name" | grep -Eq '^[a-z_][a-z0-9_]{0,49}$' ||
    die "$name: a database or role name here is lower case letters, digits and _ (at most 50)"
done
staging=${database}_restoring

# A superuser's connection to DATABASE (the maintenance database postgres, or the new one).
address() { printf '%s' "$pg_url" | sed -E "s#^(postgres(ql)?://[^/?]*)(/[^?]*)?#\\1/$1#"; }
as_superuser() {
  if [ -n "$pg_url" ]; then
    "$@"
  elif [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}
sql() {
  if [ -n "$pg_url" ]; then
    as_superuser psql "$(address postgres)" -X -q -t -A -v ON_ERROR_STOP=1 -c "$1"
  else
    as_superuser psql -d postgres -X -q -t -A -v ON_ERROR_STOP=1 -c "$1"
  fi
}

[ -z "$(sql "SELECT 1 FROM pg_database WHERE datname = '$database'")" ] ||
  die "the database $database exists already: give another name (nothing was changed)"
[ -n "$(sql "SELECT 1 FROM pg_roles WHERE rolname = '$role'")" ] ||
  die "the role $role of $etc/$part.env does not exist on this server"

restored=0
# Whatever stops the restore, its staging database goes: nothing is left half restored.
cleanup() {
  if [ "$restored" != 1 ]; then
    sql "DROP DATABASE IF EXISTS $staging" >/dev/null 2>&1 || true
    echo "restore: failed; nothing was left behind" >&2
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# A staging database of an earlier restore stopped by kill -9 is this script's own, by its name.
sql "DROP DATABASE IF EXISTS $staging"
sql "CREATE DATABASE $staging OWNER $role"
# As install.sh makes them: only the owner (and the superuser) may connect.
sql "REVOKE ALL ON DATABASE $staging FROM PUBLIC"
# The dump is opened here (by root) and read by pg_restore on its standard input, whoever it runs as.
if [ -n "$pg_url" ]; then
  as_superuser pg_restore --no-owner --role="$role" --exit-on-error --dbname="$(address "$staging")" <"$dump"
else
  as_superuser pg_restore --no-owner --role="$role" --exit-on-error --dbname="$staging" <"$dump"
fi
sql "ALTER DATABASE $staging RENAME TO $database"
restored=1
echo "restore: $dump into $database, owned by $role"
