// Metal 2.0's ProgramSpec / ProgramRunArgs (tt-metal's experimental
// metal2_host_api): a spec with reader, compute and writer kernels joined by
// DFBs runs on the emulated device and adds two tensors as the host does;
// bad specs and bad run args are refused with tt-metal's messages.
#include <gtest/gtest.h>

#include "what_of.h"

#include <random>
#include <string>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/metal2_host_api/program.hpp>
#include <tt-metalium/host_api.hpp>

namespace {

using namespace tt::tt_metal;
using namespace tt::tt_metal::experimental;

constexpr uint32_t kTileBytes = 2 * 32 * 32;  // bfloat16

// Reads tiles [first_tile, first_tile + n_tiles) of a and b into in0 / in1,
// then opens the semaphore the writer waits on.
const char* kReader = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  const uint32_t first = get_arg(args::first_tile);
  const uint32_t n = get_arg(args::n_tiles);
  DataflowBuffer in0(dfb::in0), in1(dfb::in1);
  const uint32_t bytes = in0.get_entry_size();
  const InterleavedAddrGenFast<true> a{.bank_base_address = get_arg(args::a_addr), .page_size = bytes,
                                       .data_format = DataFormat::Float16_b};
  const InterleavedAddrGenFast<true> b{.bank_base_address = get_arg(args::b_addr), .page_size = bytes,
                                       .data_format = DataFormat::Float16_b};
  for (uint32_t i = first; i < first + n; ++i) {
    in0.reserve_back(1);
    in1.reserve_back(1);
    noc_async_read_tile(i, a, in0.get_write_ptr());
    noc_async_read_tile(i, b, in1.get_write_ptr());
    noc_async_read_barrier();
    in0.push_back(1);
    in1.push_back(1);
  }
  noc_semaphore_set(reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_semaphore(sem::done)), 1);
}
)";

// out = in0 + in1, n_tiles (a compile-time value) times.
const char* kCompute = R"(
#include "api/compute/eltwise_binary.h"
void kernel_main() {
  constexpr uint32_t n = get_arg(args::n_tiles);
  DataflowBuffer in0(dfb::in0), in1(dfb::in1), out(dfb::out);
  binary_op_init_common(dfb::in0, dfb::in1, dfb::out);
  add_tiles_init(dfb::in0, dfb::in1);
  for (uint32_t i = 0; i < n; ++i) {
    in0.wait_front(1);
    in1.wait_front(1);
    tile_regs_acquire();
    add_tiles(dfb::in0, dfb::in1, 0, 0, 0);
    tile_regs_commit();
    out.reserve_back(1);
    tile_regs_wait();
    pack_tile(0, dfb::out);
    tile_regs_release();
    out.push_back(1);
    in0.pop_front(1);
    in1.pop_front(1);
  }
}
)";

// Waits for the reader's semaphore, then writes the node's tiles from its
// first tile (vararg 0) on, to the address of common vararg 0.
const char* kWriter = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  noc_semaphore_wait(reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_semaphore(sem::ready)), 1);
  DataflowBuffer out(dfb::result);
  const uint32_t bytes = out.get_entry_size();
  const InterleavedAddrGenFast<true> c{.bank_base_address = get_common_vararg(0), .page_size = bytes,
                                       .data_format = DataFormat::Float16_b};
  const uint32_t first = get_vararg(0);
  for (uint32_t i = first; i < first + get_arg(args::n_tiles); ++i) {
    out.wait_front(1);
    noc_async_write_tile(i, c, out.get_read_ptr());
    noc_async_write_barrier();
    out.pop_front(1);
  }
}
)";

DataflowBufferSpec tiles(const char* name) {
  return DataflowBufferSpec{.unique_id = DFBSpecName{name},
                            .entry_size = kTileBytes,
                            .num_entries = 2,
                            .data_format_metadata = tt::DataFormat::Float16_b};
}

