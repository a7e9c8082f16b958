// Tiles smaller than 32x32 through the host API: a DFB's tile_format_metadata
// (as tt-metal's TensixComputeSingleTileBroadcast tiny-tile cases give it) and
// CircularBufferConfig::set_tile_dims reach the device; kernels see the shape
// in get_tile_size / get_tile_hw / get_tile_num_faces at compile time, and a
// broadcast add of one tiny tile matches row-major arithmetic on the host.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/metal2_host_api/program.hpp>
#include <tt-metalium/host_api.hpp>

namespace {

using namespace tt::tt_metal;
using namespace tt::tt_metal::experimental;

// Reads one tile of a and b; its static_asserts are the kernel-side tile facts
// (TILE_BYTES, TILE_HW, TILE_FACES come as defines).
const char* kReader = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  static_assert(get_tile_size(dfb::in0) == TILE_BYTES);
  static_assert(get_tile_hw(dfb::in1) == TILE_HW);
  static_assert(get_tile_num_faces(dfb::in0) == TILE_FACES);
  DataflowBuffer in0(dfb::in0), in1(dfb::in1);
  const uint32_t bytes = in0.get_entry_size();
  const InterleavedAddrGenFast<true> a{.bank_base_address = get_arg(args::a_addr), .page_size = bytes,
                                       .data_format = DataFormat::Float16_b};
  const InterleavedAddrGenFast<true> b{.bank_base_address = get_arg(args::b_addr), .page_size = bytes,
                                       .data_format = DataFormat::Float16_b};
  in0.reserve_back(1);
  in1.reserve_back(1);
  noc_async_read_tile(0, a, in0.get_write_ptr());
  noc_async_read_tile(0, b, in1.get_write_ptr());
  noc_async_read_barrier();
  in0.push_back(1);
  in1.push_back(1);
}
)";

// out = in0 + in1 broadcast as BCAST_DIM.
const char* kCompute = R"(
#include "api/compute/bcast.h"
void kernel_main() {
  DataflowBuffer in0(dfb::in0), in1(dfb::in1), out(dfb::out);
  init_bcast<EltwiseBinaryType::ELWADD, BCAST_DIM>(dfb::in0, dfb::in1, dfb::out);
  in0.wait_front(1);
  in1.wait_front(1);
  out.reserve_back(1);
  tile_regs_acquire();
  add_tiles_bcast<BCAST_DIM>(dfb::in0, dfb::in1, 0, 0, 0);
  tile_regs_commit();
  tile_regs_wait();
  pack_tile(0, dfb::out);
  tile_regs_release();
  out.push_back(1);
  in0.pop_front(1);
  in1.pop_front(1);
}
)";

const char* kWriter = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  DataflowBuffer out(dfb::out);
  const InterleavedAddrGenFast<true> c{.bank_base_address = get_arg(args::c_addr), .page_size = out.get_entry_size(),
                                       .data_format = DataFormat::Float16_b};
  out.wait_front(1);
  noc_async_write_tile(0, c, out.get_read_ptr());
  noc_async_write_barrier();
  out.pop_front(1);
}
)";

// Row-major values -> tile order: faces of 16 columns (up to 16 rows), left to
// right then top to bottom.
std::vector<bfloat16> tilize(const std::vector<float>& m, uint32_t rows, uint32_t cols) {
  const uint32_t face_rows = std::min(rows, 16u);
  std::vector<bfloat16> out;
  for (uint32_t r0 = 0; r0 < rows; r0 += face_rows)
    for (uint32_t c0 = 0; c0 < cols; c0 += 16)
      for (uint32_t r = r0; r < r0 + face_rows; ++r)
        for (uint32_t c = c0; c < c0 + 16; ++c) out.push_back(bfloat16(m[r * cols + c]));
  return out;
}

struct Case {
  uint32_t rows, cols;
  const char* bcast;  // BroadcastType
};

