#!/usr/bin/env bash
# Field Readings: a highly available PostgreSQL (pg_auto_failover: one monitor, a primary and a synchronous
# standby) and an HAProxy in front of N service nodes, all on this machine's loopback, all under one directory.
#
#   cluster.sh up DIR                          monitor + 2 data nodes, database and service user; prints the URI
#   cluster.sh haproxy DIR PORT NODE...        HAProxy on 127.0.0.1:PORT, round robin over the nodes
#                                              (NODE = PUBLIC_PORT, or PUBLIC_PORT:CHECK_PORT to health-check
#                                              another port of the node, e.g. its admin listener)
#   cluster.sh failover DIR                    planned failover (pg_autoctl perform failover)
#   cluster.sh kill-primary DIR [--restart]    kill -9 the primary's keeper and postmaster; --restart brings
#                                              the killed node back as standby once the failover is done
#   cluster.sh start-node DIR NODE             start a stopped or killed node again (node1, node2 or monitor)
#   cluster.sh state DIR                       pg_autoctl show state
#   cluster.sh uri DIR                         prints the service's database URI (DIR/database.url)
#   cluster.sh psql DIR NODE [PSQL_ARGS...]    psql as the superuser on a node's database (node1, node2;
#                                              monitor: its pg_auto_failover database), e.g. -c 'SELECT 1'
#   cluster.sh down DIR [--purge]              stops everything started for DIR; --purge also removes DIR
#
# Environment (defaults in brackets); `up` records the values in DIR/cluster.env, later commands read them there.
# The prefix is FRC_, not FR_: a Field Readings node refuses to start on an FR_ variable it does not know.
#   FRC_MONITOR_PORT [6000]  FRC_PG1_PORT [6001]  FRC_PG2_PORT [6002]
#   FRC_DB_NAME [fieldreadings]  FRC_DB_USER [fieldreadings]  FRC_DB_PASSWORD [generated]
#   FRC_PG_BINDIR [/usr/lib/postgresql/15/bin]  FRC_PG_OS_USER [postgres; used when run as root]
#   FRC_WAIT_TIMEOUT [120] seconds any wait may take before the command fails
#   Monitor failover tunables (see deploy/README.md): FRC_PAF_HEALTH_CHECK_PERIOD_MS [1000]
#   FRC_PAF_HEALTH_CHECK_TIMEOUT_MS [1000] FRC_PAF_HEALTH_CHECK_MAX_RETRIES [2] FRC_PAF_HEALTH_CHECK_RETRY_DELAY_MS [500]
#   FRC_PAF_UNHEALTHY_TIMEOUT_MS [5000] FRC_PAF_PRIMARY_DEMOTE_TIMEOUT_MS [10000]
#   and the keepers' FRC_PAF_NETWORK_PARTITION_TIMEOUT_S [5]
#   HAProxy: FRC_HAPROXY_BIND [127.0.0.1]  FRC_HAPROXY_CHECK_PATH [/api/health]  FRC_HAPROXY_MAXCONN [2000]
#            FRC_HAPROXY_TEMPLATE [../haproxy/haproxy.cfg from the folder of this script]
#
# Requires the Debian packages postgresql-15-auto-failover, pg-auto-failover-cli and haproxy. Nothing here uses
# the Debian-packaged PostgreSQL cluster service: every server lives under DIR and listens on 127.0.0.1 only.
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly SCRIPT_DIR
readonly PACKAGES="postgresql-15-auto-failover pg-auto-failover-cli haproxy"
readonly NODES=(node1 node2)

