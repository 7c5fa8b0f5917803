#!/usr/bin/env bash
# Ingest benchmark (issue 6): PROFILE_B gateway frames pushed over HTTP through the plugin, rows/s next to the
# canonical CSV import of the same readings, measured in the same run on the same server. Target: >= 70 %.
#   canonical: java -jar field-readings.jar readings import FILE.csv (one streamed upload, JVM start included)
#   ingest:    POST /api/ingest/PROFILE_B with an ingest key, one payload per gateway and month, PARALLEL at a time
#              (bench/push.py: one kept-alive connection a sender)
# The readings are the peers' data as far as PROFILE_B's integer channels carry them (see bench/gen_gateway.py).
# Both paths are warmed up first on readings of other serials. Needs: JDK 17, Maven, python3, curl.
# usage: bench/ingest.sh [PARALLEL]   (default 4 payloads in flight)
set -euo pipefail
parallel=${1:-4}
http_port=18180
admin_port=18181
source "$(dirname "$0")/lib.sh"
bench_init bench-ingest python3 curl

echo "generating PROFILE_B frames of the peers' data (20 gateways, 2 attached nodes, a year), and the same CSV..."
rows=$(python3 bench/gen_gateway.py "$work/payloads" "$work/canonical.csv")
sync # the generated files' dirty pages are written back now, not while the database fsyncs during the timed runs
# Warm-up sets, so that both paths are timed on a warm server (the JIT compiles them during their first hundreds of
# thousands of readings): the first two months' payloads (40, 1,152,000 readings) and a sixth of the CSV, for other
# serials (a permutation of GWB keeps the frames' XOR checksums valid).
mkdir "$work/warmup"
for payload in "$work"/payloads/p0[01]-*.txt; do
  sed 's/GWB-/GBW-/' "$payload" >"$work/warmup/$(basename "$payload")"
done
head -$((rows / 6 + 1)) "$work/canonical.csv" | sed 's/GWC-/CGW-/' >"$work/warmup/canonical.csv"

start_server 512m
stored() { python3 -c "import json,sys; print(json.load(sys.stdin)['stored'])"; }

key=$(cli ingest-key create --profile PROFILE_B --json | python3 -c "import json,sys; print(json.load(sys.stdin)['ingestKey'])")
push() { # PAYLOAD... -> the readings stored, failing on any answer but 200
  python3 bench/push.py "http://127.0.0.1:$http_port/api/ingest/PROFILE_B" "$key" "$parallel" "$@"
}

echo "warming up both paths..."
cli readings import "$work/warmup/canonical.csv" >/dev/null
push "$work"/warmup/*.txt >/dev/null

echo "canonical import of $rows readings..."
t0=$(now)
# The CLI's progress bar goes to standard error: kept aside, and shown with the server's log if the import fails.
import_stored=$(cli readings import --json "$work/canonical.csv" 2>"$work/import.err" | stored) || {
  tail -c 2000 "$work/import.err" >&2; echo >&2; tail -50 "$work/server.log" >&2; exit 1; }
t1=$(now)
import_rate=$(python3 -c "print(round($rows / ($t1 - $t0)))")

payloads=("$work"/payloads/*.txt)
echo "ingest of the same $rows readings as ${#payloads[@]} PROFILE_B payloads, $parallel in parallel..."
t0=$(now)
ingest_stored=$(push "${payloads[@]}")
t1=$(now)
ingest_rate=$(python3 -c "print(round($rows / ($t1 - $t0)))")

[ "$import_stored" = "$rows" ] && [ "$ingest_stored" = "$rows" ] || {
  echo "expected $rows readings stored by each, import stored $import_stored, ingest $ingest_stored" >&2; exit 1; }
cat <<TABLE

| measure | Field Readings | baseline (same run) | ratio |
|---|---|---|---|
| (e) ingest PROFILE_B frames over HTTP, ${#payloads[@]} payloads, $parallel in parallel | $ingest_rate rows/s | canonical import same $rows readings: $import_rate rows/s | $(python3 -c "print(f'{100 * $ingest_rate / $import_rate:.0f} %')") (target >= 70 %) |
TABLE