// Runs one tiny tile through reader -> bcast add -> writer and checks it.
void run_case(distributed::MeshDevice& mesh, const Case& t) {
  const Tile tile({t.rows, t.cols});
  const uint32_t bytes = tile.get_tile_size(tt::DataFormat::Float16_b);
  auto dfb = [&](const char* name) {
    return DataflowBufferSpec{.unique_id = DFBSpecName{name}, .entry_size = bytes, .num_entries = 1,
                              .data_format_metadata = tt::DataFormat::Float16_b, .tile_format_metadata = tile};
  };
  const KernelSpecName reader{"reader"}, compute{"compute"}, writer{"writer"};
  ProgramSpec spec{.name = "tiny_bcast"};
  spec.dataflow_buffers = {dfb("a"), dfb("b"), dfb("c")};
  spec.kernels = {
      KernelSpec{.unique_id = reader,
                 .source = KernelSpec::SourceCode{kReader},
                 .compiler_options = {.defines = {{"TILE_BYTES", std::to_string(bytes)},
                                                  {"TILE_HW", std::to_string(t.rows * t.cols)},
                                                  {"TILE_FACES", std::to_string(tile.get_num_faces())}}},
                 .dfb_bindings = {ProducerOf(DFBSpecName{"a"}, "in0"), ProducerOf(DFBSpecName{"b"}, "in1")},
                 .runtime_arg_schema = {.runtime_arg_names = {"a_addr", "b_addr"}},
                 .hw_config = DataMovementHardwareConfig{.role = DataMovementRoleHint::READER}},
      KernelSpec{.unique_id = compute,
                 .source = KernelSpec::SourceCode{kCompute},
                 .compiler_options = {.defines = {{"BCAST_DIM", std::string("BroadcastType::") + t.bcast}}},
                 .dfb_bindings = {ConsumerOf(DFBSpecName{"a"}, "in0"), ConsumerOf(DFBSpecName{"b"}, "in1"),
                                  ProducerOf(DFBSpecName{"c"}, "out")},
                 .hw_config = ComputeHardwareConfig{}},
      KernelSpec{.unique_id = writer,
                 .source = KernelSpec::SourceCode{kWriter},
                 .dfb_bindings = {ConsumerOf(DFBSpecName{"c"}, "out")},
                 .runtime_arg_schema = {.runtime_arg_names = {"c_addr"}},
                 .hw_config = DataMovementHardwareConfig{.role = DataMovementRoleHint::WRITER}},
  };
  spec.work_units = {WorkUnitSpec{.name = "one", .kernels = {reader, compute, writer}, .target_nodes = NodeCoord{0, 0}}};

  distributed::DeviceLocalBufferConfig dram{.page_size = bytes, .buffer_type = BufferType::DRAM};
  distributed::ReplicatedBufferConfig size{.size = bytes};
  auto a = distributed::MeshBuffer::create(size, dram, &mesh);
  auto b = distributed::MeshBuffer::create(size, dram, &mesh);
  auto c = distributed::MeshBuffer::create(size, dram, &mesh);
  const uint32_t n = t.rows * t.cols;
  std::vector<float> am(n), bm(n);
  for (uint32_t i = 0; i < n; ++i) am[i] = float(int(i * 7 % 13) - 6), bm[i] = float(int(i * 5 % 11) - 5);
  auto& cq = mesh.mesh_command_queue();
  distributed::EnqueueWriteMeshBuffer(cq, a, tilize(am, t.rows, t.cols), false);
  distributed::EnqueueWriteMeshBuffer(cq, b, tilize(bm, t.rows, t.cols), false);

  Program program = MakeProgramFromSpec(mesh, spec);
  const NodeCoord node{0, 0};
  SetProgramRunArgs(program,
                    ProgramRunArgs{.kernel_run_args = {
                                       KernelRunArgs{.kernel = reader,
                                                     .runtime_arg_values = {{node,
                                                                             {{"a_addr", uint32_t(a->address())},
                                                                              {"b_addr", uint32_t(b->address())}}}}},
                                       KernelRunArgs{.kernel = writer,
                                                     .runtime_arg_values = {{node, {{"c_addr", uint32_t(c->address())}}}}},
                                       KernelRunArgs{.kernel = compute}}});
  distributed::MeshWorkload workload;
  workload.add_program(distributed::MeshCoordinateRange(mesh.shape()), std::move(program));
  distributed::EnqueueMeshWorkload(cq, workload, false);
  distributed::Finish(cq);

  std::vector<bfloat16> got;
  distributed::EnqueueReadMeshBuffer(cq, got, c, true);
  std::vector<float> want(n);
  const std::string dim = t.bcast;
  for (uint32_t r = 0; r < t.rows; ++r) {
    for (uint32_t k = 0; k < t.cols; ++k) {
      const float spread = dim == "COL" ? bm[r * t.cols] : dim == "ROW" ? bm[k] : bm[0];
      want[r * t.cols + k] = am[r * t.cols + k] + spread;  // small integers: exact
    }
  }
  const std::vector<bfloat16> want_tiled = tilize(want, t.rows, t.cols);
  ASSERT_EQ(got.size(), want_tiled.size());
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_EQ(static_cast<float>(got[i]), static_cast<float>(want_tiled[i])) << "element " << i << " of the tile";
}

class TinyTileProgram : public ::testing::Test {
 protected:
  void SetUp() override { mesh = distributed::MeshDevice::create_unit_mesh(0); }
  void TearDown() override { mesh->close(); }
  std::shared_ptr<distributed::MeshDevice> mesh;
};

TEST_F(TinyTileProgram, SixteenByThirtyTwoColumnBroadcast) { run_case(*mesh, {16, 32, "COL"}); }
TEST_F(TinyTileProgram, ThirtyTwoBySixteenRowBroadcast) { run_case(*mesh, {32, 16, "ROW"}); }
TEST_F(TinyTileProgram, EightByThirtyTwoScalarBroadcast) { run_case(*mesh, {8, 32, "SCALAR"}); }

}  // namespace
