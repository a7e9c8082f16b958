#!/bin/sh
# A rank that fails ends every rank of its job within seconds, and the output
# says which rank and why. With ZYX_TT_TEST_MARK set (a value no other process
# has in its environment), no process that inherited it, the ranks' device
# workers included, may outlive the job.
#   ends_the_job.sh MPIEXEC PROGRAM RANKS HOW EXPECTED_TEXT
set -u
mpiexec=$1 program=$2 ranks=$3 how=$4 expected=$5
fail() { echo "FAIL: $*"; exit 1; }
start=$(date +%s)
out=$(timeout -k 5 60 "$mpiexec" -np "$ranks" --oversubscribe "$program" "$how" 2>&1)
rc=$?
elapsed=$(($(date +%s) - start))
printf '%s\n' "$out"
# (mpiexec itself may end with 137 when a rank was killed: time tells.)
[ "$rc" -ne 124 ] && [ "$elapsed" -lt 60 ] || fail "the job still ran after 60 s"
[ "$rc" -ne 0 ] || fail "the job exited 0"
printf '%s\n' "$out" | grep -qF "$expected" || fail "the output does not say '$expected'"
! printf '%s\n' "$out" | grep -q "outlived" || fail "a rank went on after the failure"
[ "$elapsed" -le 20 ] || fail "the job took ${elapsed} s to end"
if [ -n "${ZYX_TT_TEST_MARK:-}" ]; then
  sleep 2
  for p in /proc/[0-9]*; do
    [ "$p" = "/proc/$$" ] && continue
    if tr '\0' '\n' 2>/dev/null <"$p/environ" | grep -qx "ZYX_TT_TEST_MARK=$ZYX_TT_TEST_MARK"; then
      fail "process ${p#/proc/} ($(tr '\0' ' ' <"$p/cmdline" 2>/dev/null)) outlived the job"
    fi
  done
fi
echo "ended in ${elapsed} s with status $rc"
