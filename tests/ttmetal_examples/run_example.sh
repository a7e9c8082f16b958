#!/usr/bin/env bash
# Runs one of tt-metal's programming examples on the emulator and judges it by
# what it prints, as its author meant it to be read: exit status 0, no failure
# line, and the example's own success line (or, where it only prints data,
# that data checked here).
#
#   run_example.sh NAME EXECUTABLE [ARGS...]   (in build.sh's OUT folder)
set -uo pipefail
name=$1 exe=$2
shift 2
if [ ! -x "$exe" ]; then
  echo "==> $exe was not built; its errors:"
  grep -E 'error:' build.log | grep -F -- "$name" | head -20
  exit 1
fi
# distributed_trace_and_events reads kernels from tt-metal's tests/ tree,
# which ../shared does not hold: a full checkout (ZYXTT_TTMETAL_CHECKOUT at
# configure time) runs it.
if [ "$name" = distributed_trace_and_events ] &&
   [ ! -f "$TT_METAL_HOME/tests/tt_metal/tt_metal/test_kernels/dataflow/reader_dual_8bank.cpp" ]; then
  echo "skipped: $TT_METAL_HOME has no tests/ tree (configure with -DZYXTT_TTMETAL_CHECKOUT=<tt-metal checkout>)"
  exit 77
fi
out=$("$exe" "$@" 2>&1)
status=$?
printf '%s\n' "$out"

expect() {  # each argument: an extended regex some output line must match
  for pattern in "$@"; do
    grep -Eq -- "$pattern" <<<"$out" || { echo "==> no line matches: $pattern"; exit 1; }
  done
}
[ $status -eq 0 ] || { echo "==> exit status $status"; exit 1; }
if grep -Eq 'Test Failed|FAIL\]|[Mm]ismatch|did not match|does not match|^Error' <<<"$out"; then
  echo "==> the example reports a failure"; exit 1
fi

case $name in
  add_2_integers_in_compute) expect '^Success: Result matches expected value!' ;;
  add_2_integers_in_riscv) expect '^Success: Result is 21' 'differ modulo 64' ;;
  NoC_tile_transfer) expect '^Result = ([0-9]+) : Expected = \1$' ;;
  eltwise_binary | eltwise_sfpu | loopback | custom_sfpi_add | custom_sfpi_smoothstep | matmul_*)
    expect '^Test Passed' ;;
  sfpu_eltwise_chain) expect '^Metalium vs Golden -- PCC = 0\.99' ;;
  vecadd_multi_core | vecadd_sharding_*) expect '^All results match expected values within tolerance' ;;
  hello_world_compute_kernel)
    expect 'I am the MATH core' 'I am the UNPACK core' 'I am the PACK core' '^Thank you, Core' ;;
  hello_world_datamovement_kernel)
    expect 'My logical coordinates are 0,0' 'on Data Movement core 0\.' 'on Data Movement core 1\.' ;;
  hello_world_datatypes_kernel) expect 'It is: 1\.23' '^Thank you, Core' ;;
  shard_data_rm)
    expect 'Core \(0,0\): 2 4 6 8' 'Core \(0,1\): 10 12 14 16' 'Core \(0,2\): 18 20 22 24' \
           'Core \(0,3\): 26 28 30 32' '^Program finished successfully' ;;
  multicast) expect '^\[✅ PASS\] All [0-9]+ receiver tiles match the golden tile' ;;
  package_integration_test) expect 'Mesh device closed' ;;
  out_of_tree_test | mesh_device_test) ;;
  # They print nothing; distributed_buffer_rw asserts that the bytes round trip
  # (its build keeps assert), so exit status 0 is their verdict.
  distributed_program_dispatch | distributed_buffer_rw) ;;
  distributed_eltwise_add) expect '^Distributed elementwise add verification: 8192 / 8192 passed' ;;
  distributed_trace_and_events) expect '^Running EltwiseBinary MeshTraces on 2 MeshCQs Passed!' ;;
  pad_multi_core)  # every padded row: its source row, then the pad value
    awk '/with pad value:/ { pad = $NF }
         /^Original tensor/ { mode = "src"; r = 0; next }
         /^Padded tensor/ { mode = "dst"; r = 0; next }
         NF == 0 { mode = ""; next }
         mode == "src" { src[r++] = $0; next }
         mode == "dst" {
           n = split(src[r++], s, " "); m = split($0, d, " "); rows++
           if (m <= n) bad++
           for (i = 1; i <= m; i++) if (d[i] != (i <= n ? s[i] : pad)) bad++
         }
         END { if (rows == 0 || bad) { print "==> padded tensor: " bad + 0 " wrong values in " rows + 0 " rows"; exit 1 } }' \
      <<<"$out" || exit 1 ;;
  vecadd)  # "  a + b = c" lines, bfloat16 sums
    awk '$2 == "+" && $4 == "=" {
           lines++; want = $1 + $3; tol = 0.02 * (want < 0 ? -want : want); if (tol < 0.02) tol = 0.02
           if ($5 - want > tol || want - $5 > tol) { print "==> " $0 " is off"; bad++ }
         }
         END { if (lines == 0 || bad) { if (lines == 0) print "==> no sums printed"; exit 1 } }' <<<"$out" || exit 1 ;;
  profiler_test_realtime_profiler_csv)  # a record of each of its 10 programs, ids 1-10
    # (their kernels only spin on nops, which the timing model does not count: durations may be 0)
    expect '^Test Passed'
    for id in 1 2 3 4 5 6 7 8 9 10; do
      expect "^realtime record: id=$id chip_id=0 start=[0-9]+ end=[0-9]+ duration_cycles=[0-9]+ "
    done ;;
  profiler_*)  # tt-metal's device profiler log: its header, the kernels' zones, the examples' own zones
    [ "$name" = profiler_test_device_api_debugger ] || expect '^Test Passed'
    log="$TT_METAL_PROFILER_DIR/.logs/profile_log_device.csv"
    [ -f "$log" ] || { echo "==> no device profiler log at $log"; exit 1; }
    head -1 "$log" | grep -Eq '^ARCH: blackhole, CHIP_FREQ\[MHz\]: 1350, Max Compute Cores: [0-9]+$' ||
      { echo "==> first line of $log: $(head -1 "$log")"; exit 1; }
    columns='PCIe slot, core_x, core_y, RISC processor type, timer_id, time[cycles since reset], data, run host ID, trace id, trace id counter, zone name, type, source line, source file, meta data'
    [ "$(sed -n 2p "$log")" = "$columns" ] || { echo "==> column line of $log: $(sed -n 2p "$log")"; exit 1; }
    zones=',BRISC-KERNEL,ZONE_START,'
    case $name in
      profiler_test_full_buffer) zones="$zones ,TEST-FULL,ZONE_END," ;;
      profiler_test_timestamped_events) zones="$zones ,TEST-FULL,ZONE_END, ,TEST,TS_DATA, ,TS_EVENT," ;;
    esac
    for zone in $zones; do
      grep -Fq -- "$zone" "$log" || { echo "==> no row with $zone in $log"; exit 1; }
    done
    rm -rf "$TT_METAL_PROFILER_DIR" ;;
  *) echo "==> no judge for $name"; exit 1 ;;
esac
echo "==> $name passed"
