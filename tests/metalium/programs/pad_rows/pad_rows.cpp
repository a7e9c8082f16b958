// Pads each row of a 64 x 20 row-major bfloat16 matrix to 32 columns with a
// pad value, one row per page (40-byte source pages, 64-byte destination
// pages), the rows split over 2 cores (tt-metal's pad_multi_core).
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include "../common/host_checks.hpp"

using namespace tt::tt_metal;

int main() {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  auto& cq = mesh->mesh_command_queue();
  constexpr uint32_t rows = 64, cols = 20, padded = 32;
  constexpr uint32_t in_bytes = cols * sizeof(bfloat16), out_bytes = padded * sizeof(bfloat16);
  auto src = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = rows * in_bytes},
                                             distributed::DeviceLocalBufferConfig{.page_size = in_bytes, .buffer_type = BufferType::DRAM},
                                             mesh.get());
  auto dst = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = rows * out_bytes},
                                             distributed::DeviceLocalBufferConfig{.page_size = out_bytes, .buffer_type = BufferType::DRAM},
                                             mesh.get());
  std::vector<bfloat16> in(rows * cols);
  for (uint32_t i = 0; i < in.size(); ++i) in[i] = bfloat16(static_cast<float>(i % 251));
  distributed::EnqueueWriteMeshBuffer(cq, src, in, false);

  const bfloat16 pad(-1.5f);
  const CoreRange cores({0, 0}, {0, 1});
  Program program = CreateProgram();
  CreateCircularBuffer(program, cores,
                       CircularBufferConfig(2 * out_bytes, {{tt::CBIndex::c_0, tt::DataFormat::Float16_b}})
                           .set_page_size(tt::CBIndex::c_0, out_bytes));
  std::vector<uint32_t> cta;
  TensorAccessorArgs(*src).append_to(cta);
  TensorAccessorArgs(*dst).append_to(cta);
  cta.push_back(in_bytes);
  cta.push_back(out_bytes);
  auto kernel = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "pad_rows/kernels/pad_rows.cpp", cores,
                             DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                .noc = NOC::RISCV_0_default,
                                                .compile_args = cta});
  const uint32_t pad_bits = std::bit_cast<uint16_t>(pad);
  SetRuntimeArgs(program, kernel, CoreCoord{0, 0}, {src->address(), dst->address(), 0u, rows / 2, pad_bits});
  SetRuntimeArgs(program, kernel, CoreCoord{0, 1}, {src->address(), dst->address(), rows / 2, rows / 2, pad_bits});
  metalium_test::run(*mesh, std::move(program));

  std::vector<bfloat16> got;
  distributed::EnqueueReadMeshBuffer(cq, got, dst, true);
  std::vector<float> want(rows * padded);
  for (uint32_t r = 0; r < rows; ++r)
    for (uint32_t c = 0; c < padded; ++c) want[r * padded + c] = c < cols ? float(in[r * cols + c]) : float(pad);
  metalium_test::expect_close(got, want, 0.0f, 0.0f, "padded rows");
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
