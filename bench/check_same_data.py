#!/usr/bin/env python3
"""Checks that the bench's data files carry the peers' very values: runs the generator of each peer's harness (from
the folder given, which holds influxdb/influx_bench.py, questdb/qdb_bench.py and victoriametrics/vm_bench.py), checks
that the three write the same line protocol, and compares every value of the given files with it:
  --canonical  bench/gen_readings.py's canonical CSV: the same decimal text for each device, interface and time
  --narrow     its narrow CSV (series d * 10 + i + 1): the same text
  --payloads   bench/gen_gateway.py's PROFILE_B payloads: valid checksums; vbat, rssi and the raw-count channels
               are the peers' value times 10^decimals (the text's digits), on the channel gen_gateway.py states
  --gateway-csv  its canonical CSV: Bat and Rssi the same text, the other interfaces the digits
Each file must hold every one of the peers' 7,008,000 values once. Prints the counts; exit status 1 on any difference.

usage: check_same_data.py PEERS_DIR [--canonical F] [--narrow F] [--payloads DIR] [--gateway-csv F]
"""
import argparse
import contextlib
import hashlib
import importlib.util
import io
import os
import sys
import tempfile
from datetime import datetime, timezone

import gen_gateway
import peer_values

HARNESSES = ["influxdb/influx_bench.py", "questdb/qdb_bench.py", "victoriametrics/vm_bench.py"]
DEVICES = peer_values.DEVICE_COUNT
STEPS = peer_values.STEPS
WIDTH = len(peer_values.INTERFACES)


def peer_line_protocol(peers_dir, work):
    """The line protocol file the peers' generators write (failing unless the three write the same bytes)."""
    digests = {}
    for harness in HARNESSES:
        spec = importlib.util.spec_from_file_location("peer_" + harness.split("/")[0], os.path.join(peers_dir, harness))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        out = os.path.join(work, harness.split("/")[0] + ".lp")
        with contextlib.redirect_stdout(io.StringIO()):
            module.cmd_gen(argparse.Namespace(devices=DEVICES, steps=None, out=out))
        digest = hashlib.sha256()
        with open(out, "rb") as lp:
            for block in iter(lambda: lp.read(1 << 20), b""):
                digest.update(block)
        digests[harness] = (digest.hexdigest(), out)
        print(f"{harness}: {os.path.getsize(out):,} bytes of line protocol, sha256 {digest.hexdigest()}")
    if len({d for d, _ in digests.values()}) != 1:
        sys.exit("the peers' generators write different data")
    return digests[HARNESSES[0]][1]


def peer_values_of(lp_path):
    """texts[device * STEPS + step] = the 10 value texts in peer_values.INTERFACES order, parsed from line protocol."""
    texts = [None] * (DEVICES * STEPS)
    with open(lp_path) as lp:
        for line in lp:
            series, fields, ts = line.split(" ")
            device = int(series.split("device=WS-")[1])
            step = (int(ts) - peer_values.START_MS) // peer_values.STEP_MS
            pairs = [pair.split("=") for pair in fields.split(",")]
            if [name for name, _ in pairs] != peer_values.INTERFACES:
                sys.exit(f"unexpected fields in the peers' line {line!r}")
            texts[device * STEPS + step] = tuple(value for _, value in pairs)
    if None in texts:
        sys.exit("the peers' line protocol misses a device's step")
    return texts


class Tally:
    """Values compared for one file: each of the peers' values must be met once, with the expected text."""

    def __init__(self, name):
        self.name = name
        self.seen = bytearray(DEVICES * STEPS * WIDTH)
        self.compared = 0
        self.mismatches = []

    def compare(self, device, step, interface, actual, expected):
        self.compared += 1
        self.seen[(device * STEPS + step) * WIDTH + interface] += 1
        if actual != expected and len(self.mismatches) < 5:
            self.mismatches.append(f"WS-{device:02d} {peer_values.INTERFACES[interface]} step {step}: "
                                   f"{actual!r}, the peers' {expected!r}")
        elif actual != expected:
            self.mismatches.append(None)

    def report(self):
        missing = self.seen.count(0)
        repeated = len(self.seen) - missing - self.seen.count(1)
        print(f"{self.name}: {self.compared:,} values compared, {len(self.mismatches)} mismatches, "
              f"{missing} of the peers' values missing, {repeated} repeated")
        for mismatch in filter(None, self.mismatches):
            print("  " + mismatch)
        return not self.mismatches and missing == 0 and repeated == 0


