"""A line plot with logarithmic axes, written as SVG by hand (no
matplotlib): axes, ticks, grid, one polyline with markers per series, a
legend and labels. Log y keeps series that differ several-fold readable,
flat where time per item is constant.

As a script: `python3 scripts/svgplot.py RESULTS.json OUT.svg` replots the
JSON that bench-scaling writes."""

import json
import math
import sys

WIDTH, HEIGHT = 640, 400
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 60, 55
COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]


def log_ticks(lo, hi):
    """1, 2 and 5 times the powers of ten from `lo` to `hi`, plus both ends
    when fewer than two fall inside."""
    ticks = [m * 10.0 ** e for e in range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1)
             for m in (1, 2, 5) if lo <= m * 10.0 ** e <= hi]
    return ticks if len(ticks) >= 2 else [lo, hi]


def log_plot(series, title, xlabel, ylabel):
    """SVG text of `series` (name -> [(x, y)], x, y > 0) on log-log axes."""
    points = [p for pts in series.values() for p in pts]
    x_lo = math.log10(min(x for x, _ in points))
    x_hi = math.log10(max(x for x, _ in points))
    y_lo = 10 ** math.floor(math.log10(min(y for _, y in points)))
    y_hi = 10 ** math.ceil(math.log10(max(y for _, y in points)))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def sx(x):
        return LEFT + (math.log10(x) - x_lo) / (x_hi - x_lo or 1) * plot_w

    def sy(y):
        return TOP + plot_h - (math.log10(y) - math.log10(y_lo)) / math.log10(y_hi / y_lo) * plot_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{WIDTH / 2}" y="22" text-anchor="middle" font-size="14">{title}</text>']
    for y in log_ticks(y_lo, y_hi):
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{sy(y):.1f}" y2="{sy(y):.1f}" '
                   f'stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{sy(y) + 4:.1f}" text-anchor="end">{y:g}</text>')
    for x in sorted({x for x, _ in points}):
        out.append(f'<line x1="{sx(x):.1f}" x2="{sx(x):.1f}" y1="{TOP}" y2="{TOP + plot_h}" '
                   f'stroke="#eee"/>')
        label = f"{x // 1000:g}k" if x >= 1000 else f"{x:g}"
        out.append(f'<text x="{sx(x):.1f}" y="{TOP + plot_h + 16}" '
                   f'text-anchor="middle">{label}</text>')
    out.append(f'<path d="M{LEFT},{TOP} V{TOP + plot_h} H{LEFT + plot_w}" fill="none" '
               f'stroke="black"/>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 12}" text-anchor="middle">'
               f'{xlabel}</text>')
    out.append(f'<text transform="translate(16,{TOP + plot_h / 2}) rotate(-90)" '
               f'text-anchor="middle">{ylabel}</text>')
    for k, (name, pts) in enumerate(series.items()):
        color = COLORS[k % len(COLORS)]
        path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in sorted(pts))
        out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
        out += [f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="3" fill="{color}"/>'
                for x, y in pts]
        legend_x = LEFT + 260 * k
        out.append(f'<line x1="{legend_x}" x2="{legend_x + 24}" y1="{TOP - 18}" '
                   f'y2="{TOP - 18}" stroke="{color}" stroke-width="2"/>')
        out.append(f'<text x="{legend_x + 30}" y="{TOP - 14}">{name}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    results, svg_path = sys.argv[1:3]
    data = json.load(open(results))
    with open(svg_path, "w") as out:
        out.write(log_plot({name: [tuple(p) for p in pts] for name, pts in data["series"].items()},
                           data["title"], data["xlabel"], data["ylabel"]))


if __name__ == "__main__":
    main()
