#!/usr/bin/env python3
"""Generates the ingest benchmark data set: PROFILE_B gateway frames carrying the peers' data (bench/peer_values.py),
and the same readings as canonical CSV.

20 gateways GWB-00..GWB-19, gateway d carrying the peers' device WS-d: one frame for its own channels and one for each
of two attached nodes every 15 minutes through 2025, 10 readings per gateway and step, 7,008,000 readings.
PROFILE_B channels are integers in fixed units, and only five of the ten interfaces have a channel, three of them
coarser than the peers' decimals (t in tenths of a degree, rh in whole percent, tips of 0.2 mm). So the frames carry
Bat (vbat, millivolts) and Rssi (rssi) exactly, and the eight other values as their decimal digits (the value times
10^decimals, an integer: AirTemp -3.07 is sm10=-307) in the raw-count channels pc and sm<d>, which the plugin stores
unconverted: every reading holds the digits the peers store, under a count interface for those eight.
Each gateway's frames are split into payloads of about 30 days, as a gateway would push them, named so that a sorted
listing alternates gateways. The canonical CSV holds the very same readings, as the plugin converts them, for
gateways of other serials (GWC-.. instead of GWB-..), so that neither run finds the other's readings already stored.

usage: gen_gateway.py PAYLOADS_DIR CANONICAL.csv   (prints the number of readings of each of the two sets)
"""
import os
import sys
from datetime import datetime, timezone

import peer_values

STEPS_PER_PAYLOAD = 30 * 96

# Per source: (connector, [(channel key, interface index in peer_values.INTERFACES, interface the plugin stores)]).
# Bat and Rssi go in their own channels (millivolts and dBm: the digits are the value's units); the others as digits.
SOURCES = [
    ("-", [("vbat", 8, "Bat"), ("rssi", 9, "Rssi")]),
    ("N-1", [("sm10", 0, "SMraw10"), ("sm20", 1, "SMraw20"), ("sm30", 3, "SMraw30"), ("sm40", 4, "SMraw40")]),
    ("N-2", [("pc", 2, "TicksCount"), ("sm10", 5, "SMraw10"), ("sm20", 6, "SMraw20"), ("sm30", 7, "SMraw30")]),
]
# The value the plugin stores, as canonical CSV text: vbat / 1000 and rssi are the peers' texts, the rest digits.
CONVERTED = {"vbat", "rssi"}


def frame(body):
    checksum = 0
    for char in body:
        checksum ^= ord(char)
    return f"${body}*{checksum:02X}\n"


def iso(epoch):
    return datetime.fromtimestamp(epoch, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main(payloads_dir, canonical_path):
    os.makedirs(payloads_dir, exist_ok=True)
    stamps, texts = peer_values.by_device()
    count = 0
    with open(canonical_path, "w") as canonical:
        canonical.write("profile,serial,connectorId,interface,timestamp,value\n")
        for g, fields_by_step in enumerate(texts):
            for part, first in enumerate(range(0, len(stamps), STEPS_PER_PAYLOAD)):
                frames = []
                rows = []
                for step in range(first, min(first + STEPS_PER_PAYLOAD, len(stamps))):
                    epoch = stamps[step] // 1000
                    stamp = iso(epoch)
                    fields = fields_by_step[step]
                    for source, channels in SOURCES:
                        frames.append(frame(f"GWD,GWB-{g:02d},{epoch},{source},"
                                            + ";".join(f"{key}={peer_values.digits(fields[i])}"
                                                       for key, i, _ in channels)))
                        connector = "ORIGIN" if source == "-" else source
                        for key, i, interface in channels:
                            value = fields[i] if key in CONVERTED else peer_values.digits(fields[i])
                            rows.append(f"PROFILE_B,GWC-{g:02d},{connector},{interface},{stamp},{value}\n")
                count += len(rows)
                with open(os.path.join(payloads_dir, f"p{part:02d}-g{g:02d}.txt"), "w") as payload:
                    payload.write("".join(frames))
                canonical.write("".join(rows))
    print(count)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
