#!/usr/bin/env bash
# `cmake --install` puts the C++ client library under the prefix; a project
# outside the tree finds it (1) with find_package(zyxtt) and (2) with
# pkg-config, and each runs a session against the installed runtime, which
# the client spawns where zyx looks for it ($XDG_CONFIG_HOME/zyx).
set -euo pipefail
source_dir=$1
build_dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/xdg/zyx
here=$source_dir/tests/client_install

cmake --install "$build_dir" --prefix "$prefix" >/dev/null
for f in include/zyxtt/client.h include/zyxtt/runtime_process.h include/zyxtt/cb_format.h lib/libzyxtt-client.so \
         lib/cmake/zyxtt/zyxttConfig.cmake lib/pkgconfig/zyxtt-client.pc zyx-tt-runtime; do
  [ -e "$prefix/$f" ] || { echo "install: $f missing"; exit 1; }
done

session() {  # $1: the consumer program
  XDG_CONFIG_HOME=$tmp/xdg ZYX_TT_THREADS=2 "$1" "$tmp/cache" | tee "$tmp/out"
  grep -q "Test Passed" "$tmp/out"
}

# (1) find_package(zyxtt), target zyxtt::client.
cmake -S "$here" -B "$tmp/cmake" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$tmp/cmake" >/dev/null
session "$tmp/cmake/client_consumer"

# (2) pkg-config's zyxtt-client.
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
g++ -Wall -Wextra -o "$tmp/pc_consumer" "$here/consumer.cpp" $(pkg-config --cflags --libs zyxtt-client) \
  -Wl,-rpath,"$(pkg-config --variable=libdir zyxtt-client)"
session "$tmp/pc_consumer"
echo "client install: 2 passed, 0 failed"
