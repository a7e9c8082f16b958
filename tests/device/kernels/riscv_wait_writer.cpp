// Sets its core's semaphore 0 to 7: a flag riscv_wait_reader.cpp reads.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() { *reinterpret_cast<volatile uint32_t*>(get_semaphore(0)) = 7; }
