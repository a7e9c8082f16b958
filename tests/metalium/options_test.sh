#!/usr/bin/env bash
# A TT-Metalium program has no command line: its emulator reads the ZYX_TT_*
# environment through the runtime's own parser, with the runtime's rules and
# defaults, and its messages name the variables.
#   options_test.sh LOOPBACK KERNEL_API
set -uo pipefail
loopback=$1 kernel_api=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() { echo "FAILED: $1"; sed 's/^/  | /' "$tmp/err" | tail -20; failed=$((failed + 1)); }

# Every emulator option as the runtime spells it; switches as CLI11 reads them ("yes", "true").
ZYX_TT_LOG=debug ZYX_TT_ARCH=p150 ZYX_TT_THREADS=3 ZYX_TT_RUN_TIMEOUT=7.5 ZYX_TT_NOC_ALIGNMENT=warn \
  ZYX_TT_DPRINT=yes ZYX_TT_STRICT=true ZYX_TT_UNPACK_TO_DEST=default ZYX_TT_IDLE_SPIN_US=17 \
  ZYX_TT_WORKER_MEMORY=3G ZYX_TT_KERNEL_API="$kernel_api/" ZYX_TT_COMPILER=/usr/bin/g++ ZYX_TT_COMPILE_TIMEOUT=9 \
  "$loopback" >"$tmp/out" 2>"$tmp/err"
want="emulator options: arch p150, threads 3, run timeout 7.5 s, noc alignment warn, dprint on, strict on, unpack to dest default, idle spin 17 us, worker memory 3 GiB, kernel api $kernel_api/, compiler /usr/bin/g++, compile timeout 9 s, compiler memory 3 GiB, log level debug, hints variables"
grep -qF "$want" "$tmp/err" || fail "every option reaches the emulator"

# The defaults are the runtime's (the worker's memory: a limit, half the host's RAM).
ZYX_TT_LOG=debug "$loopback" >"$tmp/out" 2>"$tmp/err"
grep -qE "noc alignment error, dprint off, strict off, unpack to dest fp32, idle spin 200 us, worker memory [0-9.]+ [GM]iB, .*log level debug, hints variables" "$tmp/err" ||
  fail "the defaults are the runtime's"

# A value the runtime refuses is refused, naming the variable.
if ZYX_TT_THREADS=lots "$loopback" >"$tmp/out" 2>"$tmp/err"; then fail "ZYX_TT_THREADS=lots is refused"; fi
grep -q "ZYX_TT_THREADS" "$tmp/out" "$tmp/err" || fail "the refusal names ZYX_TT_THREADS"
if ZYX_TT_NOC_ALIGNMENT=sometimes "$loopback" >"$tmp/out" 2>"$tmp/err"; then fail "ZYX_TT_NOC_ALIGNMENT=sometimes is refused"; fi

[ "$failed" = 0 ] && echo "metalium options: passed" || exit 1