// c = a + b on `nodes` (a row from (0, 0)), n_tiles per node.
ProgramSpec add_spec(uint32_t n_nodes, uint32_t n_tiles) {
  const KernelSpecName reader{"reader"}, compute{"compute"}, writer{"writer"};
  ProgramSpec spec{.name = "add"};
  spec.dataflow_buffers = {tiles("a_tiles"), tiles("b_tiles"), tiles("sums")};
  spec.semaphores = {SemaphoreSpec{.unique_id = SemaphoreSpecName{"go"},
                                   .target_nodes = NodeRange({0, 0}, {n_nodes - 1, 0})}};
  spec.kernels = {
      KernelSpec{.unique_id = reader,
                 .source = KernelSpec::SourceCode{kReader},
                 .dfb_bindings = {ProducerOf(DFBSpecName{"a_tiles"}, "in0"), ProducerOf(DFBSpecName{"b_tiles"}, "in1")},
                 .semaphore_bindings = {{SemaphoreSpecName{"go"}, "done"}},
                 .runtime_arg_schema = {.runtime_arg_names = {"first_tile"},
                                        .common_runtime_arg_names = {"a_addr", "b_addr", "n_tiles"}},
                 .hw_config = DataMovementHardwareConfig{.role = DataMovementRoleHint::READER}},
      KernelSpec{.unique_id = compute,
                 .source = KernelSpec::SourceCode{kCompute},
                 .dfb_bindings = {ConsumerOf(DFBSpecName{"a_tiles"}, "in0"), ConsumerOf(DFBSpecName{"b_tiles"}, "in1"),
                                  ProducerOf(DFBSpecName{"sums"}, "out")},
                 .compile_time_args = {{"n_tiles", n_tiles}},
                 .hw_config = ComputeHardwareConfig{}},
      KernelSpec{.unique_id = writer,
                 .source = KernelSpec::SourceCode{kWriter},
                 .dfb_bindings = {ConsumerOf(DFBSpecName{"sums"}, "result")},
                 .semaphore_bindings = {{SemaphoreSpecName{"go"}, "ready"}},
                 .runtime_arg_schema = {.common_runtime_arg_names = {"n_tiles"}},
                 .hw_config = DataMovementHardwareConfig{.role = DataMovementRoleHint::WRITER},
                 .advanced_options = {.num_runtime_varargs = 1, .num_common_runtime_varargs = 1}},
  };
  spec.work_units = {WorkUnitSpec{
      .name = "row", .kernels = {reader, compute, writer}, .target_nodes = NodeRange({0, 0}, {n_nodes - 1, 0})}};
  return spec;
}

ProgramRunArgs add_args(uint32_t n_nodes, uint32_t n_tiles, uint32_t a, uint32_t b, uint32_t c) {
  KernelRunArgs reader{.kernel = KernelSpecName{"reader"},
                       .common_runtime_arg_values = {{"a_addr", a}, {"b_addr", b}, {"n_tiles", n_tiles}}};
  KernelRunArgs writer{.kernel = KernelSpecName{"writer"}, .common_runtime_arg_values = {{"n_tiles", n_tiles}}};
  writer.advanced_options.common_runtime_varargs = {c};
  for (uint32_t x = 0; x < n_nodes; ++x) {
    reader.runtime_arg_values.push_back({NodeCoord{x, 0}, {{"first_tile", x * n_tiles}}});
    writer.advanced_options.runtime_varargs[NodeCoord{x, 0}] = {x * n_tiles};
  }
  return ProgramRunArgs{.kernel_run_args = {reader, writer}};
}

class Metal2Spec : public ::testing::Test {
 protected:
  void SetUp() override { mesh = distributed::MeshDevice::create_unit_mesh(0); }
  void TearDown() override { mesh->close(); }
  std::string refusal(const ProgramSpec& spec) {
    return what_of<std::runtime_error>([&] { MakeProgramFromSpec(*mesh, spec); });
  }
  std::shared_ptr<distributed::MeshDevice> mesh;
};