die() { echo "cluster.sh: $*" >&2; exit 1; }
say() { echo "cluster.sh: $*" >&2; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

usage() {
  sed -n '2,17p' "$SCRIPT_DIR/cluster.sh" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

# ---------------------------------------------------------------------------------------------------------------
# Settings and the environment every PostgreSQL / pg_autoctl command runs with

load_settings() {
  [[ -n $1 ]] || die "DIR is empty"
  DIR=$(realpath -m -- "$1")
  [[ $DIR != / ]] || die "DIR cannot be /"
  cd / # no process started here keeps the caller's working directory busy
  if [[ -f $DIR/cluster.env ]]; then
    # shellcheck disable=SC1091
    source "$DIR/cluster.env"
  else
    MONITOR_PORT=${FRC_MONITOR_PORT:-6000}
    PG1_PORT=${FRC_PG1_PORT:-6001}
    PG2_PORT=${FRC_PG2_PORT:-6002}
    DB_NAME=${FRC_DB_NAME:-fieldreadings}
    DB_USER=${FRC_DB_USER:-fieldreadings}
    PG_BINDIR=${FRC_PG_BINDIR:-/usr/lib/postgresql/15/bin}
    if [[ $(id -u) -eq 0 ]]; then RUN_USER=${FRC_PG_OS_USER:-postgres}; else RUN_USER=$(id -un); fi
  fi
  WAIT_TIMEOUT=${FRC_WAIT_TIMEOUT:-120}
  SOCK=$DIR/sock
  PG_ENV=(
    "PATH=$PG_BINDIR:/usr/local/bin:/usr/bin:/bin"
    "PG_CONFIG=$PG_BINDIR/pg_config"
    "HOME=$DIR"
    "XDG_CONFIG_HOME=$DIR/xdg/config"
    "XDG_DATA_HOME=$DIR/xdg/data"
    "XDG_RUNTIME_DIR=$DIR/run"
    "PGPASSFILE=$DIR/pgpass"
    "PGHOST=$SOCK"
    "PGCONNECT_TIMEOUT=5"
    "LC_ALL=C.UTF-8"
  )
}

# The settings of a cluster that `up` made, and the binaries its commands run.
load_cluster() {
  load_settings "$1"
  [[ -f $DIR/cluster.env ]] || die "no cluster in $DIR"
  need_binaries
}

save_settings() {
  {
    printf 'MONITOR_PORT=%q\nPG1_PORT=%q\nPG2_PORT=%q\n' "$MONITOR_PORT" "$PG1_PORT" "$PG2_PORT"
    printf 'DB_NAME=%q\nDB_USER=%q\nPG_BINDIR=%q\nRUN_USER=%q\n' "$DB_NAME" "$DB_USER" "$PG_BINDIR" "$RUN_USER"
  } > "$DIR/cluster.env"
}

port_of() {
  case $1 in
    monitor) echo "$MONITOR_PORT" ;;
    node1) echo "$PG1_PORT" ;;
    node2) echo "$PG2_PORT" ;;
    *) die "unknown node '$1' (node1, node2 or monitor)" ;;
  esac
}

# Runs a command as the cluster's OS user (pg_autoctl refuses root) with the cluster's environment.
as_pg() {
  if [[ $(id -u) -eq 0 && $RUN_USER != root ]]; then
    runuser -u "$RUN_USER" -- env -i "${PG_ENV[@]}" "$@"
  else
    env -i "${PG_ENV[@]}" "$@"
  fi
}

# psql on a server's private Unix socket (local connections are trusted; the socket directory is the cluster
# user's only).
psql_on() {
  local port=$1 db=$2
  shift 2
  as_pg psql -X -q -A -t -v ON_ERROR_STOP=1 -h "$SOCK" -p "$port" -d "$db" "$@"
}

monitor_sql() { psql_on "$MONITOR_PORT" pg_auto_failover -c "$1"; }

