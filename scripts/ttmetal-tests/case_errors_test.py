#!/usr/bin/env python3
"""run-ttmetal-tests' reading of gtest output: a failed case's first error is
the first line that names one, not a logged warning before it (the emulator's
warnings say what would make them errors)."""
import importlib.machinery
import sys
from pathlib import Path

sys.dont_write_bytecode = True
runner = importlib.machinery.SourceFileLoader(
    "runner", str(Path(__file__).resolve().parent.parent / "run-ttmetal-tests")).load_module()

OUTPUT = """[ RUN      ] Suite.Warns
[05:49:15.855] [zyx-tt-emulator] [warning] core (x=0, y=1) reader: 7 NOC atomic(s) left (ZYX_TT_STRICT=1 makes it an error)
kernel.cpp:3:1: warning: unused variable 'x' (treated as no error)
terminate called after throwing an instance of 'zyxtt::Error'
[  FAILED  ] Suite.Warns (5 ms)
[ RUN      ] Suite.Passes
[05:49:15.900] [zyx-tt-emulator] [warning] something that is an error elsewhere
[       OK ] Suite.Passes (1 ms)
"""


def main():
    cases, running, _ = runner.parse_gtest(OUTPUT)
    want = {"Suite.Warns": ("failed", "terminate called after throwing an instance of 'zyxtt::Error'"),
            "Suite.Passes": ("passed", None)}
    ok = cases == want and running is None
    last = runner.last_error_line(OUTPUT)
    ok = ok and last == "terminate called after throwing an instance of 'zyxtt::Error'"
    if not ok:
        print(f"got {cases!r}, running {running!r}, last {last!r}; want {want!r}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
