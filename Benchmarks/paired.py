#!/usr/bin/env python3
"""Wall time of two notifc binaries on one manifest, runs interleaved so both see the same load on a shared host.

    Benchmarks/paired.py OLD_NOTIFC NEW_NOTIFC MANIFEST [--runs N]

Times `notifc build MANIFEST --output DIR` in three cases: a fresh output folder, an up-to-date one, and one whose
notifications.json differs (one byte changed before each run). Prints the median of each case for each binary.
"""
import argparse
import shutil
import statistics
import subprocess
import tempfile
import time

parser = argparse.ArgumentParser()
parser.add_argument("old")
parser.add_argument("new")
parser.add_argument("manifest")
parser.add_argument("--runs", type=int, default=15)
arguments = parser.parse_args()
binaries = {"old": arguments.old, "new": arguments.new}
work = tempfile.mkdtemp()
times = {}
try:
    for case in ["fresh", "up to date", "bundle differs"]:
        for run in range(arguments.runs):
            order = list(binaries.items())
            for name, binary in order if run % 2 == 0 else reversed(order):  # neither always runs second
                output = f"{work}/{name}"
                if case == "fresh":
                    shutil.rmtree(output, ignore_errors=True)
                elif case == "bundle differs":
                    with open(f"{output}/notifications.json", "r+b") as bundle:
                        bundle.seek(100)
                        byte = bundle.read(1)
                        bundle.seek(100)
                        bundle.write(b"X" if byte != b"X" else b"Y")
                start = time.perf_counter()
                subprocess.run([binary, "build", arguments.manifest, "--output", output], check=True)
                times.setdefault(case, {}).setdefault(name, []).append((time.perf_counter() - start) * 1000)
finally:
    shutil.rmtree(work, ignore_errors=True)
for case, runs in times.items():
    print(f"{case}: " + ", ".join(f"{name} {statistics.median(values):.1f} ms" for name, values in runs.items()))
