// Writes the named compile-time args whose names are not identifiers (as
// tt-metal's named_compile_time_args_kernel asks for them) into word i of
// one DRAM page, in the order below. Per-core args: dst.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  constexpr uint32_t values[] = {
      get_named_compile_time_arg_val(""),
      get_named_compile_time_arg_val("!@#$%^&*()"),
      get_named_compile_time_arg_val("say \"hi\" \\ bye"),
      get_named_compile_time_arg_val("tab\there\nline"),
      get_named_compile_time_arg_val("caf\xc3\xa9"),
      get_named_compile_time_arg_val("a"),
      get_named_compile_time_arg_val("ab"),
      get_named_compile_time_arg_val("0starts_with_a_digit"),
  };
  const uint32_t dst = get_arg_val<uint32_t>(0);
  constexpr uint32_t cb = tt::CBIndex::c_0;
  cb_reserve_back(cb, 1);
  const uint32_t l1 = get_write_ptr(cb);
  auto* words = reinterpret_cast<volatile uint32_t*>(l1);
  for (uint32_t i = 0; i < sizeof(values) / sizeof(values[0]); ++i) words[i] = values[i];
  const InterleavedAddrGen<true> out = {.bank_base_address = dst, .page_size = 64};
  noc_async_write(l1, out.get_noc_addr(0), 64);
  noc_async_write_barrier();
  cb_push_back(cb, 1);
}
