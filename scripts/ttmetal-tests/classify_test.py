#!/usr/bin/env python3
"""run-ttmetal-tests' private-class rule on a made-up checkout: a source that
does not build is out of reach when it includes one of tt-metal's private
headers, itself or through the test tree's headers, whatever its first error;
headers we install, public ones and the test tree's own are not private."""
import importlib.machinery
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True
runner = importlib.machinery.SourceFileLoader(
    "runner", str(Path(__file__).resolve().parent.parent / "run-ttmetal-tests")).load_module()


def write(path, text=""):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def main():
    with tempfile.TemporaryDirectory() as d:
        ck, installed = Path(d) / "tt-metal", Path(d) / "root" / "include"
        grp = ck / "tests/tt_metal/tt_metal/grp"
        write(ck / "tt_metal/impl/secret/thing.hpp")
        write(ck / "tt_metal/impl/context/metal_context.hpp")       # private, but we install our own
        write(installed / "tt_metal/impl/context/metal_context.hpp")
        write(ck / "tt_metal/api/tt-metalium/new_public.hpp")         # public, not installed yet
        write(grp / "grp_fixture.hpp", '#include "impl/secret/thing.hpp"\n')
        write(ck / "tests/tt_metal/tt_metal/common/shared.hpp", "#include <vector>\n")
        sources = {
            # first error a missing public header, a private one after it
            "public_then_private": '#include <tt-metalium/new_public.hpp>\n#include "impl/secret/thing.hpp"\n',
            # the private header behind a header of the test tree
            "through_fixture": '#include <tt-metalium/new_public.hpp>\n#include "grp_fixture.hpp"\n',
            # only public headers, ours, the test tree's (by the checkout's root) and a commented-out private one
            "reachable": '#include <tt-metalium/new_public.hpp>\n#include "impl/context/metal_context.hpp"\n'
                         '#include "tests/tt_metal/tt_metal/common/shared.hpp"\n// #include "impl/secret/thing.hpp"\n',
            # its first error is the private header itself
            "private_first": '#include "impl/secret/thing.hpp"\n',
        }
        errors = {
            "public_then_private": "fatal error: tt-metalium/new_public.hpp: No such file or directory",
            "through_fixture": "fatal error: tt-metalium/new_public.hpp: No such file or directory",
            "reachable": "fatal error: tt-metalium/new_public.hpp: No such file or directory",
            "private_first": "fatal error: secret/thing.hpp: No such file or directory",
        }
        write(ck / "tt_metal/secret/thing.hpp")  # so that private_first's missing header is a private one
        tests = []
        for name, text in sources.items():
            write(grp / f"{name}.cpp", text + "TEST(A, B) {}\n")
            t = runner.Source(ck, grp / f"{name}.cpp")
            t.build_error = errors[name]
            tests.append(t)
        runner.classify_private(tests, ck, installed)
        got = {Path(t.rel).stem: t.build_error for t in tests}
        want = {
            "public_then_private": "[private] includes impl/secret/thing.hpp",
            "through_fixture": "[private] includes impl/secret/thing.hpp",
            "reachable": errors["reachable"],
            "private_first": "[private] " + errors["private_first"],
        }
        bad = {k: (got[k], want[k]) for k in want if got[k] != want[k]}
        for k, (g, w) in bad.items():
            print(f"{k}: got {g!r}, want {w!r}")
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
