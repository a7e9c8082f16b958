// A data movement kernel that only prints, on two cores with different
// runtime args (tt-metal's hello_world_datamovement_kernel), through
// CreateDevice and slow dispatch (detail::LaunchProgram). The test runs it
// with TT_METAL_DPRINT_CORES set and looks for both lines.
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "../common/host_checks.hpp"

using namespace tt::tt_metal;

int main() {
  IDevice* device = CreateDevice(0);
  Program program = CreateProgram();
  const CoreRange cores({0, 0}, {1, 0});
  auto kernel = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "hello_world/kernels/hello_dm.cpp", cores,
                             DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default});
  SetRuntimeArgs(program, kernel, std::vector<CoreCoord>{{0, 0}, {1, 0}}, {{11}, {22}});
  detail::LaunchProgram(device, program);
  TT_FATAL(CloseDevice(device), "CloseDevice failed");
  fmt::print("Test Passed\n");
  return 0;
}
