// The compute krt calls on a fake core: DST capacity and handshake checks,
// unpack / pack conversions, the sequential pack cursor.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "device/emu/compute/compute.h"
#include "device/emu/compute/formats.h"
#include "test_support.h"
#include "zyxtt/krt.h"
#include "zyxtt/krt_compute.h"

using namespace zyxtt;
using emu::compute::f2u;
using emu::compute::u2f;
using test::FakeCore;
using test::failure_of;

namespace {

constexpr uint32_t F32 = 0, F16 = 1, BF16 = 5;

std::vector<float> ramp(float start, float step) {
  std::vector<float> v(1024);
  for (uint32_t i = 0; i < 1024; ++i) v[i] = start + step * float(i);
  return v;
}

class ComputeKrt : public ::testing::Test {
 protected:
  FakeCore fc;
  // One input CB 0 holding `tile` (fp32) and one output CB 16 in `out_format`.
  void setup_io(uint32_t in_format, uint32_t out_format, uint32_t out_pages = 2) {
    fc.configure_cb(0, in_format, emu::compute::tile_bytes(in_format), 2);
    fc.configure_cb(16, out_format, emu::compute::tile_bytes(out_format), out_pages);
  }
  float* dst(uint32_t i) { return fc.compute().dst[i].v; }
};

}  // namespace

TEST_F(ComputeKrt, DstCapacityFollowsMode) {
  EXPECT_EQ(emu::compute::dst_capacity(true, false), 4u);
  EXPECT_EQ(emu::compute::dst_capacity(false, false), 8u);
  EXPECT_EQ(emu::compute::dst_capacity(true, true), 8u);
  EXPECT_EQ(emu::compute::dst_capacity(false, true), 16u);
  krt::dst_acquire();
  krt::sfpu_unary(krt::SfpuUnaryOp::kFill, 3, f2u(1.0f), 0);  // last valid index
  std::string msg = failure_of([] { krt::sfpu_unary(krt::SfpuUnaryOp::kSin, 4, 0, 0); });
  EXPECT_NE(msg.find("sin_tile"), std::string::npos) << msg;
  EXPECT_NE(msg.find("DST index 4"), std::string::npos) << msg;
  EXPECT_NE(msg.find("capacity is 4 tiles"), std::string::npos) << msg;
  msg = failure_of([] { krt::sfpu_binary(krt::SfpuBinaryOp::kAdd, 0, 1, 7); });
  EXPECT_NE(msg.find("add_binary_tile: DST index 7 is out of range"), std::string::npos) << msg;
}

TEST_F(ComputeKrt, SixteenBitDstHasEightTiles) {
  emu::compute::reset_compute_state(fc.compute(), false, false);
  krt::dst_acquire();
  krt::sfpu_unary(krt::SfpuUnaryOp::kFill, 7, f2u(1.0f + 1.0f / 1024), 0);
  // 16-bit DST keeps bf16 precision: the SFPU store truncates.
  EXPECT_EQ(dst(7)[0], 1.0f);
  EXPECT_NE(failure_of([] { krt::copy_tile(0, 0, 8); }).find("capacity is 8 tiles (16-bit DST)"), std::string::npos);
}

// Half / full sync x 32 / 16-bit DST: 4 / 8 / 8 / 16 tiles, the last one
// usable, the next refused naming the mode.
TEST_F(ComputeKrt, EachDstModeHasItsCapacity) {
  struct Mode {
    bool fp32, full_sync;
    uint32_t tiles;
    const char* width;
  };
  for (const Mode& m : {Mode{true, false, 4, "32-bit"}, Mode{false, false, 8, "16-bit"}, Mode{true, true, 8, "32-bit"},
                        Mode{false, true, 16, "16-bit"}}) {
    emu::compute::reset_compute_state(fc.compute(), m.fp32, m.full_sync);
    krt::dst_acquire();
    krt::sfpu_unary(krt::SfpuUnaryOp::kFill, m.tiles - 1, f2u(2.0f), 0);
    EXPECT_EQ(dst(m.tiles - 1)[1023], 2.0f);
    const uint32_t past = m.tiles;
    const std::string msg = failure_of([past] { krt::sfpu_unary(krt::SfpuUnaryOp::kFill, past, 0, 0); });
    EXPECT_NE(msg.find("DST index " + std::to_string(past) + " is out of range: DST capacity is " +
                       std::to_string(m.tiles) + " tiles (" + m.width + " DST), valid indices 0.." +
                       std::to_string(m.tiles - 1)),
              std::string::npos)
        << msg;
  }
}

