#!/usr/bin/env bash
# `cmake --install --component metalium` lays out a TT-Metalium root that
# (1) a CMake project finds as TT-Metalium and builds a host program against,
# and (2) zyx's build.rs compiles and links against as $TT_METAL_RUNTIME_ROOT;
# both programs then run on the emulator.
set -euo pipefail
source_dir=$1
build_dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root=$tmp/root
tests=$source_dir/tests/metalium

cmake --install "$build_dir" --component metalium --prefix "$root" >/dev/null
for f in include/tt-metalium/host_api.hpp include/tt_stl/assert.hpp include/umd/device/types/xy_pair.hpp \
         lib/libtt_metal.so lib/cmake/TT-Metalium/TT-MetaliumConfig.cmake lib/zyx-tt/zyx-tt-device-worker \
         lib/zyx-tt/kernel-api/api/dataflow/dataflow_api.h \
         tt_metal/api/tt-metalium/host_api.hpp tt_metal/third_party/umd/device/api/umd/device/types/xy_pair.hpp \
         tt_stl/tt_stl/span.hpp tt_metal/hostdevcommon/api/hostdevcommon/common_values.hpp \
         build_Release/lib/libtt_metal.so build_Release/lib/libtt-umd.so build_Release/lib/libtt_stl.so \
         build_Release/include/tt-metalium/host_api.hpp; do
  [ -e "$root/$f" ] || { echo "install: $f missing"; exit 1; }
done

# (1) find_package(TT-Metalium) from a project outside the tree.
cmake -S "$tests/consumer" -B "$tmp/consumer" -G Ninja -DCMAKE_PREFIX_PATH="$root" \
  -DPROGRAM_SOURCE="$tests/programs/loopback/loopback.cpp" >/dev/null
cmake --build "$tmp/consumer" >/dev/null
(cd "$tmp" && TT_METAL_HOME="$tests" ZYX_TT_THREADS=2 "$tmp/consumer/consumer_program") | grep -q "Test Passed"

# (2) zyx 0.17's build.rs: its include folders, -DFMT_HEADER_ONLY, and
# -ltt_metal -ltt-umd -ltt_stl -lfmt -lspdlog from build_Release/lib.
R=$root
g++ -std=c++20 -Wall -Wextra -O1 -fPIC -Wno-deprecated-declarations -DFMT_HEADER_ONLY \
  -I"$R" -I"$R/tt_metal" -I"$R/tt_metal/include" -I"$R/build_Release/include" -I"$R/tt_metal/api" \
  -I"$R/tt_metal/api/tt-metalium" -I"$R/tt_metal/third_party/umd/device/api" -I"$R/tt_stl" \
  -I"$R/tt_metal/hostdevcommon/api" -I"$R/tt_metal/hw/inc" -I"$R/src" \
  -o "$tmp/zyx_calls" "$tests/programs/zyx_runtime_calls/zyx_runtime_calls.cpp" \
  -L"$R/build_Release/lib" -ltt_metal -ltt-umd -ltt_stl -lfmt -lspdlog -Wl,-rpath,"$R/build_Release/lib"
(cd "$tmp" && ZYX_TT_THREADS=2 "$tmp/zyx_calls" "$source_dir/../shared/corpus/zyx/v016/binary_add_f32_32x32") |
  grep -q "Test Passed"

# (3) zyx 0.16's build.rs, which builds its zyx-tt-runtime from $TT_METAL_ROOT
# with only these include folders (tt-metal's own build_Release/include holds
# the installed headers).
g++ -std=c++20 -Wall -Wextra -O1 -Wno-deprecated-declarations \
  -I"$R/tt_metal/include" -I"$R/build_Release/include" -I"$R/tt_metal/api/tt-metalium" -I"$R/src" \
  -o "$tmp/zyx_calls_016" "$tests/programs/zyx_runtime_calls/zyx_runtime_calls.cpp" \
  -L"$R/build_Release/lib" -ltt_metal -ltt-umd -ltt_stl -lfmt -lspdlog -Wl,-rpath,"$R/build_Release/lib"
(cd "$tmp" && ZYX_TT_THREADS=2 "$tmp/zyx_calls_016" "$source_dir/../shared/corpus/zyx/v016/binary_add_f32_32x32") |
  grep -q "Test Passed"
echo "metalium install: 3 passed, 0 failed"
