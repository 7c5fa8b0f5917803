#!/usr/bin/env bash
# Measures, on a cluster made by `cluster.sh up DIR`, how long writes stop during a planned failover and during
# an unplanned one (kill -9 of the primary's keeper and postmaster, then --restart), and checks that no
# acknowledged write is lost.
#
#   measure-failover.sh DIR
#
# A writer inserts a numbered row through the service's URI (DIR/database.url) every 200 ms, each insert a new
# connection (libpq finds the read-write host as the service would), and notes every acknowledged number. The
# figures are the longest gap between two acknowledged inserts around each failover; at the end every
# acknowledged number must be in the table. Prints the figures; exit code 1 when a write was lost.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly HERE
[[ $# -eq 1 ]] || { sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
DIR=$(realpath -m -- "$1")
URI=$("$HERE/cluster.sh" uri "$DIR")
PROBE_URI="$URI&connect_timeout=2"
WORK=$(mktemp -d)
WRITER=

cleanup() {
  if [[ -n $WRITER ]] && kill -0 "$WRITER" 2> /dev/null; then
    kill "$WRITER" 2> /dev/null || true
    wait "$WRITER" 2> /dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

psql -X -q -v ON_ERROR_STOP=1 "$URI" -c \
  "CREATE TABLE IF NOT EXISTS failover_probe (n bigint PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())"

# Writes until $WORK/stop exists; one line "epoch-seconds n" in $WORK/acked per acknowledged insert.
writer() {
  local n=$(($(date +%s) * 1000000))
  : > "$WORK/acked"
  until [[ -e $WORK/stop ]]; do
    n=$((n + 1))
    if psql -X -q -A -t "$PROBE_URI" -c "INSERT INTO failover_probe (n) VALUES ($n) RETURNING n" \
      > "$WORK/out" 2> /dev/null; then
      echo "$(date +%s.%N) $(cat "$WORK/out")" >> "$WORK/acked"
    fi
    sleep 0.2
  done
}

# The longest gap between two acknowledged writes after line $1 of the log.
longest_gap() {
  tail -n +"$1" "$WORK/acked" | awk 'NR > 1 && $1 - t > g { g = $1 - t } { t = $1 } END { printf "%.1f", g }'
}

start_writer() {
  rm -f "$WORK/stop"
  writer &
  WRITER=$!
  sleep 2
}

stop_writer() {
  touch "$WORK/stop"
  wait "$WRITER"
  WRITER=
}

start_writer
mark=$(wc -l < "$WORK/acked")
"$HERE/cluster.sh" failover "$DIR" > /dev/null
sleep 2
planned=$(longest_gap "$mark")

mark=$(wc -l < "$WORK/acked")
"$HERE/cluster.sh" kill-primary "$DIR" --restart > /dev/null
sleep 2
unplanned=$(longest_gap "$mark")
stop_writer

acked=$(wc -l < "$WORK/acked")
cut -d' ' -f2 "$WORK/acked" | sort -n > "$WORK/acked.n"
psql -X -q -A -t "$URI" -c "SELECT n FROM failover_probe ORDER BY n" | sort -n > "$WORK/stored.n"
lost=$(comm -23 "$WORK/acked.n" "$WORK/stored.n" | wc -l)
echo "planned failover: writes stopped for at most ${planned} s"
echo "unplanned failover (kill -9 of keeper and postmaster): writes stopped for at most ${unplanned} s"
echo "acknowledged writes: $acked, lost: $lost"
((lost == 0))