def step_of(iso):
    ms = int(datetime.strptime(iso, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp()) * 1000
    return (ms - peer_values.START_MS) // peer_values.STEP_MS


def check_canonical(path, texts, serial_prefix, expected_of):
    """Canonical CSV rows of serials serial_prefix + device number; expected_of(connector, interface, the peers' 10
    texts) gives (interface index in peer_values.INTERFACES, the expected text)."""
    tally = Tally(path)
    steps = {}
    with open(path) as csv:
        next(csv)
        for line in csv:
            _, serial, connector, interface, stamp, value = line.rstrip("\n").split(",")
            device = int(serial[len(serial_prefix):])
            step = steps.get(stamp)
            if step is None:
                step = steps[stamp] = step_of(stamp)
            i, expected = expected_of(connector, interface, texts[device * STEPS + step])
            tally.compare(device, step, i, value, expected)
    return tally.report()


def check_narrow(path, texts):
    tally = Tally(path)
    steps = {}
    with open(path) as csv:
        for line in csv:
            series, stamp, value = line.rstrip("\n").split(",")
            device, i = divmod(int(series) - 1, WIDTH)
            step = steps.get(stamp)
            if step is None:
                step = steps[stamp] = step_of(stamp)
            tally.compare(device, step, i, value, texts[device * STEPS + step][i])
    return tally.report()


def check_payloads(directory, texts):
    tally = Tally(directory)
    channels = {source: {key: i for key, i, _ in keys} for source, keys in gen_gateway.SOURCES}
    bad_frames = 0
    for name in sorted(os.listdir(directory)):
        with open(os.path.join(directory, name)) as payload:
            for line in payload:
                body, checksum = line.rstrip("\n")[1:].split("*")
                computed = 0
                for char in body:
                    computed ^= ord(char)
                bad_frames += f"{computed:02X}" != checksum
                _, serial, epoch, source, pairs = body.split(",")
                device = int(serial[len("GWB-"):])
                step = (int(epoch) * 1000 - peer_values.START_MS) // peer_values.STEP_MS
                for pair in pairs.split(";"):
                    key, raw = pair.split("=")
                    i = channels[source][key]
                    tally.compare(device, step, i, int(raw), peer_values.digits(texts[device * STEPS + step][i]))
    print(f"{directory}: {bad_frames} frames with a wrong checksum")
    return tally.report() and bad_frames == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("peers_dir")
    parser.add_argument("--canonical")
    parser.add_argument("--narrow")
    parser.add_argument("--payloads")
    parser.add_argument("--gateway-csv")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        texts = peer_values_of(peer_line_protocol(args.peers_dir, work))
    same = True
    if args.canonical:
        index = {name: i for i, name in enumerate(peer_values.INTERFACES)}
        same &= check_canonical(args.canonical, texts, "WS-",
                                lambda connector, interface, fields: (index[interface], fields[index[interface]]))
    if args.narrow:
        same &= check_narrow(args.narrow, texts)
    if args.payloads:
        same &= check_payloads(args.payloads, texts)
    if args.gateway_csv:
        # (connector, interface) -> (index of the peers' interface, whether the plugin converts the channel to it)
        stored = {("ORIGIN" if source == "-" else source, interface): (i, key in gen_gateway.CONVERTED)
                  for source, keys in gen_gateway.SOURCES for key, i, interface in keys}

        def expected_of(connector, interface, fields):
            i, converted = stored[(connector, interface)]
            return i, fields[i] if converted else str(peer_values.digits(fields[i]))
        same &= check_canonical(args.gateway_csv, texts, "GWC-", expected_of)
    print("same data" if same else "DIFFERENT DATA")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
