// c = a + b over 42 bfloat16 tiles on 4 cores (tt-metal's vecadd_multi_core):
// CB ids reach the kernels as named compile-time args, buffer addresses as
// common runtime args, each core's tile range as per-core args. A second run
// retargets the writer through GetCommonRuntimeArgs (writable) to buffer d.
#include <random>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/work_split.hpp>

#include "../common/host_checks.hpp"

using namespace tt::tt_metal;

int main() {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  auto& cq = mesh->mesh_command_queue();
  constexpr uint32_t n_tiles = 42;
  constexpr uint32_t tile_bytes = sizeof(bfloat16) * tt::constants::TILE_HW;
  distributed::DeviceLocalBufferConfig dram{.page_size = tile_bytes, .buffer_type = BufferType::DRAM};
  distributed::ReplicatedBufferConfig size{.size = n_tiles * tile_bytes};
  auto a = distributed::MeshBuffer::create(size, dram, mesh.get());
  auto b = distributed::MeshBuffer::create(size, dram, mesh.get());
  auto c = distributed::MeshBuffer::create(size, dram, mesh.get());
  auto d = distributed::MeshBuffer::create(size, dram, mesh.get());
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> dist(-8.0f, 8.0f);
  std::vector<bfloat16> a_vec(n_tiles * tt::constants::TILE_HW), b_vec(a_vec.size());
  for (auto& v : a_vec) v = bfloat16(dist(rng));
  for (auto& v : b_vec) v = bfloat16(dist(rng));
  distributed::EnqueueWriteMeshBuffer(cq, a, a_vec, false);
  distributed::EnqueueWriteMeshBuffer(cq, b, b_vec, false);

  auto [n_cores, cores, group_1, group_2, per_1, per_2] = split_work_to_cores(CoreCoord{2, 2}, n_tiles);
  TT_FATAL(n_cores == 4 && per_1 == 11 && per_2 == 10, "unexpected split of {} tiles", n_tiles);
  const uint8_t cb_a = tt::CBIndex::c_3, cb_b = tt::CBIndex::c_7, cb_c = tt::CBIndex::c_20;
  const std::unordered_map<std::string, uint32_t> named = {{"cb_a", cb_a}, {"cb_b", cb_b}, {"cb_c", cb_c}};

  Program program = CreateProgram();
  for (uint8_t cb : {cb_a, cb_b, cb_c}) {
    CreateCircularBuffer(program, cores,
                         CircularBufferConfig(2 * tile_bytes, {{cb, tt::DataFormat::Float16_b}}).set_page_size(cb, tile_bytes));
  }
  std::vector<uint32_t> reader_cta, writer_cta;
  TensorAccessorArgs(*a).append_to(reader_cta);
  TensorAccessorArgs(*b).append_to(reader_cta);
  TensorAccessorArgs(*c).append_to(writer_cta);
  auto reader = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "vecadd_multi_core/kernels/read_named.cpp", cores,
                             DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                                                .noc = NOC::RISCV_1_default,
                                                .compile_args = reader_cta,
                                                .named_compile_args = named});
  auto writer = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "vecadd_multi_core/kernels/write_named.cpp", cores,
                             DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                .noc = NOC::RISCV_0_default,
                                                .compile_args = writer_cta,
                                                .named_compile_args = named});
  auto compute = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "vecadd_multi_core/kernels/add_named.cpp", cores,
                              ComputeConfig{.named_compile_args = named});
  SetCommonRuntimeArgs(program, reader, {a->address(), b->address()});
  SetCommonRuntimeArgs(program, writer, {c->address()});
  uint32_t start = 0;
  for (const CoreCoord& core : corerange_to_cores(cores)) {
    const uint32_t n = group_1.contains(core) ? per_1 : per_2;
    for (KernelHandle k : {reader, writer, compute}) SetRuntimeArgs(program, k, core, {start, n});
    start += n;
  }
  TT_FATAL(start == n_tiles, "split covers {} tiles", start);

  distributed::MeshWorkload workload;
  workload.add_program(distributed::MeshCoordinateRange(mesh->shape()), std::move(program));
  distributed::EnqueueMeshWorkload(cq, workload, false);
  distributed::Finish(cq);

  std::vector<float> want(a_vec.size());
  for (size_t i = 0; i < want.size(); ++i) want[i] = static_cast<float>(bfloat16(float(a_vec[i]) + float(b_vec[i])));
  std::vector<bfloat16> got;
  distributed::EnqueueReadMeshBuffer(cq, got, c, true);
  metalium_test::expect_close(got, want, 1.0f / 128, 0.0f, "a + b into c");

  // Same program, the writer's common arg now pointing at d.
  Program& again = workload.get_programs().begin()->second;
  GetCommonRuntimeArgs(again, writer)[0] = static_cast<uint32_t>(d->address());
  distributed::EnqueueMeshWorkload(cq, workload, false);
  distributed::Finish(cq);
  distributed::EnqueueReadMeshBuffer(cq, got, d, true);
  metalium_test::expect_close(got, want, 1.0f / 128, 0.0f, "a + b into d");
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
