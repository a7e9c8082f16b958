#!/usr/bin/env python3
"""Runs the benchmarks once and writes BENCHMARKS.md with ratios of pairs
measured side by side in that run (the machines are shared and noisy).

Usage: python3 bench/report.py [BUILD_DIR]   (or ZYXTT_BUILD_DIR; default build/release)
"""
import json
import os
import pathlib
import platform
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# A target is one or more conditions on the figure, "<= 2.0" or ">= 1.0 (issue
# 25)", joined by "; " (every earlier issue's target stays, beside newer ones);
# "-" is none. report.py exits 1 when a row misses a target in every
# repetition it ran.
# (title, benchmark, baseline, what the ratio means, target, kind): kind
# "time" divides the benchmark's time by the baseline's, "speed" the other
# way round (how many times the baseline's throughput the benchmark reaches).
PAIRS = {
    "protocol_bench": [
        ("command round trip vs bare pipe ping-pong", "BM_RuntimeRoundTrip", "BM_BarePipePingPong",
         "time ratio (lower is better)", "<= 2.0", "time"),
        ("write_buf 64 MiB vs memcpy 64 MiB", "BM_WriteBuf64MiB", "BM_Memcpy64MiB",
         "throughput ratio (higher is better)", ">= 0.7; >= 1.0 (issue 25)", "speed"),
        ("read_buf 64 MiB vs memcpy 64 MiB", "BM_ReadBuf64MiB", "BM_Memcpy64MiB",
         "throughput ratio (higher is better)", ">= 0.7; >= 1.0 (issue 25)", "speed"),
        ("write_buf 64 MiB, a new object every transfer, vs memcpy 64 MiB", "BM_WriteBuf64MiBNewObject",
         "BM_Memcpy64MiB", "throughput ratio (higher is better)", "-", "speed"),
        ("read_buf 64 MiB, a new object every transfer, vs memcpy 64 MiB", "BM_ReadBuf64MiBNewObject",
         "BM_Memcpy64MiB", "throughput ratio (higher is better)", "-", "speed"),
    ],
    "emulator_bench": [
        ("compile_program, cold (empty kernel cache, the user's precompiled kernel API in place), vs the "
         "same compiler building three empty shared objects at once with the JIT's flags", "BM_CompileCold", "BM_CompileThreeEmptyObjects", "time ratio (lower is better)",
         "<= 1.3 (issue 25)", "time"),
        ("compile_program, first for a user and compiler (no precompiled kernel API yet) vs cold",
         "BM_CompileFirstForUser", "BM_CompileCold", "time ratio (lower is better)", "-", "time"),
        ("compile_program, warm start (new process, objects on disk) vs cold (empty cache)",
         "BM_CompileWarmStart", "BM_CompileCold", "time ratio (lower is better)", "-", "time"),
        ("compile_program of an id already compiled (hot) vs command round trip",
         "BM_CompileHot", "BM_RoundTrip", "time ratio (lower is better)", "<= 1.5 (issue 25)", "time"),
        ("run of a trivial program, 1 core, vs command round trip",
         "BM_RunTrivial1Core", "BM_RoundTrip", "time ratio (lower is better)", "-", "time"),
        ("run of a trivial program, 10x12 cores, vs command round trip",
         "BM_RunTrivialGrid", "BM_RoundTrip", "time ratio (lower is better)", "-", "time"),
        ("zyx at size: sin(a) * b over two 2048 x 2048 f32 tensors, a zyx-shaped session (2 write_buf, run on "
         "a 64 x 64 virtual grid with per-element NOC reads and writes, read_buf), vs one host thread's loop",
         "BM_ZyxSinMul2048", "BM_LoopSinMul2048", "time ratio (lower is better)", "<= 5 (issue 25)", "time"),
        ("zyx at size: the same over two 8192 x 8192 f32 tensors (256 MiB each, a 256 x 256 virtual grid)",
         "BM_ZyxSinMul8192", "BM_LoopSinMul8192", "time ratio (lower is better)", "<= 5 (issue 25)", "time"),
        ("first run in a new process (worker start, objects loaded), 10x12, vs a rerun",
         "BM_RunFirst", "BM_RunTrivialGrid", "time ratio (lower is better)", "-", "time"),
        ("exp over 1M fp32, 10x12 cores, vs a std::exp loop",
         "BM_EmuExp1MGrid", "BM_LoopExp1M", "throughput ratio (higher is better)", ">= 0.5; >= 1.6 (issue 25)",
         "speed"),
        ("exp over 1M fp32, 1 core, vs a std::exp loop",
         "BM_EmuExp1MOneCore", "BM_LoopExp1M", "throughput ratio (higher is better)", ">= 0.5", "speed"),
        ("exp over 1M fp32, 10x12 cores: --threads 2 vs --threads 1",
         "BM_EmuExp1MGridThreads2", "BM_EmuExp1MGridThreads1", "speedup (2 cores: ideal 2.0)", "-", "speed"),
        ("FPU add_tiles over 1M fp32, 10x12 cores, vs an a+b loop",
         "BM_EmuAdd1MGrid", "BM_LoopAdd1M", "throughput ratio (higher is better)", ">= 0.5 (issue 4); >= 0.9 (issue 25)",
         "speed"),
        ("FPU add_tiles over 1M fp32, 10x12 cores: --threads 2 vs --threads 1",
         "BM_EmuAdd1MGrid", "BM_EmuAdd1MGridThreads1", "speedup (2 cores: ideal 2.0)", "-", "speed"),
        ("FPU add_tiles over 1M fp32, 1 core, vs an a+b loop",
         "BM_EmuAdd1MOneCore", "BM_LoopAdd1M", "throughput ratio (higher is better)", ">= 0.5 (issue 4); >= 0.9 (issue 25)",
         "speed"),
        ("FPU add_tiles over 1M fp32, 1 core: its CB calls, DST handshake and fiber switches alone (data moves "
         "cut), vs the whole add", "BM_EmuAddCalls1MOneCore", "BM_EmuAdd1MOneCore", "time ratio (lower is better)",
         "-", "time"),
        ("the same on 10x12 cores, --threads 1", "BM_EmuAddCalls1MGridThreads1", "BM_EmuAdd1MGridThreads1",
         "time ratio (lower is better)", "-", "time"),
        ("matmul_tiles 1024^3 fp32, 10x12 cores, --threads 1, vs OpenBLAS sgemm, 1 thread",
         "BM_EmuMatmul1024Threads1", "BM_Sgemm1024OneThread", "throughput ratio (higher is better)", ">= 0.3 (issue 4); >= 1.0 (issue 25)",
         "speed"),
        ("matmul_tiles 1024^3: the same kernels without the tile products (the reader's page copies, CB calls, DST "
         "handshake, pack and switches), vs the whole matmul", "BM_EmuMatmulNoMath1024Threads1", "BM_EmuMatmul1024Threads1",
         "time ratio (lower is better)", "-", "time"),
        ("the same without the page copies too (CB calls, DST handshake, pack and switches alone)",
         "BM_EmuMatmulCalls1024Threads1", "BM_EmuMatmul1024Threads1", "time ratio (lower is better)", "-", "time"),
        ("1M per-element 4-byte reads vs 1024 page reads (same data, --threads 1)",
         "BM_ElementReads1MThreads1", "BM_TileReads1MThreads1", "time ratio (lower is better)", "-", "time"),
    ],
}

