// Force-included before every kernel source (-include). Declares both entry
// styles weakly so the entry stub can call whichever the source defines.
#pragma once

#include "zyxtt/kernel_base.h"

void kernel_main() __attribute__((weak));

#if defined(COMPILE_FOR_TRISC)
// tt-metal builds a compute kernel three times, one per TRISC; here one fiber
// plays unpack, math and pack in program order, so each one's code is in.
#define TRISC_UNPACK 1
#define TRISC_MATH 1
#define TRISC_PACK 1
#define UCK_CHLKC_UNPACK 1
#define UCK_CHLKC_MATH 1
#define UCK_CHLKC_PACK 1
// Legacy compute entry: namespace NAMESPACE { void MAIN { ... } }.
#define NAMESPACE chlkc_compute
#define MAIN zyxtt_compute_main()
namespace chlkc_compute {
void zyxtt_compute_main() __attribute__((weak));
}
namespace ckernel {}
using namespace ckernel;
#else
// Data-movement kernels get the dataflow API without including it, as on
// tt-metal; kernels of active ethernet cores its ethernet calls as well.
#include "api/dataflow/dataflow_api.h"
#if defined(COMPILE_FOR_ERISC)
#include "internal/ethernet/dataflow_api.h"
#endif
#endif