// What a compute kernel object records (its ComputeConfig) becomes the core's
// DST mode and math fidelity; without a compute kernel, tt-metal's defaults.
TEST_F(ComputeKrt, TheKernelRecordSetsDstModeAndFidelity) {
  zyxtt_kernel_info record{sizeof(zyxtt_kernel_info), krt::kKrtAbiVersion, uint32_t(krt::Role::kCompute),
                           /*fp32_dest_acc=*/0, /*dst_full_sync=*/1, /*math_fidelity=*/0, /*math_approx=*/0};
  emu::ComputeState& cs = fc.compute();
  emu::compute::configure_compute(cs, &record);
  EXPECT_FALSE(cs.fp32_dest_acc);
  EXPECT_EQ(cs.dst_capacity, 16u);
  EXPECT_EQ(cs.fidelity_phases, 1u);  // LoFi
  for (uint32_t fidelity : {2u, 3u, 4u}) {
    record.math_fidelity = fidelity;
    emu::compute::configure_compute(cs, &record);
    EXPECT_EQ(cs.fidelity_phases, fidelity);
  }
  emu::compute::configure_compute(cs, nullptr);
  EXPECT_TRUE(cs.fp32_dest_acc);
  EXPECT_EQ(cs.dst_capacity, 4u);
  EXPECT_EQ(cs.fidelity_phases, 4u);
}

TEST_F(ComputeKrt, HandshakeOrderIsChecked) {
  EXPECT_NE(failure_of([] { krt::dst_commit(); }).find("tile_regs_commit: DST is idle"), std::string::npos);
  EXPECT_NE(failure_of([] { krt::dst_wait(); }).find("tile_regs_wait"), std::string::npos);
  EXPECT_NE(failure_of([] { krt::sfpu_unary(krt::SfpuUnaryOp::kSin, 0, 0, 0); }).find("sin_tile: DST is idle"),
            std::string::npos);
  krt::dst_acquire();
  EXPECT_NE(failure_of([] { krt::dst_acquire(); }).find("tile_regs_acquire"), std::string::npos);
  EXPECT_NE(failure_of([] { krt::pack_tile(0, 16, 0, false); }).find("pack_tile: DST is acquired"), std::string::npos);
  krt::dst_commit();
  EXPECT_NE(failure_of([] { krt::copy_tile(0, 0, 0); }).find("copy_tile: DST is committed"), std::string::npos);
  krt::dst_wait();
  EXPECT_NE(failure_of([] { krt::dst_acquire(); }).find("tile_regs_acquire"), std::string::npos);
  krt::dst_release();
  krt::dst_acquire();  // a new cycle
}

// PACK's wait may come before MATH's commit in the source (tt-metal's
// eltwise_copy test kernel): it completes at the commit.
TEST_F(ComputeKrt, PacksWaitMayComeBeforeMathsCommit) {
  setup_io(F32, F32);
  fc.compute().unpack_fp32_as_tf32 = false;
  const std::vector<float> in = ramp(2.0f, 0.25f);
  fc.feed(0, in.data(), 1);
  krt::cb_wait_front(0, 1);
  // tt-metal's eltwise_copy order: acquire, wait, copy, pack, commit, release.
  krt::dst_acquire();
  krt::dst_wait();
  EXPECT_NE(failure_of([] { krt::dst_wait(); }).find("tile_regs_wait: DST is acquired"), std::string::npos);
  krt::copy_tile(0, 0, 0);
  krt::cb_reserve_back(16, 1);
  krt::pack_tile(0, 16, 0, false);
  EXPECT_NE(failure_of([] { krt::copy_tile(0, 0, 1); }).find("copy_tile: a math op after pack_tile and before "
                                                               "tile_regs_commit"),
            std::string::npos);
  krt::dst_commit();
  krt::dst_release();  // the wait made before the commit counts
  EXPECT_EQ(std::memcmp(fc.page_ptr(16, 0), in.data(), 4096), 0);
  krt::dst_acquire();  // a new cycle
}

