#!/usr/bin/env python3
"""Generates the benchmark data set: a year of 15-minute readings for 10 interfaces on 20 devices.

Writes the canonical CSV the service imports, and the same rows in the narrow shape of the storage
(series_id,ts,value) for the PostgreSQL COPY baseline.

usage: gen_readings.py CANONICAL.csv NARROW.csv
"""
import math
import sys
from datetime import datetime, timedelta, timezone

DEVICES = [f"WS-{i:02d}" for i in range(1, 21)]
INTERFACES = ["AirTemp", "AirHum", "WindDir", "WindSpeed", "GustSpeed", "Precipitation", "Pressure",
              "SolarIrradiance", "DewPoint", "Bat"]
START = datetime(2024, 1, 1, tzinfo=timezone.utc)
STEPS = 366 * 96  # 2024 is a leap year


def value(interface_index, device_index, step):
    day_phase = math.sin(2 * math.pi * (step % 96) / 96)
    return round(10 + interface_index * 3 + device_index * 0.1 + 5 * day_phase + (step % 7) * 0.01, 3)


def main(canonical_path, narrow_path):
    stamps = [(START + timedelta(minutes=15 * s)).strftime("%Y-%m-%dT%H:%M:%SZ") for s in range(STEPS)]
    with open(canonical_path, "w") as canonical, open(narrow_path, "w") as narrow:
        canonical.write("profile,serial,connectorId,interface,timestamp,value\n")
        series_id = 0
        for d, serial in enumerate(DEVICES):
            for i, interface in enumerate(INTERFACES):
                series_id += 1
                prefix = f"REAL_WEATHER_STATION,{serial},ORIGIN,{interface},"
                rows = []
                narrow_rows = []
                for s in range(STEPS):
                    v = value(i, d, s)
                    rows.append(f"{prefix}{stamps[s]},{v}\n")
                    narrow_rows.append(f"{series_id},{stamps[s]},{v}\n")
                canonical.write("".join(rows))
                narrow.write("".join(narrow_rows))
    print(len(DEVICES) * len(INTERFACES) * STEPS)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
