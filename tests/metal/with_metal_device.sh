#!/bin/sh
# Runs a test suite with ZYX_TT_DEVICE=metal, or skips it (exit 77, the
# reason on stdout) when the metal device cannot run it here.
#   with_metal_device.sh WANT KIND COMMAND...
# WANT: card (label metal: a real TT-Metalium and a card) or own (label
# metal-emu: the project's own TT-Metalium); KIND: what the plugin was built
# against (installed, tree, own, or empty when it was not built).
want=$1 kind=$2
shift 2
if [ -z "$kind" ]; then
  echo "skipped: the metal device plugin is not built (no TT-Metalium was found at configure time)"
  exit 77
fi
if [ "$want" = card ]; then
  if [ "$kind" = own ]; then
    echo "skipped: the metal device plugin is built against the project's own TT-Metalium, not a card's"
    exit 77
  fi
  if [ ! -e /dev/tenstorrent ]; then
    echo "skipped: no Tenstorrent card on this machine (/dev/tenstorrent is absent)"
    exit 77
  fi
elif [ "$kind" != own ]; then
  echo "skipped: the metal device plugin is built against a real TT-Metalium ($kind), not the project's own"
  exit 77
fi
ZYX_TT_DEVICE=metal exec "$@"
