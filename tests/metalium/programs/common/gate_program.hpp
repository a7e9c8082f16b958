// A program held until the host opens a gate: its one core, (0, 0), reads page
// 0 of a flag buffer until the flag's first word is kGateOpen, then writes
// value, value + 1, ... value + 15 to page 0 of an output buffer (64-byte DRAM
// pages). What a test asserts while the gate is shut does not depend on timing.
#pragma once

#include <numeric>
#include <vector>

#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

namespace metalium_test {

inline constexpr uint32_t kGateOpen = 0x600df1a6;

inline constexpr const char* kGateKernel = R"(
void kernel_main() {
  const uint32_t flag_addr = get_arg_val<uint32_t>(0);
  const uint32_t out_addr = get_arg_val<uint32_t>(1);
  const uint32_t value = get_arg_val<uint32_t>(2);
  constexpr auto flag_args = TensorAccessorArgs<0>();
  constexpr auto out_args = TensorAccessorArgs<flag_args.next_compile_time_args_offset()>();
  const auto flag = TensorAccessor(flag_args, flag_addr, 64);
  const auto out = TensorAccessor(out_args, out_addr, 64);
  cb_reserve_back(0, 1);
  auto* words = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
  do {
    noc_async_read(flag.get_noc_addr(0), get_write_ptr(0), 64);
    noc_async_read_barrier();
  } while (words[0] != 0x600df1a6u);
  for (uint32_t i = 0; i < 16; ++i) words[i] = value + i;
  noc_async_write(get_write_ptr(0), out.get_noc_addr(0), 64);
  noc_async_write_barrier();
}
)";

// first, first + 1, ... first + 15: a page as a gate program with value `first` writes it.
inline std::vector<uint32_t> counting(uint32_t first) {
  std::vector<uint32_t> words(16);
  std::iota(words.begin(), words.end(), first);
  return words;
}

// `Buffer` is a Buffer or a MeshBuffer; `kernel`, if given, gets the kernel's handle.
template <class Buffer>
tt::tt_metal::Program gate_program(const Buffer& flag, const Buffer& out, uint32_t value,
                                   tt::tt_metal::KernelHandle* kernel = nullptr) {
  using namespace tt::tt_metal;
  Program program = CreateProgram();
  CreateCircularBuffer(program, CoreCoord{0, 0},
                       CircularBufferConfig(64, {{0, tt::DataFormat::Float32}}).set_page_size(0, 64));
  std::vector<uint32_t> cta;
  TensorAccessorArgs(flag).append_to(cta);
  TensorAccessorArgs(out).append_to(cta);
  const KernelHandle k = CreateKernelFromString(
      program, kGateKernel, CoreCoord{0, 0},
      DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default, .compile_args = cta});
  SetRuntimeArgs(program, k, CoreCoord{0, 0}, {static_cast<uint32_t>(flag.address()), static_cast<uint32_t>(out.address()), value});
  if (kernel != nullptr) *kernel = k;
  return program;
}

}  // namespace metalium_test
