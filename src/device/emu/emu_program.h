// A program as the emulator keeps it: sources, circular buffers, and the
// compiled objects per kernel and compile-time-argument vector.
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "device/device.h"
#include "device/emu/jit/kernel_compiler.h"

namespace zyxtt::emu {

class EmuProgram final : public CompiledProgram {
 public:
  EmuProgram(const ProgramSource& source, KernelCompiler& compiler);

  // The object of one kernel given the number of buffers its side gets
  // (tt-metal's TensorAccessorArgs: [0x2, 4096] per interleaved DRAM buffer).
  // Empty for an empty source. Compiles on first use of a buffer count.
  std::string object(krt::Role role, uint32_t buffers);
  // Compiles all three kernels in parallel for the buffer counts the sources
  // suggest, so compile errors surface at compile_program.
  void prebuild();

  const ProgramSource& source() const { return source_; }
  // Unique among the programs of this process, never reused (an address
  // could be): names the program to the device worker.
  uint64_t serial() const { return serial_; }

 private:
  const std::string& text(krt::Role role) const;
  bool empty(krt::Role role) const;
  uint32_t effective_buffers(krt::Role role, uint32_t buffers) const;
  KernelSpec spec(krt::Role role, uint32_t buffers) const;

  ProgramSource source_;
  KernelCompiler& compiler_;
  uint64_t serial_;
  std::mutex mutex_;
  std::map<std::pair<krt::Role, uint32_t>, std::string> objects_;
};

// Buffer count a reader or writer source expects: one past the largest
// TensorAccessorArgs<N> offset, divided by two (zyx uses 2*i); 0 if none.
uint32_t guess_buffer_count(const std::string& source);
// Whether the source can see its compile-time args at all.
bool reads_compile_args(const std::string& source);

}  // namespace zyxtt::emu
