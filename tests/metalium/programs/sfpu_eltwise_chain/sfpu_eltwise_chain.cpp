// softplus = log1p(exp(x)) over 4 Float32 tiles, chaining two SFPU ops in DST
// with fp32 DST accumulation and CB 0 unpacked straight to DST
// (tt-metal's sfpu_eltwise_chain), within 1 % of the host's log1p(exp(x)).
#include <cmath>
#include <random>

#include <tt-metalium/tensor_accessor_args.hpp>

#include "../common/host_checks.hpp"

using namespace tt::tt_metal;

int main() {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  auto& cq = mesh->mesh_command_queue();
  constexpr uint32_t n_tiles = 4;
  constexpr uint32_t tile_bytes = sizeof(float) * tt::constants::TILE_HW;
  distributed::DeviceLocalBufferConfig dram{.page_size = tile_bytes, .buffer_type = BufferType::DRAM};
  distributed::ReplicatedBufferConfig size{.size = n_tiles * tile_bytes};
  auto in = distributed::MeshBuffer::create(size, dram, mesh.get());
  auto out = distributed::MeshBuffer::create(size, dram, mesh.get());
  std::mt19937 rng(17);
  std::uniform_real_distribution<float> dist(-5.0f, 5.0f);
  std::vector<float> x(n_tiles * tt::constants::TILE_HW);
  for (auto& v : x) v = dist(rng);
  distributed::EnqueueWriteMeshBuffer(cq, in, x, false);

  Program program = CreateProgram();
  constexpr CoreCoord core = {3, 2};
  for (tt::CBIndex cb : {tt::CBIndex::c_0, tt::CBIndex::c_16}) {
    CreateCircularBuffer(program, core, CircularBufferConfig(2 * tile_bytes, {{cb, tt::DataFormat::Float32}}).set_page_size(cb, tile_bytes));
  }
  std::vector<uint32_t> reader_cta, writer_cta;
  TensorAccessorArgs(*in).append_to(reader_cta);
  TensorAccessorArgs(*out).append_to(writer_cta);
  auto reader = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "eltwise_sfpu/kernels/read_tile_stream.cpp", core,
                             ReaderDataMovementConfig(reader_cta));
  auto writer = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "eltwise_binary/kernels/write_tile_stream.cpp", core,
                             WriterDataMovementConfig(writer_cta));
  std::vector<UnpackToDestMode> unpack(NUM_CIRCULAR_BUFFERS, UnpackToDestMode::Default);
  unpack[tt::CBIndex::c_0] = UnpackToDestMode::UnpackToDestFp32;
  auto compute = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "sfpu_eltwise_chain/kernels/softplus.cpp", core,
                              ComputeConfig{.math_fidelity = MathFidelity::HiFi4,
                                            .fp32_dest_acc_en = true,
                                            .unpack_to_dest_mode = unpack});
  SetRuntimeArgs(program, reader, core, {in->address(), n_tiles});
  SetRuntimeArgs(program, writer, core, {out->address(), n_tiles, 0u});
  SetRuntimeArgs(program, compute, core, {n_tiles});
  metalium_test::run(*mesh, std::move(program));

  std::vector<float> got;
  distributed::EnqueueReadMeshBuffer(cq, got, out, true);
  std::vector<float> want(x.size());
  for (size_t i = 0; i < x.size(); ++i) want[i] = static_cast<float>(std::log1p(std::exp(double(x[i]))));
  metalium_test::expect_close(got, want, 0.01f, 1e-3f, "softplus(x)");
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
