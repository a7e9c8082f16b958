// The compute configuration a kernel is built with (tt-metal's ComputeConfig),
// as the JIT passes it in -D flags. One place for the defaults: the compute
// headers read them as DST_ACCUM_MODE & co, and the entry code reports them
// to the emulator at bind time (krt_abi.h).
#pragma once

#ifndef ZYXTT_DST_ACCUM_MODE
#define ZYXTT_DST_ACCUM_MODE 1
#endif
#ifndef ZYXTT_MATH_APPROX
#define ZYXTT_MATH_APPROX 0
#endif
#ifndef ZYXTT_DST_FULL_SYNC
#define ZYXTT_DST_FULL_SYNC 0
#endif
#ifndef ZYXTT_MATH_FIDELITY
#define ZYXTT_MATH_FIDELITY 4
#endif