// Release clears the section lazily: whatever reads a released tile next,
// an SFPU op or the packer, must see zeros.
TEST_F(ComputeKrt, ReleasedDstReadsAsZero) {
  setup_io(F32, F32, 4);
  krt::dst_acquire();
  for (uint32_t i = 0; i < 4; ++i) krt::sfpu_unary(krt::SfpuUnaryOp::kFill, i, f2u(3.0f), 0);
  krt::dst_commit();
  krt::dst_wait();
  krt::dst_release();
  krt::dst_acquire();
  krt::sfpu_binary(krt::SfpuBinaryOp::kAdd, 0, 1, 2);  // reads two released tiles
  krt::dst_commit();
  krt::dst_wait();
  krt::cb_reserve_back(16, 2);
  krt::pack_tile(2, 16, 0, false);
  krt::pack_tile(3, 16, 0, false);  // not touched since the release
  for (uint32_t page = 0; page < 2; ++page) {
    const auto* words = reinterpret_cast<const uint32_t*>(fc.page_ptr(16, page));
    for (uint32_t k = 0; k < 1024; ++k) ASSERT_EQ(words[k], 0u) << "page " << page << " word " << k;
  }
  krt::dst_release();
}

TEST_F(ComputeKrt, CopyTileConvertsEachFormat) {
  // fp32 through SrcA: TF32 truncation by default, exact when switched off.
  setup_io(F32, F32);
  std::vector<float> in = ramp(1.0f, 1.0f / 3.0f);
  in[5] = u2f(0x3F801FFF);
  in[6] = -std::ldexp(1.0f, -140);  // subnormal
  fc.feed(0, in.data(), 1);
  fc.feed(0, ramp(-7.0f, 0.5f).data(), 1);
  krt::cb_wait_front(0, 2);
  krt::dst_acquire();
  krt::copy_tile(0, 0, 0);
  for (uint32_t k = 0; k < 1024; ++k) ASSERT_EQ(f2u(dst(0)[k]), f2u(emu::compute::tf32_truncate(in[k])));
  EXPECT_EQ(dst(0)[5], 1.0f);
  fc.compute().unpack_fp32_as_tf32 = false;
  krt::copy_tile(0, 0, 1);
  for (uint32_t k = 0; k < 1024; ++k) ASSERT_EQ(f2u(dst(1)[k]), f2u(in[k]));
  krt::copy_tile(0, 1, 2);  // tile index counts from the read pointer
  EXPECT_EQ(dst(2)[0], -7.0f);
  EXPECT_EQ(dst(2)[3], -5.5f);
}

TEST_F(ComputeKrt, CopyTileFromHalfFormats) {
  fc.configure_cb(1, BF16, 2048, 1);
  fc.configure_cb(2, F16, 2048, 1);
  uint16_t b[1024], h[1024];
  for (uint32_t k = 0; k < 1024; ++k) {
    b[k] = uint16_t(k * 61 + 0x3000);
    h[k] = uint16_t(k * 59);  // includes fp16 subnormals
  }
  h[7] = 0x7C00;  // inf
  h[8] = 0xFE00;  // NaN
  fc.feed(1, b, 1);
  fc.feed(2, h, 1);
  krt::cb_wait_front(1, 1);
  krt::cb_wait_front(2, 1);
  krt::dst_acquire();
  krt::copy_tile(1, 0, 0);
  krt::copy_tile(2, 0, 1);
  for (uint32_t k = 0; k < 1024; ++k) {
    ASSERT_EQ(f2u(dst(0)[k]), uint32_t(b[k]) << 16);
    if (k != 8) {
      ASSERT_EQ(f2u(dst(1)[k]), f2u(emu::compute::f16_to_f32(h[k]))) << k;
    }
  }
  EXPECT_TRUE(std::isinf(dst(1)[7]));
  EXPECT_TRUE(std::isnan(dst(1)[8]));
}

