// Metal 2.0 tensor bindings: kernels reach MeshTensors through ta::<name>
// (TensorAccessor(ta::in)), with the addresses a run's tensor_args give;
// the binding slots sit between the named common args and the varargs.
#include <gtest/gtest.h>

#include "what_of.h"

#include <numeric>
#include <string>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/metal2_host_api/program.hpp>
#include <tt-metalium/experimental/tensor/mesh_tensor.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace {

using namespace tt::tt_metal;
using namespace tt::tt_metal::experimental;

constexpr uint32_t kPages = 6, kSkip = 3;  // the copy lands kSkip pages into the output

// Pages [0, n) of the input through the DFB.
const char* kReader = R"(
void kernel_main() {
  const auto in = TensorAccessor(ta::in);
  DataflowBuffer pages(dfb::pages);
  for (uint32_t i = 0; i < get_arg(args::n_pages); ++i) {
    pages.reserve_back(1);
    noc_async_read_page(i, in, pages.get_write_ptr());
    noc_async_read_barrier();
    pages.push_back(1);
  }
}
)";

// Each page to page i + skip of the output; skip is common vararg 0, after
// the binding's address slot.
const char* kWriter = R"(
void kernel_main() {
  const auto out = TensorAccessor(ta::out);
  DataflowBuffer pages(dfb::pages);
  for (uint32_t i = 0; i < get_arg(args::n_pages); ++i) {
    pages.wait_front(1);
    noc_async_write_page(i + get_common_vararg(0), out, pages.get_read_ptr());
    noc_async_write_barrier();
    pages.pop_front(1);
  }
}
)";

TensorSpec rows_of(uint32_t n_rows, BufferType where) {
  return TensorSpec(Shape({n_rows, 64}),
                    TensorLayout(DataType::UINT32, PageConfig(Layout::ROW_MAJOR), MemoryConfig(TensorMemoryLayout::INTERLEAVED, where)));
}

ProgramSpec copy_spec(const TensorSpec& in, const TensorSpec& out) {
  const KernelSpecName reader{"reader"}, writer{"writer"};
  ProgramSpec spec{.name = "copy"};
  spec.tensor_parameters = {TensorParameter{.unique_id = TensorParamName{"src"}, .spec = in},
                            TensorParameter{.unique_id = TensorParamName{"dst"}, .spec = out}};
  spec.dataflow_buffers = {DataflowBufferSpec{.unique_id = DFBSpecName{"rows"}, .entry_size = 64 * 4, .num_entries = 2}};
  spec.kernels = {
      KernelSpec{.unique_id = reader,
                 .source = KernelSpec::SourceCode{kReader},
                 .dfb_bindings = {ProducerOf(DFBSpecName{"rows"}, "pages")},
                 .tensor_bindings = {{TensorParamName{"src"}, "in"}},
                 .runtime_arg_schema = {.common_runtime_arg_names = {"n_pages"}},
                 .hw_config = DataMovementHardwareConfig{.role = DataMovementRoleHint::READER}},
      KernelSpec{.unique_id = writer,
                 .source = KernelSpec::SourceCode{kWriter},
                 .dfb_bindings = {ConsumerOf(DFBSpecName{"rows"}, "pages")},
                 .tensor_bindings = {{TensorParamName{"dst"}, "out"}},
                 .runtime_arg_schema = {.common_runtime_arg_names = {"n_pages"}},
                 .hw_config = DataMovementHardwareConfig{.role = DataMovementRoleHint::WRITER},
                 .advanced_options = {.num_common_runtime_varargs = 1}},
  };
  spec.work_units = {WorkUnitSpec{.name = "one", .kernels = {reader, writer}, .target_nodes = NodeCoord{0, 0}}};
  return spec;
}

ProgramRunArgs copy_args(const MeshTensor& src, const MeshTensor& dst) {
  KernelRunArgs reader{.kernel = KernelSpecName{"reader"}, .common_runtime_arg_values = {{"n_pages", kPages}}};
  KernelRunArgs writer{.kernel = KernelSpecName{"writer"}, .common_runtime_arg_values = {{"n_pages", kPages}}};
  writer.advanced_options.common_runtime_varargs = {kSkip};
  return ProgramRunArgs{.kernel_run_args = {reader, writer},
                        .tensor_args = {{TensorParamName{"src"}, std::cref(src)}, {TensorParamName{"dst"}, std::cref(dst)}}};
}

