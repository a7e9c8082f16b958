// The matmul programs' shared host side: C (M x N) = A (M x K) * B (K x N) in
// bfloat16 tiles in DRAM (tilized on the host), checked against an fp32 host
// product.
#pragma once

#include <random>
#include <tuple>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tilize_utils.hpp>
#include <tt-metalium/work_split.hpp>

#include "../common/host_checks.hpp"

namespace metalium_test {

constexpr uint32_t kTileBytes = sizeof(bfloat16) * tt::constants::TILE_HW;

struct Matmul {
  uint32_t M, K, N;
  std::vector<bfloat16> a_rm, b_rm;  // row-major inputs
  std::shared_ptr<tt::tt_metal::distributed::MeshBuffer> a, b, c;
  uint32_t Mt() const { return M / 32; }
  uint32_t Kt() const { return K / 32; }
  uint32_t Nt() const { return N / 32; }
};

// Random inputs written tilized into fresh DRAM buffers a and b; c allocated.
inline Matmul matmul_inputs(tt::tt_metal::distributed::MeshDevice& mesh, uint32_t M, uint32_t K, uint32_t N) {
  using namespace tt::tt_metal;
  Matmul m{M, K, N, std::vector<bfloat16>(M * K), std::vector<bfloat16>(K * N), nullptr, nullptr, nullptr};
  distributed::DeviceLocalBufferConfig dram{.page_size = kTileBytes, .buffer_type = BufferType::DRAM};
  auto buffer = [&](uint32_t tiles) {
    return distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = tiles * kTileBytes}, dram, &mesh);
  };
  m.a = buffer(m.Mt() * m.Kt());
  m.b = buffer(m.Kt() * m.Nt());
  m.c = buffer(m.Mt() * m.Nt());
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  for (auto& v : m.a_rm) v = bfloat16(dist(rng));
  for (auto& v : m.b_rm) v = bfloat16(dist(rng));
  distributed::EnqueueWriteMeshBuffer(mesh.mesh_command_queue(), m.a, tilize_nfaces(m.a_rm, M, K), false);
  distributed::EnqueueWriteMeshBuffer(mesh.mesh_command_queue(), m.b, tilize_nfaces(m.b_rm, K, N), false);
  return m;
}

// CBs 0 and 1 (inputs) and 16 (output), two tiles each, on `cores`.
inline void matmul_cbs(tt::tt_metal::Program& program, const tt::tt_metal::CoreRangeSet& cores) {
  using namespace tt::tt_metal;
  for (tt::CBIndex cb : {tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16}) {
    CreateCircularBuffer(program, cores,
                         CircularBufferConfig(2 * kTileBytes, {{cb, tt::DataFormat::Float16_b}}).set_page_size(cb, kTileBytes));
  }
}

inline void check_matmul(tt::tt_metal::distributed::MeshDevice& mesh, Matmul& m) {
  std::vector<bfloat16> c_tiled;
  tt::tt_metal::distributed::EnqueueReadMeshBuffer(mesh.mesh_command_queue(), c_tiled, m.c, true);
  const std::vector<bfloat16> got = untilize_nfaces(c_tiled, m.M, m.N);
  std::vector<float> want(m.M * m.N, 0.0f);
  for (uint32_t i = 0; i < m.M; ++i)
    for (uint32_t k = 0; k < m.K; ++k)
      for (uint32_t j = 0; j < m.N; ++j) want[i * m.N + j] += float(m.a_rm[i * m.K + k]) * float(m.b_rm[k * m.N + j]);
  expect_close(got, want, 0.02f, 0.05f, "A x B");
}

// (core, first output tile, number of output tiles)
using TileSplit = std::vector<std::tuple<tt::tt_metal::CoreCoord, uint32_t, uint32_t>>;

// Output tiles split over `cores`: one reader, compute and writer per core.
inline void matmul(tt::tt_metal::distributed::MeshDevice& mesh, uint32_t M, uint32_t K, uint32_t N,
                   const tt::tt_metal::CoreRangeSet& cores, const TileSplit& split) {
  using namespace tt::tt_metal;
  Matmul m = matmul_inputs(mesh, M, K, N);
  Program program = CreateProgram();
  matmul_cbs(program, cores);
  std::vector<uint32_t> reader_cta, writer_cta;
  TensorAccessorArgs(*m.a).append_to(reader_cta);
  TensorAccessorArgs(*m.b).append_to(reader_cta);
  TensorAccessorArgs(*m.c).append_to(writer_cta);
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
    SetRuntimeArgs(program, reader, core, {m.a->address(), m.b->address(), m.Kt(), m.Nt(), start, n});
    SetRuntimeArgs(program, writer, core, {m.c->address(), n, start});
    SetRuntimeArgs(program, compute, core, {m.Kt(), n});
  }
  run(mesh, std::move(program));
  check_matmul(mesh, m);
}

}  // namespace metalium_test