PAIRS["metalium_bench"] = []  # only interleaved rows
PAIRS["cluster_bench"] = [
    ("trivial program on every worker core of 8 chips (a 2 x 4 mesh of a Galaxy) vs 1 chip",
     "BM_TrivialRun8Chips", "BM_TrivialRun1Chip", "time ratio (lower is better)", "-", "time"),
    ("the same on 32 chips (the whole 8 x 4 Galaxy) vs 1 chip",
     "BM_TrivialRun32Chips", "BM_TrivialRun1Chip", "time ratio (lower is better)", "-", "time"),
]

# Ratios measured inside one benchmark that alternates both sides in every
# iteration (the only comparison that survives a machine whose load changes
# within a second): (title, benchmark, ratio counter, baseline counter and
# its unit, target).
INTERLEAVED = {
    "protocol_bench": [
        ("client library request vs raw round trip (free_buf of an unknown index)", "BM_ClientVsRawRoundTrip",
         "vs_raw", "raw_ns", "ns", "<= 1.2 (issue 10)"),
    ],
    "metalium_bench": [
        ("run of a reused Program (new runtime args, enqueue) vs one rebuilt every run, 1 core",
         "BM_ProgramReuse1Core", "vs_rebuilt", "rebuilt_us", "us", "< 1 (issue 14)"),
        ("run of a reused Program vs one rebuilt every run, 12x10 cores",
         "BM_ProgramReuseGrid", "vs_rebuilt", "rebuilt_us", "us", "< 1 (issue 14)"),
    ],
}

# Interleaved ratios whose spread matters as much as their median: run on
# their own, SPREAD_REPETITIONS times, and shown as median, lowest and
# highest; a target is met only when every repetition meets it.
# (title, benchmark, ratio counter, baseline counter and its unit, target)
SPREAD = {
    "emulator_bench": [
        ("run of a trivial program, 1 core, vs raw round trip (same runtime)", "BM_RawRunTrivial1Core",
         "vs_round_trip", "round_trip_us", "us", "<= 2.5 (issue 10)"),
        ("run of a trivial program, 10x12 cores, vs raw round trip (same runtime)", "BM_RawRunTrivialGrid",
         "vs_round_trip", "round_trip_us", "us", "<= 5 (issue 10)"),
        ("FPU add_tiles over 1M fp32, 10x12 cores, --threads 1: traced (--trace) vs untraced (same build)",
         "BM_TracedVsUntracedAdd1MGrid", "vs_untraced", "untraced_ms", "ms", "-"),
    ],
    "metalium_bench": [
        ("run of a reused Program (new runtime args, enqueue, finish), 1 core, vs the JSON runtime's trivial run",
         "BM_ReusedVsJsonRun1Core", "vs_json", "json_us", "us", "<= 1.0 (issue 25)"),
        ("the same on 12x10 cores (the JSON run on 10x12)", "BM_ReusedVsJsonRunGrid", "vs_json", "json_us", "us",
         "<= 1.0 (issue 25)"),
    ],
}
SPREAD_REPETITIONS = 9

