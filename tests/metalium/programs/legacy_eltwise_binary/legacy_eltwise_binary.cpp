// c = a + b over bfloat16 tiles on one core, written as host programs were
// before the mesh API (tt-metal's eltwise_binary and matmul_single_core of
// early 2025): CreateDevice, device->command_queue(), InterleavedBufferConfig,
// EnqueueWriteBuffer from a vector, from a pointer and from shared host data
// (HostDataType), EnqueueReadBuffer into a vector through Buffer& and a
// pointer, the sub-buffer calls, bfloat16::to_float, Synchronize and
// CloseDevice. The kernels address DRAM with InterleavedAddrGenFast from
// runtime args, as kernels did before TensorAccessor.
#include <memory>
#include <random>
#include <string>
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/host_api.hpp>

#include "../common/host_checks.hpp"

using namespace tt;
using namespace tt::tt_metal;

int main() {
  IDevice* device = CreateDevice(0);
  CommandQueue& cq = device->command_queue();
  Program program = CreateProgram();
  constexpr CoreCoord core = {0, 0};

  constexpr uint32_t n_tiles = 8;
  constexpr uint32_t elements_per_tile = tt::constants::TILE_WIDTH * tt::constants::TILE_HEIGHT;
  constexpr uint32_t tile_bytes = sizeof(bfloat16) * elements_per_tile;
  tt_metal::InterleavedBufferConfig dram_config{
      .device = device, .size = n_tiles * tile_bytes, .page_size = tile_bytes, .buffer_type = tt_metal::BufferType::DRAM};
  auto a_buffer = CreateBuffer(dram_config);
  auto b_buffer = CreateBuffer(dram_config, SubDeviceId{0});
  std::shared_ptr<tt::tt_metal::Buffer> c_buffer = CreateBuffer(dram_config);

  auto make_cb_config = [&](uint32_t cb_index) {
    return CircularBufferConfig(2 * tile_bytes, {{cb_index, tt::DataFormat::Float16_b}})
        .set_page_size(cb_index, tile_bytes);
  };
  tt_metal::CreateCircularBuffer(program, core, make_cb_config(CBIndex::c_0));
  tt_metal::CreateCircularBuffer(program, core, make_cb_config(CBIndex::c_1));
  tt_metal::CreateCircularBuffer(program, core, make_cb_config(CBIndex::c_16));

  KernelHandle reader = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "legacy_eltwise_binary/kernels/read_tiles_by_bank.cpp",
                                     core, DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                                                              .noc = NOC::RISCV_1_default});
  KernelHandle writer = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "legacy_eltwise_binary/kernels/write_tiles_by_bank.cpp",
                                     core, DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                              .noc = NOC::RISCV_0_default});
  KernelHandle compute = CreateKernel(
      program, OVERRIDE_KERNEL_PREFIX "eltwise_binary/kernels/tiles_add.cpp", core,
      ComputeConfig{.math_fidelity = MathFidelity::HiFi4, .fp32_dest_acc_en = false, .math_approx_mode = false});

  std::vector<bfloat16> a_vec(n_tiles * elements_per_tile), b_vec(a_vec.size());
  std::mt19937 rng(13);
  std::uniform_real_distribution<float> dist(-8.0f, 8.0f);
  for (auto& v : a_vec) v = bfloat16(dist(rng));
  for (auto& v : b_vec) v = bfloat16(dist(rng));
  const std::vector<bfloat16>& a_in = a_vec;
  EnqueueWriteBuffer(cq, a_buffer, a_in.data(), false);  // a pointer, as matmul_single_core wrote its inputs
  // Host data the queue keeps alive, packed two per word.
  auto b_packed = std::make_shared<std::vector<uint32_t>>(pack_bfloat16_vec_into_uint32_vec(b_vec));
  EnqueueWriteBuffer(cq, b_buffer, b_packed, false);

  SetRuntimeArgs(program, reader, core, {a_buffer->address(), b_buffer->address(), n_tiles});
  SetRuntimeArgs(program, writer, core, {c_buffer->address(), n_tiles});
  SetRuntimeArgs(program, compute, core, {n_tiles});
  EnqueueProgram(cq, program, false);
  Finish(cq);

  std::vector<bfloat16> result;
  EnqueueReadBuffer(cq, *c_buffer, result, true);  // sized to the buffer by the read
  std::vector<float> want(a_vec.size());
  for (size_t i = 0; i < want.size(); ++i) want[i] = bfloat16(a_vec[i].to_float() + b_vec[i].to_float()).to_float();
  // The sum is rounded once, by the packer.
  metalium_test::expect_close(result, want, 1.0f / 128, 0.0f, "a + b");

  // Zero tile 0 of a in place and run again: tile 0 of c becomes b's, the rest stays a + b.
  std::vector<bfloat16> zeros(elements_per_tile, bfloat16(0.0f));
  EnqueueWriteSubBuffer(cq, a_buffer, zeros, BufferRegion(0, tile_bytes), false);
  EnqueueProgram(cq, program, /*blocking=*/true);
  Synchronize(device);
  std::vector<uint32_t> first_tile;
  EnqueueReadSubBuffer(cq, c_buffer, first_tile, BufferRegion(0, tile_bytes), true);
  TT_FATAL(first_tile.size() == elements_per_tile / 2, "the sub-buffer read holds {} words", first_tile.size());
  for (uint32_t w = 0; w < first_tile.size(); ++w) {
    const auto [lo, hi] = unpack_two_bfloat16_from_uint32(first_tile[w]);
    TT_FATAL(lo.to_uint16() == b_vec[2 * w].to_uint16() && hi.to_uint16() == b_vec[2 * w + 1].to_uint16(),
             "tile 0 of c is not b at word {}: {:#x}", w, first_tile[w]);
  }
  std::vector<bfloat16> all(a_vec.size());
  EnqueueReadBuffer(cq, c_buffer, all.data(), true);
  std::vector<bfloat16> rest(all.begin() + elements_per_tile, all.end());
  metalium_test::expect_close(rest, std::vector<float>(want.begin() + elements_per_tile, want.end()), 1.0f / 128,
                              0.0f, "tiles 1.. after the rerun");

  // What the emulator cannot do, it says.
  auto what_of = [](auto&& f) -> std::string {
    try {
      f();
    } catch (const std::exception& e) {
      return e.what();
    }
    return "no throw";
  };
  const std::string short_data = what_of([&] { EnqueueWriteBuffer(cq, a_buffer, std::make_shared<std::vector<uint32_t>>(4), false); });
  TT_FATAL(short_data.find("Host data of 16 B is smaller than the 16384 B to write") != std::string::npos, "{}", short_data);
  const std::string sub_device = what_of([&] { CreateBuffer(dram_config, SubDeviceId{1}); });
  TT_FATAL(sub_device.find("Sub-device 1 does not exist") != std::string::npos, "{}", sub_device);
  const std::string queue = what_of([&] { Synchronize(device, 1); });
  TT_FATAL(queue.find("Command queue 1 does not exist: the device has 1") != std::string::npos, "{}", queue);

  TT_FATAL(CloseDevice(device), "CloseDevice failed");
  fmt::print("Test Passed\n");
  return 0;
}
