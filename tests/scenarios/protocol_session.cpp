#include "protocol_session.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fmt/format.h>

#include "float_bits.h"
#include "mixed_bits.h"

namespace zyxtt::testing {

Kernels copy_kernels(const std::string& compute) {
  Kernels k = read_kernels(std::filesystem::path(ZYXTT_SCENARIO_DIR) / "zyx_param_copy");
  if (compute == "none") k.compute.clear();
  if (compute == "dst7") k.compute = "#define DST_TILE 7\n" + k.compute;
  return k;
}

std::string compile_line(uint32_t id, const Kernels& k, const std::vector<Cb>& cbs, bool with_pages,
                         const std::string& extra) {
  std::string line = fmt::format(
      R"({{"cmd":"compile_program","id":{},"reader_source_len":{},"compute_source_len":{},"writer_source_len":{},"n_cbs":{})",
      id, k.reader.size(), k.compute.size(), k.writer.size(), cbs.size());
  for (size_t i = 0; i < cbs.size(); ++i) {
    line += fmt::format(R"(,"cb_idx{}":{},"cb_fmt{}":{},"cb_tb{}":{})", i, cbs[i].index, i, cbs[i].format, i,
                        cbs[i].tile_bytes);
    if (with_pages) line += fmt::format(R"(,"cb_nt{}":{})", i, cbs[i].pages);
  }
  return line + extra + "}";
}

std::string copy_params(uint32_t inputs, uint32_t reader_input) {
  const uint32_t out = 2 + inputs;
  return fmt::format(
      R"(,"n_params":{},"n_reader_params":2,"n_compute_params":1,"n_writer_params":3,"rp0":0,"rp1":{},"cp0":0,)"
      R"("wp0":0,"wp1":1,"wp2":{})",
      out + 1, 2 + reader_input, out);
}

std::string run_line(uint32_t id, uint32_t gd0, uint32_t gd1, const std::vector<uint32_t>& srcs, uint32_t dst,
                     const std::string& vars) {
  std::string line = fmt::format(R"({{"cmd":"run","id":{},"gd0":{},"gd1":{})", id, gd0, gd1);
  for (size_t i = 0; i < srcs.size(); ++i) line += fmt::format(R"(,"src{}":{})", i, srcs[i]);
  return line + fmt::format(R"(,"dst0":{}{}}})", dst, vars);
}

std::string copy_vars(uint32_t n_tiles, uint32_t out_cb) {
  return fmt::format(R"(,"n_vars":2,"vord0":0,"vval0":{},"vord1":1,"vval1":{})", n_tiles, out_cb);
}

std::vector<std::byte> mixed_bytes(size_t n, uint64_t seed, uint32_t (*bits)(uint64_t), uint32_t element_bytes) {
  std::vector<std::byte> out(n);
  for (size_t i = 0; i < n / element_bytes; ++i) {
    const uint32_t v = bits(seed * 1000003 + i);
    std::memcpy(&out[i * element_bytes], &v, element_bytes);  // little endian: the low bytes
  }
  return out;
}

uint32_t ProtocolSession::buffer_with(const std::vector<std::byte>& bytes) {
  const uint32_t index = alloc(bytes.size());
  write(index, bytes);
  return index;
}

std::vector<std::byte> ProtocolSession::run_copy(uint32_t id, const std::vector<std::byte>& input, uint32_t cores,
                                                 uint32_t n_tiles, uint32_t out_cb, std::string* answer) {
  const uint32_t in = buffer_with(input);
  const uint32_t out = buffer_with(std::vector<std::byte>(input.size(), kFill));
  *answer = raw(run_line(id, 1, cores, {in}, out, copy_vars(n_tiles, out_cb)));
  return read(out, input.size());
}

void ProtocolSession::v2_variables_session() {
  // p0 n_tiles, p1 writer CB (Variables), p2 input A (used by no section),
  // p3 input B (the reader's), p4 output. Ordinal 3 is src1, B: zyx's own
  // runtime would bind it to A, which precedes it among the buffers.
  const Kernels k = copy_kernels();
  ASSERT_EQ(compile(21, k, {{0, 0, 4096, 2}, {16, 0, 4096, 2}}, false, copy_params(2, 1)), kOk);
  constexpr uint32_t kTiles = 2;
  const size_t bytes = 2 * 13 * kTiles * 4096;  // slots 0 .. 12 * 1 + 1 of a 2 x 2 grid
  const auto a = mixed_bytes(bytes, 1, [](uint64_t i) { return mix(i); }, 4);
  const auto b = mixed_bytes(bytes, 2, [](uint64_t i) { return (mix(i) & 0x807FFFFFu) | (120u << 23); }, 4);
  const uint32_t src_a = buffer_with(a), src_b = buffer_with(b);
  const uint32_t out = buffer_with(std::vector<std::byte>(bytes, kFill));
  ASSERT_EQ(raw(run_line(21, 2, 2, {src_a, src_b}, out, copy_vars(kTiles, 16))), kOk);
  const std::vector<std::byte> got = read(out, bytes);
  const size_t per_core = kTiles * 4096;
  for (uint32_t slot = 0; slot < bytes / per_core; ++slot) {
    const bool active = slot_active(slot, 2, 2);
    for (size_t i = slot * per_core; i < (slot + 1) * per_core; ++i) {
      ASSERT_EQ(got[i], active ? b[i] : kFill) << "slot " << slot << " byte " << i;
    }
  }
  // The same program with the Variables given in another order binds the same.
  const uint32_t out2 = buffer_with(std::vector<std::byte>(bytes, kFill));
  ASSERT_EQ(raw(run_line(21, 1, 1, {src_a, src_b}, out2,
                         R"(,"n_vars":2,"vord0":1,"vval0":16,"vord1":0,"vval1":2)")),
            kOk);
  const std::vector<std::byte> got2 = read(out2, per_core);
  EXPECT_TRUE(std::equal(got2.begin(), got2.end(), b.begin()));
}

void ProtocolSession::v25_dst_capacity_session() {
  // A bf16 copy through DST tile 7: valid with 16-bit DST (half sync: 8
  // tiles), past the capacity with fp32 accumulation (4).
  const Kernels k = copy_kernels("dst7");
  const std::vector<Cb> cbs = {{0, 2, 2048, 2}, {16, 2, 2048, 2}};
  ASSERT_EQ(compile(22, k, cbs, false, copy_params(1, 0) + R"(,"fp32_dest_acc":0)"), kOk);
  const auto input = mixed_bytes(3 * 2 * 2048, 3, [](uint64_t i) { return bits_of((int(mix(i) % 2001) - 1000) / 64.0f) >> 16; }, 2);
  std::string answer;
  EXPECT_EQ(run_copy(22, input, 3, 2, 16, &answer), input);
  EXPECT_EQ(answer, kOk);

  ASSERT_EQ(compile(23, k, cbs, false, copy_params(1, 0) + R"(,"fp32_dest_acc":1)"), kOk);
  run_copy(23, input, 1, 2, 16, &answer);
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_EQ(msg_of(answer), "run of program 23 on 1x1 cores: core (x=0, y=0) compute: copy_tile: DST index 7 is out "
                            "of range: DST capacity is 4 tiles (32-bit DST), valid indices 0..3");
}

void ProtocolSession::v25_fp32_dest_acc_session() {
  // Float32 data: with fp32_dest_acc 1 copy_tile unpacks straight into DST
  // (exact); with 0 it passes SrcA (TF32) into a 16-bit DST.
  const Kernels k = copy_kernels();
  const std::vector<Cb> cbs = {{0, 0, 4096, 2}, {16, 0, 4096, 2}};
  std::vector<std::byte> input(4096);
  for (size_t i = 0; i < 1024; ++i) {
    const float v = i % 2 == 0 ? 1.0f + std::ldexp(1.0f, -20) : 1.5f;
    std::memcpy(&input[i * 4], &v, 4);
  }
  std::string answer;
  ASSERT_EQ(compile(24, k, cbs, false, copy_params(1, 0) + R"(,"fp32_dest_acc":1)"), kOk);
  EXPECT_EQ(run_copy(24, input, 1, 1, 16, &answer), input);
  EXPECT_EQ(answer, kOk);
  ASSERT_EQ(compile(25, k, cbs, false, copy_params(1, 0) + R"(,"fp32_dest_acc":0)"), kOk);
  const std::vector<std::byte> got = run_copy(25, input, 1, 1, 16, &answer);
  ASSERT_EQ(answer, kOk);
  for (size_t i = 0; i < 1024; ++i) {
    float v;
    std::memcpy(&v, &got[i * 4], 4);
    ASSERT_EQ(v, i % 2 == 0 ? 1.0f : 1.5f) << "element " << i;
  }
}

namespace {

// Valid values of each V3 format, as raw little-endian bits.
struct FormatCase {
  uint32_t code, tile_bytes, element_bytes;
  uint32_t (*bits)(uint64_t);
};

constexpr FormatCase kV3Formats[] = {
    {3, 2048, 2, [](uint64_t i) { return mix(i) & 0xFFFFu; }},  // UInt16
    {4, 1024, 1, [](uint64_t i) {                               // Fp8_e4m3, NaN excluded
       const uint32_t v = mix(i) & 0xFFu;
       return (v & 0x7Fu) == 0x7Fu ? v - 1 : v;
     }},
    {5, 1024, 1, [](uint64_t i) { return mix(i) & 0xFFu; }},  // UInt8
    {6, 1024, 1, [](uint64_t i) {                             // Int8 (sign-magnitude), no -0
       const uint32_t v = mix(i) & 0xFFu;
       return v == 0x80u ? 0u : v;
     }},
    {7, 4096, 4, [](uint64_t i) { return mix(i); }},  // UInt32
    {8, 4096, 4, [](uint64_t i) { return mix(i); }},  // Int32
};

}  // namespace

void ProtocolSession::v3_formats_session() {
  const Kernels k = copy_kernels();
  for (const FormatCase& f : kV3Formats) {
    SCOPED_TRACE(fmt::format("format {}", f.code));
    const uint32_t id = 30 + f.code;
    ASSERT_EQ(compile(id, k, {{0, f.code, f.tile_bytes, 1}, {16, f.code, f.tile_bytes, 1}}, true,
                      copy_params(1, 0) + R"(,"fp32_dest_acc":1)"),
              kOk);
    const auto input = mixed_bytes(3 * 3 * f.tile_bytes, f.code, f.bits, f.element_bytes);
    std::string answer;
    EXPECT_EQ(run_copy(id, input, 3, 3, 16, &answer), input);
    EXPECT_EQ(answer, kOk);
  }
}

// What zyx sends for every output that is not Float32: fp32_dest_acc 0. A
// 16-bit DST holds UInt16, UInt8 and Int8 data as integers, so the copy is
// exact (not rounded as if the words were floats).
void ProtocolSession::v25_integer_formats_session() {
  const Kernels k = copy_kernels();
  for (const FormatCase& f : kV3Formats) {
    if (f.code != 3 && f.code != 5 && f.code != 6) continue;
    SCOPED_TRACE(fmt::format("format {}", f.code));
    const uint32_t id = 40 + f.code;
    ASSERT_EQ(compile(id, k, {{0, f.code, f.tile_bytes, 2}, {16, f.code, f.tile_bytes, 2}}, true,
                      copy_params(1, 0) + R"(,"fp32_dest_acc":0)"),
              kOk);
    const auto input = mixed_bytes(2 * 3 * f.tile_bytes, f.code + 7, f.bits, f.element_bytes);
    std::string answer;
    EXPECT_EQ(run_copy(id, input, 2, 3, 16, &answer), input);
    EXPECT_EQ(answer, kOk);
  }
}

void ProtocolSession::v3_empty_compute_session() {
  // No compute kernel: the writer drains the reader's CB c_0 (fp8, 1 page).
  const Kernels k = copy_kernels("none");
  ASSERT_EQ(compile(40, k, {{0, 4, 1024, 1}}, true, copy_params(1, 0)), kOk);
  const auto input = mixed_bytes(2 * 5 * 1024, 40, [](uint64_t i) { return mix(i) & 0x7Eu; }, 1);
  std::string answer;
  EXPECT_EQ(run_copy(40, input, 2, 5, 0, &answer), input);
  EXPECT_EQ(answer, kOk);
}

void ProtocolSession::v3_page_counts_session() {
  // A reader that reserves two pages at once: room in a V1 CB (2 pages), a
  // reservation past the ring's end in a one-page V3 CB.
  Kernels k = copy_kernels();
  const std::string one = "cb_reserve_back(cb_in, 1)";
  k.reader.replace(k.reader.find(one), one.size(), "cb_reserve_back(cb_in, 2)");
  const auto input = mixed_bytes(4096, 41, [](uint64_t i) { return mix(i) & 0x3FFFFFFFu; }, 4);
  std::string answer;
  ASSERT_EQ(compile(41, k, {{0, 0, 4096, 2}, {16, 0, 4096, 2}}, true, copy_params(1, 0)), kOk);
  EXPECT_EQ(run_copy(41, input, 1, 1, 16, &answer), input);
  EXPECT_EQ(answer, kOk);
  ASSERT_EQ(compile(42, k, {{0, 0, 4096, 1}, {16, 0, 4096, 1}}, true, copy_params(1, 0)), kOk);
  run_copy(42, input, 1, 1, 16, &answer);
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_EQ(msg_of(answer), "run of program 42 on 1x1 cores: core (x=0, y=0) reader: cb_reserve_back(CB 0, 2 pages): "
                            "the CB holds only 1 pages (received 0, acked 0, 1 pages of 4096 B)");
}

}  // namespace zyxtt::testing