// Runs `spec` (add_spec's kernels) over n_nodes x n_tiles random tiles and
// checks c = a + b.
void expect_sums(distributed::MeshDevice& device, const ProgramSpec& spec, uint32_t n_nodes, uint32_t n_tiles) {
  const uint32_t total = n_nodes * n_tiles;
  distributed::MeshDevice* mesh = &device;
  distributed::DeviceLocalBufferConfig dram{.page_size = kTileBytes, .buffer_type = BufferType::DRAM};
  distributed::ReplicatedBufferConfig size{.size = total * kTileBytes};
  auto a = distributed::MeshBuffer::create(size, dram, mesh);
  auto b = distributed::MeshBuffer::create(size, dram, mesh);
  auto c = distributed::MeshBuffer::create(size, dram, mesh);
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> dist(-8.0f, 8.0f);
  std::vector<bfloat16> a_vec(total * 1024), b_vec(a_vec.size());
  for (auto& v : a_vec) v = bfloat16(dist(rng));
  for (auto& v : b_vec) v = bfloat16(dist(rng));
  auto& cq = mesh->mesh_command_queue();
  distributed::EnqueueWriteMeshBuffer(cq, a, a_vec, false);
  distributed::EnqueueWriteMeshBuffer(cq, b, b_vec, false);

  Program program = MakeProgramFromSpec(*mesh, spec);
  SetProgramRunArgs(program, add_args(n_nodes, n_tiles, a->address(), b->address(), c->address()));
  distributed::MeshWorkload workload;
  workload.add_program(distributed::MeshCoordinateRange(mesh->shape()), std::move(program));
  distributed::EnqueueMeshWorkload(cq, workload, false);
  distributed::Finish(cq);

  std::vector<bfloat16> got;
  distributed::EnqueueReadMeshBuffer(cq, got, c, true);
  ASSERT_EQ(got.size(), a_vec.size());
  for (size_t i = 0; i < got.size(); ++i) {
    // The sum rounded once to bfloat16, by the packer.
    const float want = static_cast<float>(bfloat16(static_cast<float>(a_vec[i]) + static_cast<float>(b_vec[i])));
    ASSERT_NEAR(static_cast<float>(got[i]), want, std::abs(want) / 128 + 1e-6f) << "element " << i;
  }
}

TEST_F(Metal2Spec, AReaderComputeWriterSpecAddsTwoTensorsOnThreeNodes) { expect_sums(*mesh, add_spec(3, 4), 3, 4); }

// tt-metal's matmul tests define DST_ACCUM_MODE=1 for a kernel with a 32-bit
// DST; the compute API's constant of that name must yield to it.
TEST_F(Metal2Spec, AKernelMayDefineDstAccumMode) {
  ProgramSpec spec = add_spec(1, 2);
  spec.kernels[1].compiler_options.defines = {{"DST_ACCUM_MODE", "1"}};
  std::get<ComputeHardwareConfig>(spec.kernels[1].hw_config).fp32_dest_acc_en = true;
  expect_sums(*mesh, spec, 1, 2);
}

TEST_F(Metal2Spec, StructuralErrorsCarryTttMetalsMessages) {
  ProgramSpec dup = add_spec(1, 1);
  dup.kernels.push_back(dup.kernels[0]);
  EXPECT_NE(refusal(dup).find("Duplicate KernelSpec name 'reader'"), std::string::npos) << refusal(dup);

  ProgramSpec unplaced = add_spec(1, 1);
  unplaced.work_units[0].kernels.pop_back();
  EXPECT_NE(refusal(unplaced).find("Kernel 'writer' is not referenced by any WorkUnitSpec"), std::string::npos);

  ProgramSpec no_consumer = add_spec(1, 1);
  no_consumer.kernels[2].dfb_bindings.clear();
  EXPECT_NE(refusal(no_consumer).find("DFB 'sums' has no consumer"), std::string::npos) << refusal(no_consumer);

  ProgramSpec unknown = add_spec(1, 1);
  unknown.kernels[0].dfb_bindings[0].dfb_spec_name = DFBSpecName{"nope"};
  EXPECT_NE(refusal(unknown).find("Kernel 'reader' references unknown DFB 'nope'"), std::string::npos);

  ProgramSpec keyword = add_spec(1, 1);
  keyword.kernels[0].semaphore_bindings[0].accessor_name = "int";
  EXPECT_NE(refusal(keyword).find("Kernel 'reader' semaphore accessor_name 'int' must be a valid C++ identifier"),
            std::string::npos);
}

