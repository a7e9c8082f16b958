// What circular buffers may hold on either device: the formats the
// emulator's unpacker and packer convert (format_facts.h's `emulated` rows),
// which are zyx's nine CbFormats and the block floats tt-metal's kernels use.
#pragma once

#include <vector>

#include "zyxtt/format_facts.h"

namespace zyxtt {

inline std::vector<tt::DataFormat> emulated_cb_formats() {
  std::vector<tt::DataFormat> out;
  for (const FormatFacts& f : kFormatFacts)
    if (f.emulated) out.push_back(f.format);
  return out;
}

}  // namespace zyxtt
