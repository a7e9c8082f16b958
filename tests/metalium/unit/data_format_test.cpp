// tt::datum_size: one element's bytes, as a 32 x 32 tile of the format holds
// 1024 of them; formats without an element size of their own are refused.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace {

using tt::DataFormat;

TEST(DataFormats, DatumSizeIsOneElementsShareOfATile) {
  for (DataFormat f : {DataFormat::Float32, DataFormat::Float16_b, DataFormat::Int32, DataFormat::UInt16,
                       DataFormat::Int8, DataFormat::UInt8, DataFormat::Fp8_e4m3, DataFormat::UInt32}) {
    EXPECT_EQ(tt::datum_size(f) * 1024, tt::tile_size(f)) << static_cast<int>(f);
  }
  EXPECT_EQ(tt::datum_size(DataFormat::Float16_b), 2u);
  EXPECT_EQ(tt::datum_size(DataFormat::RawUInt8), 1u);
}

TEST(DataFormats, DatumSizeRefusesBlockFloatsTf32AndInvalid) {
  auto what = [](DataFormat f) {
    try {
      tt::datum_size(f);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no std::invalid_argument");
  };
  EXPECT_EQ(what(DataFormat::Bfp8_b), "datum for Bfp8_b is invalid: a block-float format");
  EXPECT_EQ(what(DataFormat::Bfp4), "datum for Bfp4 is invalid: a block-float format");
  EXPECT_EQ(what(DataFormat::Tf32), "datum for Tf32 is invalid: Tf32 is not supported");
  EXPECT_EQ(what(DataFormat::Invalid), "Invalid data format");
}

}  // namespace
