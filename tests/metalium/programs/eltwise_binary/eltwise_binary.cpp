// c = a + b over 64 bfloat16 tiles: reader, FPU compute and writer on one
// core (tt-metal's eltwise_binary example), checked against the host sum.
#include <random>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include "../common/host_checks.hpp"

using namespace tt::tt_metal;

int main() {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  auto& cq = mesh->mesh_command_queue();
  constexpr uint32_t n_tiles = 64;
  constexpr uint32_t tile_bytes = sizeof(bfloat16) * tt::constants::TILE_HW;
  distributed::DeviceLocalBufferConfig dram{.page_size = tile_bytes, .buffer_type = BufferType::DRAM};
  distributed::ReplicatedBufferConfig size{.size = n_tiles * tile_bytes};
  auto a = distributed::MeshBuffer::create(size, dram, mesh.get());
  auto b = distributed::MeshBuffer::create(size, dram, mesh.get());
  auto c = distributed::MeshBuffer::create(size, dram, mesh.get());

  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-10.0f, 10.0f);
  std::vector<bfloat16> a_vec(n_tiles * tt::constants::TILE_HW), b_vec(a_vec.size());
  for (auto& v : a_vec) v = bfloat16(dist(rng));
  for (auto& v : b_vec) v = bfloat16(dist(rng));
  distributed::EnqueueWriteMeshBuffer(cq, a, a_vec, false);
  distributed::EnqueueWriteMeshBuffer(cq, b, b_vec, false);

  Program program = CreateProgram();
  constexpr CoreCoord core = {0, 0};
  for (uint8_t cb : {tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16}) {
    CreateCircularBuffer(program, core,
                         CircularBufferConfig(2 * tile_bytes, {{cb, tt::DataFormat::Float16_b}}).set_page_size(cb, tile_bytes));
  }
  std::vector<uint32_t> reader_args, writer_args;
  TensorAccessorArgs(*a->get_backing_buffer()).append_to(reader_args);
  TensorAccessorArgs(*b->get_backing_buffer()).append_to(reader_args);
  TensorAccessorArgs(*c->get_backing_buffer()).append_to(writer_args);
  auto reader = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "eltwise_binary/kernels/read_two_tiles_streams.cpp", core,
                             DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                                                .noc = NOC::RISCV_1_default,
                                                .compile_args = reader_args});
  auto writer = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "eltwise_binary/kernels/write_tile_stream.cpp", core,
                             DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                .noc = NOC::RISCV_0_default,
                                                .compile_args = writer_args});
  auto compute = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "eltwise_binary/kernels/tiles_add.cpp", core,
                              ComputeConfig{.math_fidelity = MathFidelity::HiFi4});
  SetRuntimeArgs(program, reader, core, {a->address(), b->address(), n_tiles});
  SetRuntimeArgs(program, writer, core, {c->address(), n_tiles, 0u});
  SetRuntimeArgs(program, compute, core, {n_tiles});
  metalium_test::run(*mesh, std::move(program));

  std::vector<bfloat16> result;
  distributed::EnqueueReadMeshBuffer(cq, result, c, true);
  std::vector<float> want(a_vec.size());
  for (size_t i = 0; i < want.size(); ++i) want[i] = static_cast<float>(bfloat16(float(a_vec[i]) + float(b_vec[i])));
  // One bfloat16 step: the sum is rounded once, by the packer.
  metalium_test::expect_close(result, want, 1.0f / 128, 0.0f, "a + b");
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
