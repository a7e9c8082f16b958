// What each tt::DataFormat is, in one table shared by the kernel API
// (get_tile_size, the address generators, DPRINT), the emulator's unpacker
// and packer and the TT-Metalium layer. Adding a format is one row here and
// its conversion in the emulator (device/emu/compute/formats.cpp).
#pragma once

#include <cstdint>

#include "zyxtt/data_format.h"

namespace zyxtt {

struct FormatFacts {
  tt::DataFormat format;
  const char* name;
  uint32_t tile_bytes;    // one 32x32 tile on silicon; 0: not an L1 tile format
  uint32_t element_bytes; // one untiled element; 0: block float (or none)
  bool integer;
  bool is_signed;
  bool emulated;  // the emulator's unpacker and packer convert it
};

// Block floats: one shared exponent byte per face row (64 per tile) before the mantissas.
inline constexpr FormatFacts kFormatFacts[] = {
    {tt::DataFormat::Float32, "Float32", 4096, 4, false, true, true},
    {tt::DataFormat::Float16, "Float16", 2048, 2, false, true, true},
    {tt::DataFormat::Bfp8, "Bfp8", 1024 + 64, 0, false, true, false},
    {tt::DataFormat::Bfp4, "Bfp4", 512 + 64, 0, false, true, false},
    {tt::DataFormat::Tf32, "Tf32", 0, 0, false, true, false},
    {tt::DataFormat::Float16_b, "Float16_b", 2048, 2, false, true, true},
    {tt::DataFormat::Bfp8_b, "Bfp8_b", 1024 + 64, 0, false, true, true},
    {tt::DataFormat::Bfp4_b, "Bfp4_b", 512 + 64, 0, false, true, true},
    {tt::DataFormat::Int32, "Int32", 4096, 4, true, true, true},
    {tt::DataFormat::UInt16, "UInt16", 2048, 2, true, false, true},
    {tt::DataFormat::Lf8, "Lf8", 1024, 1, false, true, false},
    {tt::DataFormat::Bfp2, "Bfp2", 256 + 64, 0, false, true, false},
    {tt::DataFormat::Int16, "Int16", 2048, 2, true, true, false},
    {tt::DataFormat::Int8, "Int8", 1024, 1, true, true, true},
    {tt::DataFormat::Bfp2_b, "Bfp2_b", 256 + 64, 0, false, true, false},
    {tt::DataFormat::UInt32, "UInt32", 4096, 4, true, false, true},
    // OCP MX: one E8M0 scale byte per 32 elements (32 a tile), then the elements
    // (MxFp6's six bits each in a byte); Quasar's, packed on the host only (mxfp*.hpp).
    {tt::DataFormat::MxFp8R, "MxFp8R", 1024 + 32, 0, false, true, false},
    {tt::DataFormat::MxFp6R, "MxFp6R", 1024 + 32, 0, false, true, false},
    {tt::DataFormat::MxFp8P, "MxFp8P", 1024 + 32, 0, false, true, false},
    {tt::DataFormat::MxFp6P, "MxFp6P", 1024 + 32, 0, false, true, false},
    {tt::DataFormat::MxFp4, "MxFp4", 512 + 32, 0, false, true, false},
    {tt::DataFormat::Fp8_e4m3, "Fp8_e4m3", 1024, 1, false, true, true},
    {tt::DataFormat::UInt8, "UInt8", 1024, 1, true, false, true},
    {tt::DataFormat::RawUInt8, "RawUInt8", 1024, 1, true, false, false},
    {tt::DataFormat::RawUInt16, "RawUInt16", 2048, 2, true, false, false},
    {tt::DataFormat::RawUInt32, "RawUInt32", 4096, 4, true, false, false},
    {tt::DataFormat::Invalid, "Invalid", 0, 0, false, false, false},
};

// The row of tt::DataFormat code `format`, or null for a code that names none.
constexpr const FormatFacts* format_facts(uint32_t format) {
  for (const FormatFacts& f : kFormatFacts) {
    if (static_cast<uint32_t>(f.format) == format) return &f;
  }
  return nullptr;
}

// Bytes of one 32x32 tile, 0 for formats the emulator cannot convert.
constexpr uint32_t tile_bytes_of_format(uint32_t format) {
  const FormatFacts* f = format_facts(format);
  return f != nullptr && f->emulated ? f->tile_bytes : 0;
}

constexpr const char* format_name_of(uint32_t format) {
  const FormatFacts* f = format_facts(format);
  return f != nullptr ? f->name : "unknown";
}

constexpr bool is_integer_format_code(uint32_t format) {
  const FormatFacts* f = format_facts(format);
  return f != nullptr && f->integer;
}

}  // namespace zyxtt
