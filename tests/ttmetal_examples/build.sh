#!/usr/bin/env bash
# Installs this build's TT-Metalium into OUT/root, then builds tt-metal's
# programming examples (read from EXAMPLES_DIR, never copied) against it with
# this folder's CMake project, the way a user outside the tree would.
#
#   build.sh BUILD_DIR EXAMPLES_DIR OUT EXAMPLE...
#
# Exits 77 (ctest's skip) when EXAMPLES_DIR is missing; CI has ../shared.
# Fails only when installing or configuring fails.
set -euo pipefail
build_dir=$1 examples_dir=$2 out=$3
shift 3
if [ ! -f "$examples_dir/CMakeLists.txt" ]; then
  echo "skipped: no tt-metal programming examples at $examples_dir (../shared/tt-metal beside the checkout)"
  exit 77
fi
rm -rf "$out/root"
cmake --install "$build_dir" --component metalium --prefix "$out/root" >/dev/null
examples=$(IFS=';'; echo "$*")
cmake -S "$(dirname "$0")" -B "$out/build" -G Ninja \
  -DCMAKE_PREFIX_PATH="$out/root" -DEXAMPLES_DIR="$examples_dir" "-DEXAMPLES=$examples" >"$out/configure.log" 2>&1 ||
  { cat "$out/configure.log"; exit 1; }
# Every example is tried (-k 0): one that does not build fails its own run
# test with its compiler errors (run_example.sh), the others still run.
if cmake --build "$out/build" -- -k 0 >"$out/build.log" 2>&1; then
  echo "built: $*"
else
  grep -E '^FAILED:' "$out/build.log"
  echo "some examples did not build (log: $out/build.log)"
fi
