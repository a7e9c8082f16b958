// A program in which every worker core of a `grid` (columns x rows from
// (0, 0)) fills its own 64-byte page of `out` (page = y * columns + x) with
// one word, value(page), and writes it out: which core ran, and where, shows
// in the data.
#pragma once

#include <functional>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

namespace metalium_test {

inline constexpr const char* kStampKernel = R"(
void kernel_main() {
  const uint32_t out_addr = get_arg_val<uint32_t>(0);
  const uint32_t value = get_arg_val<uint32_t>(1);
  const uint32_t page = get_arg_val<uint32_t>(2);
  cb_reserve_back(0, 1);
  const uint32_t l1 = get_write_ptr(0);
  auto* words = reinterpret_cast<volatile uint32_t*>(l1);
  for (uint32_t i = 0; i < 16; ++i) words[i] = value;
  constexpr auto out_args = TensorAccessorArgs<0>();
  const auto out = TensorAccessor(out_args, out_addr, 64);
  noc_async_write(l1, out.get_noc_addr(page), 64);
  noc_async_write_barrier();
  cb_push_back(0, 1);
}
)";

inline tt::tt_metal::Program stamp_program(tt::tt_metal::CoreCoord grid, const tt::tt_metal::distributed::MeshBuffer& out,
                                           const std::function<uint32_t(uint32_t page)>& value) {
  using namespace tt::tt_metal;
  Program program = CreateProgram();
  const CoreRange cores({0, 0}, {grid.x - 1, grid.y - 1});
  CreateCircularBuffer(program, cores, CircularBufferConfig(64, {{0, tt::DataFormat::Float32}}).set_page_size(0, 64));
  std::vector<uint32_t> cta;
  TensorAccessorArgs(out).append_to(cta);
  const KernelHandle k = CreateKernelFromString(
      program, kStampKernel, cores,
      DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default, .compile_args = cta});
  for (uint32_t y = 0; y < grid.y; ++y)
    for (uint32_t x = 0; x < grid.x; ++x) {
      const auto page = static_cast<uint32_t>(y * grid.x + x);
      SetRuntimeArgs(program, k, CoreCoord{x, y}, {out.address(), value(page), page});
    }
  return program;
}

}  // namespace metalium_test
