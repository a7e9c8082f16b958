#!/usr/bin/env python3
"""Runs the benchmarks once and writes BENCHMARKS.md with ratios of pairs
measured side by side in that run (the machines are shared and noisy)."""
import json
import pathlib
import platform
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "release" / "bench"

# (title, benchmark, baseline, what the ratio means, target)
PAIRS = {
    "protocol_bench": [
        ("command round trip vs bare pipe ping-pong", "BM_RuntimeRoundTrip", "BM_BarePipePingPong",
         "time ratio (lower is better)", "<= 2.0", "time"),
        ("write_buf 64 MiB vs memcpy 64 MiB", "BM_WriteBuf64MiB", "BM_Memcpy64MiB",
         "throughput ratio (higher is better)", ">= 0.7", "speed"),
        ("read_buf 64 MiB vs memcpy 64 MiB", "BM_ReadBuf64MiB", "BM_Memcpy64MiB",
         "throughput ratio (higher is better)", ">= 0.7", "speed"),
    ],
}


def run(binary):
    out = subprocess.run([str(BUILD / binary), "--benchmark_format=json", "--benchmark_min_time=0.5"],
                         check=True, capture_output=True, text=True).stdout
    return {b["name"].split("/")[0]: b for b in json.loads(out)["benchmarks"]}


def main():
    lines = ["# Benchmarks", "",
             "Made by `python3 bench/report.py` after `scripts/test` (release build), on "
             f"{platform.node()} ({platform.machine()}, {subprocess.getoutput('nproc')} cores). Every ratio "
             "compares two benchmarks of the same run; absolute times move with the machine's load.", ""]
    for binary, pairs in PAIRS.items():
        results = run(binary)
        lines += [f"## {binary}", "", "| comparison | measured | baseline | ratio | target |", "|---|---|---|---|---|"]
        for title, name, base, meaning, target, kind in pairs:
            a, b = results[name]["real_time"], results[base]["real_time"]
            ratio = a / b if kind == "time" else b / a
            unit = results[name]["time_unit"]
            lines.append(f"| {title} | {a:.0f} {unit} | {b:.0f} {unit} | {ratio:.2f} ({meaning}) | {target} |")
        lines.append("")
    (ROOT / "BENCHMARKS.md").write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
