#!/usr/bin/env bash
# Alert rules benchmark (issue 29): what judging 1,000 rules costs ingest, and how soon an event follows the write
# that caused it.
#   ingest   the peers' data as PROFILE_B frames (bench/gen_gateway.py, the very payloads of bench/ingest.sh)
#            through the plugin with an ingest key bound to an entity, 4 payloads in flight, on a fresh server
#            without rules, then on another fresh server whose entity has 1,000 rules on the same series
#            (below the 2nd and 5th percentiles of each series' values, above the 95th and 98th: frost and heat
#            alarms that trigger and resolve now and then all year)
#   latency  then, on that server, 200 single readings through the admin import, each crossing a rule's
#            threshold: the time from each write's answer to its event's commit (the event table's created_at)
# Both servers are warmed up on other serials first. Needs: JDK 17, Maven, python3, curl, psql.
# usage: bench/alerts.sh
set -euo pipefail
http_port=18380
admin_port=18381
source "$(dirname "$0")/lib.sh"
bench_init bench-alerts python3 curl psql
export FR_ALERTS_MAX_PER_ENTITY=2000 # the 1,000 rules and the latency's own

echo "generating PROFILE_B frames of the peers' data (20 gateways, 2 attached nodes, a year)..."
rows=$(python3 bench/gen_gateway.py "$work/payloads" "$work/canonical.csv")
sync
mkdir "$work/warmup"
for payload in "$work"/payloads/p0[01]-*.txt; do
  sed 's/GWB-/GBW-/' "$payload" >"$work/warmup/$(basename "$payload")"
done
# The series of the timed payloads, with percentiles of their values: where the rules' thresholds go.
python3 - "$work/canonical.csv" >"$work/series.tsv" <<'PY'
import csv, sys
values = {}
with open(sys.argv[1]) as f:
    for row in csv.DictReader(f):
        # The CSV's gateways are GWC-.., the frames' GWB-..: the same series otherwise.
        serial = row["serial"].replace("GWC-", "GWB-")
        values.setdefault((row["profile"], serial, row["connectorId"], row["interface"]), []).append(
            float(row["value"]))
