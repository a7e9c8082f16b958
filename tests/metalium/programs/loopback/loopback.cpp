// DRAM -> L1 -> DRAM copy of 50 bfloat16 tiles by one data movement kernel,
// in the shape of tt-metal's loopback example: the output must equal the input.
#include <fmt/core.h>

#include <cstdint>
#include <random>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

using namespace tt::tt_metal;

#ifndef OVERRIDE_KERNEL_PREFIX
#define OVERRIDE_KERNEL_PREFIX ""
#endif

int main() {
  auto mesh_device = distributed::MeshDevice::create_unit_mesh(0);
  distributed::MeshCommandQueue& cq = mesh_device->mesh_command_queue();

  constexpr uint32_t num_tiles = 50;
  constexpr uint32_t tile_bytes = sizeof(bfloat16) * tt::constants::TILE_HW;
  distributed::DeviceLocalBufferConfig dram_config{.page_size = tile_bytes, .buffer_type = BufferType::DRAM};
  distributed::DeviceLocalBufferConfig l1_config{.page_size = tile_bytes, .buffer_type = BufferType::L1};
  auto l1_buffer = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = tile_bytes}, l1_config,
                                                   mesh_device.get());
  auto input = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = tile_bytes * num_tiles},
                                               dram_config, mesh_device.get());
  auto output = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = tile_bytes * num_tiles},
                                                dram_config, mesh_device.get());

  Program program = CreateProgram();
  constexpr CoreCoord core = {0, 0};
  std::vector<uint32_t> compile_args;
  TensorAccessorArgs(*input->get_backing_buffer()).append_to(compile_args);
  TensorAccessorArgs(*output->get_backing_buffer()).append_to(compile_args);
  KernelHandle copy = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "loopback/kernels/loopback_dram_copy.cpp", core,
                                   DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                      .noc = NOC::RISCV_0_default,
                                                      .compile_args = compile_args});

  std::vector<bfloat16> input_vec(tt::constants::TILE_HW * num_tiles);
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> dist(0.0f, 100.0f);
  for (auto& v : input_vec) v = bfloat16(dist(rng));
  distributed::EnqueueWriteMeshBuffer(cq, input, input_vec, /*blocking=*/false);

  SetRuntimeArgs(program, copy, core,
                 {static_cast<uint32_t>(l1_buffer->address()), static_cast<uint32_t>(input->address()),
                  static_cast<uint32_t>(output->address()), num_tiles});

  distributed::MeshWorkload workload;
  workload.add_program(distributed::MeshCoordinateRange(mesh_device->shape()), std::move(program));
  distributed::EnqueueMeshWorkload(cq, workload, /*blocking=*/false);
  distributed::Finish(cq);

  std::vector<bfloat16> result;
  distributed::EnqueueReadMeshBuffer(cq, result, output, /*blocking=*/true);
  TT_FATAL(result.size() == input_vec.size(), "Result has {} values, expected {}", result.size(), input_vec.size());
  for (size_t i = 0; i < result.size(); ++i) {
    if (std::bit_cast<uint16_t>(result[i]) != std::bit_cast<uint16_t>(input_vec[i])) {
      TT_THROW("Mismatch at {}: {} != {}", i, static_cast<float>(result[i]), static_cast<float>(input_vec[i]));
    }
  }
  TT_FATAL(mesh_device->close(), "close failed");
  fmt::print("Test Passed\n");
  return 0;
}
