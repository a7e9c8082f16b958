// The tt::DataFormat the emulator gives a CB of each protocol cb_fmt code.
#pragma once

#include <cstdint>

#include "zyxtt/cb_format.h"
#include "zyxtt/kernel_base.h"

namespace zyxtt::emu {

constexpr uint32_t data_format_of(CbFormat format) {
  switch (format) {
    case CbFormat::kFloat32: return uint32_t(tt::DataFormat::Float32);
    case CbFormat::kFloat16: return uint32_t(tt::DataFormat::Float16);
    case CbFormat::kFloat16_b: return uint32_t(tt::DataFormat::Float16_b);
    case CbFormat::kUInt16: return uint32_t(tt::DataFormat::UInt16);
    case CbFormat::kFp8_e4m3: return uint32_t(tt::DataFormat::Fp8_e4m3);
    case CbFormat::kUInt8: return uint32_t(tt::DataFormat::UInt8);
    case CbFormat::kInt8: return uint32_t(tt::DataFormat::Int8);
    case CbFormat::kUInt32: return uint32_t(tt::DataFormat::UInt32);
    case CbFormat::kInt32: return uint32_t(tt::DataFormat::Int32);
  }
  return uint32_t(tt::DataFormat::Invalid);
}

}  // namespace zyxtt::emu