for key, vs in sorted(values.items()):
    vs.sort()
    print("\t".join(key), *(vs[len(vs) * p // 100] for p in (2, 5, 95, 98)), sep="\t")
PY
json_field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
api="http://127.0.0.1:$http_port/api"

# A fresh server with an entity owning every gateway of the payloads: $key (API key), $ingest_key.
fresh_server() {
  [ -z "$server_pid" ] || { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; }
  rm -rf "$work/data"
  start_server 512m
  entity=$(cli entity add --email "alerts@example.com" --json | json_field entityId)
  key=$(cli key issue --entity "$entity" --json | json_field apiKey)
  ingest_key=$(cli ingest-key create --profile PROFILE_B --entity "$entity" --json | json_field ingestKey)
  python3 bench/push.py "$api/ingest/PROFILE_B" "$ingest_key" 4 "$work"/warmup/*.txt >/dev/null
}
ingest_rate() {
  local t0 t1 stored
  t0=$(now)
  stored=$(python3 bench/push.py "$api/ingest/PROFILE_B" "$ingest_key" 4 "$work"/payloads/*.txt)
  t1=$(now)
  [ "$stored" = "$rows" ] || { echo "expected $rows readings stored, got $stored" >&2; exit 1; }
  python3 -c "print(round($rows / ($t1 - $t0)))"
}

echo "ingest of $rows readings without rules..."
fresh_server
without=$(ingest_rate)
echo "  $without readings/s"

echo "ingest of the same readings with 1,000 rules..."
fresh_server
# The devices exist once their first frame is stored: declared and given to the entity first, as an operator would.
cut -f2 "$work/series.tsv" | sort -u | while read -r serial; do
  curl -sf -X PUT -H "Authorization: Bearer $(cat "$work/data/admin.token")" -H 'Content-Type: application/json' \
    -d '{}' "http://127.0.0.1:$admin_port/admin/devices/PROFILE_B/$serial" >/dev/null
  curl -sf -X PUT -H "Authorization: Bearer $(cat "$work/data/admin.token")" \
    "http://127.0.0.1:$admin_port/admin/entities/$entity/devices/PROFILE_B/$serial" >/dev/null
done
python3 - "$work/series.tsv" "$api" "$key" <<'PY'
import itertools, json, sys, urllib.request
series = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
made = 0
for n, (profile, serial, connector, iface, p2, p5, p95, p98) in zip(range(1000), itertools.cycle(series)):
    condition, threshold = [("below", p2), ("above", p98), ("below", p5), ("above", p95)][n // len(series) % 4]
    rule = {"name": f"bench {n}", "profile": profile, "serial": serial, "connectorId": connector,
            "interface": iface, "condition": condition, "threshold": float(threshold)}
    request = urllib.request.Request(sys.argv[2] + "/alerts", json.dumps(rule).encode(), method="POST",
        headers={"Authorization": "ApiKey " + sys.argv[3], "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        assert answer.status == 201
        made += 1
print(f"{made} rules on {len(series)} series", file=sys.stderr)
PY
with=$(ingest_rate)
echo "  $with readings/s"
pg_url="postgresql://postgres:$(cat "$work/data/pg.password")@127.0.0.1:$(grep -o 'on port [0-9]*' "$work/server.log" |
  head -1 | grep -o '[0-9]*')/postgres"
# Every judgement is done once the events stop growing.
events=-1
while [ "$events" != "$(psql -qtA "$pg_url" -c 'SELECT count(*) FROM push.alert_event')" ]; do
  events=$(psql -qtA "$pg_url" -c 'SELECT count(*) FROM push.alert_event'); sleep 2
done

echo "latency of 200 events..."
serial=LATENCY-1
curl -sf -X PUT -H "Authorization: Bearer $(cat "$work/data/admin.token")" -H 'Content-Type: application/json' \
  -d '{}' "http://127.0.0.1:$admin_port/admin/devices/PROFILE_B/$serial" >/dev/null
curl -sf -X PUT -H "Authorization: Bearer $(cat "$work/data/admin.token")" \
  "http://127.0.0.1:$admin_port/admin/entities/$entity/devices/PROFILE_B/$serial" >/dev/null
rule=$(curl -sf -X POST -H "Authorization: ApiKey $key" -H 'Content-Type: application/json' \
  -d "{\"name\":\"latency\",\"profile\":\"PROFILE_B\",\"serial\":\"$serial\",\"interface\":\"Bat\",\"condition\":\"below\",\"threshold\":3.3}" \
  "$api/alerts" | json_field id)
python3 - "$admin_port" "$(cat "$work/data/admin.token")" "$serial" >"$work/acks.tsv" <<'PY'
import sys, time, urllib.request
port, token, serial = sys.argv[1:4]
start = int(time.time() * 1000) - 3_600_000
for i in range(200):
    value = "3.1" if i % 2 == 0 else "3.6"
    body = "profile,serial,connectorId,interface,timestamp,value\n" \
        f"PROFILE_B,{serial},ORIGIN,Bat,{start + i * 1000},{value}\n"
    request = urllib.request.Request(f"http://127.0.0.1:{port}/admin/readings", body.encode(), method="POST",
        headers={"Authorization": "Bearer " + token, "Content-Type": "text/csv"})
    with urllib.request.urlopen(request) as answer:
        answer.read()
    print(start + i * 1000, time.time() * 1000, sep="\t")
    time.sleep(0.05)
PY
sleep 3
psql -qtA -F $'\t' "$pg_url" -c "SELECT at, extract(epoch FROM created_at) * 1000 FROM push.alert_event
  WHERE rule_id = '$rule' ORDER BY at" >"$work/events.tsv"
latency=$(python3 - "$work/acks.tsv" "$work/events.tsv" <<'PY'
import sys
acks = dict(line.split("\t") for line in open(sys.argv[1]).read().split("\n") if line)
events = [line.split("\t") for line in open(sys.argv[2]).read().split("\n") if line]
assert len(events) == len(acks), f"{len(events)} events for {len(acks)} writes"
delays = sorted(float(created) - float(acks[str(int(at))]) for at, created in events)
pick = lambda q: delays[min(len(delays) - 1, int(q * len(delays)))]
print(f"p50 {pick(0.5):.1f} ms, p99 {pick(0.99):.1f} ms, max {delays[-1]:.1f} ms over {len(delays)} events")
PY
)

cat <<TABLE

| measure | with 1,000 rules | without rules (same run, same payloads) | ratio |
|---|---|---|---|
| ingest of $rows readings, PROFILE_B frames, 4 in flight | $with readings/s | $without readings/s | $(python3 -c "print(f'{100 * $with / $without:.0f} %')") (target >= 90 %) |
| events in the ingest | $events | | |
| write answered -> event committed (200 writes, each a transition) | $latency | | target p99 <= 1 s |
TABLE
