#!/bin/sh
# Backs up both databases and the content system's uploads into DEST (default
# /var/backups/ciffc/DATE): `deploy/backup.sh [DEST]`, as root or the ciffc user, daily from a
# timer or cron. The database addresses come from the parts' own settings (DATABASE_URL of
# /etc/ciffc/api.env and cms.env; CIFFC_ETC overrides the folder). Everything written is readable
# by its owner only (the dumps hold every user's data and password hashes).
set -eu
umask 077
etc=${CIFFC_ETC:-/etc/ciffc}
dest=${1:-/var/backups/ciffc/$(date +%F)}
uploads=${CIFFC_UPLOADS:-/srv/ciffc/cms/public/uploads}
setting() { sed -n "s/^$2=//p" "$etc/$1" | tail -n 1; }
mkdir -p "$dest"
for part in api cms; do
  url=$(setting "$part.env" DATABASE_URL)
  [ -n "$url" ] || { echo "backup: no DATABASE_URL in $etc/$part.env" >&2; exit 1; }
  pg_dump --format=custom --file="$dest/$part.dump" "$url"
done
if [ -d "$uploads" ]; then tar -C "$uploads" -cf "$dest/uploads.tar" .; fi
echo "backup: $dest"
