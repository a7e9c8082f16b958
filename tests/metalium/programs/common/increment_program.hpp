// A program whose one core, (0, 0), adds one to every 32-bit word of the first
// `pages` 64-byte pages of `buffer`: each run of it is visible in the data.
#pragma once

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

namespace metalium_test {

inline constexpr const char* kIncrementKernel = R"(
void kernel_main() {
  const uint32_t addr = get_arg_val<uint32_t>(0);
  const uint32_t pages = get_arg_val<uint32_t>(1);
  constexpr auto args = TensorAccessorArgs<0>();
  const auto buf = TensorAccessor(args, addr, 64);
  cb_reserve_back(0, 1);
  auto* words = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
  for (uint32_t p = 0; p < pages; ++p) {
    noc_async_read(buf.get_noc_addr(p), get_write_ptr(0), 64);
    noc_async_read_barrier();
    for (uint32_t i = 0; i < 16; ++i) words[i] = words[i] + 1;
    noc_async_write(get_write_ptr(0), buf.get_noc_addr(p), 64);
    noc_async_write_barrier();
  }
}
)";

// `core_range` (default the one core (0, 0)) holds the kernel; only (0, 0) gets args.
inline tt::tt_metal::Program increment_program(const tt::tt_metal::distributed::MeshBuffer& buffer, uint32_t pages,
                                               const tt::tt_metal::CoreRange& core_range = {{0, 0}, {0, 0}},
                                               tt::tt_metal::KernelHandle* kernel = nullptr) {
  using namespace tt::tt_metal;
  Program program = CreateProgram();
  CreateCircularBuffer(program, core_range,
                       CircularBufferConfig(64, {{0, tt::DataFormat::Float32}}).set_page_size(0, 64));
  std::vector<uint32_t> cta;
  TensorAccessorArgs(buffer).append_to(cta);
  const KernelHandle k = CreateKernelFromString(
      program, kIncrementKernel, core_range,
      DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default, .compile_args = cta});
  for (uint32_t y = core_range.start_coord.y; y <= core_range.end_coord.y; ++y)
    for (uint32_t x = core_range.start_coord.x; x <= core_range.end_coord.x; ++x)
      SetRuntimeArgs(program, k, CoreCoord{x, y}, {buffer.address(), x == 0 && y == 0 ? pages : 0u});
  if (kernel != nullptr) *kernel = k;
  return program;
}

}  // namespace metalium_test
