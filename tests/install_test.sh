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
"$tmp/xdg/zyx/zyx-tt-trace" report --help | grep -q 'HTML'

# The environment of `cmake --install` decides, not that of configure (when
# configure chose the prefix); DESTDIR keeps a wrong answer out of the real one.
if grep -q '^ZYXTT_PREFIX_FROM_ENVIRONMENT:INTERNAL=' "$build_dir/CMakeCache.txt" &&
   grep -q "^CMAKE_INSTALL_PREFIX:PATH=$(sed -n 's/^ZYXTT_PREFIX_FROM_ENVIRONMENT:INTERNAL=//p' "$build_dir/CMakeCache.txt")\$" \
     "$build_dir/CMakeCache.txt"; then
  DESTDIR="$tmp/dest1" XDG_CONFIG_HOME="$tmp/later" cmake --install "$build_dir" >/dev/null
  [ -x "$tmp/dest1$tmp/later/zyx/zyx-tt-runtime" ] || { echo "install ignored XDG_CONFIG_HOME given at install time"; exit 1; }
  DESTDIR="$tmp/dest2" XDG_CONFIG_HOME=relative HOME="$tmp/home2" cmake --install "$build_dir" >/dev/null
  [ -x "$tmp/dest2$tmp/home2/.config/zyx/zyx-tt-runtime" ] || { echo "install ignored HOME given at install time"; exit 1; }
else
  echo "the build's prefix was given at configure: the install-time choice is not checked"
fi
echo "install: 1 passed, 0 failed"