// Two DM producers of one DFB on different nodes must run on the same processor.
TEST_F(Metal2Spec, SameRoleKernelsOfADfbShareTheirProcessor) {
  const auto producer = [](const char* name, DataMovementProcessor risc) {
    return KernelSpec{.unique_id = KernelSpecName{name},
                      .source = KernelSpec::SourceCode{"void kernel_main() {}"},
                      .dfb_bindings = {ProducerOf(DFBSpecName{"dfb"}, "out")},
                      .hw_config = DataMovementHardwareConfig{
                          .gen1_config = DataMovementHardwareConfig::Gen1Config{.processor = risc}}};
  };
  ProgramSpec spec{.name = "mask"};
  spec.dataflow_buffers = {tiles("dfb")};
  spec.kernels = {producer("producer_g1", DataMovementProcessor::RISCV_0),
                  producer("producer_g2", DataMovementProcessor::RISCV_1),
                  KernelSpec{.unique_id = KernelSpecName{"consumer"},
                             .source = KernelSpec::SourceCode{"void kernel_main() {}"},
                             .dfb_bindings = {ConsumerOf(DFBSpecName{"dfb"}, "in")},
                             .hw_config = ComputeHardwareConfig{}}};
  spec.work_units = {WorkUnitSpec{.name = "wu_g1",
                                  .kernels = {KernelSpecName{"producer_g1"}, KernelSpecName{"consumer"}},
                                  .target_nodes = NodeCoord{0, 0}},
                     WorkUnitSpec{.name = "wu_g2",
                                  .kernels = {KernelSpecName{"producer_g2"}, KernelSpecName{"consumer"}},
                                  .target_nodes = NodeCoord{0, 1}}};
  EXPECT_NE(refusal(spec).find("DFB 'dfb' has multiple PRODUCER KernelSpecs ('producer_g1', 'producer_g2') with "
                               "mismatched processor placement (risc_mask 0x1 vs 0x2)"),
            std::string::npos)
      << refusal(spec);
  spec.kernels[1] = producer("producer_g2", DataMovementProcessor::RISCV_0);
  EXPECT_NO_THROW(MakeProgramFromSpec(*mesh, spec));
}

TEST_F(Metal2Spec, SemanticErrorsCarryTtMetalsMessages) {
  ProgramSpec formatless = add_spec(1, 1);
  formatless.dataflow_buffers[2].data_format_metadata.reset();
  EXPECT_NE(refusal(formatless).find("DFB 'sums' is used by a compute kernel, but no data_format_metadata is specified"),
            std::string::npos);

  ProgramSpec both = add_spec(1, 1);
  std::get<DataMovementHardwareConfig>(both.kernels[0].hw_config).gen1_config = DataMovementHardwareConfig::Gen1Config{};
  EXPECT_NE(refusal(both).find("KernelSpec 'reader' sets both a READER/WRITER role hint and an explicit Gen1 config"),
            std::string::npos);

  ProgramSpec same_risc = add_spec(1, 1);
  std::get<DataMovementHardwareConfig>(same_risc.kernels[2].hw_config).role = DataMovementRoleHint::READER;
  EXPECT_NE(refusal(same_risc).find("KernelSpec 'writer' conflicts with 'reader' on node (0, 0): both claim the same "
                                    "DM processor"),
            std::string::npos)
      << refusal(same_risc);

  ProgramSpec far = add_spec(1, 1);
  far.work_units[0].target_nodes = NodeCoord{40, 3};
  far.semaphores[0].target_nodes = NodeCoord{40, 3};
  const CoreCoord grid = mesh->compute_with_storage_grid_size();
  EXPECT_NE(refusal(far).find(fmt::format("WorkUnitSpec 'row' targets node (40,3), which is out of bounds. The compute "
                                          "worker grid on this device is {}x{}.",
                                          grid.x, grid.y)),
            std::string::npos)
      << refusal(far);

  ProgramSpec overlap = add_spec(2, 1);
  overlap.kernels.push_back(KernelSpec{.unique_id = KernelSpecName{"idle"},
                                      .source = KernelSpec::SourceCode{"void kernel_main() {}"},
                                      .hw_config = ComputeHardwareConfig{}});
  overlap.work_units.push_back(WorkUnitSpec{.name = "again", .kernels = {KernelSpecName{"idle"}},
                                            .target_nodes = NodeCoord{1, 0}});
  EXPECT_NE(refusal(overlap).find("WorkUnitSpecs 'row' and 'again' overlap in target nodes"), std::string::npos);

  ProgramSpec collide = add_spec(1, 1);
  collide.kernels[0].runtime_arg_schema.runtime_arg_names.push_back("n_tiles");
  EXPECT_NE(refusal(collide).find("KernelSpec 'reader' has a naming collision: 'n_tiles' is declared as both a named "
                                  "RTA and a named CRTA."),
            std::string::npos)
      << refusal(collide);

  ProgramSpec empty = add_spec(1, 1);
  empty.dataflow_buffers[0].num_entries = 0;
  EXPECT_NE(refusal(empty).find("DataflowBufferSpec 'a_tiles' has num_entries = 0."), std::string::npos);
}

