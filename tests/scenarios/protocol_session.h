// zyx's V2 / V2.5 / V3 command lines (reference/zyx-newer-protocol.md), built
// by hand, and the sessions of tests/scenarios/protocol_versions_test.cpp that
// check computed bytes against the host's copy: shared by that suite (on the
// default chip) and cluster_sessions_test.cpp (on a chip of every cluster).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scenario_support.h"

namespace zyxtt::testing {

inline constexpr std::byte kFill{0xEE};
inline constexpr const char* kOk = R"({"status":"ok"})";

// One CB as V3 sends it: client format code, tile bytes, page count.
struct Cb {
  uint32_t index, format, tile_bytes, pages;
};

// The copy family of tests/scenarios/zyx_param_copy, its compute optionally
// through DST tile 7 ("dst7") or left out ("none").
Kernels copy_kernels(const std::string& compute = "compute");

// A compile_program line with `extra` fields (V2 params, fp32_dest_acc ...).
std::string compile_line(uint32_t id, const Kernels& k, const std::vector<Cb>& cbs, bool with_pages,
                         const std::string& extra);

// The copy family's parameters: p0 n_tiles and p1 the writer's CB (both
// Variables), then `inputs` inputs, then the output; the reader uses
// `reader_input`, compute n_tiles, the writer n_tiles, its CB and the output.
std::string copy_params(uint32_t inputs, uint32_t reader_input);

std::string run_line(uint32_t id, uint32_t gd0, uint32_t gd1, const std::vector<uint32_t>& srcs, uint32_t dst,
                     const std::string& vars);
std::string copy_vars(uint32_t n_tiles, uint32_t out_cb);

// `n` bytes of `element_bytes`-wide values bits(seed * 1000003 + i), little endian.
std::vector<std::byte> mixed_bytes(size_t n, uint64_t seed, uint32_t (*bits)(uint64_t), uint32_t element_bytes);

class ProtocolSession : public ScenarioTest {
 protected:
  std::string compile(uint32_t id, const Kernels& k, const std::vector<Cb>& cbs, bool with_pages,
                      const std::string& extra) {
    return raw(compile_line(id, k, cbs, with_pages, extra), payload(k));
  }
  uint32_t buffer_with(const std::vector<std::byte>& bytes);
  // Runs the copy family on a 1 x cores grid, `n_tiles` tiles of `tile_bytes`
  // per core, and returns the output bytes.
  std::vector<std::byte> run_copy(uint32_t id, const std::vector<std::byte>& input, uint32_t cores, uint32_t n_tiles,
                                  uint32_t out_cb, std::string* answer);

  // The sessions (program ids 21 to 46 between them, none shared): each
  // compiles and runs its programs and checks every output byte.
  // V2: Variables before the inputs bind by ordinal, each section its subset.
  void v2_variables_session();
  // V2.5: a bf16 copy through DST tile 7 fits 16-bit DST (8 tiles) and is
  // refused with fp32 accumulation (4 tiles).
  void v25_dst_capacity_session();
  // V2.5: fp32_dest_acc 1 copies Float32 exactly, 0 through TF32 SrcA.
  void v25_fp32_dest_acc_session();
  // V3: formats 3 to 8 round trip through one-page CBs.
  void v3_formats_session();
  // V2.5: UInt16, UInt8 and Int8 exact through a 16-bit DST.
  void v25_integer_formats_session();
  // V3: no compute kernel, the writer drains the reader's one-page CB.
  void v3_empty_compute_session();
  // V3: a two-page reservation fits a two-page CB and is refused in one page.
  void v3_page_counts_session();
};

}  // namespace zyxtt::testing