need_binaries() {
  local missing=()
  command -v pg_autoctl > /dev/null || missing+=("pg_autoctl (package pg-auto-failover-cli)")
  local bin
  for bin in initdb pg_ctl psql pg_isready pg_config; do
    [[ -x $PG_BINDIR/$bin ]] || missing+=("$PG_BINDIR/$bin (package postgresql-15)")
  done
  if [[ -x $PG_BINDIR/pg_config ]]; then
    [[ -f $("$PG_BINDIR/pg_config" --sharedir)/extension/pgautofailover.control ]] \
      || missing+=("the pgautofailover extension (package postgresql-15-auto-failover)")
  fi
  if [[ $(id -u) -eq 0 && $RUN_USER != root ]]; then
    command -v runuser > /dev/null || missing+=("runuser (package util-linux)")
    id "$RUN_USER" > /dev/null 2>&1 || missing+=("the OS user '$RUN_USER' (created by the postgresql-common package)")
  fi
  if ((${#missing[@]})); then
    printf 'cluster.sh: missing: %s\n' "${missing[@]}" >&2
    die "install them with: apt-get install -y $PACKAGES"
  fi
}

# ---------------------------------------------------------------------------------------------------------------
# Processes

alive() { [[ -n ${1:-} ]] && kill -0 "$1" 2> /dev/null; }

# The pid of a node's `pg_autoctl run` (the keeper, or the monitor's service), from pg_autoctl's own pid file.
keeper_pid() {
  local file="$DIR/run/pg_autoctl$DIR/$1/pg_autoctl.pid" pid
  [[ -f $file ]] || return 0
  pid=$(head -n 1 "$file")
  if alive "$pid" && tr '\0' ' ' < "/proc/$pid/cmdline" 2> /dev/null | grep -q -- "--pgdata $DIR/$1"; then
    echo "$pid"
  fi
}

postmaster_pid() {
  local file="$DIR/$1/postmaster.pid" pid
  [[ -f $file ]] || return 0
  pid=$(head -n 1 "$file")
  if alive "$pid" && tr '\0' ' ' < "/proc/$pid/cmdline" 2> /dev/null | grep -q -- "-D $DIR/$1"; then
    echo "$pid"
  fi
}

haproxy_pid() {
  local pid
  [[ -f $DIR/haproxy.pid ]] || return 0
  pid=$(head -n 1 "$DIR/haproxy.pid")
  if alive "$pid" && tr '\0' ' ' < "/proc/$pid/cmdline" 2> /dev/null | grep -q -- "-f $DIR/haproxy.cfg"; then
    echo "$pid"
  fi
}

# Every PostgreSQL, pg_autoctl or HAProxy process that belongs to DIR: working directory inside DIR (the
# postmaster and all its children run in their PGDATA, the keepers in DIR), or DIR on its command line. Other
# programs (a shell whose working directory is DIR) are never counted.
dir_processes() {
  local proc pid comm cwd cmd
  for proc in /proc/[0-9]*; do
    pid=${proc#/proc/}
    [[ $pid == "$$" || $pid == "$BASHPID" ]] && continue
    comm=$(cat "$proc/comm" 2> /dev/null) || continue
    case $comm in
      postgres | postmaster | pg_autoctl | pg_ctl | pg_basebackup | pg_rewind | initdb | haproxy) ;;
      *) continue ;;
    esac
    cwd=$(readlink "$proc/cwd" 2> /dev/null) || cwd=
    cmd=$(tr '\0' ' ' < "$proc/cmdline" 2> /dev/null) || cmd=
    if [[ $cwd == "$DIR" || $cwd == "$DIR"/* || $cmd == *" $DIR/"* ]]; then
      echo "$pid"
    fi
  done
}

wait_gone() { # wait_gone SECONDS PID...
  local deadline=$(($(date +%s) + $1)) pid
  shift
  for pid in "$@"; do
    while alive "$pid"; do
      (($(date +%s) < deadline)) || return 1
      sleep 0.2
    done
  done
}

wait_port_free() {
  local port=$1 deadline=$(($(date +%s) + 10))
  while port_in_use "$port"; do
    (($(date +%s) < deadline)) || die "port $port is still in use"
    sleep 0.2
  done
}

port_in_use() { (exec 3<> "/dev/tcp/127.0.0.1/$1") 2> /dev/null; }

# Starts a node's `pg_autoctl run` in its own session, detached from the caller (no inherited stdin/stdout:
# a test harness reading this script's output gets its EOF), logging to DIR/logs/NODE.log.
start_keeper() {
  local node=$1
  [[ -z $(keeper_pid "$node") ]] || { say "$node is already running"; return 0; }
  as_pg env -C "$DIR" setsid -f pg_autoctl run --pgdata "$DIR/$node" >> "$DIR/logs/$node.log" 2>&1 < /dev/null
  local deadline=$(($(date +%s) + 30))
  until [[ -n $(keeper_pid "$node") ]]; do
    (($(date +%s) < deadline)) || die "pg_autoctl run for $node did not start, see $DIR/logs/$node.log"
    sleep 0.2
  done
}

wait_pg_ready() {
  local port=$1 deadline=$(($(date +%s) + WAIT_TIMEOUT))
  until as_pg pg_isready -q -h "$SOCK" -p "$port"; do
    (($(date +%s) < deadline)) || die "PostgreSQL on port $port is not ready after ${WAIT_TIMEOUT}s"
    sleep 0.2
  done
}

# ---------------------------------------------------------------------------------------------------------------
# Cluster state, as the monitor has it

# Lines of "name|reported state|assigned state|port".
node_states() {
  monitor_sql "SELECT nodename, reportedstate, goalstate, nodeport FROM pgautofailover.node
               WHERE formationid = 'default' ORDER BY nodeid" 2> /dev/null
}

# The node that is primary and meant to stay so, if any.
stable_primary() { node_states | awk -F'|' '$2 == "primary" && $3 == "primary" { print $1 }'; }

# True when one node is primary and the other secondary, both reported as assigned.
is_stable() {
  node_states | awk -F'|' '
    $2 == "primary" && $3 == "primary" { p++ }
    $2 == "secondary" && $3 == "secondary" { s++ }
    END { exit !(p == 1 && s == 1) }'
}

wait_stable() { # wait_stable [PRIMARY_NOT_TO_BE]
  local not=${1:-} deadline=$(($(date +%s) + WAIT_TIMEOUT))
  until is_stable && [[ $(stable_primary) != "$not" || -z $not ]]; do
    if (($(date +%s) >= deadline)); then
      node_states >&2 || true
      die "the cluster did not reach primary/secondary within ${WAIT_TIMEOUT}s"
    fi
    sleep 0.2
  done
}

wait_node_state() { # wait_node_state NODE STATE...
  local node=$1 deadline=$(($(date +%s) + WAIT_TIMEOUT)) state s
  shift
  while :; do
    state=$(node_states | awk -F'|' -v n="$node" '$1 == n && $2 == $3 { print $2 }')
    for s in "$@"; do [[ $state == "$s" ]] && return 0; done
    if (($(date +%s) >= deadline)); then
      node_states >&2 || true
      die "$node did not reach state $* within ${WAIT_TIMEOUT}s"
    fi
    sleep 0.2
  done
}

# True when the service's URI reaches a server that takes writes (libpq's target_session_attrs=read-write).
accepts_writes() {
  local uri
  uri=$(cat "$DIR/database.url")
  [[ $uri == *\?* ]] && uri="$uri&connect_timeout=2" || uri="$uri?connect_timeout=2"
  as_pg psql -X -q -A -t -c 'SELECT inet_server_port()' "$uri" 2> /dev/null
}

# ---------------------------------------------------------------------------------------------------------------
# up

# A data directory made here rather than by pg_autoctl, so that password authentication (scram-sha-256) is the
# rule for every TCP connection, Unix sockets live in DIR/sock, and the servers listen on 127.0.0.1 only.
init_pgdata() {
  local pgdata=$1
  as_pg initdb -D "$pgdata" --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 \
    > "$DIR/logs/initdb-$(basename "$pgdata").log" 2>&1 || die "initdb failed, see $DIR/logs"
  # postgresql.auto.conf wins over the settings pg_autoctl writes into postgresql-auto-failover.conf
  # (which computes shared_buffers from the machine's memory); pg_basebackup copies it to the standby.
  # The server logs go to DIR/logs/postgres (one file per server start, named by its time): a log
  # directory inside PGDATA would be replaced by the new primary's when pg_rewind brings a node back.
  # authentication_timeout: a stopping server waits for every connection still in its start-up packet; a client
  # that opens one and then stalls held the old primary's shutdown in a planned failover for the default 60 s.
  as_pg tee -a "$pgdata/postgresql.auto.conf" > /dev/null <<EOF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$SOCK'
shared_buffers = '128MB'
effective_cache_size = '1GB'
maintenance_work_mem = '64MB'
work_mem = '8MB'
synchronous_commit = 'on'
authentication_timeout = '5s'
log_directory = '$DIR/logs/postgres'
EOF
  as_pg mkdir -p "$DIR/logs/postgres"
}

new_password() { head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n'; }

monitor_uri() { echo "postgres://autoctl_node@127.0.0.1:$MONITOR_PORT/pg_auto_failover?sslmode=prefer"; }

create_monitor() {
  init_pgdata "$DIR/monitor"
  as_pg env -C "$DIR" pg_autoctl create monitor --pgdata "$DIR/monitor" --pgport "$MONITOR_PORT" \
    --hostname 127.0.0.1 --auth scram-sha-256 --no-ssl >> "$DIR/logs/monitor.log" 2>&1 \
    || die "pg_autoctl create monitor failed, see $DIR/logs/monitor.log"
  as_pg pg_autoctl config set --pgdata "$DIR/monitor" postgresql.listen_addresses 127.0.0.1 > /dev/null
  start_keeper monitor
  wait_pg_ready "$MONITOR_PORT"
  # (pg_autoctl sets log_statement = ddl: keep the password out of the server log)
  psql_on "$MONITOR_PORT" pg_auto_failover -c "SET log_statement = 'none'" \
    -c "ALTER ROLE autoctl_node PASSWORD '$AUTOCTL_PASSWORD'"
  # The failover timing (see deploy/README.md).
  local setting
  for setting in \
    "health_check_period = ${FRC_PAF_HEALTH_CHECK_PERIOD_MS:-1000}" \
    "health_check_timeout = ${FRC_PAF_HEALTH_CHECK_TIMEOUT_MS:-1000}" \
    "health_check_max_retries = ${FRC_PAF_HEALTH_CHECK_MAX_RETRIES:-2}" \
    "health_check_retry_delay = ${FRC_PAF_HEALTH_CHECK_RETRY_DELAY_MS:-500}" \
    "node_considered_unhealthy_timeout = ${FRC_PAF_UNHEALTHY_TIMEOUT_MS:-5000}" \
    "primary_demote_timeout = ${FRC_PAF_PRIMARY_DEMOTE_TIMEOUT_MS:-10000}"; do
    monitor_sql "ALTER SYSTEM SET pgautofailover.$setting"
  done
  monitor_sql "SELECT pg_reload_conf()" > /dev/null
}

create_data_node() {
  local node=$1 port
  port=$(port_of "$node")
  if [[ $node == node1 ]]; then
    init_pgdata "$DIR/$node" # node2 is made by pg_basebackup from node1
  fi
  as_pg env -C "$DIR" pg_autoctl create postgres --pgdata "$DIR/$node" --pgport "$port" --listen 127.0.0.1 \
    --hostname 127.0.0.1 --name "$node" --formation default --dbname "$DB_NAME" --monitor "$(monitor_uri)" \
    --auth scram-sha-256 --no-ssl >> "$DIR/logs/$node.log" 2>&1 \
    || die "pg_autoctl create postgres ($node) failed, see $DIR/logs/$node.log"
  as_pg pg_autoctl config set --pgdata "$DIR/$node" timeout.network_partition_timeout \
    "${FRC_PAF_NETWORK_PARTITION_TIMEOUT_S:-5}" > /dev/null
  start_keeper "$node"
}

cmd_up() {
  [[ $# -eq 1 ]] || usage
  load_settings "$1"
  need_binaries
  [[ ! -e $DIR/monitor && ! -e $DIR/cluster.env ]] \
    || die "$DIR already holds a cluster: use another directory, or 'cluster.sh down $DIR --purge' first"
  local port
  for port in "$MONITOR_PORT" "$PG1_PORT" "$PG2_PORT"; do
    if port_in_use "$port"; then
      die "port $port is in use on 127.0.0.1 (set FRC_MONITOR_PORT, FRC_PG1_PORT, FRC_PG2_PORT)"
    fi
  done
  [[ $DB_NAME =~ ^[a-z_][a-z0-9_]*$ && $DB_USER =~ ^[a-z_][a-z0-9_]*$ ]] \
    || die "FRC_DB_NAME and FRC_DB_USER must be lower-case SQL identifiers"
  local started
  started=$(now)

  trap 'say "up failed; cluster.sh down $DIR stops whatever was started"' EXIT
  mkdir -p "$DIR"
  if [[ $(id -u) -eq 0 ]]; then chown "$RUN_USER:" "$DIR"; fi
  chmod 700 "$DIR"
  as_pg test -w "$DIR" -a -x "$DIR" \
    || die "$DIR must be reachable and writable by the OS user $RUN_USER (check the parent directories)"
  as_pg mkdir -p "$DIR/sock" "$DIR/run" "$DIR/logs" "$DIR/xdg/config" "$DIR/xdg/data"
  save_settings

  # Passwords: the monitor's autoctl_node, the replication user and the service's user; only DIR's owner
  # reads them. pg_autoctl and libpq find the first two in DIR/pgpass (PGPASSFILE), never on a command line.
  AUTOCTL_PASSWORD=$(new_password)
  REPLICATION_PASSWORD=$(new_password)
  DB_PASSWORD=${FRC_DB_PASSWORD:-$(new_password)}
  [[ $DB_PASSWORD =~ ^[A-Za-z0-9._~-]+$ ]] || die "FRC_DB_PASSWORD may only hold letters, digits and . _ ~ -"
  # shellcheck disable=SC2016 # $1 is the inner shell's
  as_pg bash -c 'umask 077; cat > "$1"' _ "$DIR/pgpass" <<EOF
127.0.0.1:$MONITOR_PORT:pg_auto_failover:autoctl_node:$AUTOCTL_PASSWORD
127.0.0.1:*:*:pgautofailover_replicator:$REPLICATION_PASSWORD
EOF

  say "monitor on 127.0.0.1:$MONITOR_PORT"
  create_monitor
  say "node1 (primary) on 127.0.0.1:$PG1_PORT"
  create_data_node node1
  wait_node_state node1 single
  wait_pg_ready "$PG1_PORT"
  psql_on "$PG1_PORT" postgres -c "SET log_statement = 'none'" \
    -c "ALTER ROLE pgautofailover_replicator PASSWORD '$REPLICATION_PASSWORD'" \
    -c "CREATE ROLE \"$DB_USER\" LOGIN PASSWORD '$DB_PASSWORD'" \
    -c "ALTER DATABASE \"$DB_NAME\" OWNER TO \"$DB_USER\""
  say "node2 (synchronous standby) on 127.0.0.1:$PG2_PORT"
  create_data_node node2
  wait_stable

  # Synchronous replication: pg_auto_failover names the standby in synchronous_standby_names once it is
  # secondary; synchronous_commit is on (set above, and the default).
  local sync_names sync_commit
  sync_names=$(psql_on "$(port_of "$(stable_primary)")" postgres -c "SHOW synchronous_standby_names")
  sync_commit=$(psql_on "$(port_of "$(stable_primary)")" postgres -c "SHOW synchronous_commit")
  [[ -n $sync_names && $sync_commit == on ]] \
    || die "synchronous replication is off (synchronous_standby_names='$sync_names', synchronous_commit=$sync_commit)"

  # The URI exactly as `pg_autoctl show uri --formation default` prints it, with the service's credentials.
  local uri
  uri=$(as_pg pg_autoctl show uri --pgdata "$DIR/monitor" --formation default 2> /dev/null)
  [[ $uri == postgres://* || $uri == postgresql://* ]] || die "unexpected URI from pg_autoctl show uri: $uri"
  uri="${uri%%://*}://$DB_USER:$DB_PASSWORD@${uri#*://}"
  # shellcheck disable=SC2016 # $1 is the inner shell's
  as_pg bash -c 'umask 077; cat > "$1"' _ "$DIR/database.url" <<< "$uri"
  trap - EXIT
  say "up in $(elapsed "$started") s; synchronous_standby_names=$sync_names; URI in $DIR/database.url"
  echo "$uri"
}

# ---------------------------------------------------------------------------------------------------------------
# haproxy

cmd_haproxy() {
  [[ $# -ge 3 ]] || usage
  load_settings "$1"
  local port=$2
  shift 2
  command -v haproxy > /dev/null || die "missing haproxy: apt-get install -y $PACKAGES"
  local template=${FRC_HAPROXY_TEMPLATE:-$SCRIPT_DIR/../haproxy/haproxy.cfg}
  [[ -f $template ]] || die "no HAProxy template at $template"
  [[ $port =~ ^[0-9]+$ ]] || die "PORT must be a number: $port"
  [[ -d $DIR ]] || mkdir -p "$DIR"

  local servers="" i=0 node public check
  for node in "$@"; do
    [[ $node =~ ^([0-9]+)(:([0-9]+))?$ ]] || die "a node is PUBLIC_PORT or PUBLIC_PORT:CHECK_PORT, not '$node'"
    public=${BASH_REMATCH[1]} check=${BASH_REMATCH[3]}
    i=$((i + 1))
    servers+="    server node$i 127.0.0.1:$public check${check:+ port $check}"$'\n'
  done

  local old
  old=$(haproxy_pid)
  if [[ -n $old ]]; then
    kill "$old"
    wait_gone 10 "$old" || die "the running HAProxy ($old) does not stop"
  fi
  if port_in_use "$port"; then die "port $port is in use"; fi

  # Fill the template: the lines marked fr:bind, fr:check and fr:maxconn, the fr:servers block; drop the
  # fr:local-drop lines (user, group, chroot and syslog, which a local run as any user cannot have).
  SERVERS=$servers awk -v bind="${FRC_HAPROXY_BIND:-127.0.0.1}:$port" -v maxconn="${FRC_HAPROXY_MAXCONN:-2000}" \
    -v path="${FRC_HAPROXY_CHECK_PATH:-/api/health}" '
    /# fr:local-drop$/ { next }
    /# fr:maxconn$/ { print "    maxconn " maxconn "   # fr:maxconn"; next }
    /# fr:bind$/ { print "    bind " bind "   # fr:bind"; next }
    /# fr:check$/ { print "    option httpchk GET " path "   # fr:check"; next }
    /^ *# fr:servers-begin$/ { print; printf "%s", ENVIRON["SERVERS"]; skip = 1; next }
    /^ *# fr:servers-end$/ { skip = 0 }
    !skip { print }' "$template" > "$DIR/haproxy.cfg"
  haproxy -c -q -f "$DIR/haproxy.cfg" || die "HAProxy rejects $DIR/haproxy.cfg"
  rm -f "$DIR/haproxy.pid"
  (cd / && exec haproxy -D -p "$DIR/haproxy.pid" -f "$DIR/haproxy.cfg" < /dev/null > "$DIR/haproxy.log" 2>&1) \
    || die "haproxy did not start, see $DIR/haproxy.log"
  local deadline=$(($(date +%s) + 10))
  until port_in_use "$port" && [[ -n $(haproxy_pid) ]]; do
    (($(date +%s) < deadline)) || die "haproxy does not listen on $port"
    sleep 0.1
  done
  say "haproxy (pid $(haproxy_pid)) on ${FRC_HAPROXY_BIND:-127.0.0.1}:$port, round robin over: $*"
}

# ---------------------------------------------------------------------------------------------------------------
# failover, kill-primary, start-node

cmd_failover() {
  [[ $# -eq 1 ]] || usage
  load_cluster "$1"
  local before started
  is_stable || die "the cluster is not primary/secondary now: $(node_states | tr '\n' ' ')"
  before=$(stable_primary)
  started=$(now)
  # pg_autoctl 2.0's perform failover sometimes fails before anything happened (a deadlock in the monitor with
  # a keeper's concurrent report), or after (it stops waiting after 60 s): try again only in the first case.
  local attempt
  for attempt in 1 2 3; do
    if as_pg pg_autoctl perform failover --pgdata "$DIR/monitor" --formation default \
      >> "$DIR/logs/failover.log" 2>&1; then
      break
    fi
    sleep 1
    if ! is_stable || [[ $(stable_primary) != "$before" ]]; then break; fi
    say "pg_autoctl perform failover failed without starting a failover (attempt $attempt, see $DIR/logs/failover.log)"
    if ((attempt == 3)); then die "no failover"; fi
  done
  wait_stable "$before"
  say "planned failover: $before -> $(stable_primary) in $(elapsed "$started") s"
  stable_primary
}

cmd_kill_primary() {
  [[ $# -ge 1 && $# -le 2 ]] || usage
  local restart=false
  [[ ${2:-} == --restart ]] && restart=true
  [[ $# -eq 1 || $restart == true ]] || usage
  load_cluster "$1"
  local primary keeper postmaster started other
  primary=$(stable_primary)
  [[ -n $primary ]] || die "no node is primary now: $(node_states | tr '\n' ' ')"
  keeper=$(keeper_pid "$primary")
  postmaster=$(postmaster_pid "$primary")
  [[ -n $keeper || -n $postmaster ]] || die "no keeper or postmaster of $primary is running"
  other=node1
  if [[ $primary == node1 ]]; then other=node2; fi

  started=$(now)
  # The keeper runs in its own session (process group = its pid): its sub-processes die with it.
  if [[ -n $keeper ]]; then kill -9 -- "-$keeper" 2> /dev/null || true; fi
  if [[ -n $postmaster ]]; then kill -9 "$postmaster" 2> /dev/null || true; fi
  say "killed $primary (keeper ${keeper:-none}, postmaster ${postmaster:-none}) with SIGKILL"
  wait_gone 10 "$keeper" "$postmaster" || die "$primary's processes survive SIGKILL"

  local deadline=$(($(date +%s) + WAIT_TIMEOUT)) port
  until port=$(accepts_writes) && [[ -n $port ]]; do
    (($(date +%s) < deadline)) || die "no server accepts writes ${WAIT_TIMEOUT}s after the kill"
    sleep 0.2
  done
  say "unplanned failover: $other (port $port) accepts writes $(elapsed "$started") s after the kill"

  if $restart; then
    local rejoin
    rejoin=$(now)
    wait_gone 10 "$(postmaster_pid "$primary")" || true
    start_keeper "$primary"
    wait_stable
    say "$primary rejoined as $(node_states | awk -F'|' -v n="$primary" '$1 == n { print $2 }') in" \
      "$(elapsed "$rejoin") s (since the kill: $(elapsed "$started") s)"
  fi
  echo "$other"
}

cmd_start_node() {
  [[ $# -eq 2 ]] || usage
  load_cluster "$1"
  port_of "$2" > /dev/null
  [[ -d $DIR/$2 ]] || die "$DIR/$2 does not exist"
  if [[ -n $(keeper_pid "$2") ]]; then
    say "$2 is already running"
    return 0
  fi
  start_keeper "$2"
  if [[ $2 != monitor ]]; then
    wait_stable
    say "$2 is $(node_states | awk -F'|' -v n="$2" '$1 == n { print $2 }')"
  fi
}

# ---------------------------------------------------------------------------------------------------------------
# state, uri, down

cmd_state() {
  [[ $# -eq 1 ]] || usage
  load_cluster "$1"
  as_pg pg_autoctl show state --pgdata "$DIR/monitor"
}

cmd_uri() {
  [[ $# -eq 1 ]] || usage
  load_settings "$1"
  [[ -f $DIR/database.url ]] || die "no $DIR/database.url: run up first"
  cat "$DIR/database.url"
}

cmd_psql() {
  [[ $# -ge 2 ]] || usage
  load_settings "$1"
  local node=$2 db=$DB_NAME
  shift 2
  [[ $node == monitor ]] && db=pg_auto_failover
  psql_on "$(port_of "$node")" "$db" "$@"
}

stop_node() {
  local node=$1 keeper postmaster
  keeper=$(keeper_pid "$node")
  postmaster=$(postmaster_pid "$node")
  [[ -n $keeper || -n $postmaster ]] || return 0
  if [[ -n $keeper ]]; then
    # SIGTERM: pg_autoctl stops its PostgreSQL (fast shutdown) and its sub-processes, then exits.
    kill -TERM "$keeper" 2> /dev/null || true
    if ! wait_gone 30 "$keeper" "$postmaster"; then
      say "$node: still running after 30 s, SIGKILL"
      kill -9 -- "-$keeper" 2> /dev/null || true
    fi
  fi
  postmaster=$(postmaster_pid "$node")
  if [[ -n $postmaster ]]; then
    # A postmaster without its keeper (the keeper was killed): stop it directly.
    as_pg pg_ctl stop -D "$DIR/$node" -m fast -w -t 30 > /dev/null 2>&1 || kill -9 "$postmaster" 2> /dev/null || true
    wait_gone 10 "$postmaster" || true
  fi
}

cmd_down() {
  [[ $# -ge 1 && $# -le 2 ]] || usage
  local purge=false
  [[ ${2:-} == --purge ]] && purge=true
  [[ $# -eq 1 || $purge == true ]] || usage
  load_settings "$1"
  if [[ ! -d $DIR ]]; then
    say "nothing to stop: $DIR does not exist"
    return 0
  fi
  local pid
  pid=$(haproxy_pid)
  if [[ -n $pid ]]; then
    kill "$pid" 2> /dev/null || true
    wait_gone 10 "$pid" || kill -9 "$pid" 2> /dev/null || true
  fi
  if [[ -f $DIR/cluster.env ]]; then
    # Standby first, then primary (no failover is started by a stopping node), then the monitor.
    local primary node
    primary=$(stable_primary || true)
    for node in "${NODES[@]}"; do
      if [[ $node != "$primary" ]]; then stop_node "$node"; fi
    done
    if [[ -n $primary ]]; then stop_node "$primary"; fi
    stop_node monitor
  fi

  # Check: nothing of DIR may be left. Whatever is (a process of a half-done `up`, a backend that outlived a
  # killed postmaster) gets SIGTERM, then SIGKILL.
  local left=()
  mapfile -t left < <(dir_processes)
  if ((${#left[@]})); then
    say "stopping processes left in $DIR: ${left[*]}"
    kill "${left[@]}" 2> /dev/null || true
    wait_gone 10 "${left[@]}" || kill -9 "${left[@]}" 2> /dev/null || true
    sleep 0.5
    mapfile -t left < <(dir_processes)
    ((${#left[@]} == 0)) || die "processes of $DIR still run: ${left[*]}"
  fi
  if $purge; then
    rm -rf -- "$DIR"
    say "down; removed $DIR"
  else
    say "down; nothing of $DIR runs (data and logs kept; 'down $DIR --purge' removes them)"
  fi
}

main() {
  [[ $# -ge 1 ]] || usage
  local command=$1
  shift
  case $command in
    up) cmd_up "$@" ;;
    haproxy) cmd_haproxy "$@" ;;
    failover) cmd_failover "$@" ;;
    kill-primary) cmd_kill_primary "$@" ;;
    start-node) cmd_start_node "$@" ;;
    state) cmd_state "$@" ;;
    uri) cmd_uri "$@" ;;
    psql) cmd_psql "$@" ;;
    down) cmd_down "$@" ;;
    -h | --help | help) usage ;;
    *) usage ;;
  esac
}

main "$@"