TEST_F(Metal2Spec, RunArgsMustMatchTheSchemas) {
  Program program = MakeProgramFromSpec(*mesh, add_spec(2, 1));
  auto refusal_of = [&](const ProgramRunArgs& args) {
    return what_of<std::runtime_error>([&] { SetProgramRunArgs(program, args); });
  };
  ProgramRunArgs missing_node = add_args(2, 1, 0, 0, 0);
  missing_node.kernel_run_args[0].runtime_arg_values.pop_back();
  EXPECT_NE(refusal_of(missing_node)
                .find("Kernel 'reader' has named RTAs declared but no runtime_arg_values provided for node (x=1,y=0)."),
            std::string::npos)
      << refusal_of(missing_node);

  ProgramRunArgs stray = add_args(2, 1, 0, 0, 0);
  stray.kernel_run_args[0].runtime_arg_values[0].args = {{"last_tile", 1u}};
  EXPECT_NE(refusal_of(stray).find("Kernel 'reader' node (x=0,y=0) sets named RTA 'last_tile' which is not declared in "
                                   "the schema."),
            std::string::npos)
      << refusal_of(stray);

  ProgramRunArgs no_crta = add_args(2, 1, 0, 0, 0);
  no_crta.kernel_run_args[1].common_runtime_arg_values = {};
  EXPECT_NE(refusal_of(no_crta).find("Kernel 'writer' is missing named CRTA 'n_tiles'."), std::string::npos);

  ProgramRunArgs few_varargs = add_args(2, 1, 0, 0, 0);
  few_varargs.kernel_run_args[1].advanced_options.common_runtime_varargs.clear();
  EXPECT_NE(refusal_of(few_varargs).find("Kernel 'writer' expects 1 vararg common runtime args, but 0 were provided"),
            std::string::npos);

  ProgramRunArgs absent{.kernel_run_args = {add_args(2, 1, 0, 0, 0).kernel_run_args[0]}};
  EXPECT_NE(refusal_of(absent).find("Kernel 'writer' is registered in the Program with a non-empty RTA/CRTA schema"),
            std::string::npos);

  EXPECT_EQ(refusal_of(add_args(2, 1, 0, 0, 0)), "no throw");
}

TEST(Metal2Table, KeysAreUniqueAndLookupsNeverInsert) {
  Table<std::string, uint32_t> t{{"a", 1u}, {"b", 2u}};
  EXPECT_FALSE(t.insert({"a", 5u}).second);
  EXPECT_EQ(*t.get("a"), 1u);
  EXPECT_FALSE(t.get("c").has_value());
  EXPECT_EQ(t.size(), 2u);
  t["c"] = 3;
  EXPECT_EQ(t.erase("a"), 1u);
  EXPECT_EQ(t, (Table<std::string, uint32_t>{{"c", 3u}, {"b", 2u}}));  // order does not matter
  EXPECT_NE(what_of([] { Table<std::string, uint32_t>{{"a", 1u}, {"a", 2u}}; }).find("duplicate key"),
            std::string::npos);
}

}  // namespace
