#!/usr/bin/env bash
# `cmake --install` puts the runtime where zyx spawns it: the default prefix
# follows $XDG_CONFIG_HOME (absolute) else ~/.config, plus /zyx.
set -euo pipefail
source_dir=$1
build_dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check_prefix() {  # $1: expected prefix; remaining: env assignments
  local expected=$1; shift
  env "$@" cmake -S "$source_dir" -B "$tmp/cfg" -G Ninja -DZYXTT_BUILD_TESTS=OFF -DZYXTT_BUILD_BENCH=OFF >/dev/null
  local got
  got=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$tmp/cfg/CMakeCache.txt")
  rm -rf "$tmp/cfg"
  [ "$got" = "$expected" ] || { echo "prefix '$got', expected '$expected'"; exit 1; }
}
check_prefix "$tmp/xdg/zyx" XDG_CONFIG_HOME="$tmp/xdg"
check_prefix "$tmp/home/.config/zyx" XDG_CONFIG_HOME=relative HOME="$tmp/home"

cmake --install "$build_dir" --prefix "$tmp/xdg/zyx" >/dev/null
"$tmp/xdg/zyx/zyx-tt-runtime" --version | grep -q '^zyx-tt-runtime '
echo "install: 1 passed, 0 failed"
