// The protocol's cb_tb check and the client's CbConfig use cb_tile_bytes; the
// server maps each code to a DataFormat, by which the emulator lays out and
// converts tiles: the two must agree on every code.
#include <gtest/gtest.h>

#include "device/emu/compute/formats.h"
#include "server/zyx_program.h"
#include "zyxtt/cb_format.h"

TEST(CbFormats, ProtocolTileBytesAreTheEmulatorsTileBytes) {
  for (uint32_t code = 0; code < zyxtt::kCbFormats; ++code) {
    const auto f = static_cast<zyxtt::CbFormat>(code);
    const auto df = static_cast<uint32_t>(zyxtt::server::data_format_of(f));
    EXPECT_NE(zyxtt::emu::compute::tile_bytes(df), 0u) << code;
    EXPECT_EQ(zyxtt::cb_tile_bytes(f), zyxtt::emu::compute::tile_bytes(df)) << code;
  }
}