TEST_F(ComputeKrt, CopyTileNeedsWaitedWindow) {
  setup_io(F32, F32);
  fc.feed(0, ramp(0, 1).data(), 1);
  krt::dst_acquire();
  std::string msg = failure_of([] { krt::copy_tile(0, 0, 0); });
  EXPECT_NE(msg.find("missing cb_wait_front"), std::string::npos) << msg;
  krt::cb_wait_front(0, 1);
  krt::copy_tile(0, 0, 0);
  EXPECT_NE(failure_of([] { krt::copy_tile(0, 1, 0); }).find("tile 1 of CB 0"), std::string::npos);
  EXPECT_NE(failure_of([] { krt::copy_tile(9, 0, 0); }).find("CB 9 is not configured"), std::string::npos);
}

TEST_F(ComputeKrt, PackIsSequentialUntilPush) {
  setup_io(F32, F32, 4);
  krt::dst_acquire();
  for (uint32_t i = 0; i < 3; ++i) krt::sfpu_unary(krt::SfpuUnaryOp::kFill, i, f2u(float(i + 1)), 0);
  krt::dst_commit();
  krt::dst_wait();
  krt::cb_reserve_back(16, 2);
  krt::pack_tile(2, 16, 0, false);  // output index ignored: slot 0
  krt::pack_tile(0, 16, 0, false);  // slot 1
  EXPECT_EQ(u2f(*reinterpret_cast<uint32_t*>(fc.page_ptr(16, 0))), 3.0f);
  EXPECT_EQ(u2f(*reinterpret_cast<uint32_t*>(fc.page_ptr(16, 1))), 1.0f);
  // Past the reservation into a free page: silicon writes it (a warning).
  ::testing::internal::CaptureStderr();
  krt::pack_tile(1, 16, 0, false, "compute.cpp", 12);
  EXPECT_NE(::testing::internal::GetCapturedStderr().find("compute.cpp:12: pack_tile: slot 2 of CB 16 is outside the "
                                                          "reserved region (2 pages"),
            std::string::npos);
  EXPECT_EQ(u2f(*reinterpret_cast<uint32_t*>(fc.page_ptr(16, 2))), 2.0f);
  krt::cb_push_back(16, 2);
  EXPECT_EQ(fc.cb(16).pack_cursor, 0u);
  krt::cb_reserve_back(16, 2);
  krt::pack_tile(1, 16, 0, false);  // first slot after the new write pointer (page 2)
  EXPECT_EQ(u2f(*reinterpret_cast<uint32_t*>(fc.page_ptr(16, 2))), 2.0f);
  krt::pack_tile(0, 16, 1, true);  // out of order: slot 1 -> page 3
  EXPECT_EQ(u2f(*reinterpret_cast<uint32_t*>(fc.page_ptr(16, 3))), 1.0f);
  krt::dst_release();
}

TEST_F(ComputeKrt, PackRoundsToHalfFormats) {
  fc.configure_cb(16, BF16, 2048, 1);
  fc.configure_cb(17, F16, 2048, 1);
  krt::dst_acquire();
  krt::sfpu_unary(krt::SfpuUnaryOp::kFill, 0, f2u(1.00390625f), 0);  // bf16 tie
  krt::sfpu_unary(krt::SfpuUnaryOp::kFill, 1, f2u(70000.0f), 0);      // fp16 overflow
  krt::dst_commit();
  krt::dst_wait();
  krt::cb_reserve_back(16, 1);
  krt::cb_reserve_back(17, 1);
  krt::pack_tile(0, 16, 0, false);
  krt::pack_tile(1, 17, 0, false);
  auto half = [&](uint32_t cb) { return *reinterpret_cast<uint16_t*>(fc.page_ptr(cb, 0)); };
  EXPECT_EQ(half(16), 0x3F80);  // nearest even (default)
  EXPECT_EQ(half(17), 0x7C00);  // inf
  fc.compute().pack_rounding = emu::ComputeState::Rounding::kHalfAwayFromZero;
  krt::pack_tile(0, 16, 0, true);
  EXPECT_EQ(half(16), 0x3F81);
  fc.compute().pack_rounding = emu::ComputeState::Rounding::kTruncate;
  krt::pack_tile(1, 17, 0, true);
  EXPECT_EQ(half(17), 0x7BFF);
  krt::dst_release();
}

