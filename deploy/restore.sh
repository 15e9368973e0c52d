#!/bin/sh
# Restores one part's dump into a new database owned by that part's application role:
# `deploy/restore.sh api|cms DUMP NEW_DATABASE`, run as the PostgreSQL superuser (e.g. `sudo -u
# postgres`). Every table, sequence and the migrations' lock end up owned by the role of the
# part's DATABASE_URL (/etc/ciffc/api.env or cms.env; CIFFC_ETC overrides), so the part and
# `npm run migrate` work on it as on the original. Then point DATABASE_URL at NEW_DATABASE and
# restart the part (deploy/README.md, Backups).
set -eu
[ $# -eq 3 ] || { echo "usage: deploy/restore.sh api|cms DUMP NEW_DATABASE" >&2; exit 2; }
part=$1 dump=$2 database=$3
etc=${CIFFC_ETC:-/etc/ciffc}
url=$(sed -n 's/^DATABASE_URL=//p' "$etc/$part.env" | tail -n 1)
# The role is the user of the address: postgres://ROLE:password@host/db.
role=$(printf '%s' "$url" | sed -n 's#^postgres[a-z]*://\([^:@/]*\).*#\1#p')
[ -n "$role" ] || { echo "restore: no role in the DATABASE_URL of $etc/$part.env" >&2; exit 1; }
# The server the superuser reaches: PGHOST/PGPORT as set, else the local socket.
createdb --owner="$role" "$database"
pg_restore --no-owner --role="$role" --dbname="$database" "$dump"
echo "restore: $dump into $database, owned by $role"
