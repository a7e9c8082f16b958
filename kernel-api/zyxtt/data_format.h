// tt::DataFormat: the codes CB formats are given in, shared by the kernel-API
// headers and the emulator's format conversions.
#pragma once

#include <cstdint>

namespace tt {

enum class DataFormat : std::uint8_t {
  Float32 = 0,
  Float16 = 1,
  Bfp8 = 2,
  Bfp4 = 3,
  Tf32 = 4,
  Float16_b = 5,
  Bfp8_b = 6,
  Bfp4_b = 7,
  Int32 = 8,
  UInt16 = 9,
  Lf8 = 10,
  Bfp2 = 11,
  Int16 = 13,
  Int8 = 14,
  Bfp2_b = 15,
  MxFp8R = 18,
  MxFp6R = 19,
  MxFp8P = 20,
  MxFp6P = 21,
  MxFp4 = 22,
  UInt32 = 24,
  Fp8_e4m3 = 26,
  UInt8 = 30,
  RawUInt8 = 240,
  RawUInt16 = 241,
  RawUInt32 = 242,
  Invalid = 255,
};

}  // namespace tt
