#!/usr/bin/env bash
# The alert set of deploy/README.md ("Metrics and alerts"), run every 5 minutes by
# ciffc-check.timer as the service user, by hand with:
#
#   sudo -u ciffc /srv/ciffc/deploy/check.sh
#
# One line per check, "ok" or "ALERT", then a summary; exits 1 when any check alerts (the unit is
# then "failed", and `journalctl -p err -u ciffc-check` lists the alerts alone). Checks:
#   api      each instance of API_INSTANCES answers GET /v1/health 200 (503: its database is down)
#   metrics  each instance's metrics listener (METRICS_PORT of api.env) answers GET /metrics
#   cms      the content system (CMS_ADDRESS) answers GET /_health
#   cert     the certificate nginx serves (NGINX_LISTEN, NGINX_SERVER_NAME) ends in more than
#            CHECK_CERT_DAYS days (only in the HTTPS mode: NGINX_TLS_CERT set)
#   disk     each file system of CHECK_DISK_PATHS is used below CHECK_DISK_MAX_PERCENT
#   restarts no unit of the site restarted by itself since the last run (systemd's NRestarts), and
#            each is active
#   backup   the newest DATE folder of BACKUP_DIR is younger than CHECK_BACKUP_MAX_HOURS
# Settings: /etc/ciffc/nginx.env, api.env, backup.env and check.env (CIFFC_ETC overrides the folder).
# When the set of alerting checks changes (a new alert, or all clear again), CHECK_ALERT_COMMAND
# is run by sh with the alert lines on its standard input. State (restart counts, the last alerts)
# is kept in STATE_DIRECTORY (systemd's StateDirectory=ciffc-check), else /var/lib/ciffc-check.
set -uo pipefail
cd /
etc=${CIFFC_ETC:-/etc/ciffc}
state=${STATE_DIRECTORY:-/var/lib/ciffc-check}
systemctl=${SYSTEMCTL:-systemctl}

# The last value of KEY in one of the settings files; empty when the file or the key is missing.
setting() { if [ -r "$etc/$1" ]; then sed -n "s/^$2=//p" "$etc/$1" | tail -n 1 | sed 's/^"\(.*\)"$/\1/'; fi; }
# A check setting: the environment (a run by hand), else check.env, else the default.
check_setting() {
  local value=${!1:-}
  [ -n "$value" ] || value=$(setting check.env "$1")
  printf '%s' "${value:-$2}"
}

cert_days=$(check_setting CHECK_CERT_DAYS 14)
disk_max=$(check_setting CHECK_DISK_MAX_PERCENT 90)
backup_hours=$(check_setting CHECK_BACKUP_MAX_HOURS 30)
alert_command=$(check_setting CHECK_ALERT_COMMAND '')
timeout_s=$(check_setting CHECK_TIMEOUT_SECONDS 5)
for number in "$cert_days" "$disk_max" "$backup_hours" "$timeout_s"; do
  case $number in '' | *[!0-9]*) echo "check: CHECK_* settings are whole numbers: '$number'" >&2; exit 2 ;; esac
done

# Under systemd (JOURNAL_STREAM set) an alert line carries the journal's "error" priority.
alert_prefix=''
if [ -n "${JOURNAL_STREAM:-}" ]; then alert_prefix='<3>'; fi
checks=0
alerts=()
keys=()
ok() { checks=$((checks + 1)); echo "ok     $1: $2"; }
alert() {
  checks=$((checks + 1))
  alerts+=("ALERT  $1: $2")
  keys+=("$1")
  echo "${alert_prefix}ALERT  $1: $2"
}
skip() { echo "skip   $1: $2"; }

http_status() { curl -s -o /dev/null -w '%{http_code}' -m "$timeout_s" "$1" 2>/dev/null; }

check_api() {
  local address status
  for address in $(setting nginx.env API_INSTANCES); do
    status=$(http_status "http://$address/v1/health")
    case $status in
      200) ok "api $address" "/v1/health 200" ;;
      503) alert "api $address" "/v1/health 503: the instance cannot reach its database" ;;
      000 | '') alert "api $address" "/v1/health gave no answer within ${timeout_s} s" ;;
      *) alert "api $address" "/v1/health answered $status" ;;
    esac
  done
}

