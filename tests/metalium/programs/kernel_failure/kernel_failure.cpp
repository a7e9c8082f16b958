// A kernel that crashes makes EnqueueMeshWorkload throw in the host program,
// which keeps running: the device then still runs a correct program and the
// buffers written before keep their bytes. A kernel that does not compile
// makes the enqueue throw with the compiler's error at the kernel's line.
#include <string>

#include <tt-metalium/tensor_accessor_args.hpp>

#include "../common/host_checks.hpp"

using namespace tt::tt_metal;

int main() {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  auto& cq = mesh->mesh_command_queue();
  constexpr uint32_t page = 4096;
  distributed::DeviceLocalBufferConfig dram{.page_size = page, .buffer_type = BufferType::DRAM};
  auto in = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = page}, dram, mesh.get());
  auto out = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = page}, dram, mesh.get());
  std::vector<uint32_t> data(page / 4);
  for (uint32_t i = 0; i < data.size(); ++i) data[i] = i * 2654435761u;
  distributed::EnqueueWriteMeshBuffer(cq, in, data, false);

  Program bad = CreateProgram();
  auto crash = CreateKernel(bad, OVERRIDE_KERNEL_PREFIX "kernel_failure/kernels/null_write.cpp", CoreCoord{2, 3},
                            DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default});
  SetRuntimeArgs(bad, crash, CoreCoord{2, 3}, {0u});
  std::string message;
  try {
    metalium_test::run(*mesh, std::move(bad));
  } catch (const std::exception& e) {
    message = e.what();
  }
  TT_FATAL(!message.empty(), "the crashing kernel did not make the run throw");
  fmt::print("The failed run said: {}\n", message);

  Program broken = CreateProgram();
  CreateKernelFromString(broken, "void kernel_main() {\n  undeclared_call();\n}\n", CoreCoord{0, 0},
                         DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default});
  message.clear();
  try {
    metalium_test::run(*mesh, std::move(broken));
  } catch (const std::exception& e) {
    message = e.what();
  }
  fmt::print("The broken kernel said: {}\n", message);
  TT_FATAL(message.find("kernel_0.cpp:2:") != std::string::npos && message.find("undeclared_call") != std::string::npos,
           "the compile error does not name the kernel's line: {}", message);

  // The device still works: copy `in` to `out` through core (2,3)'s L1.
  auto l1 = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = page},
                                            distributed::DeviceLocalBufferConfig{.page_size = page, .buffer_type = BufferType::L1},
                                            mesh.get());
  Program good = CreateProgram();
  std::vector<uint32_t> cta;
  TensorAccessorArgs(*in).append_to(cta);
  TensorAccessorArgs(*out).append_to(cta);
  auto copy = CreateKernel(good, OVERRIDE_KERNEL_PREFIX "loopback/kernels/loopback_dram_copy.cpp", CoreCoord{2, 3},
                           DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default,
                                              .compile_args = cta});
  SetRuntimeArgs(good, copy, CoreCoord{2, 3}, {l1->address(), in->address(), out->address(), 1u});
  metalium_test::run(*mesh, std::move(good));
  std::vector<uint32_t> got;
  distributed::EnqueueReadMeshBuffer(cq, got, out, true);
  TT_FATAL(got == data, "the copy after the failed run is wrong");
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
