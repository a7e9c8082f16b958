// dprint_tensix_dest_reg (api/debug/dprint_tensix.h) built by the runtime's
// kernel compiler and run on a fake core: the DST tile it names is printed
// through DPRINT in DST's row order, values checked against the inputs.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "test_support.h"
#include "tile_layout.h"

namespace zyxtt {
namespace {

using testing::face_index;

// Logical (r, c) of tile t: exact in fp32 and short in %g.
float value(uint32_t t, uint32_t r, uint32_t c) { return t == 0 ? float(r) - float(c) * 0.25f : float(r * 32 + c) + 0.5f; }

// What dprint_tensix_dest_reg<by_face>(t) prints: the 64 DST rows of 16 values (face f, row fr
// holds logical row (f / 2) * 16 + fr, columns (f % 2) * 16 ..), an empty line after each face when by_face.
std::string expected(uint32_t t, bool by_face) {
  const std::string p = "[core (0,0) compute] ";
  std::string out = p + "Tile ID = " + std::to_string(t) + "\n";
  for (uint32_t f = 0; f < 4; ++f) {
    for (uint32_t fr = 0; fr < 16; ++fr) {
      out += p;
      for (uint32_t j = 0; j < 16; ++j) {
        char v[32];
        std::snprintf(v, sizeof v, "%g", double(value(t, (f / 2) * 16 + fr, (f % 2) * 16 + j)));
        out += (j == 0 ? "" : " ") + std::string(v);
      }
      out += "\n";
    }
    if (by_face) out += p + "\n";
  }
  return out;
}

TEST(DprintTensix, DestRegPrintsTheTileInDstRowOrder) {
  const emu::KernelEntry entry = test::build_compute("dprint_dest", R"ZYX(
#include "api/compute/tile_move_copy.h"
#include "api/debug/dprint_tensix.h"
void kernel_main() {
  constexpr uint32_t in = 0;
  copy_tile_to_dst_init_short(in);
  cb_wait_front(in, 2);
  tile_regs_acquire();
  copy_tile(in, 0, 0);
  copy_tile(in, 1, 1);
  dprint_tensix_dest_reg(1);
  dprint_tensix_dest_reg<true>(0);
  tile_regs_commit();
  tile_regs_wait();
  tile_regs_release();
  cb_pop_front(in, 2);
}
)ZYX");
  ASSERT_TRUE(entry);
  std::vector<float> in(2 * 1024);
  for (uint32_t t = 0; t < 2; ++t)
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c) in[t * 1024 + face_index(r, c)] = value(t, r, c);
  test::FakeCore fc;
  fc.configure_cb(0, 0 /* Float32 */, 4096, 2);
  fc.feed(0, in.data(), 2);
  ::testing::internal::CaptureStderr();
  const int rc = entry();
  const std::string err = ::testing::internal::GetCapturedStderr();
  ASSERT_EQ(rc, 0) << err;
  EXPECT_EQ(err, expected(1, false) + expected(0, true));
}

// Integer tiles print as the integers DST holds, by the CB of the last
// unpack init: signed from an Int32 CB, unsigned from a UInt16 one.
TEST(DprintTensix, DestRegPrintsIntegerTilesAsIntegers) {
  const emu::KernelEntry entry = test::build_compute("dprint_dest_int", R"ZYX(
#include "api/compute/tile_move_copy.h"
#include "api/debug/dprint_tensix.h"
void kernel_main() {
  for (uint32_t cb : {0u, 1u}) {
    copy_tile_to_dst_init_short(cb);
    cb_wait_front(cb, 1);
    tile_regs_acquire();
    copy_tile(cb, 0, 0);
    dprint_tensix_dest_reg(0);
    tile_regs_commit();
    tile_regs_wait();
    tile_regs_release();
    cb_pop_front(cb, 1);
  }
}
)ZYX");
  ASSERT_TRUE(entry);
  // Logical (r, c) of each tile; both put negative-looking and large values in.
  auto signed_value = [](uint32_t r, uint32_t c) { return int32_t(r * 32 + c) * 1000 - 500000; };
  auto unsigned_value = [](uint32_t r, uint32_t c) { return uint16_t(r * 32 + c + 65000u); };
  std::vector<int32_t> ints(1024);
  std::vector<uint16_t> halves(1024);
  for (uint32_t r = 0; r < 32; ++r) {
    for (uint32_t c = 0; c < 32; ++c) {
      ints[face_index(r, c)] = signed_value(r, c);
      halves[face_index(r, c)] = unsigned_value(r, c);
    }
  }
  test::FakeCore fc;
  fc.configure_cb(0, 8 /* Int32 */, 4096, 1);
  fc.configure_cb(1, 9 /* UInt16 */, 2048, 1);
  fc.feed(0, ints.data(), 1);
  fc.feed(1, halves.data(), 1);
  std::string want;
  for (int tile = 0; tile < 2; ++tile) {
    const std::string p = "[core (0,0) compute] ";
    want += p + "Tile ID = 0\n";
    for (uint32_t f = 0; f < 4; ++f) {
      for (uint32_t fr = 0; fr < 16; ++fr) {
        want += p;
        for (uint32_t j = 0; j < 16; ++j) {
          const uint32_t r = (f / 2) * 16 + fr, c = (f % 2) * 16 + j;
          want += (j == 0 ? "" : " ") +
                  (tile == 0 ? std::to_string(signed_value(r, c)) : std::to_string(unsigned_value(r, c)));
        }
        want += "\n";
      }
    }
  }
  ::testing::internal::CaptureStderr();
  const int rc = entry();
  const std::string err = ::testing::internal::GetCapturedStderr();
  ASSERT_EQ(rc, 0) << err;
  EXPECT_EQ(err, want);
}

}  // namespace
}  // namespace zyxtt