# The metrics port of an instance, as api/src/config.ts reads METRICS_PORT (a port, or +N).
check_metrics() {
  local raw host address port metrics status
  raw=$(setting api.env METRICS_PORT)
  case $raw in '' | 0 | off | OFF) return 0 ;; esac
  host=$(setting api.env METRICS_HOST)
  case $host in '' | 0.0.0.0 | '::') host=127.0.0.1 ;; esac
  for address in $(setting nginx.env API_INSTANCES); do
    port=${address##*:}
    case $raw in +*) metrics=$((port + ${raw#+})) ;; *) metrics=$raw ;; esac
    status=$(http_status "http://$host:$metrics/metrics")
    if [ "$status" = 200 ]; then
      ok "metrics $address" "http://$host:$metrics/metrics 200"
    else
      alert "metrics $address" "http://$host:$metrics/metrics answered ${status:-nothing} (METRICS_PORT; the instance's log says why)"
    fi
  done
}

check_cms() {
  local address status
  address=$(setting nginx.env CMS_ADDRESS)
  [ -n "$address" ] || return 0
  status=$(http_status "http://$address/_health")
  case $status in
    200 | 204) ok "cms $address" "/_health $status" ;;
    000 | '') alert "cms $address" "/_health gave no answer within ${timeout_s} s" ;;
    *) alert "cms $address" "/_health answered $status" ;;
  esac
}

# The certificate nginx serves, asked over TLS as a browser would: a renewed file nginx has not
# reloaded still counts as the old one.
check_cert() {
  local name listen address host port end end_s now_s days
  [ -n "$(setting nginx.env NGINX_TLS_CERT)" ] || { skip cert "plain HTTP (no NGINX_TLS_CERT)"; return 0; }
  name=$(setting nginx.env NGINX_SERVER_NAME)
  name=${name%% *}
  address=$(check_setting CHECK_TLS_ADDRESS '')
  if [ -z "$address" ]; then
    # NGINX_LISTEN's first word: a port (on every address) or ADDRESS:PORT.
    listen=$(setting nginx.env NGINX_LISTEN)
    listen=${listen%% *}
    port=${listen##*:}
    host=127.0.0.1
    case $listen in *:*) host=${listen%:*} ;; esac
    case $host in '*' | '[::]' | 0.0.0.0) host=127.0.0.1 ;; esac
    address=$host:${port:-443}
  fi
  end=$(timeout "$((timeout_s * 2))" openssl s_client -connect "$address" -servername "$name" </dev/null 2>/dev/null |
    openssl x509 -noout -enddate 2>/dev/null)
  end=${end#notAfter=}
  if [ -z "$end" ] || ! end_s=$(date -d "$end" +%s 2>/dev/null); then
    alert "cert $name" "no certificate served at $address"
    return 0
  fi
  now_s=$(date +%s)
  days=$(((end_s - now_s) / 86400))
  if [ "$end_s" -le "$now_s" ]; then
    alert "cert $name" "the certificate served at $address expired on $end"
  elif [ "$days" -lt "$cert_days" ]; then
    alert "cert $name" "the certificate served at $address ends in $days days ($end; certbot renews 30 days before: see certbot renew --dry-run)"
  else
    ok "cert $name" "ends in $days days ($end)"
  fi
}

check_disk() {
  local paths place used deploy_dir backup_dir
  paths=$(check_setting CHECK_DISK_PATHS '')
  if [ -z "$paths" ]; then
    deploy_dir=$(setting nginx.env DEPLOY_DIR)
    backup_dir=$(setting backup.env BACKUP_DIR)
    paths="/ $(dirname "${deploy_dir:-/srv/ciffc/deploy}")/data ${backup_dir:-/var/backups/ciffc} /var/lib/postgresql"
  fi
  for place in $paths; do
    [ -e "$place" ] || { skip "disk $place" "not on this machine"; continue; }
    used=$(df -P "$place" 2>/dev/null | awk 'NR == 2 { sub("%", "", $5); print $5 }')
    if [ -z "$used" ]; then
      alert "disk $place" "df cannot read it"
    elif [ "$used" -ge "$disk_max" ]; then
      alert "disk $place" "${used}% used (alert from ${disk_max}%)"
    else
      ok "disk $place" "${used}% used"
    fi
  done
}