# Absolute figures with absolute targets: (title, benchmark, what, target)
# where what is "time" (milliseconds), "rate" (million items per second) or
# "counter:<name>:<unit>" (a counter the benchmark reports).
ABSOLUTE = {
    "cluster_bench": [
        ("open and close a Galaxy (32 chips; their device workers start at the first run)", "BM_OpenCloseGalaxy",
         "time", "-"),
        ("memory of a started, idle chip (PSS of the process and its device workers, per chip of 32)",
         "BM_TrivialRun32Chips", "counter:chip_mib:MiB", "-"),
    ],
    "emulator_bench": [
        ("compile_program, cold: 3 kernels in zyx's shape, empty kernel cache", "BM_CompileCold", "time", "<= 1000 ms"),
        ("compile_program, first for a user and compiler: 3 kernels, no precompiled headers yet",
         "BM_CompileFirstForUser", "time", "<= 1000 ms"),
        ("compile_program, warm start: new process, objects on disk", "BM_CompileWarmStart", "time", "<= 10 ms; <= 3 ms (issue 25)"),
        ("zyx's per-element path: 4-byte noc.async_read per element, --threads 1",
         "BM_ElementReads1MThreads1", "rate", ">= 50 M elements/s per thread"),
    ],
}

NOTES = {
    "cluster_bench": [
        "ZYX_TT_CLUSTER=galaxy: 32 emulated Blackholes of 13 x 10 worker cores, each with its own device worker "
        "process, driven through the project's TT-Metalium. A trivial program is three empty kernels on every "
        "worker core of every chip of the mesh; the chips run at once, each on a host thread of its own, on "
        "this machine's two cores.",
    ],
    "metalium_bench": [
        "Through the project's TT-Metalium on the emulator, three kernels that only read their args and one "
        "CB: each iteration runs the Program the metal device keeps (SetRuntimeArgs on every core, enqueue, "
        "wait) and then one built from scratch (CreateProgram, CreateKernelFromString x3, CreateCircularBuffer, "
        "the same args, enqueue, wait), as zyx's reference runtime does per run. Kernel objects are cached on "
        "both sides, so the rebuilt side pays program building and the device's per-program setup, not "
        "compiles. The measured column is one iteration of both sides; the baseline the rebuilt side alone.",
        "The reused Program is also set beside the JSON runtime's trivial run (three empty kernels, driven raw "
        "on its pipes) on as many cores, alternating in every iteration: a TT-Metalium program talks to the "
        "emulator from its own process, where a JSON run crosses three. Its runtime args live once, in the "
        "form the device takes, and setting them again reuses their storage (SetRuntimeArgs on 12x10 cores "
        "x 3 kernels: 33 -> 10 us; the per-run copy of every core's args into a run, 14 us, is gone). "
        "On the AVX2 EPYC of 2026-12-07's second session the 12x10 row missed in every repetition of one "
        "report (1.00 to 1.16, the JSON run 69 to 84 us) and read 0.98 to 1.14 in the next. Timed inside both (a probe around the device's run, not kept), per "
        "run: SetRuntimeArgs x 360 took 8.9 us, EnqueueMeshWorkload's checks 5.6 (check_run over the args "
        "map 2.9, since dropped: the setters already refuse such args; the program comparison in compiled_for "
        "0.8) and the job 3.8 before the worker was asked; "
        "the worker's run itself took 63 to 75 us against the JSON run's 52 to 61 on the same grid, of "
        "which about 5 are the 360 get_arg_val loads (their L1 lines have left the cache by the time each "
        "kernel runs: the same kernels without them took 59 to 60 us). Setting up every core before making "
        "any task, so that the args are written last, measured no gain in alternated runs; where the rest "
        "of the worker's difference goes is not known yet.",
    ],
    "protocol_bench": [
        "write_buf and read_buf move an object's first transfer with preadv / pwritev on its descriptor "
        "(1024 pages per call) and later transfers of the same object through a mapping kept for it, copied "
        "under a SIGBUS guard (an object the client shrinks mid-copy ends the copy with an error answer), in "
        "two halves on two threads above 8 MiB. The 64 MiB rows reuse one object, as a client with a staging "
        "buffer does; their first two transfers are not timed. The new-object rows make a fresh object for "
        "every transfer, as zyx does: on this kind of VM the first touch of a new mapping costs more than the "
        "copy, so those stay on the descriptor. The 64 MiB rows are bound by memory bandwidth, which other "
        "guests of the host share: in one hour of 2026-12-07 memcpy of 64 MiB took 2.9 to 6.3 ms here, and a "
        "transfer's ratio to it moved with that. Tried and not kept (alternated runs of both runtimes): "
        "non-temporal stores above 32 MiB (a stand-alone loop of the same copies ran 1.3 to 1.6x as fast, "
        "the runtime's transfers did not, and read_buf lost up to 40 %); pieces of 1 MiB claimed by both "
        "threads instead of a half each (timed inside the runtime, one half took 3.0 ms and the other 1.9, the "
        "slower on vCPU 0 there and in a stand-alone loop alike; claiming gained nothing measurable).",
        "The raw round trip writes the same free_buf line to another runtime process and reads up to the "
        "answer's newline with plain write and read calls: the floor any client can reach. The interleaved "
        "row sends that line raw and then through the client library to the same runtime process in every "
        "iteration (the raw side opens the runtime's pipes again through /proc), so both see the same "
        "process and load; with two runtimes, whichever still polled after its answer took a CPU from the "
        "other side and the ratio swung between 0.7 and 2.5 from one run to the next.",
        "The round trip can beat the bare pipe because the runtime polls its stdin for 200 us after each "
        "answer (--idle-spin-us) while the bare ping-pong sleeps in read: on a VM, waking a sleeping "
        "process is most of a round trip.",
    ],
    "emulator_bench": [
        "Programs run through the real runtime, its device worker and real shm; every pipeline's result is "
        "checked once against the host before it is timed. 1M fp32 = 1024 tiles of 4096 bytes, dealt over "
        "the cores; the reader moves one 4096-byte page per tile, compute does copy_tile + exp_tile + "
        "pack_tile (or add_tiles + pack_tile), the writer writes the page back. Without `--threads` the "
        "runtime uses one host thread per CPU (2 here); the host loops use one thread.",
        "A cold compile_program is set beside the same compiler (g++, or ZYX_TT_COMPILER) building three "
        "empty shared objects (extern \"C\" void kernel_main() {}) at once with the JIT's flags: the "
        "difference is what the kernel-API headers cost. Cold means an empty kernel cache with the user's "
        "precompiled kernel API in place (each role's standard headers and prelude, built once per user, "
        "compiler and kernel-API tree, in the background, by the first runtime that needs them, and the head "
        "zyx's compute kernels start with, built once two kernels started that way; the run makes them in a "
        "cache home of its own before it times); the first "
        "compile for a user, before they exist, is its own row. Where a cold compile's time goes (CPU ms per "
        "process, perf stat, on a loaded machine): an empty object 115, of which 65 is the link (against "
        "libstdc++.so); with the precompiled standard headers alone a reader took about 255 and a compute "
        "kernel 340: the reader parsed the dataflow API (76 ms to -fsyntax-only against 27 for an empty file), "
        "and a compute kernel spent about 70 ms instantiating the ~100 templates of <cmath>'s special math "
        "functions, which GCC does at the end of every compile, after a precompiled header too (it writes "
        "the header before it instantiates what the header queued). Both are gone: the prelude is "
        "precompiled per role, and kernels get <cmath> without the special functions. A compute kernel then "
        "still parsed the compute API it includes (2026-12-08, ms per zyx compute kernel, best of 7: 130 in "
        "all, 81 to -fsyntax-only, of which 31 with an empty body): since then its head (the #include lines "
        "it starts with, kernel API and standard headers only) is precompiled on top of the compute header, "
        "once per head, flags and set, in the background once a second kernel starts that way, and "
        "zyx's compute kernel takes 77 to 82 (the object byte for byte the same); the reader, whose API is "
        "in its role's header already, would gain 5 and is left as it is. Cold compile_program, alternated "
        "with and without the heads on that day's host: 199-215 against 254-263 ms. What is left: every "
        "object pays the link, and on this VM a precompiled header costs its "
        "page faults (3,000 against 1,100 for an empty compile). Linking without default libraries would "
        "save 45 ms an object but leaves references unversioned, and glibc then binds expf to its old, "
        "slower version (exp over 1M fp32 ran 1.7x slower). The floor under issue 25's 1.3 (perf stat -r 5, "
        "CPU ms per process, 2026-12-06): an empty object 116-119 (cc1plus 46, as 18, link 58); a kernel whose "
        "body is empty, with its role's precompiled API, 165-171, already 1.42x: loading the 17 MB precompiled "
        "header is 38 ms of cc1plus and the entry stub (the kernel's record and ABI entry points) about 30; "
        "zyx's reader then adds about 50 ms parsing and optimising its own code at -O2 (cc1plus 155 against 46), "
        "its compute kernel about 90 (196, of which 40 was the compute API, precompiled with its head "
        "since). Explicit -lm -lc -lgcc_s instead of the default libraries would save 20 ms of a link "
        "(63 -> 43). No choice of headers reaches 1.3 while each kernel is its own GCC process at -O2.",
        "Warm start: the compiler's -v report is remembered per user (since 2026-12-08; in the kernel cache "
        "before, which a cold compile's new cache then asked again: about 15 ms) per compiler executable and "
        "the kernel-API fingerprint is one fstatat per file (before, a new runtime started g++ -v and read "
        "every header: 21 ms). The walk (about 400 system calls over 360 headers) is what the first compile "
        "waits for, so it begins when the device is made, before init; after it, the compile costs 0.4 to "
        "0.7 ms (reading and checking three cached objects 0.25). Most of a new process's time comes before "
        "init: from spawn to the first compile answer took 33 ms (median; 18 at best) on a loaded machine, of "
        "which a start's 455 page faults were a large part, 256 of them for zeroing the 1 MiB input buffer; "
        "with it left unzeroed and the walk begun early (230 faults) the same took 27 (15 at best). About a "
        "third of what is left are the "
        "dynamic loader's (ten shared libraries; fmt and spdlog have no static builds here, so libstdc++.so "
        "stays).",
        "zyx at size: zyx's shape for sin(a) * b (one 4-byte NOC read per element into a row-major page, one "
        "32 x 32 tile per virtual core, one 4-byte write per element back), timed from the first write_buf to "
        "the last read_buf over sessions that reuse their buffers and objects. Where the time goes (8192: 2 "
        "write_buf 57 ms, run 1.69 s, read_buf 44 ms; in the worker, perf: noc_read 20%, sinf 10%, noc_write 9%, "
        "cb_window_addr 8%; two thirds of noc_read is the 4-byte load itself, a cache miss on every new row of "
        "the tile) is the per-element NOC path, not the waves of virtual cores or per-core setup. Each "
        "read used to miss the one-buffer DRAM check cache, as the reader alternates two inputs (the cache "
        "keeps two now: run 173 -> 145 ms at 2048). The first session of a process is reported apart "
        "(first_session_ms, about 8x the loop): it touches fresh memory everywhere (DRAM, the client's "
        "objects, the output), and on this VM the first touch of fresh memory costs far more than the copy "
        "(memset of 512 MiB of a new memfd: 1.9 s; a page fault on a new mapping 6.6 us), which the runtime "
        "now cuts where it can (a buffer's first transfer and a fresh mapping are populated ahead: the first "
        "2 x 256 MiB write_buf 960 -> 525 ms).",
        "The interleaved rows drive one runtime raw (plain write and read on its pipes) and alternate, in "
        "every iteration, the cheapest command (free_buf of an unknown index) with a trivial run (three "
        "empty kernels per core); the ratio is of the summed times. A run crosses three processes (client, "
        "runtime, device worker) where the round trip crosses two, and each of them polls for a while before "
        "it sleeps (--idle-spin-us): with other work on this 2-CPU VM every extra hand-off can wait for a CPU, "
        "so the ratio grows with load. Polls stop when a yield shows the machine busy (--idle-spin-us): "
        "before that rule, beside two busy-looping processes the 10x12 ratio read 4.5 to 344 (runs of up to "
        "4 ms); with it, 2.5 to 4.0 beside two and 3.6 to 4.1 beside one (three runs each, 21:43 UTC on "
        "2026-12-03). The table is of a machine without other work. The round trip also runs while the worker "
        "still polls after the previous run, which makes it slower than on an idle runtime (the ratio reads "
        "lower).",
        "add_tiles is bound by copies, not math: per tile the emulator moves 4 x 4 KiB (two NOC reads into "
        "L1, pack_tile from DST, one NOC write back) where the a+b loop streams 12 KiB once. These copies "
        "(NOC pages, fp32 tiles) run through a vector loop: glibc's memmove took rep movsb for them, 1.3 to "
        "2x as slow on this AMD host for 512 B to 8 KiB. What is left is memory time (perf: the copy loop "
        "about 45% of the worker, its loads from DRAM most of it); the DRAM traffic is the loop's, the L1 "
        "side and the per-tile CB calls are the rest. The --threads 2 vs --threads 1 row of the add shows what "
        "a second host thread buys a memory-bound pipeline, beside exp's (compute-bound). "
        "The grid row met issue 4 (0.61 to 0.74) until the report of 2026-12-05 20:36 and read 0.39 to 0.47 in "
        "every report since. The add's path gained only small per-call costs in between (kernel lines on CB "
        "calls, the L1 window's gate around each fiber resume, the DST handshake per TRISC), and side by side "
        "the lead read 0.48 vs 0.47 ms for a session's first and last build (commit 955b526). What the later "
        "reports share is load that rose while they ran (up to 7.4 on 2 CPUs), and the grid row is the one "
        "that needs both CPUs. Counted in the worker beside other engineers' compilers (load 11 to 13), the "
        "helper thread claimed no core in 40 to 50% of the grid runs (it woke after the caller had claimed "
        "them all), while the caller's wait for a helper's last core stayed near 2 us: a busy machine turns "
        "the grid into a one-thread run rather than stalling it. So that a helper joins every run of a quiet "
        "machine, helpers wait awake for the next run (--idle-spin-us, ended at once when yields come back "
        "late) and the caller for their last core, instead of sleeping (a VM wakes a thread in tens of "
        "microseconds). Where a one-core add's time goes: its CB calls, DST handshake and fiber "
        "switches alone (the calls rows: the same kernels with the data moves cut) are about a third; the "
        "data moves themselves (two 4 KiB page reads from DRAM, add_tiles, pack_tile, a page write) take "
        "about twice an a+b loop on their own (0.23 vs 0.12 ms in a stand-alone C++ loop of the same copies "
        "over the same page layout, both built with -O3 -march=native), and the stores of each 4 KiB copy "
        "stall the calls that follow it (perf puts their samples on the callee's first push). The grid adds on one thread what 120 cores cost that one core does not: each core's "
        "six 4 KiB CB pages and its DST tile (3.4 MiB in all) fall out of L2 between runs, and setting up 120 "
        "cores and their 360 kernels costs about 55 us. Issue 25's 0.9 needs the calls and the copies about "
        "halved: fewer switches per tile, and CB and DST pages that stay in cache. exp_tile runs glibc's "
        "expf algorithm eight lanes at a time in AVX-512 doubles, or twice four in AVX2 doubles, "
        "bit-identical to std::exp (every float word compared, with x * 32/ln 2 fused into the rounding and "
        "the reduction as glibc's FMA build fuses it; a host whose libm differs keeps std::exp). With "
        "AVX-512 the 32-entry table of 2^(i/32) is looked up with two register permutes and a blend "
        "instead of a gather: exp of 1M floats alone took 0.92 ms with the gather and 0.45 with the "
        "permutes, and the grid row went from 1.43 (2026-12-07 14:09 UTC) to about 2. On the AVX2-only "
        "EPYC of the evening of 2026-12-07 exp_tile had no vector path and ran std::exp per element; the "
        "AVX2 path (gathered table) took 1.4 ms against 4.7 for a std::exp loop, stand-alone. The transfer rows are the runtime's as before, alternated with a "
        "build of that afternoon on 2026-12-07 16:40 UTC: read_buf 64 MiB took 3.6-3.9 ms with either "
        "(memcpy 3.1-4.2), where the 14:09 report had 2.9.",
        "matmul_tiles: 32,768 calls of one 32 x 32 x 32 tile product each (fp32 in L1, TF32 on the FPU), both "
        "operand tiles brought by 4 KiB NOC page reads. Where the time went (perf on the device worker, "
        "--threads 1): the tile math 48% (a multiply, then an add, 16 lanes, eight rows at a time, plus a "
        "TF32 copy of both operands), the reader's page copies 25% (256 MiB a run), CB calls, fiber switches "
        "and the NOC path the rest. The tile math now takes one fused multiply-add per product where that "
        "gives the same bits: a product of two TF32 values (11 significant bits each) is exact in fp32 unless "
        "it overflows or falls below 2^-126, and a multiply-add rounds an exact product once, as the add "
        "alone does. One pass over both operands per call (TF32 and fidelity masks folded in) checks the "
        "exponent range and the significand width; inf, NaN, subnormals, exponents whose products could "
        "leave the normal range, fp32 operands with TF32 off and HiFi3 take the old loop, and a test holds "
        "both paths to a scalar reference bit for bit (a planted dot where fusing would round differently "
        "included). Per tile on this host (Zen 5): 1,480 -> 1,170 cycles, of which the multiply-add loop is "
        "about 1,000, two 512-bit FMAs a cycle, the core's peak; the checks are the rest. Now (perf, "
        "loaded machine): tile math 45%, page copies 35%, the CB / NOC / fiber calls the rest; the copies "
        "and calls are the dataflow side's. The baseline is OpenBLAS 0.3.21, "
        "which runs its Haswell kernel (256-bit FMAs) here at about that kernel's peak: the emulator's math "
        "alone takes a little over half its time; the copies and per-tile calls decide the rest. The two "
        "rows below the matmul measure that split instead of sampling it: the same kernels without "
        "matmul_tiles, and without the reader's two page reads too (2026-12-07: about 0.4 and 0.17 of the "
        "whole, so math and its operand checks about 60%, the 65,536 page reads 23%, CB calls, DST "
        "handshake and switches 17%). A stand-alone loop of the same page copies and fused tile products "
        "over the same data (/tmp harness, -O3 -march=native) took 2.9 + 12.0 ms, additively: the tile "
        "products read their operands fresh from the copies at no extra cost, and the math alone is 366 "
        "ns a tile (1,300 cycles, 1,024 at two 512-bit FMAs a cycle). Tried and not kept (no gain in "
        "paired runs): broadcasting A's words through the mask instead of a masked copy of A; prefetching "
        "the source page non-temporally in the NOC copy (slower: 23.1 against 22.3 ms). Without AVX-512 "
        "the fused path declines and the plain loop runs every product (a multiply, then an add): on the "
        "AVX2-only EPYC of 2026-12-07 it took 1.4 s a run (0.02 of OpenBLAS) because its 16-float vectors "
        "were wider than the registers and GCC split them through the stack; at the build's own width (8 "
        "lanes, two rows a block) 67 ms, 0.25 to 0.37 of OpenBLAS, whose Haswell kernel fuses its "
        "multiply-adds there. Since the evening of 2026-12-07 such hosts take a fused AVX2 path (the same checks, "
        "eight lanes, two rows a block, both operands masked into copies once a tile): on the AVX2 EPYC of "
        "that night's second session (faster than the first: sgemm 22 against 31 ms) 2 to 4% faster than the "
        "multiply-then-add loop in alternated runs (52.4 / 55.6 -> 51.1 / 53.6 ms), because Zen issues a "
        "multiply and an add in the same cycle as an FMA; blocks of six rows by one "
        "face column (12 accumulators) measured the same. There the math runs at about 1.4 FMAs a cycle and "
        "is about 60% of the run, so even the core's peak would leave the row near 0.5: the page copies "
        "and per-tile calls (the two rows below) would have to go for 1.0. The host of 2026-12-08 (an AVX2 EPYC slower and noisier than the one "
        "before) measured the same build's one-core add at 1.04 to 1.98 ms and its matmul at 52 to 114 ms in "
        "runs minutes apart; that session's first build (d45d977) and its last, alternated nine times, "
        "showed no difference (matmul fastest 54.7 against 51.8 ms, medians within the spread), so the "
        "issue-4 rows that miss in its reports are that host's, as the kernels' code is the same "
        "instruction for instruction.",
    ],
}

