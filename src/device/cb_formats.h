// What circular buffers may hold on either device: the formats the
// emulator's unpacker and packer convert (format_facts.h's `emulated` rows),
// which are zyx's nine CbFormats and the block floats tt-metal's kernels use,
// and the raw formats, bytes that data movement kernels pass through CBs
// (compute kernels cannot unpack or pack them: the run fails naming the format).
#pragma once

#include <vector>

#include "zyxtt/format_facts.h"

namespace zyxtt {

inline std::vector<tt::DataFormat> emulated_cb_formats() {
  std::vector<tt::DataFormat> out;
  for (const FormatFacts& f : kFormatFacts)
    if (f.emulated) out.push_back(f.format);
  for (tt::DataFormat raw : {tt::DataFormat::RawUInt8, tt::DataFormat::RawUInt16, tt::DataFormat::RawUInt32})
    out.push_back(raw);
  return out;
}

}  // namespace zyxtt
