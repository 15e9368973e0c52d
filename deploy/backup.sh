#!/bin/sh
# Backs up both databases and the content system's uploads (deploy/README.md, Backups):
#
#   sudo -u ciffc /srv/ciffc/deploy/backup.sh [--app-dir DIR] [--keep-days N] [DEST]
#
# run each night by ciffc-backup.timer. Settings come from the parts' own files: DATABASE_URL of
# /etc/ciffc/api.env and cms.env, the code's folder from DEPLOY_DIR of nginx.env (its
# cms/public/uploads), and backup.env: BACKUP_DIR (DEST is BACKUP_DIR/DATE by default),
# BACKUP_KEEP_DAYS (older DATE folders are deleted), BACKUP_RSYNC_TARGET (the new folder is copied
# there, off the machine). CIFFC_ETC overrides /etc/ciffc, CIFFC_UPLOADS the uploads folder.
# Everything written is readable by its owner only (the dumps hold every user's data and password
# hashes). A backup is written beside DEST and renamed when complete: a DATE folder is a whole one.
set -eu
umask 077
cd /
etc=${CIFFC_ETC:-/etc/ciffc}
die() { echo "backup: $*" >&2; exit 1; }
# The last value of KEY in one of the settings files; empty when the file or the key is missing.
setting() { if [ -r "$etc/$1" ]; then sed -n "s/^$2=//p" "$etc/$1" | tail -n 1; fi; }

app_dir='' keep='' dest=''
while [ $# -gt 0 ]; do
  case $1 in
    --app-dir) app_dir=${2%/}; shift 2 ;;
    --keep-days) keep=$2; shift 2 ;;
    -h | --help) sed -n '2,13p' "$0"; exit 0 ;;
    -*) die "unknown option $1" ;;
    *) dest=$1; shift ;;
  esac
done

backup_dir=$(setting backup.env BACKUP_DIR)
backup_dir=${backup_dir:-/var/backups/ciffc}
keep=${keep:-$(setting backup.env BACKUP_KEEP_DAYS)}
keep=${keep:-14}
case $keep in *[!0-9]* | '') die "--keep-days (BACKUP_KEEP_DAYS) is a number of days: $keep" ;; esac
if [ -z "$app_dir" ]; then
  deploy_dir=$(setting nginx.env DEPLOY_DIR)
  app_dir=${deploy_dir%/deploy}
fi
app_dir=${app_dir:-/srv/ciffc}
uploads=${CIFFC_UPLOADS:-$app_dir/cms/public/uploads}
# Never a backup without its uploads: a wrong folder is said, not skipped.
[ -d "$uploads" ] || die "no uploads folder at $uploads (the content system's cms/public/uploads: give --app-dir)"
dest=${dest:-$backup_dir/$(date +%F)}
dest=${dest%/}

partial=$dest.partial
rm -rf "$partial"
mkdir -p "$partial"
for part in api cms; do
  url=$(setting "$part.env" DATABASE_URL)
  [ -n "$url" ] || die "no DATABASE_URL in $etc/$part.env (readable by root and the ciffc group)"
  pg_dump --format=custom --file="$partial/$part.dump" "$url"
done
tar -C "$uploads" -cf "$partial/uploads.tar" .
rm -rf "$dest"
mv "$partial" "$dest"
echo "backup: $dest"

# Retention: DATE folders of BACKUP_DIR more than `keep` days before today (0: keep all).
if [ "$keep" -gt 0 ] && [ -d "$backup_dir" ]; then
  cutoff=$(date -d "-$keep days" +%Y%m%d)
  for old in "$backup_dir"/[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]; do
    [ -d "$old" ] || continue
    day=$(basename "$old" | tr -d -)
    if [ "$day" -lt "$cutoff" ]; then
      rm -rf "$old"
      echo "backup: deleted $old (older than $keep days)"
    fi
  done
fi

# Off the machine: the new folder, by rsync (over ssh to a host, or to a mounted folder).
target=$(setting backup.env BACKUP_RSYNC_TARGET)
if [ -n "$target" ]; then
  ssh_command=$(setting backup.env BACKUP_RSYNC_SSH)
  rsync -a ${ssh_command:+-e "$ssh_command"} "$dest" "$target" ||
    die "the copy to $target failed; the backup itself is in $dest"
  echo "backup: copied to $target"
fi
