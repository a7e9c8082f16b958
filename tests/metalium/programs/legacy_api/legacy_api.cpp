// The single-device API of tt-metal releases before meshes (not in the 0.72
// headers): CreateDevice, CreateBuffer(InterleavedBufferConfig),
// device->command_queue(), EnqueueWriteBuffer, EnqueueProgram, Finish,
// EnqueueReadBuffer, CloseDevice. The kernel path is relative to the
// current directory (the test runs without TT_METAL_HOME), and a second run
// retargets the copy through GetRuntimeArgs, which is writable. The queue
// runs while the host goes on, as the mesh queues do (async_queues).
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "../common/gate_program.hpp"
#include "../common/host_checks.hpp"

using namespace tt::tt_metal;

namespace {

// A held run, with a non-blocking write of data the host then reuses and a
// non-blocking read queued behind it: the write writes the data as it was at
// the enqueue, the read fills the host memory when it runs (after the run).
void the_queue_runs_while_the_host_goes_on(IDevice* device) {
  CommandQueue& cq = device->command_queue();
  auto flag = CreateBuffer(InterleavedBufferConfig{device, 64, 64, BufferType::DRAM});
  auto out = CreateBuffer(InterleavedBufferConfig{device, 64, 64, BufferType::DRAM});
  std::vector<uint32_t> zeros(16, 0);
  EnqueueWriteBuffer(cq, flag, zeros, true);
  EnqueueWriteBuffer(cq, out, zeros, true);
  Program program = metalium_test::gate_program(*flag, *out, 40);
  EnqueueProgram(cq, program, false);
  std::vector<uint32_t> later = metalium_test::counting(900);
  EnqueueWriteBuffer(cq, flag, later, false);
  std::fill(later.begin(), later.end(), 0u);
  std::vector<uint32_t> got(16, 0);
  EnqueueReadBuffer(cq, out, got.data(), false);
  // Past the held queue, at once (slow dispatch).
  detail::WriteToBuffer(*flag, std::vector<uint32_t>(16, metalium_test::kGateOpen));
  Finish(cq);
  TT_FATAL(got == metalium_test::counting(40), "the read queued behind the run got {} ...", got[0]);
  std::vector<uint32_t> flag_now;
  EnqueueReadBuffer(cq, *flag, flag_now, true);
  TT_FATAL(flag_now == metalium_test::counting(900), "the queued write wrote {} ..., not the data as it was when enqueued",
           flag_now.at(0));
}

}  // namespace

int main() {
  IDevice* device = CreateDevice(0);
  constexpr uint32_t page = 1024, n_pages = 20;  // a page size other than a tile
  auto dram = [&] { return CreateBuffer(InterleavedBufferConfig{device, page * n_pages, page, BufferType::DRAM}); };
  auto src = dram(), dst1 = dram(), dst2 = dram();
  auto l1 = CreateBuffer(InterleavedBufferConfig{device, page, page, BufferType::L1});
  std::vector<uint32_t> data(page * n_pages / 4);
  for (uint32_t i = 0; i < data.size(); ++i) data[i] = 0x9e3779b9u * (i + 1);
  CommandQueue& cq = device->command_queue();
  EnqueueWriteBuffer(cq, src, data, false);

  Program program = CreateProgram();
  const CoreCoord core = {1, 1};
  std::vector<uint32_t> cta;
  TensorAccessorArgs(src).append_to(cta);
  TensorAccessorArgs(dst1).append_to(cta);
  TT_FATAL(cta == (std::vector<uint32_t>{2, page, 2, page}), "DRAM accessor args are [IsDram, page size]");
  auto copy = CreateKernel(program, "programs/loopback/kernels/loopback_dram_copy.cpp", core,
                           DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default,
                                              .compile_args = cta});
  SetRuntimeArgs(program, copy, core, {l1->address(), src->address(), dst1->address(), n_pages});
  EnqueueProgram(cq, program, false);
  Finish(cq);
  std::vector<uint32_t> got;
  EnqueueReadBuffer(cq, dst1, got, true);
  TT_FATAL(got == data, "first copy is wrong");

  GetRuntimeArgs(program, copy, core)[2] = dst2->address();
  EnqueueProgram(cq, program, false);
  Finish(cq);
  detail::ReadFromBuffer(*dst2, got);
  TT_FATAL(got == data, "second copy (args changed through GetRuntimeArgs) is wrong");
  TT_FATAL(GetRuntimeArgs(program, copy)[1][1].size() == 4, "the [x][y] view holds the core's 4 args");

  the_queue_runs_while_the_host_goes_on(device);
  TT_FATAL(CloseDevice(device), "CloseDevice failed");
  fmt::print("Test Passed\n");
  return 0;
}
