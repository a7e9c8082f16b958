#include "known_defects.h"

#include <cmath>
#include <regex>

namespace zyxtt::testing {
namespace {

constexpr size_t kN = 32;

}  // namespace

std::optional<KnownDefect> known_defect(const CorpusCase& c) {
  if (c.name == "v016_move_broadcast_add_f32_32x32") {
    // The reader fetches the 1x32 input at the full element index, past its
    // 128 bytes into the rest of its zeroed page.
    return KnownDefect{"the reader indexes the 1x32 input like the 32x32 one, reading zeros past row 0",
                       [](const std::vector<double>& e, const auto& in) {
                         std::vector<double> out(e.size());
                         for (size_t i = 0; i < kN * kN; ++i) out[i] = in[0][i] + (i < kN ? in[1][i] : 0.0);
                         return out;
                       }};
  }
  if (c.name == "v016_move_outer_add_f32_32x32") {
    return KnownDefect{"the reader indexes both broadcast inputs by row, so out[i][j] = a[i] + b[i]",
                       [](const std::vector<double>& e, const auto&) {
                         std::vector<double> out(e.size());
                         for (size_t i = 0; i < kN; ++i)
                           for (size_t j = 0; j < kN; ++j) out[i * kN + j] = e[i * kN + i];
                         return out;
                       }};
  }
  if (c.name == "head_move_broadcast_add_f32_32x32") {
    // The reader fetches a[j] (column index only) for the full-size input too.
    return KnownDefect{"the reader indexes the 32x32 input by column only, so every row repeats row 0",
                       [](const std::vector<double>& e, const auto&) {
                         std::vector<double> out(e.size());
                         for (size_t i = 0; i < kN; ++i)
                           for (size_t j = 0; j < kN; ++j) out[i * kN + j] = e[j];
                         return out;
                       }};
  }
  if (c.name == "head_move_outer_add_f32_32x32") {
    return KnownDefect{"the reader indexes both broadcast inputs by column, so out[i][j] = a[j] + b[j]",
                       [](const std::vector<double>& e, const auto&) {
                         std::vector<double> out(e.size());
                         for (size_t i = 0; i < kN; ++i)
                           for (size_t j = 0; j < kN; ++j) out[i * kN + j] = e[j * kN + j];
                         return out;
                       }};
  }
  if (c.name == "v016_binary_add_scalar_f32_32x32") {
    // The scalar is a 4-byte buffer; the reader indexes it like the tensor and
    // reads the rest of its (zeroed) page.
    return KnownDefect{"the reader indexes the 4-byte scalar buffer by element, reading zeros past it",
                       [](const std::vector<double>& e, const auto&) {
                         std::vector<double> out(e);
                         for (size_t i = 1; i < out.size(); ++i) out[i] -= 1.5;
                         return out;
                       }};
  }
  if (c.name == "head_unary_log2_f32_32x32") {
    return KnownDefect{"Log2 is emitted as log_tile, the natural log", [](const std::vector<double>& e, const auto&) {
                         std::vector<double> out(e);
                         for (double& v : out) v *= std::log(2.0);
                         return out;
                       }};
  }
  if (c.name == "head_unary_tanh_f32_32x32") {
    return KnownDefect{"the tanh expansion ends in div_binary_tile(2, 2, 2), a slot divided by itself",
                       [](const std::vector<double>& e, const auto&) { return std::vector<double>(e.size(), 1.0); }};
  }
  return std::nullopt;
}

bool writer_uses_global_cb_offset(const CorpusCase& c) {
  // `{ .offset_bytes = rN*E }, { .page_id = (rN*E)/4096` : one index for both ends.
  static const std::regex pattern(R"(\{ \.offset_bytes = (r\d+)\*(\d) \},\s*\{ \.page_id = \(\1\*\2\)/4096)");
  return c.name.rfind("v016_", 0) == 0 && std::regex_search(c.writer_source(), pattern);
}

}  // namespace zyxtt::testing