REPETITIONS = 3
REPEATED = {"emulator_bench"}  # protocol_bench keeps its single run
UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
CONDITION = re.compile(r"(<=|>=|<|>)\s*([0-9]+(?:\.[0-9]+)?)")
COMPARE = {"<=": lambda v, t: v <= t, ">=": lambda v, t: v >= t, "<": lambda v, t: v < t, ">": lambda v, t: v > t}
MISSED = []  # rows that missed a target in every repetition


def conditions(target):
    return [(m.group(1), float(m.group(2))) for part in target.split(";") if (m := CONDITION.search(part))]


def judged(title, target, values):
    """'yes' when every value meets every condition of target, else 'no'; a
    row where some condition fails for every value goes into MISSED."""
    conds = conditions(target)
    if not conds:
        return "-"
    if any(all(not COMPARE[op](v, t) for v in values) for op, t in conds):
        MISSED.append(f"{title}: {', '.join(f'{v:.2f}' for v in values)} against {target}")
    return "yes" if all(COMPARE[op](v, t) for v in values for op, t in conds) else "no"


def build_dir():
    arg = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("ZYXTT_BUILD_DIR", "build/release")
    path = pathlib.Path(arg)
    return path if path.is_absolute() else ROOT / path


def run(binary):
    """{name: result}: the median of the repetitions (or the one run), each
    repetition's result under "repetitions"."""
    args = [str(build_dir() / "bench" / binary), "--benchmark_format=json", "--benchmark_min_time=0.5"]
    if binary in REPEATED:
        # Repetitions interleaved in random order, so that both sides of a
        # pair see the same spells of load; each figure is the median.
        args += [f"--benchmark_repetitions={REPETITIONS}", "--benchmark_enable_random_interleaving=true"]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    results, repetitions = {}, {}
    for b in json.loads(out)["benchmarks"]:
        name = b["name"].split("/")[0]
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                results[name] = b
        else:
            repetitions.setdefault(name, []).append(b)
            results.setdefault(name, b)
    for name, result in results.items():
        result["repetitions"] = repetitions.get(name, [result])
    return results