class Metal2Tensors : public ::testing::Test {
 protected:
  void SetUp() override { mesh = distributed::MeshDevice::create_unit_mesh(0); }
  void TearDown() override { mesh->close(); }

  std::vector<uint32_t> read(const MeshTensor& t) {
    std::vector<uint32_t> out;
    detail::ReadFromBuffer(*t.mesh_buffer().get_reference_buffer(), out);
    return out;
  }
  void run(Program& program) {
    distributed::MeshWorkload workload;
    workload.add_program(distributed::MeshCoordinateRange(mesh->shape()), std::move(program));
    distributed::EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, true);
  }
  std::shared_ptr<distributed::MeshDevice> mesh;
};

TEST_F(Metal2Tensors, KernelsReachTheirTensorsThroughTaTokens) {
  const TensorSpec in_spec = rows_of(kPages, BufferType::DRAM), out_spec = rows_of(kPages + kSkip, BufferType::L1);
  auto src = MeshTensor::allocate_on_device(*mesh, in_spec, TensorTopology{});
  auto dst = MeshTensor::allocate_on_device(*mesh, out_spec, TensorTopology{});
  std::vector<uint32_t> values(kPages * 64);
  std::iota(values.begin(), values.end(), 7u);
  detail::WriteToBuffer(*src.mesh_buffer().get_reference_buffer(), values);
  detail::WriteToBuffer(*dst.mesh_buffer().get_reference_buffer(), std::vector<uint32_t>((kPages + kSkip) * 64, 0));

  Program program = MakeProgramFromSpec(*mesh, copy_spec(in_spec, out_spec));
  SetProgramRunArgs(program, copy_args(src, dst));
  run(program);

  std::vector<uint32_t> want(kSkip * 64, 0);
  want.insert(want.end(), values.begin(), values.end());
  EXPECT_EQ(read(dst), want);
}

TEST_F(Metal2Tensors, UpdateTensorArgsPointsTheBindingsAtOtherTensors) {
  const TensorSpec in_spec = rows_of(kPages, BufferType::DRAM), out_spec = rows_of(kPages + kSkip, BufferType::DRAM);
  auto src = MeshTensor::allocate_on_device(*mesh, in_spec, TensorTopology{});
  auto other_src = MeshTensor::allocate_on_device(*mesh, in_spec, TensorTopology{});
  auto dst = MeshTensor::allocate_on_device(*mesh, out_spec, TensorTopology{});
  std::vector<uint32_t> first(kPages * 64, 1u), second(kPages * 64);
  std::iota(second.begin(), second.end(), 1000u);
  detail::WriteToBuffer(*src.mesh_buffer().get_reference_buffer(), first);
  detail::WriteToBuffer(*other_src.mesh_buffer().get_reference_buffer(), second);

  Program program = MakeProgramFromSpec(*mesh, copy_spec(in_spec, out_spec));
  SetProgramRunArgs(program, copy_args(src, dst));
  UpdateTensorArgs(program, {{TensorParamName{"src"}, std::cref(other_src)}, {TensorParamName{"dst"}, std::cref(dst)}});
  run(program);
  const std::vector<uint32_t> got = read(dst);
  EXPECT_EQ(std::vector<uint32_t>(got.begin() + kSkip * 64, got.end()), second);
}

TEST_F(Metal2Tensors, ShardedTensorParametersAreRefusedByName) {
  const CoreRangeSet cores(CoreRange({0, 0}, {1, 0}));
  const TensorSpec sharded(
      Shape({64, 64}), TensorLayout(DataType::UINT32, PageConfig(Layout::TILE),
                                    MemoryConfig(TensorMemoryLayout::HEIGHT_SHARDED, BufferType::L1, ShardSpec(cores, {32, 64}))));
  const std::string why = what_of<std::runtime_error>([&] { MakeProgramFromSpec(*mesh, copy_spec(sharded, rows_of(9, BufferType::DRAM))); });
  EXPECT_NE(why.find("TensorParameter 'src' is sharded"), std::string::npos) << why;
}

}  // namespace
