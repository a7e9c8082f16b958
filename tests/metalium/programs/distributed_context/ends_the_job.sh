#!/bin/sh
# A rank that fails ends every rank of its job within seconds, and the output
# says which rank and why.
#   ends_the_job.sh MPIEXEC PROGRAM RANKS HOW EXPECTED_TEXT
set -u
mpiexec=$1 program=$2 ranks=$3 how=$4 expected=$5
fail() { echo "FAIL: $*"; exit 1; }
start=$(date +%s)
out=$(timeout -k 5 60 "$mpiexec" -np "$ranks" --oversubscribe "$program" "$how" 2>&1)
rc=$?
elapsed=$(($(date +%s) - start))
printf '%s\n' "$out"
[ "$rc" -ne 124 ] && [ "$rc" -ne 137 ] || fail "the job still ran after 60 s"
[ "$rc" -ne 0 ] || fail "the job exited 0"
printf '%s\n' "$out" | grep -qF "$expected" || fail "the output does not say '$expected'"
! printf '%s\n' "$out" | grep -q "outlived" || fail "a rank went on after the failure"
[ "$elapsed" -le 20 ] || fail "the job took ${elapsed} s to end"
echo "ended in ${elapsed} s with status $rc"
