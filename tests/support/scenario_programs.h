// Kernel sources of a hand-written program and the raw protocol lines that
// compile and run it, shared by every suite that drives the runtime directly.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <span>
#include <stdexcept>
#include <string>

#include "zyxtt/client.h"

namespace zyxtt::testing {

struct Kernels {
  std::string reader, compute, writer;
};

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// dir/reader.cpp, dir/<compute>, dir/writer.cpp.
inline Kernels read_kernels(const std::filesystem::path& dir, const std::string& compute = "compute.cpp") {
  return Kernels{read_text(dir / "reader.cpp"), read_text(dir / compute), read_text(dir / "writer.cpp")};
}

// The smallest program that does something with its arguments: what tests of
// the compiler and its cache compile (one fp32 CB, c_0).
inline Kernels argument_reading_kernels() {
  return Kernels{"void kernel_main() { uint32_t a = get_arg_val<uint32_t>(0); (void)a; }\n",
                 "#include \"api/compute/common.h\"\nvoid kernel_main() {}\n",
                 "void kernel_main() { uint32_t b = get_arg_val<uint32_t>(0); (void)b; }\n"};
}
inline const client::CbConfig kOneFloat32Cb{0, client::CbFormat::kFloat32};

// The bytes that follow a compile_program line: the sources in protocol order.
inline std::string payload(const Kernels& k) { return k.reader + k.compute + k.writer; }

inline std::string compile_command(uint32_t id, const Kernels& k, std::span<const client::CbConfig> cbs) {
  std::string line = fmt::format(
      R"({{"cmd":"compile_program","id":{},"reader_source_len":{},"compute_source_len":{},"writer_source_len":{},"n_cbs":{})",
      id, k.reader.size(), k.compute.size(), k.writer.size(), cbs.size());
  for (size_t i = 0; i < cbs.size(); ++i) {
    line += fmt::format(R"(,"cb_idx{}":{},"cb_fmt{}":{},"cb_tb{}":{})", i, cbs[i].index, i,
                        static_cast<uint32_t>(cbs[i].format), i, cbs[i].tile_bytes());
  }
  return line + "}";
}

inline std::string run_command(uint32_t id, uint32_t gd0, uint32_t gd1, std::span<const uint32_t> srcs,
                               std::span<const uint32_t> dsts) {
  std::string line = fmt::format(R"({{"cmd":"run","id":{},"gd0":{},"gd1":{})", id, gd0, gd1);
  for (size_t i = 0; i < srcs.size(); ++i) line += fmt::format(R"(,"src{}":{})", i, srcs[i]);
  for (size_t i = 0; i < dsts.size(); ++i) line += fmt::format(R"(,"dst{}":{})", i, dsts[i]);
  return line + "}";
}

}  // namespace zyxtt::testing
