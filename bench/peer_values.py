"""The benchmark's value process: the one the peers' harnesses load into InfluxDB, QuestDB and VictoriaMetrics.

A copy of their generator (`cmd_gen` of influx_bench.py, qdb_bench.py and vm_bench.py, identical in the three): the
same seed, the same order of random draws and the same decimal formatting, so that every device, interface and
timestamp has the very decimal text the peers store. Seasonal and diurnal temperature and humidity with noise,
random walks for wind, pressure, battery, rain in showers, sunshine by day; 20 devices WS-00..WS-19, 10 interfaces,
a reading every 15 minutes through 2025 (UTC): 7,008,000 readings. Only the writing of line protocol is left out.
`bench/check_same_data.py` compares the bench's files with the peers' own generator.
"""
import math
import random

INTERFACES = ["AirTemp", "AirHum", "WindDir", "WindSpeed", "GustSpeed",
              "Precipitation", "Pressure", "SolarIrradiance", "Bat", "Rssi"]
# Decimals of each interface's text, in INTERFACES order (the peers' format specifications).
DECIMALS = [2, 1, 0, 2, 2, 1, 1, 1, 3, 0]
START_MS = 1735689600000          # 2025-01-01T00:00:00Z
STEP_MS = 15 * 60 * 1000          # one reading every 15 minutes
STEPS = 35040                     # 365 days * 96 readings/day
DEVICE_COUNT = 20
SEED = 20250101


def device_names(n=DEVICE_COUNT):
    return ["WS-%02d" % i for i in range(n)]


def steps(devices=DEVICE_COUNT, count=STEPS):
    """Yields (timestamp in ms, [10 value texts in INTERFACES order for each device]) in time order, the devices'
    draws interleaved as the peers' harnesses draw them."""
    devs = device_names(devices)
    rng = random.Random(SEED)
    # per-device state
    off = [rng.uniform(-2.0, 2.0) for _ in devs]
    wdir = [rng.uniform(0, 360) for _ in devs]
    wspd = [rng.uniform(0, 5) for _ in devs]
    pres = [rng.uniform(1005, 1020) for _ in devs]
    bat = [rng.uniform(3.9, 4.15) for _ in devs]
    rssi = [rng.uniform(-95, -65) for _ in devs]
    rain = [0 for _ in devs]
    two_pi = 2 * math.pi
    for k in range(count):
        ts = START_MS + k * STEP_MS
        day_frac = (k % 96) / 96.0
        year_frac = k / float(STEPS)
        season = -math.cos(two_pi * (year_frac - 0.03))       # -1 Jan .. +1 Jul
        diurnal = -math.cos(two_pi * (day_frac - 0.125))      # min ~03:00, max ~15:00
        sun = max(0.0, math.sin(math.pi * (day_frac - 0.25) * 2)) if 0.25 <= day_frac <= 0.75 else 0.0
        values = []
        for i in range(len(devs)):
            r = rng.random
            t = 9.0 + 10.0 * season + 5.0 * diurnal + off[i] + (r() - 0.5) * 1.2
            h = min(100.0, max(5.0, 70.0 - 20.0 * diurnal - 5.0 * season + (r() - 0.5) * 6))
            wdir[i] = (wdir[i] + (r() - 0.5) * 30.0) % 360.0
            wspd[i] = min(25.0, max(0.0, wspd[i] + (r() - 0.5) * 1.5))
            gust = wspd[i] * (1.2 + 0.6 * r())
            if rain[i] > 0:
                rain[i] -= 1
                p = round(r() * 2.0, 1)
            else:
                p = 0.0
                if r() < 0.004:
                    rain[i] = int(r() * 24)
            pres[i] = min(1045.0, max(975.0, pres[i] + (r() - 0.5) * 0.6))
            s = sun * (650.0 + 350.0 * season) * (0.6 + 0.4 * r())
            bat[i] = min(4.2, max(3.5, bat[i] + (0.002 if sun > 0.2 else -0.0015)))
            q = rssi[i] + (r() - 0.5) * 8
            values.append((f"{t:.2f}", f"{h:.1f}", f"{wdir[i]:.0f}", f"{wspd[i]:.2f}", f"{gust:.2f}", f"{p:.1f}",
                           f"{pres[i]:.1f}", f"{s:.1f}", f"{bat[i]:.3f}", f"{q:.0f}"))
        yield ts, values


def by_device(devices=DEVICE_COUNT, count=STEPS):
    """(timestamps in ms, texts[device][step] = the 10 value texts): the whole set in memory (about 0.5 GB), for
    files that list one series after the other."""
    stamps = []
    texts = [[] for _ in range(devices)]
    for ts, values in steps(devices, count):
        stamps.append(ts)
        for d, fields in enumerate(values):
            texts[d].append(fields)
    return stamps, texts


def digits(text):
    """A value text as an integer of its decimal digits ("-3.07" -> -307): the value times 10^decimals."""
    return int(text.replace(".", ""))
