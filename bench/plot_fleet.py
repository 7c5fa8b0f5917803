#!/usr/bin/env python3
"""Draws bench/fleet.sh's table as an SVG: cost per reading (import, ingest) and per device (latest values, serials,
admin list) against the fleet's size, both axes logarithmic. Reads the table's rows on standard input.

usage: bench/fleet.sh ... | grep '^| [0-9]' | bench/plot_fleet.py > fleet.svg   (fleet.sh does this with OUT_SVG)
"""
import math
import re
import sys

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 640, 360, 70, 170, 20, 50
SERIES = [  # (column, label, colour)
    (1, "import, µs a reading", "#1f77b4"),
    (2, "ingest, µs a reading", "#ff7f0e"),
    (3, "latest values, µs a device", "#2ca02c"),
    (5, "serials, µs a device", "#d62728"),
    (6, "admin list, µs a device", "#9467bd"),
]


def rows(lines):
    for line in lines:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells and cells[0].isdigit():
            yield int(cells[0]), [re.search(r"\(([0-9.]+)\)", cell) for cell in cells]


def main():
    table = list(rows(sys.stdin))
    sizes = [n for n, _ in table]
    points = {column: [(n, float(cells[column].group(1))) for n, cells in table if cells[column]]
              for column, _, _ in SERIES}
    values = [v for series in points.values() for _, v in series]
    x0, x1 = math.log10(min(sizes)), math.log10(max(sizes))
    y0, y1 = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
    x = lambda n: LEFT + (math.log10(n) - x0) / ((x1 - x0) or 1) * (WIDTH - LEFT - RIGHT)
    y = lambda v: HEIGHT - BOTTOM - (math.log10(v) - y0) / ((y1 - y0) or 1) * (HEIGHT - TOP - BOTTOM)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" '
           f'font-size="11">', f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>']
    for decade in range(y0, y1 + 1):
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(10 ** decade):.1f}" y2="{y(10 ** decade):.1f}" '
                   f'stroke="#ddd"/><text x="{LEFT - 6}" y="{y(10 ** decade) + 4:.1f}" text-anchor="end">'
                   f'{10 ** decade:g} µs</text>')
    for n in sizes:
        out.append(f'<line x1="{x(n):.1f}" x2="{x(n):.1f}" y1="{TOP}" y2="{HEIGHT - BOTTOM}" stroke="#eee"/>'
                   f'<text x="{x(n):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{n:,}</text>')
    out.append(f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 12}" text-anchor="middle">devices</text>')
    for i, (column, label, colour) in enumerate(SERIES):
        line = " ".join(f"{x(n):.1f},{y(v):.1f}" for n, v in points[column])
        out.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>')
        out.extend(f'<circle cx="{x(n):.1f}" cy="{y(v):.1f}" r="3" fill="{colour}"/>' for n, v in points[column])
        out.append(f'<rect x="{WIDTH - RIGHT + 12}" y="{TOP + 18 * i}" width="12" height="3" fill="{colour}"/>'
                   f'<text x="{WIDTH - RIGHT + 28}" y="{TOP + 18 * i + 5}">{label}</text>')
    out.append("</svg>")
    print("\n".join(out))


if __name__ == "__main__":
    main()
