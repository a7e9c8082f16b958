// A program as the emulator keeps it: the model, each kernel's compiled
// object, the CB layout in L1 and the form the device worker gets (once).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "device/arch.h"
#include "device/device.h"
#include "device/emu/jit/kernel_compiler.h"
#include "device/emu/worker/run_job.h"
#include "program/program.h"

namespace zyxtt::emu {

// Where one CB config sits in L1 on its cores.
struct CbRegion {
  size_t spec = 0;  // index into Program::circular_buffers
  uint32_t offset = 0;
  uint32_t end = 0;
};

class EmuProgram final : public CompiledProgram {
 public:
  // Checks the program, lays out its CBs and compiles its kernels (each
  // distinct kernel once, in parallel). Throws Error naming what is wrong.
  EmuProgram(const program::Program& program, KernelCompiler& compiler, const Arch& arch);

  const program::Program& model() const { return program_; }
  // The worker's form, with the objects' paths.
  const ProgramSpec& spec() const { return spec_; }
  // Each kernel's cores in its order (that of its per-core args).
  const std::vector<std::vector<program::Core>>& kernel_cores() const { return kernel_cores_; }
  // A core's place in kernel `k`'s order, -1 when the kernel does not run there.
  int32_t position(size_t k, const program::Core& c) const {
    return c.x < cols_ && c.y < rows_ ? positions_[k][size_t{c.y} * cols_ + c.x] : -1;
  }
  // The program's own CBs (not those at a fixed address), and the highest end of them.
  const std::vector<CbRegion>& cb_regions() const { return cb_regions_; }
  uint32_t cb_top() const { return cb_top_; }
  // Unique among the programs of this process, never reused (an address
  // could be): names the program to the device worker.
  uint64_t serial() const { return serial_; }

 private:
  program::Program program_;
  ProgramSpec spec_;
  std::vector<std::vector<program::Core>> kernel_cores_;
  uint32_t cols_ = 0, rows_ = 0;                    // the grid from (0, 0) holding every kernel core
  std::vector<std::vector<int32_t>> positions_;     // per kernel, over that grid row-major
  std::vector<CbRegion> cb_regions_;
  uint32_t cb_top_ = 0;
  uint64_t serial_;
  std::vector<std::string> files_;
};

// What the kernel compiler gets for one kernel of `program`.
CompileRequest compile_request(const program::Program& program, size_t kernel);

}  // namespace zyxtt::emu
