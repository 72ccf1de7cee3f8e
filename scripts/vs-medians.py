#!/usr/bin/env python3
"""vs-medians.py DIR UNIT -- the summary of a side-by-side script (klotski-vs.sh,
klotski-space-vs.sh): DIR/anchor and DIR/project hold one time a line, in UNIT; prints each
side's median, least and greatest, and the ratio of the medians project/anchor."""
import statistics as st
import sys

d, unit = sys.argv[1], sys.argv[2]
v = {n: [float(x) for x in open(f"{d}/{n}")] for n in ("anchor", "project")}
for n, x in v.items():
    print(f"{n:8} median {st.median(x):.2f} {unit}  (min {min(x):.2f}, max {max(x):.2f}, {len(x)} runs)")
print(f"time ratio project/anchor: {st.median(v['project']) / st.median(v['anchor']):.2f}")
