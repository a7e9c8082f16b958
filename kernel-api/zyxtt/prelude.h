// Force-included before every kernel source (-include). Declares both entry
// styles weakly so the entry stub can call whichever the source defines.
#pragma once

#include "zyxtt/kernel_base.h"

void kernel_main() __attribute__((weak));

#if defined(COMPILE_FOR_TRISC)
// Legacy compute entry: namespace NAMESPACE { void MAIN { ... } }.
#define NAMESPACE chlkc_compute
#define MAIN zyxtt_compute_main()
namespace chlkc_compute {
void zyxtt_compute_main() __attribute__((weak));
}
namespace ckernel {}
using namespace ckernel;
#else
// Data-movement kernels get the dataflow API without including it, as on tt-metal.
#include "api/dataflow/dataflow_api.h"
#endif
