#!/usr/bin/env bash
# SensorThings benchmark (issue 30): a year of one Datastream read page by page through the SensorThings API, against
# the same year read by the readings operation, on the same stored readings (the peers' data of bench/run.sh, device
# WS-07, its AirTemp: 35,040 readings of 2025 at 15 minutes).
#   readings    GET /api/devices/REAL_WEATHER_STATION/WS-07/readings?interfaces=AirTemp (the year, raw): one answer
#   sta         GET /api/sta/v1.1/Datastreams(id)/Observations?$filter=<2025>&$top=10000, then every @iot.nextLink:
#               as entities, as entities with $select=phenomenonTime,result, and as data arrays
#               ($resultFormat=dataArray) with all components and with $select=phenomenonTime,result
# Each is run 15 times after 20 warm-up runs, over one kept-alive connection; the medians are compared. All must
# return the very same timestamps and value texts, or the benchmark fails. Needs: JDK 17, Maven, python3, curl.
# usage: bench/sta.sh
set -euo pipefail
http_port=18390
admin_port=18391
source "$(dirname "$0")/lib.sh"
bench_init bench-sta python3 curl

echo "generating the peers' data and importing WS-07..."
python3 bench/gen_readings.py "$work/canonical.csv" "$work/narrow.csv" >/dev/null
{ head -1 "$work/canonical.csv"; grep '^REAL_WEATHER_STATION,WS-07,' "$work/canonical.csv"; } >"$work/ws07.csv"
start_server 512m
json_field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
curl -sf -X POST -H "Authorization: Bearer $(cat "$work/data/admin.token")" -H 'Content-Type: text/csv' \
  --data-binary @"$work/ws07.csv" "http://127.0.0.1:$admin_port/admin/readings" >/dev/null
entity=$(cli entity add --email "sta@example.com" --json | json_field entityId)
key=$(cli key issue --entity "$entity" --json | json_field apiKey)
curl -sf -X PUT -H "Authorization: Bearer $(cat "$work/data/admin.token")" \
  "http://127.0.0.1:$admin_port/admin/entities/$entity/devices/REAL_WEATHER_STATION/WS-07" >/dev/null

python3 - "http://127.0.0.1:$http_port/api" "$key" <<'PY'
import http.client, json, statistics, sys, time, urllib.parse
from datetime import datetime

api, key = sys.argv[1], sys.argv[2]
headers = {"Authorization": "ApiKey " + key}


# One kept-alive connection, as map and dashboard clients hold one: the time is the server's, not TCP set-up's.
address = urllib.parse.urlsplit(api)
connection = http.client.HTTPConnection(address.hostname, address.port)


def body(url):
    parts = urllib.parse.urlsplit(url)
    connection.request("GET", parts.path + ("?" + parts.query if parts.query else ""), headers=headers)
    answer = connection.getresponse()
    if answer.status != 200:
        sys.exit("%s answered %d" % (url, answer.status))
    return answer.read()


def parsed(url):
    # Numbers kept as their text: both answers must carry the values exactly as stored.
    return json.loads(body(url), parse_float=str, parse_int=str)


readings_url = (api + "/devices/REAL_WEATHER_STATION/WS-07/readings?interfaces=AirTemp"
                "&startDate=2025-01-01T00:00:00Z&endDate=2025-12-31T23:59:59Z")
things = parsed(api + "/sta/v1.1/Things?$filter=" + urllib.parse.quote("name eq 'WS-07'"))["value"]
stream = parsed(api + "/sta/v1.1/Datastreams?$filter=" + urllib.parse.quote(
    "Thing/id eq %s and ObservedProperty/name eq 'AirTemp'" % things[0]["@iot.id"]))["value"][0]
year = urllib.parse.quote("phenomenonTime ge 2025-01-01T00:00:00Z and phenomenonTime lt 2026-01-01T00:00:00Z")
sta_url = api + "/sta/v1.1/Datastreams(%s)/Observations?$top=10000&$filter=%s" % (stream["@iot.id"], year)
selected_url = sta_url + "&$select=phenomenonTime,result"
array_url = sta_url + "&$resultFormat=dataArray"
selected_array_url = array_url + "&$select=phenomenonTime,result"


def sta_pages(url, parse):
    """Every page from url on: the readings (parse) or only the bytes, and the number of pages."""
    out, pages = [], 0
    while url:
        text = body(url)
        pages += 1
        if parse:
            page = json.loads(text, parse_float=str, parse_int=str)
            for item in page["value"]:
                if "dataArray" in item:
                    time, result = item["components"].index("phenomenonTime"), item["components"].index("result")
                    out += [(ms(row[time]), row[result]) for row in item["dataArray"]]
                else:
                    out.append((ms(item["phenomenonTime"]), item["result"]))
            url = page.get("@iot.nextLink")
        else:
            # The next link closes the answer: only the tail is read, so the time is the server's and the transfer's.
            tail = text[-800:].decode()
            url = json.loads("{" + tail[tail.index('"@iot.nextLink"'):])["@iot.nextLink"] \
                if '"@iot.nextLink"' in tail else None
    return out, pages


def ms(iso):
    return int(datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp() * 1000)


def median_time(read, warm_up=20, runs=15):
    for _ in range(warm_up):
        read()
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        read()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


baseline = [(int(r["timestamp"]), r["AirTemp"]) for r in parsed(readings_url)]
forms = [("as entities", sta_url), ("as entities, `$select=phenomenonTime,result`", selected_url),
         ("as a data array (`$resultFormat=dataArray`)", array_url),
         ("as a data array, `$select=phenomenonTime,result`", selected_array_url)]
for name, url in forms:
    observed, pages = sta_pages(url, True)
    if observed != baseline:
        sys.exit("SensorThings %s and the readings operation differ (%d against %d readings)" % (
            name, len(observed), len(baseline)))
n = len(baseline)
print("the same %d readings (timestamps and value texts) from both APIs" % n)
print("| read (answers fetched, not parsed) | answers | bytes | median time | readings/s | share of the baseline's speed |")
print("|---|---|---|---|---|---|")
baseline_time = median_time(lambda: body(readings_url))
rows = [("readings operation (baseline)", 1, len(body(readings_url)), baseline_time)]
for name, url in forms:
    size, next_url = 0, url
    while next_url:
        text = body(next_url)
        size += len(text)
        next_url = json.loads(text).get("@iot.nextLink")
    rows.append(("SensorThings, `$top=10000`, " + name, pages, size, median_time(lambda: sta_pages(url, False))))
for name, answers, size, seconds in rows:
    print("| %s | %d | %.1f MB | %.0f ms | %.0f | %.2f |" % (name, answers, size / 1e6, seconds * 1000, n / seconds,
                                                             baseline_time / seconds))
PY