// One tile moves DRAM -> core (0,0) -> core (1,0) -> DRAM; core (1,0) waits
// on a semaphore that core (0,0) increments over the NOC (tt-metal's
// NoC_tile_transfer example). Core addresses come from
// worker_core_from_logical_core.
#include <random>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include "../common/host_checks.hpp"

using namespace tt::tt_metal;

int main() {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  auto& cq = mesh->mesh_command_queue();
  constexpr uint32_t tile_bytes = sizeof(bfloat16) * tt::constants::TILE_HW;
  distributed::DeviceLocalBufferConfig dram{.page_size = tile_bytes, .buffer_type = BufferType::DRAM};
  auto src = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = tile_bytes}, dram, mesh.get());
  auto dst = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = tile_bytes}, dram, mesh.get());
  std::vector<bfloat16> in(tt::constants::TILE_HW);
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> dist(-100.0f, 100.0f);
  for (auto& v : in) v = bfloat16(dist(rng));
  distributed::EnqueueWriteMeshBuffer(cq, src, in, false);

  const CoreCoord sender = {0, 0}, receiver = {1, 0};
  const CoreRange both(sender, receiver);
  Program program = CreateProgram();
  CreateCircularBuffer(program, both,
                       CircularBufferConfig(tile_bytes, {{tt::CBIndex::c_0, tt::DataFormat::Float16_b}})
                           .set_page_size(tt::CBIndex::c_0, tile_bytes));
  const uint32_t sem = CreateSemaphore(program, both, 0);
  std::vector<uint32_t> src_cta, dst_cta;
  TensorAccessorArgs(*src->get_backing_buffer()).append_to(src_cta);
  TensorAccessorArgs(*dst->get_backing_buffer()).append_to(dst_cta);
  auto send = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "noc_tile_transfer/kernels/sender.cpp", sender,
                           DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default,
                                              .compile_args = src_cta});
  auto recv = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "noc_tile_transfer/kernels/receiver.cpp", receiver,
                           DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default,
                                              .compile_args = dst_cta});
  const CoreCoord rx = mesh->worker_core_from_logical_core(receiver);
  const CoreCoord tx = mesh->worker_core_from_logical_core(sender);
  SetRuntimeArgs(program, send, sender, {src->address(), rx.x, rx.y, sem});
  SetRuntimeArgs(program, recv, receiver, {dst->address(), tx.x, tx.y, sem});
  metalium_test::run(*mesh, std::move(program));

  std::vector<bfloat16> out;
  distributed::EnqueueReadMeshBuffer(cq, out, dst, true);
  metalium_test::expect_close(out, in, 0.0f, 0.0f, "the moved tile");
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
