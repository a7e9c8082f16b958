// exp over 16 bfloat16 tiles on the SFPU (tt-metal's eltwise_sfpu example),
// within 2 % of std::exp. The reader uses ReaderDataMovementConfig and the
// writer WriterDataMovementConfig, as the example does; the buffers move
// through WriteShard / ReadShard on the mesh's one coordinate.
#include <cmath>
#include <random>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include "../common/host_checks.hpp"

using namespace tt::tt_metal;

int main() {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  auto& cq = mesh->mesh_command_queue();
  constexpr uint32_t n_tiles = 16;
  constexpr uint32_t tile_bytes = sizeof(bfloat16) * tt::constants::TILE_HW;
  distributed::DeviceLocalBufferConfig dram{.page_size = tile_bytes, .buffer_type = BufferType::DRAM};
  distributed::ReplicatedBufferConfig size{.size = n_tiles * tile_bytes};
  auto in = distributed::MeshBuffer::create(size, dram, mesh.get());
  auto out = distributed::MeshBuffer::create(size, dram, mesh.get());

  std::mt19937 rng(3);
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  std::vector<bfloat16> in_vec(n_tiles * tt::constants::TILE_HW);
  for (auto& v : in_vec) v = bfloat16(dist(rng));
  distributed::WriteShard(cq, in, in_vec, distributed::MeshCoordinate(0, 0));

  Program program = CreateProgram();
  constexpr CoreCoord core = {0, 0};
  for (uint8_t cb : {uint8_t{tt::CBIndex::c_0}, uint8_t{tt::CBIndex::c_16}}) {
    CreateCircularBuffer(program, core,
                         CircularBufferConfig(2 * tile_bytes, {{cb, tt::DataFormat::Float16_b}}).set_page_size(cb, tile_bytes));
  }
  std::vector<uint32_t> reader_cta, writer_cta;
  TensorAccessorArgs(*in->get_backing_buffer()).append_to(reader_cta);
  TensorAccessorArgs(*out->get_backing_buffer()).append_to(writer_cta);
  auto reader = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "eltwise_sfpu/kernels/read_tile_stream.cpp", core,
                             ReaderDataMovementConfig(reader_cta));
  auto writer = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "eltwise_binary/kernels/write_tile_stream.cpp", core,
                             WriterDataMovementConfig(writer_cta));
  auto compute = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "eltwise_sfpu/kernels/tiles_exp.cpp", core,
                              ComputeConfig{.math_fidelity = MathFidelity::HiFi4, .math_approx_mode = false});
  SetRuntimeArgs(program, reader, core, {in->address(), n_tiles});
  SetRuntimeArgs(program, writer, core, {out->address(), n_tiles, 0u});
  SetRuntimeArgs(program, compute, core, {n_tiles});
  metalium_test::run(*mesh, std::move(program));

  std::vector<bfloat16> result;
  distributed::ReadShard(cq, result, out, distributed::MeshCoordinate(0, 0));
  std::vector<float> want(in_vec.size());
  for (size_t i = 0; i < want.size(); ++i) want[i] = std::exp(static_cast<float>(in_vec[i]));
  metalium_test::expect_close(result, want, 0.02f, 1e-3f, "exp(x)");
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
