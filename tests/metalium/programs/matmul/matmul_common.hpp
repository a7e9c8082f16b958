// The matmul programs' shared host side: C (M x N) = A (M x K) * B (K x N) in
// bfloat16 tiles, the output tiles split over the cores of `cores` in
// corerange_to_cores order, checked against an fp32 host product.
#pragma once

#include <random>
#include <tuple>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tilize_utils.hpp>
#include <tt-metalium/work_split.hpp>

#include "../common/host_checks.hpp"

namespace metalium_test {

// (core, first output tile, number of output tiles)
using TileSplit = std::vector<std::tuple<tt::tt_metal::CoreCoord, uint32_t, uint32_t>>;

inline void matmul(tt::tt_metal::distributed::MeshDevice& mesh, uint32_t M, uint32_t K, uint32_t N,
                   const tt::tt_metal::CoreRangeSet& cores, const TileSplit& split) {
  using namespace tt::tt_metal;
  constexpr uint32_t tile_bytes = sizeof(bfloat16) * tt::constants::TILE_HW;
  const uint32_t Mt = M / 32, Kt = K / 32, Nt = N / 32;
  auto& cq = mesh.mesh_command_queue();
  distributed::DeviceLocalBufferConfig dram{.page_size = tile_bytes, .buffer_type = BufferType::DRAM};
  auto a = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = Mt * Kt * tile_bytes}, dram, &mesh);
  auto b = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = Kt * Nt * tile_bytes}, dram, &mesh);
  auto c = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = Mt * Nt * tile_bytes}, dram, &mesh);

  std::mt19937 rng(11);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<bfloat16> a_rm(M * K), b_rm(K * N);
  for (auto& v : a_rm) v = bfloat16(dist(rng));
  for (auto& v : b_rm) v = bfloat16(dist(rng));
  distributed::EnqueueWriteMeshBuffer(cq, a, tilize_nfaces(a_rm, M, K), false);
  distributed::EnqueueWriteMeshBuffer(cq, b, tilize_nfaces(b_rm, K, N), false);

  Program program = CreateProgram();
  for (uint8_t cb : {uint8_t{tt::CBIndex::c_0}, uint8_t{tt::CBIndex::c_1}, uint8_t{tt::CBIndex::c_16}}) {
    CreateCircularBuffer(program, cores,
                         CircularBufferConfig(2 * tile_bytes, {{cb, tt::DataFormat::Float16_b}}).set_page_size(cb, tile_bytes));
  }
  std::vector<uint32_t> reader_cta, writer_cta;
  TensorAccessorArgs(*a->get_backing_buffer()).append_to(reader_cta);
  TensorAccessorArgs(*b->get_backing_buffer()).append_to(reader_cta);
  TensorAccessorArgs(*c->get_backing_buffer()).append_to(writer_cta);
  auto reader = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "matmul/kernels/read_mm_tiles.cpp", cores,
                             DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                                                .noc = NOC::RISCV_1_default,
                                                .compile_args = reader_cta});
  auto writer = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "eltwise_binary/kernels/write_tile_stream.cpp", cores,
                             DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                .noc = NOC::RISCV_0_default,
                                                .compile_args = writer_cta});
  auto compute = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "matmul/kernels/mm_tiles.cpp", cores,
                              ComputeConfig{.math_fidelity = MathFidelity::HiFi4});
  for (const auto& [core, start, n] : split) {
    SetRuntimeArgs(program, reader, core, {a->address(), b->address(), Kt, Nt, start, n});
    SetRuntimeArgs(program, writer, core, {c->address(), n, start});
    SetRuntimeArgs(program, compute, core, {Kt, n});
  }
  run(mesh, std::move(program));

  std::vector<bfloat16> c_tiled;
  distributed::EnqueueReadMeshBuffer(cq, c_tiled, c, true);
  const std::vector<bfloat16> got = untilize_nfaces(c_tiled, M, N);
  std::vector<float> want(M * N, 0.0f);
  for (uint32_t i = 0; i < M; ++i)
    for (uint32_t k = 0; k < K; ++k)
      for (uint32_t j = 0; j < N; ++j) want[i * N + j] += float(a_rm[i * K + k]) * float(b_rm[k * N + j]);
  expect_close(got, want, 0.02f, 0.05f, "A x B");
}

}  // namespace metalium_test
