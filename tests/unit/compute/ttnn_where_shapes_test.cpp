// ttnn's where kernels, in their shape (binary_ng's eltwise_where_no_bcast:
// the op, its init and the scalar fill chosen by the host's defines; unary's
// where_tss_kernel: an SFPU_OP_CHAIN_0 from get_block_defines), compiled with
// exactly the defines those hosts pass and run on a fake core against a
// reference computed here.
#include <gtest/gtest.h>

#include <bit>
#include <string>
#include <vector>

#include "device/emu/compute/formats.h"
#include "kernel_loader.h"
#include "test_support.h"

namespace zyxtt {
namespace {

emu::KernelEntry build(const std::string& name, const std::string& body, const std::vector<std::string>& defines) {
  const std::string dir = emu::test::scratch_dir();
  const std::string src = dir + "/" + name + "_compute.cpp";
  EXPECT_TRUE(emu::test::write_file(src, body));
  const emu::test::BuildResult r = emu::test::build_kernel({src}, emu::test::KernelRole::kCompute, "", "1", defines);
  emu::test::remove_dir(dir);
  EXPECT_EQ(r.status, 0) << r.output;
  if (r.status != 0) return nullptr;
  return emu::test::load_kernel(r.object).entry;
}

// bf16 tiles: condition (zeros, -0, nonzeros) and a value tile.
uint16_t bf16(float f) { return emu::compute::f32_to_bf16(f, emu::compute::Rounding::kNearestEven); }
float cond_value(uint32_t k) { return k % 3 == 0 ? 0.0f : (k % 3 == 1 ? -0.0f + float(k % 7) - 3.0f : 0.5f); }
float tensor_value(uint32_t k) { return float(int(k % 101) - 50) * 0.25f; }

// binary_ng where(cond, tensor, scalar) (WHERE_TTS) and where(cond, scalar,
// tensor) (WHERE_TST) on bf16, no broadcast: the host's BINARY_SFPU_* and FILL_* defines.
TEST(TtnnWhereShapes, BinaryNgWhereWithHostDefines) {
  const char* body = R"ZYX(
#include <cstdint>
#include "api/compute/eltwise_unary/where.h"
#include "api/compute/eltwise_unary/fill.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/tile_move_copy.h"  // what ttnn's eltwise_utils_sfpu.hpp brings
void kernel_main() {
  uint32_t num_tiles = get_arg_val<uint32_t>(0);
  const uint32_t scalar_value = get_arg_val<uint32_t>(3);
  const auto scalar_val = reinterpret_cast<const float*>(&scalar_value);
  constexpr uint32_t num_tiles_per_cycle = get_compile_time_arg_val(0);
  constexpr auto cb_in0 = tt::CBIndex::c_0, cb_in1 = tt::CBIndex::c_1, cb_out = tt::CBIndex::c_2;
  unary_op_init_common(cb_in0, cb_out);
  BINARY_SFPU_INIT
  for (uint32_t tile_id = 0; tile_id < num_tiles; ++tile_id) {
    cb_wait_front(cb_in0, num_tiles_per_cycle);
    cb_wait_front(cb_in1, num_tiles_per_cycle);
    cb_reserve_back(cb_out, num_tiles_per_cycle);
    tile_regs_acquire();
    copy_tile_to_dst_init_short(cb_in0);
    for (uint32_t i = 0; i < num_tiles_per_cycle; ++i) copy_tile(cb_in0, i, i * 3);
    copy_tile_to_dst_init_short(cb_in1);
    for (uint32_t i = 0; i < num_tiles_per_cycle; ++i) {
#if WHERE_TTS
      copy_tile(cb_in1, i, i * 3 + 1);
      fill_tile_init();
#ifdef FILL_WITH_VALUE_FLOAT
      FILL_LLK(i * 3 + 2, *scalar_val);
#endif
#endif
#if WHERE_TST
      copy_tile(cb_in1, i, i * 3 + 2);
      fill_tile_init();
#ifdef FILL_WITH_VALUE_FLOAT
      FILL_LLK(i * 3 + 1, *scalar_val);
#endif
#endif
      BINARY_SFPU_OP(i * 3, i * 3 + 1, i * 3 + 2, i * 3);
    }
    tile_regs_commit();
    tile_regs_wait();
    for (uint32_t i = 0; i < num_tiles_per_cycle; ++i) pack_tile(i * 3, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, num_tiles_per_cycle);
    cb_pop_front(cb_in0, num_tiles_per_cycle);
    cb_pop_front(cb_in1, num_tiles_per_cycle);
  }
}
)ZYX";
  const float scalar = -7.5f;
  for (bool tts : {true, false}) {
    const std::vector<std::string> defines = {"BINARY_SFPU_INIT=where_tile_init();",
                                              "BINARY_SFPU_OP=where_tile<DataFormat::Float16_b>",
                                              "PROCESS_LHS_ACTIVATIONS(i)=",
                                              "PROCESS_RHS_ACTIVATIONS(i)=",
                                              "PROCESS_POST_ACTIVATIONS(i)=",
                                              "BCAST_INPUT=",
                                              "FILL_LLK=fill_tile",
                                              "FILL_WITH_VALUE_FLOAT=1",
                                              tts ? "WHERE_TTS=1" : "WHERE_TTS=0",
                                              tts ? "WHERE_TST=0" : "WHERE_TST=1"};
    const emu::KernelEntry entry = build(tts ? "where_tts" : "where_tst", body, defines);
    ASSERT_TRUE(entry);
    // Runtime args as binary_ng's host sets them: tile count, freq, start, scalar bits.
    test::FakeCore fc(krt::Role::kCompute, {2, 1, 0, std::bit_cast<uint32_t>(scalar)});
    std::vector<uint16_t> cond(2048), tensor(2048);
    for (uint32_t k = 0; k < 2048; ++k) cond[k] = bf16(cond_value(k)), tensor[k] = bf16(tensor_value(k));
    fc.configure_cb(0, 5 /* bf16 */, 2048, 2);
    fc.configure_cb(1, 5, 2048, 2);
    fc.configure_cb(2, 5, 2048, 2);
    fc.feed(0, cond.data(), 2);
    fc.feed(1, tensor.data(), 2);
    ASSERT_EQ(entry(), 0);
    for (uint32_t k = 0; k < 2048; ++k) {
      const uint16_t got = reinterpret_cast<const uint16_t*>(fc.page_ptr(2, k / 1024))[k % 1024];
      const float t = emu::compute::bf16_to_f32(tensor[k]);
      const float want = cond_value(k) != 0.0f ? (tts ? t : scalar) : (tts ? scalar : t);
      ASSERT_EQ(got, bf16(want)) << (tts ? "TTS" : "TST") << " element " << k;
    }
  }
}

// ttnn.where(cond, 2.0, -1.0) through unary's where_tss_kernel shape: the host
// passes SFPU_OP_CHAIN_0 (init + where_tile call) and INP_FLOAT, scalars as args 1 and 2.
TEST(TtnnWhereShapes, UnaryWhereTssChainFromDefines) {
  const emu::KernelEntry entry = build("where_tss_unary", R"ZYX(
#include <cstdint>
#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/sfpu_split_includes.h"
#include "api/compute/eltwise_unary/fill.h"
void kernel_main() {
  uint32_t num_tiles = get_arg_val<uint32_t>(0);
  const uint32_t packed_scalar1 = get_arg_val<uint32_t>(1);
  const uint32_t packed_scalar2 = get_arg_val<uint32_t>(2);
  const auto true_value = reinterpret_cast<const float*>(&packed_scalar1);
  const auto false_value = reinterpret_cast<const float*>(&packed_scalar2);
  constexpr auto cb_input = tt::CBIndex::c_0, cb_output = tt::CBIndex::c_2;
  init_sfpu(cb_input, cb_output);
  for (uint32_t i = 0; i < num_tiles; ++i) {
    cb_wait_front(cb_input, 1);
    cb_reserve_back(cb_output, 1);
    tile_regs_acquire();
    copy_tile_to_dst_init_short(cb_input);
    copy_tile(cb_input, 0, 0);
    fill_tile_init();
#if defined(INP_FLOAT) || defined(INP_FLOAT32)
    fill_tile(1, *true_value);
    fill_tile(2, *false_value);
#endif
    SFPU_OP_CHAIN_0
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, cb_output);
    tile_regs_release();
    cb_pop_front(cb_input, 1);
    cb_push_back(cb_output, 1);
  }
}
)ZYX",
                                               {"SFPU_OP_CHAIN_0_INIT_0=where_tile_init();",
                                                "SFPU_OP_CHAIN_0_FUNC_0=where_tile<DataFormat::Float16_b>(0, 1, 2, 0);",
                                                "SFPU_OP_WHERE_INCLUDE=1",
                                                "SFPU_OP_CHAIN_0=SFPU_OP_CHAIN_0_INIT_0 SFPU_OP_CHAIN_0_FUNC_0 ",
                                                "INP_FLOAT=1"});
  ASSERT_TRUE(entry);
  test::FakeCore fc(krt::Role::kCompute, {1, std::bit_cast<uint32_t>(2.0f), std::bit_cast<uint32_t>(-1.0f)});
  std::vector<uint16_t> cond(1024);
  for (uint32_t k = 0; k < 1024; ++k) cond[k] = bf16(cond_value(k));
  fc.configure_cb(0, 5, 2048, 1);
  fc.configure_cb(2, 5, 2048, 1);
  fc.feed(0, cond.data(), 1);
  ASSERT_EQ(entry(), 0);
  for (uint32_t k = 0; k < 1024; ++k)
    ASSERT_EQ(reinterpret_cast<const uint16_t*>(fc.page_ptr(2, 0))[k], bf16(cond_value(k) != 0.0f ? 2.0f : -1.0f))
        << "element " << k;
}

}  // namespace
}  // namespace zyxtt