# Restarts made by systemd itself (Restart=always after a crash or a kill) since the last run; a
# restart by hand or by upgrade.sh starts the count again and is not one.
check_restarts() {
  local units unit address shown active count last file=$state/restarts next
  if ! command -v "$systemctl" >/dev/null 2>&1; then skip restarts "no systemctl here"; return 0; fi
  units=$(check_setting CHECK_UNITS '')
  if [ -z "$units" ]; then
    units="ciffc-cms.service nginx.service"
    for address in $(setting nginx.env API_INSTANCES); do units="$units ciffc-api@${address##*:}.service"; done
  fi
  next=$(mktemp)
  for unit in $units; do
    shown=$("$systemctl" show -p ActiveState -p NRestarts "$unit" 2>/dev/null)
    active=$(printf '%s\n' "$shown" | sed -n 's/^ActiveState=//p')
    count=$(printf '%s\n' "$shown" | sed -n 's/^NRestarts=//p')
    case $count in '' | *[!0-9]*) count=0 ;; esac
    last=$( { [ -r "$file" ] && awk -v u="$unit" '$1 == u { print $2 }' "$file"; } || true)
    echo "$unit $count" >>"$next"
    if [ "$active" != active ]; then
      alert "unit $unit" "${active:-unknown}, not active (systemctl status $unit)"
    elif [ -n "$last" ] && [ "$count" -gt "$last" ]; then
      alert "unit $unit" "restarted by systemd $((count - last)) time(s) since the last check ($count in all: journalctl -u $unit)"
    elif [ -n "$last" ] && [ "$count" -lt "$last" ] && [ "$count" -gt 0 ]; then
      alert "unit $unit" "started again by hand, then restarted by systemd $count time(s) (journalctl -u $unit)"
    else
      ok "unit $unit" "active, $count automatic restart(s) in all"
    fi
  done
  if mkdir -p "$state" 2>/dev/null && cp "$next" "$file" 2>/dev/null; then :; else
    skip restarts "cannot keep the counts in $state: each run compares with nothing"
  fi
  rm -f "$next"
}

check_backup() {
  local dir newest age_h
  [ "$backup_hours" -gt 0 ] || { skip backup "CHECK_BACKUP_MAX_HOURS=0"; return 0; }
  dir=$(setting backup.env BACKUP_DIR)
  dir=${dir:-/var/backups/ciffc}
  if [ ! -r "$dir" ] || [ ! -x "$dir" ]; then
    alert backup "cannot read $dir (it is the service user's)"
    return 0
  fi
  newest=$(find "$dir" -mindepth 1 -maxdepth 1 -type d -name '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' \
    -printf '%T@ %p\n' 2>/dev/null | sort -n | tail -n 1)
  if [ -z "$newest" ]; then
    alert backup "no backup in $dir (systemctl list-timers ciffc-backup.timer; journalctl -u ciffc-backup)"
    return 0
  fi
  age_h=$((($(date +%s) - ${newest%%.*}) / 3600))
  if [ "$age_h" -ge "$backup_hours" ]; then
    alert backup "the newest, ${newest#* }, is ${age_h} h old (alert from ${backup_hours} h; journalctl -u ciffc-backup)"
  else
    ok backup "${newest#* }, ${age_h} h old"
  fi
}

# Without the settings the checks would pass by checking nothing.
for file in nginx.env api.env backup.env; do
  if [ ! -r "$etc/$file" ]; then alert settings "cannot read $etc/$file"; fi
done
check_api
check_metrics
check_cms
check_cert
check_disk
check_restarts
check_backup

# The alert command, when what alerts changed since the last run (not every 5 minutes).
now_keys=$(printf '%s\n' "${keys[@]+"${keys[@]}"}" | sort)
last_keys=$(cat "$state/alerts" 2>/dev/null || true)
if [ -n "$alert_command" ] && [ "$now_keys" != "$last_keys" ]; then
  if [ ${#alerts[@]} -gt 0 ]; then
    message=$(printf '%s\n' "${alerts[@]}")
  else
    message="ok: every check of $(hostname) passes again"
  fi
  if ! printf '%s\n' "$message" | CHECK_HOST=$(hostname) sh -c "$alert_command"; then
    echo "${alert_prefix}check: the alert command failed (CHECK_ALERT_COMMAND)"
  fi
fi
if mkdir -p "$state" 2>/dev/null; then printf '%s\n' "$now_keys" >"$state/alerts" 2>/dev/null || true; fi

if [ ${#alerts[@]} -gt 0 ]; then
  echo "${alert_prefix}check: ${#alerts[@]} of $checks checks alerting"
  exit 1
fi
echo "check: all $checks checks pass"
