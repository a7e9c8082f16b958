#!/usr/bin/env bash
# Runs one fuzz target for a while from the seeds plus what earlier runs found;
# fails on the first crash, abort or leak (the input is kept beside the corpus).
set -euo pipefail
target=$1 seconds=$2 seeds=$3 corpus=$4
mkdir -p "$corpus"
exec "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -artifact_prefix="$corpus/../" -print_final_stats=1 "$corpus" "$seeds"
