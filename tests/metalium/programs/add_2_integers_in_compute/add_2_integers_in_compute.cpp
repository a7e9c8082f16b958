// 14 + 7 on the FPU: one tile of each, read from DRAM, added by the compute
// kernel, written back (tt-metal's add_2_integers_in_compute).
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include "../common/host_checks.hpp"

using namespace tt::tt_metal;

int main() {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  auto& cq = mesh->mesh_command_queue();
  constexpr uint32_t tile_bytes = sizeof(bfloat16) * tt::constants::TILE_HW;
  distributed::DeviceLocalBufferConfig dram{.page_size = tile_bytes, .buffer_type = BufferType::DRAM};
  distributed::ReplicatedBufferConfig one_tile{.size = tile_bytes};
  auto src0 = distributed::MeshBuffer::create(one_tile, dram, mesh.get());
  auto src1 = distributed::MeshBuffer::create(one_tile, dram, mesh.get());
  auto dst = distributed::MeshBuffer::create(one_tile, dram, mesh.get());
  distributed::EnqueueWriteMeshBuffer(cq, src0, std::vector<bfloat16>(tt::constants::TILE_HW, bfloat16(14.0f)), false);
  distributed::EnqueueWriteMeshBuffer(cq, src1, std::vector<bfloat16>(tt::constants::TILE_HW, bfloat16(7.0f)), false);

  Program program = CreateProgram();
  constexpr CoreCoord core = {0, 0};
  for (tt::CBIndex cb : {tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16}) {
    CreateCircularBuffer(program, core, CircularBufferConfig(tile_bytes, {{cb, tt::DataFormat::Float16_b}}).set_page_size(cb, tile_bytes));
  }
  std::vector<uint32_t> reader_cta, writer_cta;
  TensorAccessorArgs(*src0->get_backing_buffer()).append_to(reader_cta);
  TensorAccessorArgs(*src1->get_backing_buffer()).append_to(reader_cta);
  TensorAccessorArgs(*dst->get_backing_buffer()).append_to(writer_cta);
  auto reader = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "eltwise_binary/kernels/read_two_tiles_streams.cpp", core,
                             DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                                                .noc = NOC::RISCV_1_default,
                                                .compile_args = reader_cta});
  auto writer = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "eltwise_binary/kernels/write_tile_stream.cpp", core,
                             DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                .noc = NOC::RISCV_0_default,
                                                .compile_args = writer_cta});
  auto compute = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "eltwise_binary/kernels/tiles_add.cpp", core, ComputeConfig{});
  SetRuntimeArgs(program, reader, core, {src0->address(), src1->address(), 1u});
  SetRuntimeArgs(program, writer, core, {dst->address(), 1u, 0u});
  SetRuntimeArgs(program, compute, core, {1u});
  metalium_test::run(*mesh, std::move(program));

  std::vector<bfloat16> result;
  distributed::EnqueueReadMeshBuffer(cq, result, dst, true);
  metalium_test::expect_close(result, std::vector<float>(tt::constants::TILE_HW, 21.0f), 0.0f, 0.0f, "14 + 7");
  fmt::print("Success: Result = {}\n", static_cast<float>(result[0]));
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
