// One tile multicast from core (0,0) to cores (1,0)..(3,0) with the
// two-semaphore handshake of tt-metal's multicast examples; each receiver
// writes what it got to its own tile of the output, which must hold three
// copies of the input.
#include <random>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include "../common/host_checks.hpp"

using namespace tt::tt_metal;

int main() {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  auto& cq = mesh->mesh_command_queue();
  constexpr uint32_t tile_bytes = sizeof(bfloat16) * tt::constants::TILE_HW;
  constexpr uint32_t n_receivers = 3;
  distributed::DeviceLocalBufferConfig dram{.page_size = tile_bytes, .buffer_type = BufferType::DRAM};
  auto src = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = tile_bytes}, dram, mesh.get());
  auto dst = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = n_receivers * tile_bytes}, dram,
                                             mesh.get());
  std::vector<bfloat16> tile(tt::constants::TILE_HW);
  std::mt19937 rng(23);
  std::uniform_real_distribution<float> dist(-50.0f, 50.0f);
  for (auto& v : tile) v = bfloat16(dist(rng));
  distributed::EnqueueWriteMeshBuffer(cq, src, tile, false);

  const CoreCoord sender = {0, 0};
  const CoreRange receivers({1, 0}, {n_receivers, 0});
  const CoreRange all(sender, receivers.end_coord);
  Program program = CreateProgram();
  CreateCircularBuffer(program, all,
                       CircularBufferConfig(tile_bytes, {{tt::CBIndex::c_0, tt::DataFormat::Float16_b}})
                           .set_page_size(tt::CBIndex::c_0, tile_bytes));
  const uint32_t ready = CreateSemaphore(program, all, 0);
  const uint32_t valid = CreateSemaphore(program, all, INVALID);
  std::vector<uint32_t> src_cta, dst_cta;
  TensorAccessorArgs(*src).append_to(src_cta);
  TensorAccessorArgs(*dst).append_to(dst_cta);
  auto send = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "multicast/kernels/mcast_sender.cpp", sender,
                           DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default,
                                              .compile_args = src_cta});
  auto recv = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "multicast/kernels/mcast_receiver.cpp", receivers,
                           DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default,
                                              .compile_args = dst_cta});
  const CoreCoord first = mesh->worker_core_from_logical_core(receivers.start_coord);
  const CoreCoord last = mesh->worker_core_from_logical_core(receivers.end_coord);
  const CoreCoord tx = mesh->worker_core_from_logical_core(sender);
  SetRuntimeArgs(program, send, sender, {src->address(), first.x, first.y, last.x, last.y, n_receivers, ready, valid});
  uint32_t i = 0;
  for (const CoreCoord& core : receivers) {
    SetRuntimeArgs(program, recv, core, {dst->address(), tx.x, tx.y, ready, valid, i++});
  }
  metalium_test::run(*mesh, std::move(program));

  std::vector<bfloat16> got;
  distributed::EnqueueReadMeshBuffer(cq, got, dst, true);
  std::vector<bfloat16> want;
  for (uint32_t r = 0; r < n_receivers; ++r) want.insert(want.end(), tile.begin(), tile.end());
  metalium_test::expect_close(got, want, 0.0f, 0.0f, "the multicast tile on every receiver");
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
