#!/usr/bin/env python3
"""Generates a fleet for bench/fleet.sh: N gateways x 10 interfaces x 3 hourly readings (2025-06-10, 00:00 to 02:00
UTC), twice with the very same values:

- as PROFILE_B frames (the gateway's own channels vbat, rssi, t, rh, tips, pc, sm10, sm20, sm30, sm40: ten interfaces
  on ORIGIN), serials FB-000001.., split into payloads of PER_PAYLOAD gateways, for the plugin ingest;
- as canonical CSV of the readings the plugin stores for them (its conversions applied: vbat / 1000, t / 10,
  tips x 0.2), serials FC-000001.., for the CLI import.

The values are a function of (device, interface, hour) only, so every fleet size has the same readings per device.

usage: gen_fleet.py N PAYLOADS_DIR CANONICAL.csv   (prints the number of readings of each set)
"""
import os
import sys
from decimal import Decimal

PER_PAYLOAD = 1000
HOURS = 3
FIRST_EPOCH = 1749513600  # 2025-06-10T00:00:00Z

# (channel key, interface the plugin stores, conversion of the integer sent), in catalog order of the frame.
CHANNELS = [
    ("vbat", "Bat", Decimal("0.001")),
    ("rssi", "Rssi", None),
    ("t", "AirTemp", Decimal("0.1")),
    ("rh", "AirHum", None),
    ("tips", "Precipitation", Decimal("0.2")),
    ("pc", "TicksCount", None),
    ("sm10", "SMraw10", None),
    ("sm20", "SMraw20", None),
    ("sm30", "SMraw30", None),
    ("sm40", "SMraw40", None),
]


def sent(device, channel, hour):
    """The integer the gateway sends: plausible for the channel, different across devices, channels and hours."""
    spread = (device * 7 + channel * 13 + hour * 3) % 50
    return [3300 + spread, -110 + spread, 150 + spread * 3, 40 + spread, spread % 5, spread * 2,
            2000 + spread * 11, 2100 + spread * 11, 2200 + spread * 11, 2300 + spread * 11][channel]


def stored(value, factor):
    """The plugin's reading as decimal text: the integer, or its product with the factor, without trailing zeros."""
    if factor is None:
        return str(value)
    text = format(Decimal(value) * factor, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def frame(body):
    checksum = 0
    for char in body:
        checksum ^= ord(char)
    return f"${body}*{checksum:02X}\n"


def main(devices, payloads_dir, canonical_path):
    os.makedirs(payloads_dir, exist_ok=True)
    count = 0
    with open(canonical_path, "w") as canonical:
        canonical.write("profile,serial,connectorId,interface,timestamp,value\n")
        for first in range(1, devices + 1, PER_PAYLOAD):
            frames = []
            for d in range(first, min(first + PER_PAYLOAD, devices + 1)):
                for hour in range(HOURS):
                    values = [sent(d, c, hour) for c in range(len(CHANNELS))]
                    channels = ";".join(f"{key}={value}" for (key, _, _), value in zip(CHANNELS, values))
                    frames.append(frame(f"GWD,FB-{d:06d},{FIRST_EPOCH + hour * 3600},-,{channels}"))
                    stamp = f"2025-06-10T{hour:02d}:00:00Z"
                    for (_, interface, factor), value in zip(CHANNELS, values):
                        canonical.write(f"PROFILE_B,FC-{d:06d},ORIGIN,{interface},{stamp},{stored(value, factor)}\n")
                        count += 1
            with open(os.path.join(payloads_dir, f"f{first // PER_PAYLOAD:05d}.txt"), "w") as payload:
                payload.write("".join(frames))
    print(count)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], sys.argv[3])