def run_repetitions(binary, names):
    """Each repetition of each benchmark in names: {name: [result, ...]}."""
    args = [str(build_dir() / "bench" / binary), "--benchmark_format=json", "--benchmark_min_time=0.5",
            f"--benchmark_filter=^({'|'.join(names)})/", f"--benchmark_repetitions={SPREAD_REPETITIONS}",
            "--benchmark_enable_random_interleaving=true"]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    results = {}
    for b in json.loads(out)["benchmarks"]:
        if b.get("run_type") == "iteration":
            results.setdefault(b["name"].split("/")[0], []).append(b)
    return results


def spread_rows(binary):
    rows = SPREAD[binary]
    results = run_repetitions(binary, [r[1] for r in rows])
    lines = [f"The rows below ran on their own, {SPREAD_REPETITIONS} repetitions in random interleaved order; "
             "a target is met only when every repetition meets it.", "",
             "| interleaved comparison | measured (median) | baseline (median) | ratio: median | lowest | highest "
             "| target | met in every repetition |",
             "|---|---|---|---|---|---|---|---|"]
    for title, name, counter, base, unit, target in rows:
        reps = [r for r in results.get(name, []) if not r.get("error_occurred")]
        if len(reps) != SPREAD_REPETITIONS:
            lines.append(f"| {title} | not measured: {len(reps)} of {SPREAD_REPETITIONS} repetitions ran | - | - "
                         f"| - | - | {target} | - |")
            continue
        ratios = sorted(r[counter] for r in reps)
        median = ratios[len(ratios) // 2]
        runs = sorted(r["real_time"] for r in reps)
        trips = sorted(r[base] for r in reps)
        unit_of_run = reps[0]["time_unit"]
        lines.append(f"| {title} | {runs[len(runs) // 2]:.1f} {unit_of_run} | {trips[len(trips) // 2]:.1f} {unit} "
                     f"| {median:.2f} | {ratios[0]:.2f} | {ratios[-1]:.2f} | {target} "
                     f"| {judged(title, target, ratios)} |")
    return lines + [""]


def ns(result):
    return result["real_time"] * UNIT_NS[result["time_unit"]]


def shown(result):
    v = result["real_time"]
    digits = 0 if v >= 100 else 1 if v >= 10 else 2
    return f"{v:.{digits}f} {result['time_unit']}"


def missing(results, *names):
    for n in names:
        if n not in results:
            return f"{n} did not run"
        if results[n].get("error_occurred"):
            return f"{n}: {results[n].get('error_message', 'error')}"
    return None


def mesh_ranks_rows():
    """mesh_ranks_bench under mpirun: each configuration 3 times, the median."""
    binary = build_dir() / "bench" / "mesh_ranks_bench"
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")

    def figure(cluster, ranks, *args):
        values = []
        for _ in range(3):
            out = subprocess.run(["mpirun", "-np", str(ranks), "--oversubscribe", str(binary), *args],
                                 env=dict(env, ZYX_TT_CLUSTER=cluster), capture_output=True, text=True, timeout=600)
            found = re.search(r": ([0-9.]+) (ms|us|CPU s)", out.stdout)
            if out.returncode != 0 or not found:
                return None
            values.append(float(found.group(1)))
        return sorted(values)[1]

    lines = ["## mesh_ranks_bench", "",
             "One mesh over MPI ranks on this machine (`mpirun --oversubscribe`; bench/mesh_ranks_bench.cpp), each "
             "figure the median of 3 jobs. A Galaxy's 32 chips run a stamp program on a 4 x 4 grid of every chip, "
             "20 runs timed between barriers, emulated by 1, 2 and 4 ranks: every rank's chips, its host thread per "
             "chip and its device workers share the same 2 cores, so more ranks divide the work but not the "
             "cores; what 2 ranks gain is the runs of two processes overlapping where one process waits. An "
             "ethernet stream of acknowledged 4 KiB blocks between the two chips of a P300, in one process and "
             "across two ranks: a cross-rank block crosses twice (data, then the acknowledgement), each time "
             "through the sending chip's mail ring, the rank's carrier thread, MPI, the other carrier (which polls "
             "MPI every 20 us while traffic flows) and the waiting kernel's next look (it sleeps 50 us between "
             "looks once its spin ends). Idle: CPU time of rank 0 over 5 s with the mesh open and nothing to do.",
             "", "| figure | measured |", "|---|---|"]
    runs = {r: figure("galaxy", r, "galaxy", "20") for r in (1, 2, 4)}
    for r, v in runs.items():
        extra = f" ({runs[1] / v:.2f}x 1 rank)" if v and runs[1] and r != 1 else ""
        lines.append(f"| Galaxy run (32 chips), {r} rank{'s' if r > 1 else ''} | "
                     f"{f'{v:.2f} ms' if v else 'not measured'}{extra} |")
    local, remote = figure("p300", 1, "ethernet", "2000"), figure("p300", 2, "ethernet", "2000")
    lines.append(f"| ethernet block, both chips in one process | {f'{local:.1f} us' if local else 'not measured'} |")
    ratio = f" ({remote / local:.0f}x one process)" if local and remote else ""
    lines.append(f"| ethernet block, chips on two ranks | {f'{remote:.1f} us' if remote else 'not measured'}{ratio} |")
    idle = figure("p300", 2, "idle", "5")
    lines.append(f"| idle rank with the mesh open, CPU per 5 s | {f'{idle:.3f} s' if idle is not None else 'not measured'} |")
    return lines + [""]


def cpu_description():
    """The CPU's model name and widest vector extension: the tile math's speed depends on both."""
    model, flags = "unknown CPU", set()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key.strip() == "model name" and model == "unknown CPU":
                    model = value.strip()
                elif key.strip() == "flags" and not flags:
                    flags = set(value.split())
    except OSError:
        pass
    vectors = "AVX-512" if "avx512f" in flags else "AVX2" if "avx2" in flags else "SSE"
    return f"{model}, {vectors}"


def main():
    made_by = "python3 bench/report.py" + (f" {sys.argv[1]}" if len(sys.argv) > 1 else "")
    lines = ["# Benchmarks", "",
             f"Made by `{made_by}` after a release build, on {platform.node()} ({platform.machine()}, "
             f"{subprocess.getoutput('nproc')} cores, {cpu_description()}). Every ratio compares two benchmarks "
             "of the same run; absolute times move with the machine's load.", ""]
    load_at_start = os.getloadavg()[0]
    for binary, pairs in PAIRS.items():
        results = run(binary)
        lines += [f"## {binary}", ""]
        notes = list(NOTES.get(binary, []))
        if binary in REPEATED:
            notes.append(f"Each figure is the median of {REPETITIONS} repetitions run in random interleaved order.")
        if notes:
            lines += [" ".join(notes), ""]
        if pairs:
            lines += ["| comparison | measured | baseline | ratio | target | met in every repetition |",
                      "|---|---|---|---|---|---|"]
        for title, name, base, meaning, target, kind in pairs:
            problem = missing(results, name, base)
            if problem:
                lines.append(f"| {title} | - | - | not measured: {problem} | {target} | - |")
                continue
            a, b = ns(results[name]), ns(results[base])
            ratio = a / b if kind == "time" else b / a
            # Repetition i of one side beside repetition i of the other.
            each = [ns(x) / ns(y) if kind == "time" else ns(y) / ns(x)
                    for x, y in zip(results[name]["repetitions"], results[base]["repetitions"])]
            lines.append(f"| {title} | {shown(results[name])} | {shown(results[base])} | {ratio:.2f} ({meaning}) "
                         f"| {target} | {judged(title, target, each or [ratio])} |")
        if pairs:
            lines.append("")
        if binary in INTERLEAVED:
            lines += ["| interleaved comparison | measured | baseline | ratio | target | met |",
                      "|---|---|---|---|---|---|"]
            for title, name, counter, base, unit, target in INTERLEAVED[binary]:
                problem = missing(results, name)
                if problem:
                    lines.append(f"| {title} | not measured: {problem} | - | - | {target} | - |")
                    continue
                r = results[name]
                ratio = r[counter]
                lines.append(f"| {title} | {shown(r)} | {r[base]:.1f} {unit} | {ratio:.2f} | {target} | "
                             f"{judged(title, target, [ratio])} |")
            lines.append("")
        if binary in SPREAD:
            lines += spread_rows(binary)
        if binary in ABSOLUTE:
            lines += ["| figure | measured | target | met |", "|---|---|---|---|"]
            for title, name, what, target in ABSOLUTE[binary]:
                problem = missing(results, name)
                if problem:
                    lines.append(f"| {title} | not measured: {problem} | {target} | - |")
                    continue
                if what == "time":
                    value = ns(results[name]) / 1e6
                    text = f"{value:.1f} ms"
                elif what.startswith("counter:"):
                    _, counter, unit = what.split(":")
                    value = results[name][counter]
                    text = f"{value:.1f} {unit}"
                else:
                    value = results[name]["items_per_second"] / 1e6
                    text = f"{value:.1f} M/s"
                lines.append(f"| {title} | {text} | {target} | {judged(title, target, [value])} |")
            lines.append("")
    lines += mesh_ranks_rows()
    lines[2] += (f" Load average (1 min) {load_at_start:.1f} at the start and {os.getloadavg()[0]:.1f} at the end "
                 "of this run.")
    if MISSED:
        lines += ["## Missed targets", "", "These rows missed a target in every repetition (report.py exits 1):", ""]
        lines += [f"- {m}" for m in MISSED] + [""]
    (ROOT / "BENCHMARKS.md").write_text("\n".join(lines))
    print("\n".join(lines))
    return 1 if MISSED else 0


if __name__ == "__main__":
    sys.exit(main())
