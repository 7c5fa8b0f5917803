#!/usr/bin/env python3
"""Generates the ingest benchmark data set: PROFILE_B gateway frames and the same readings as canonical CSV.

20 gateways, each with its own channels and two attached nodes (a climate node and a rain/pulse/soil node), one
frame per source every 15 minutes for a year: 10 readings per gateway and step, 7,008,000 readings, the shape the
peers' harnesses load (20 devices x 10 interfaces x a year of 15-minute readings). Each gateway's frames are split
into payloads of about 30 days, as a gateway would push them, named so that a sorted listing alternates gateways.
The canonical CSV holds the very same readings, converted as the PROFILE_B plugin converts them, for gateways of
other serials (GWC-.. instead of GWB-..), so that neither run finds the other's readings already stored.

usage: gen_gateway.py PAYLOADS_DIR CANONICAL.csv   (prints the number of readings of each of the two sets)
"""
import os
import sys
from datetime import datetime, timezone

GATEWAYS = 20
DAYS = 365
STEPS_PER_PAYLOAD = 30 * 96
START = 1709251200  # 2024-03-01T00:00:00Z


def frame(body):
    checksum = 0
    for char in body:
        checksum ^= ord(char)
    return f"${body}*{checksum:02X}\n"


def iso(epoch):
    return datetime.fromtimestamp(epoch, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def readings(g, step):
    """The raw channels of a gateway at a step, per source: (source, [(key, raw integer)])."""
    phase = (step % 96) - 48
    return [
        ("-", [("vbat", 4100 - step % 50), ("rssi", -60 - (g + step) % 10)]),
        ("N-1", [("t", 150 + phase * 2 + g), ("rh", 50 + (step + g) % 40), ("vbat", 3300 - step % 30),
                 ("rssi", -80 - (g + step) % 15)]),
        ("N-2", [("tips", step % 4), ("pc", (step * 7 + g) % 50), ("sm10", 2800 + phase), ("sm30", 3100 + phase)]),
    ]


# PROFILE_B channel -> (interface, conversion), as the plugin's README states them.
CHANNELS = {
    "vbat": ("Bat", lambda v: v / 1000),
    "rssi": ("Rssi", lambda v: v),
    "t": ("AirTemp", lambda v: v / 10),
    "rh": ("AirHum", lambda v: v),
    "tips": ("Precipitation", lambda v: round(v * 0.2, 1)),
    "pc": ("TicksCount", lambda v: v),
    "sm10": ("SMraw10", lambda v: v),
    "sm30": ("SMraw30", lambda v: v),
}


def main(payloads_dir, canonical_path):
    os.makedirs(payloads_dir, exist_ok=True)
    steps = DAYS * 96
    count = 0
    with open(canonical_path, "w") as canonical:
        canonical.write("profile,serial,connectorId,interface,timestamp,value\n")
        for g in range(1, GATEWAYS + 1):
            for part, first in enumerate(range(0, steps, STEPS_PER_PAYLOAD)):
                frames = []
                rows = []
                for step in range(first, min(first + STEPS_PER_PAYLOAD, steps)):
                    epoch = START + step * 900
                    stamp = iso(epoch)
                    for source, channels in readings(g, step):
                        frames.append(frame(f"GWD,GWB-{g:02d},{epoch},{source},"
                                            + ";".join(f"{k}={v}" for k, v in channels)))
                        connector = "ORIGIN" if source == "-" else source
                        for key, raw in channels:
                            interface, convert = CHANNELS[key]
                            rows.append(f"PROFILE_B,GWC-{g:02d},{connector},{interface},{stamp},{convert(raw)}\n")
                count += len(rows)
                with open(os.path.join(payloads_dir, f"p{part:02d}-g{g:02d}.txt"), "w") as payload:
                    payload.write("".join(frames))
                canonical.write("".join(rows))
    print(count)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
