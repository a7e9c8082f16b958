#!/bin/sh
# What a shared object or executable offers kernels (or host programs) to
# bind to: its defined dynamic symbols, by mangled name.
#   exports_check.sh worker FILE   the device worker: only the allocator entry
#       points its memory guard interposes (strong), and weak instantiations of
#       std, __gnu_cxx and fmt templates (the same code libstdc++ and libfmt
#       hold, exported so that they interpose). Nothing else: none of ours.
#   exports_check.sh metalium FILE libtt_metal: no strong definition of the
#       emulator's (zyxtt::emu), the kernel compiler's or spdlog's code.
# Fails when nm fails or lists nothing.
set -u
mode=$1 file=$2
symbols=$(nm -D --defined-only "$file") || { echo "nm failed on $file"; exit 1; }
[ -n "$symbols" ] || { echo "nm listed no symbols of $file"; exit 1; }
case $mode in
  worker)
    bad=$(printf '%s\n' "$symbols" | awk '
      $2 ~ /^[TDBR]$/ && $3 !~ /^(malloc|calloc|realloc|free|aligned_alloc|memalign|posix_memalign|valloc|pvalloc)$/ { print; next }
      $2 ~ /^[WVuw]$/ && $3 !~ /^_Z(Z)?(NK?)?(St|S[absiod]|9__gnu_cxx|3fmt)/ && $3 !~ /^_ZT[ISV]N?(St|S[absiod]|3fmt|9__gnu_cxx)/ { print; next }
      $2 !~ /^[TDBRWVuw]$/ { print }') ;;
  metalium)
    bad=$(printf '%s\n' "$symbols" | c++filt | grep -E ' [TDBR] (zyxtt::emu::|zyxtt::KernelCompiler|spdlog::)') ;;
  *) echo "unknown mode $mode"; exit 2 ;;
esac
[ -z "$bad" ] || { echo "$file exports what it must not:"; printf '%s\n' "$bad" | c++filt; exit 1; }
