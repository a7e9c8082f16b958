// c = a + b with a, b and c height-sharded over 4 cores in L1, 2 tiles per
// shard, each core's CBs placed on its shards (tt-metal's vecadd_sharding):
// no data moves but through the host's writes and reads of the buffers.
// Single device, slow dispatch: CreateDevice, detail::WriteToBuffer,
// detail::LaunchProgram, detail::ReadFromBuffer.
#include <random>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "../common/host_checks.hpp"

using namespace tt::tt_metal;

int main() {
  IDevice* device = CreateDevice(0);
  constexpr uint32_t n_cores = 4, tiles_per_core = 2, n_tiles = n_cores * tiles_per_core;
  constexpr uint32_t tile_bytes = sizeof(bfloat16) * tt::constants::TILE_HW;
  const CoreRange cores({0, 0}, {n_cores - 1, 0});
  const ShardSpecBuffer shard(CoreRangeSet(cores), {tiles_per_core * 32, 32}, ShardOrientation::ROW_MAJOR, {32, 32},
                              {n_tiles, 1});
  auto make = [&] {
    return CreateBuffer(ShardedBufferConfig{.device = device,
                                            .size = n_tiles * tile_bytes,
                                            .page_size = tile_bytes,
                                            .buffer_type = BufferType::L1,
                                            .buffer_layout = TensorMemoryLayout::HEIGHT_SHARDED,
                                            .shard_parameters = shard});
  };
  auto a = make(), b = make(), c = make();
  TT_FATAL(a->buffer_layout() == TensorMemoryLayout::HEIGHT_SHARDED && a->num_cores() == n_cores, "not sharded");

  std::mt19937 rng(13);
  std::uniform_real_distribution<float> dist(-16.0f, 16.0f);
  std::vector<bfloat16> a_vec(n_tiles * tt::constants::TILE_HW), b_vec(a_vec.size());
  for (auto& v : a_vec) v = bfloat16(dist(rng));
  for (auto& v : b_vec) v = bfloat16(dist(rng));
  detail::WriteToBuffer(a, a_vec);
  detail::WriteToBuffer(b, b_vec);

  Program program = CreateProgram();
  const std::pair<uint8_t, std::shared_ptr<Buffer>> placed[] = {{tt::CBIndex::c_0, a}, {tt::CBIndex::c_1, b}, {tt::CBIndex::c_16, c}};
  for (const auto& [cb, buffer] : placed) {
    CreateCircularBuffer(program, cores,
                         CircularBufferConfig(tiles_per_core * tile_bytes, {{cb, tt::DataFormat::Float16_b}})
                             .set_page_size(cb, tile_bytes)
                             .set_globally_allocated_address(*buffer));
  }
  auto ready = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "vecadd_sharding/kernels/shards_ready.cpp", cores,
                            DataMovementConfig{.processor = DataMovementProcessor::RISCV_1, .noc = NOC::RISCV_1_default});
  auto done = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "vecadd_sharding/kernels/shard_done.cpp", cores,
                           DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default});
  auto add = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "vecadd_sharding/kernels/add_shard.cpp", cores, ComputeConfig{});
  for (KernelHandle k : {ready, done, add}) SetRuntimeArgs(program, k, cores, {tiles_per_core});
  detail::LaunchProgram(device, program);

  std::vector<bfloat16> got;
  detail::ReadFromBuffer(c, got);
  std::vector<float> want(a_vec.size());
  for (size_t i = 0; i < want.size(); ++i) want[i] = static_cast<float>(bfloat16(float(a_vec[i]) + float(b_vec[i])));
  metalium_test::expect_close(got, want, 1.0f / 128, 0.0f, "sharded a + b");
  TT_FATAL(CloseDevice(device), "CloseDevice failed");
  fmt::print("Test Passed\n");
  return 0;
}