TEST_F(ComputeKrt, EncodingSwitchesReachUnpackAndPack) {
  constexpr uint32_t INT8 = 14, BFP4B = 7;
  fc.configure_cb(0, INT8, 1024, 1);
  fc.configure_cb(16, INT8, 1024, 1);
  fc.configure_cb(17, BFP4B, 576, 1);
  uint8_t in[1024] = {0x85};
  fc.feed(0, in, 1);
  fc.compute().int8_dst = emu::ComputeState::Int8Dst::kSignMagnitude;
  fc.compute().bfp4_high_nibble_first = true;
  krt::cb_wait_front(0, 1);
  krt::dst_acquire();
  krt::copy_tile(0, 0, 0);
  EXPECT_EQ(f2u(dst(0)[0]), 0x80000005u);
  krt::sfpu_unary(krt::SfpuUnaryOp::kFill, 1, f2u(1.0f), 0);
  dst(1)[1] = -0.5f;
  krt::dst_commit();
  krt::dst_wait();
  krt::cb_reserve_back(16, 1);
  krt::cb_reserve_back(17, 1);
  krt::pack_tile(0, 16, 0, false);
  krt::pack_tile(1, 17, 0, false);
  EXPECT_EQ(fc.page_ptr(16, 0)[0], 0x85);
  EXPECT_EQ(fc.page_ptr(17, 0)[64], 0x4A);  // element 0 (code 4) in the high nibble
  krt::dst_release();
}

TEST_F(ComputeKrt, PackAccumulatesInL1WhenAsked) {
  fc.configure_cb(16, F32, 4096, 1);
  std::vector<float> one(1024, 1.5f);
  std::memcpy(fc.page_ptr(16, 0), one.data(), 4096);
  krt::dst_acquire();
  krt::sfpu_unary(krt::SfpuUnaryOp::kFill, 0, f2u(2.0f), 0);
  krt::dst_commit();
  krt::dst_wait();
  krt::cb_reserve_back(16, 1);
  krt::pack_l1_accumulate(true);
  krt::pack_tile(0, 16, 0, false);
  EXPECT_EQ(u2f(*reinterpret_cast<uint32_t*>(fc.page_ptr(16, 0))), 3.5f);
}

TEST_F(ComputeKrt, FpuAddUsesTf32Operands) {
  fc.configure_cb(0, F32, 4096, 1);
  fc.configure_cb(1, F32, 4096, 1);
  std::vector<float> a(1024, u2f(0x3F800001)), b(1024, 2.0f);  // 1 + 2^-23 loses its low bit
  fc.feed(0, a.data(), 1);
  fc.feed(1, b.data(), 1);
  krt::cb_wait_front(0, 1);
  krt::cb_wait_front(1, 1);
  krt::dst_acquire();
  krt::fpu_binary(krt::FpuBinaryOp::kAdd, 0, 1, 0, 0, 2);
  EXPECT_EQ(dst(2)[0], 3.0f);
  krt::fpu_binary(krt::FpuBinaryOp::kMul, 0, 1, 0, 0, 3);
  EXPECT_EQ(dst(3)[1023], 2.0f);
}

TEST_F(ComputeKrt, TypecastAndUnsupportedFormat) {
  fc.configure_cb(3, 15 /* Bfp2_b: not converted (Bfp4_b now is) */, 576, 1);
  fc.cb(3).pages_received = 1;
  krt::cb_wait_front(3, 1);
  krt::dst_acquire();
  std::string msg = failure_of([] { krt::copy_tile(3, 0, 0); });
  EXPECT_NE(msg.find("data format Bfp2_b"), std::string::npos) << msg;
  krt::sfpu_unary(krt::SfpuUnaryOp::kFill, 0, f2u(1.0f + 1.0f / 256), 0);
  krt::sfpu_typecast(0, F32, BF16);  // RNE: tie between 1 and 1+1/128 -> 1
  EXPECT_EQ(dst(0)[0], 1.0f);
}
