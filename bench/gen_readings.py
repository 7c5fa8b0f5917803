#!/usr/bin/env python3
"""Generates the benchmark data set: the peers' data (bench/peer_values.py), 20 devices x 10 interfaces x a year of
15-minute readings, every value the decimal text the peers load.

Writes the canonical CSV the service imports (one series after the other, device by device), and the same rows in
the narrow shape of the storage (series_id,ts,value; series d * 10 + i + 1 for device WS-d and interface i of
peer_values.INTERFACES) for the PostgreSQL COPY baseline.

usage: gen_readings.py CANONICAL.csv NARROW.csv   (prints the number of readings)
"""
import sys
from datetime import datetime, timezone

import peer_values


def iso(ms):
    return datetime.fromtimestamp(ms // 1000, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main(canonical_path, narrow_path):
    stamps, texts = peer_values.by_device()
    stamps = [iso(ms) for ms in stamps]
    serials = peer_values.device_names()
    count = 0
    with open(canonical_path, "w") as canonical, open(narrow_path, "w") as narrow:
        canonical.write("profile,serial,connectorId,interface,timestamp,value\n")
        for d, serial in enumerate(serials):
            for i, interface in enumerate(peer_values.INTERFACES):
                series_id = d * len(peer_values.INTERFACES) + i + 1
                prefix = f"REAL_WEATHER_STATION,{serial},ORIGIN,{interface},"
                canonical.write("".join(f"{prefix}{stamp},{fields[i]}\n" for stamp, fields in zip(stamps, texts[d])))
                narrow.write("".join(f"{series_id},{stamp},{fields[i]}\n" for stamp, fields in zip(stamps, texts[d])))
                count += len(stamps)
    print(count)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
