// zyx's later protocol versions (reference/zyx-newer-protocol.md), told apart
// by the fields present, through the real binary: hand-built V2 (parameters
// and Variables), V2.5 (fp32_dest_acc, UInt16) and V3 (grid, cb_nt, empty
// compute, formats 0-8) command streams, checked byte for byte, and every bad
// combination's exact error answer. The grid query is tested in
// conformance/protocol_test.cpp.
#include <gtest/gtest.h>

#include <cstring>
#include <fmt/format.h>

#include "float_bits.h"
#include "mixed_bits.h"
#include "scenario_support.h"

namespace zyxtt::testing {
namespace {

constexpr std::byte kFill{0xEE};
constexpr const char* kOk = R"({"status":"ok"})";

// One CB as V3 sends it: client format code, tile bytes, page count.
struct Cb {
  uint32_t index, format, tile_bytes, pages;
};

// The copy family of tests/scenarios/zyx_param_copy, its compute optionally
// through DST tile 7 or left out.
Kernels copy_kernels(const std::string& compute = "compute") {
  Kernels k = read_kernels(std::filesystem::path(ZYXTT_SCENARIO_DIR) / "zyx_param_copy");
  if (compute == "none") k.compute.clear();
  if (compute == "dst7") k.compute = "#define DST_TILE 7\n" + k.compute;
  return k;
}

// A compile_program line with `extra` fields (V2 params, fp32_dest_acc ...).
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

// The copy family's parameters: p0 n_tiles and p1 the writer's CB (both
// Variables), then `inputs` inputs, then the output; the reader uses
// `reader_input`, compute n_tiles, the writer n_tiles, its CB and the output.
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

class ProtocolVersionsTest : public ScenarioTest {
 protected:
  std::string compile(uint32_t id, const Kernels& k, const std::vector<Cb>& cbs, bool with_pages,
                      const std::string& extra) {
    return raw(compile_line(id, k, cbs, with_pages, extra), payload(k));
  }
  uint32_t buffer_with(const std::vector<std::byte>& bytes) {
    const uint32_t index = alloc(bytes.size());
    write(index, bytes);
    return index;
  }
  // Runs the copy family on a 1 x cores grid, `n_tiles` tiles of `tile_bytes`
  // per core, and returns the output bytes.
  std::vector<std::byte> run_copy(uint32_t id, const std::vector<std::byte>& input, uint32_t cores, uint32_t n_tiles,
                                  uint32_t out_cb, std::string* answer) {
    const uint32_t in = buffer_with(input);
    const uint32_t out = buffer_with(std::vector<std::byte>(input.size(), kFill));
    *answer = raw(run_line(id, 1, cores, {in}, out, copy_vars(n_tiles, out_cb)));
    return read(out, input.size());
  }
};

std::vector<std::byte> mixed_bytes(size_t n, uint64_t seed, uint32_t (*bits)(uint64_t), uint32_t element_bytes) {
  std::vector<std::byte> out(n);
  for (size_t i = 0; i < n / element_bytes; ++i) {
    const uint32_t v = bits(seed * 1000003 + i);
    std::memcpy(&out[i * element_bytes], &v, element_bytes);  // little endian: the low bytes
  }
  return out;
}

TEST_F(ProtocolVersionsTest, V2VariablesBeforeInputsBindByOrdinalAndSectionsTakeTheirOwnSubsets) {
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

TEST_F(ProtocolVersionsTest, V25SixteenBitDstHoldsEightTilesAndFp32DstFour) {
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

TEST_F(ProtocolVersionsTest, V25Fp32DestAccOffUnpacksNoCbToDst) {
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

// Valid values of each V3 format, as raw little-endian bits.
struct FormatCase {
  uint32_t code, tile_bytes, element_bytes;
  uint32_t (*bits)(uint64_t);
};

constexpr FormatCase kV3Formats[] = {
    {3, 2048, 2, [](uint64_t i) { return mix(i) & 0xFFFFu; }},             // UInt16
    {4, 1024, 1, [](uint64_t i) {                                    // Fp8_e4m3, NaN excluded
       const uint32_t v = mix(i) & 0xFFu;
       return (v & 0x7Fu) == 0x7Fu ? v - 1 : v;
       }},
    {5, 1024, 1, [](uint64_t i) { return mix(i) & 0xFFu; }},               // UInt8
    {6, 1024, 1, [](uint64_t i) {                                    // Int8 (sign-magnitude), no -0
       const uint32_t v = mix(i) & 0xFFu;
       return v == 0x80u ? 0u : v;
       }},
    {7, 4096, 4, [](uint64_t i) { return mix(i); }},                    // UInt32
    {8, 4096, 4, [](uint64_t i) { return mix(i); }},                    // Int32
};

TEST_F(ProtocolVersionsTest, V3FormatsThreeToEightRoundTripThroughACopyKernelWithOnePageCbs) {
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
TEST_F(ProtocolVersionsTest, V25IntegerFormatsRoundTripThroughA16BitDst) {
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

TEST_F(ProtocolVersionsTest, V3EmptyComputeWithAOnePageCb) {
  // No compute kernel: the writer drains the reader's CB c_0 (fp8, 1 page).
  const Kernels k = copy_kernels("none");
  ASSERT_EQ(compile(40, k, {{0, 4, 1024, 1}}, true, copy_params(1, 0)), kOk);
  const auto input = mixed_bytes(2 * 5 * 1024, 40, [](uint64_t i) { return mix(i) & 0x7Eu; }, 1);
  std::string answer;
  EXPECT_EQ(run_copy(40, input, 2, 5, 0, &answer), input);
  EXPECT_EQ(answer, kOk);
}

TEST_F(ProtocolVersionsTest, V3PageCountsShapeTheRing) {
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

TEST_F(ProtocolVersionsTest, BadCombinationsGetErrorAnswersAndTheStreamStaysInStep) {
  const Kernels k = copy_kernels();
  const std::vector<Cb> cbs = {{0, 0, 4096, 2}, {16, 0, 4096, 2}};
  auto expect_compile_error = [&](const std::string& params, const char* code, const char* msg) {
    const std::string answer = compile(50, k, cbs, false, params);
    EXPECT_EQ(code_of(answer), code) << params;
    EXPECT_EQ(msg_of(answer), msg) << params;
  };
  expect_compile_error(
      R"(,"n_params":3,"n_reader_params":1,"n_compute_params":0,"n_writer_params":1,"rp0":3,"wp0":2)",
      "OUT_OF_RANGE", "compile_program: rp0 is 3, but the kernel has 3 parameters (n_params); ordinals are 0 to 2");
  expect_compile_error(
      R"(,"n_params":3,"n_reader_params":2,"n_compute_params":0,"n_writer_params":1,"rp0":1,"rp1":0,"wp0":2)",
      "INVALID_ARGUMENT",
      "compile_program: rp1 is 0 after rp0 = 1; a section's ordinals must be strictly ascending");
  expect_compile_error(
      R"(,"n_params":3,"n_reader_params":1,"n_compute_params":0,"n_writer_params":1,"rp0":0,"rp1":1,"wp0":2)",
      "INVALID_ARGUMENT", "compile_program: rp1 is present but n_reader_params is 1; the count and the list must match");
  expect_compile_error(R"(,"n_params":3,"n_reader_params":2,"n_compute_params":0,"n_writer_params":1,"rp0":0,"wp0":2)",
                       "INVALID_ARGUMENT", "compile_program: required field 'rp1' is missing");
  expect_compile_error(R"(,"n_params":3,"n_reader_params":1,"rp0":0)", "INVALID_ARGUMENT",
                       "compile_program: required field 'n_compute_params' is missing");
  expect_compile_error(R"(,"n_params":2,"n_reader_params":3,"n_compute_params":0,"n_writer_params":0)",
                       "OUT_OF_RANGE", "compile_program: 'n_reader_params' is 3, expected at most 2");
  expect_compile_error(copy_params(1, 0) + R"(,"fp32_dest_acc":2)", "OUT_OF_RANGE",
                       "compile_program: 'fp32_dest_acc' is 2, expected at most 1");

  // A good program (n_tiles, CB, input, output), then bad runs of it.
  ASSERT_EQ(compile(51, k, cbs, false, copy_params(1, 0)), kOk);
  const uint32_t in = alloc(4096), out = alloc(4096);
  auto expect_run_error = [&](const std::string& vars, const char* code, const char* msg) {
    const std::string answer = raw(run_line(51, 1, 1, {in}, out, vars));
    EXPECT_EQ(code_of(answer), code) << vars;
    EXPECT_EQ(msg_of(answer), msg) << vars;
  };
  expect_run_error(R"(,"n_vars":2,"vord0":0,"vval0":1,"vord1":0,"vval1":16)", "INVALID_ARGUMENT",
                   "run: vord0 and vord1 both give variable 0; each variable is given once");
  expect_run_error(R"(,"n_vars":1,"vord0":0,"vval0":1)", "INVALID_ARGUMENT",
                   "run: program 51 has 4 parameters (n_params), but the run gives 1 inputs, 1 variables and 1 "
                   "outputs; every parameter is one src, one vord/vval pair or one dst");
  expect_run_error(R"(,"n_vars":2,"vord0":0,"vval0":1,"vord1":4,"vval1":16)", "OUT_OF_RANGE",
                   "run: vord1 is 4, but program 51 has 4 parameters (n_params); ordinals are 0 to 3");
  expect_run_error(R"(,"n_vars":2,"vord0":0,"vval0":1,"vord1":3,"vval1":16)", "INVALID_ARGUMENT",
                   "run: vord1 is 3, an output's ordinal (the last 1 of 4 are dst0 to dst0); a Variable precedes "
                   "the outputs");
  expect_run_error(R"(,"n_vars":1,"vord0":0,"vval0":1,"vord1":1,"vval1":16)", "INVALID_ARGUMENT",
                   "run: vord1 is present but n_vars is 1; the count and the list must match");
  expect_run_error(R"(,"n_vars":2,"vord0":0,"vval0":1)", "INVALID_ARGUMENT", "run: required field 'vord1' is missing");

  // Variables for a V1 program.
  ASSERT_EQ(compile(52, k, cbs, false, ""), kOk);
  const std::string v1 = raw(run_line(52, 1, 1, {in}, out, copy_vars(1, 16)));
  EXPECT_EQ(code_of(v1), "INVALID_ARGUMENT");
  EXPECT_EQ(msg_of(v1), "run: 2 variables given, but program 52 was compiled without parameters (n_params); "
                        "compile it with n_params and rp/cp/wp lists to pass variables");

  // Still in step: the good program runs.
  std::string answer;
  const auto input = mixed_bytes(4096, 9, [](uint64_t i) { return mix(i) & 0x3FFFFFFFu; }, 4);
  EXPECT_EQ(run_copy(51, input, 1, 1, 16, &answer), input);
  EXPECT_EQ(answer, kOk);
}

TEST_F(ProtocolVersionsTest, MoreArgsThanAKernelTakesAreRefusedBeforeTheRun) {
  // 340 Variables in the reader's list: with row and column 342 args, one
  // more than a kernel's 341.
  const Kernels k = copy_kernels();
  std::string params = R"(,"n_params":342,"n_reader_params":340,"n_compute_params":0,"n_writer_params":0)";
  std::string vars = R"(,"n_vars":340)";
  for (uint32_t i = 0; i < 340; ++i) {
    params += fmt::format(R"(,"rp{}":{})", i, i);
    vars += fmt::format(R"(,"vord{}":{},"vval{}":{})", i, i, i, i);
  }
  ASSERT_EQ(compile(60, k, {{0, 0, 4096, 2}, {16, 0, 4096, 2}}, false, params), kOk);
  const uint32_t in = alloc(4096), out = alloc(4096);
  const std::string answer = raw(run_line(60, 1, 1, {in}, out, vars));
  EXPECT_EQ(code_of(answer), "OUT_OF_RANGE");
  EXPECT_EQ(msg_of(answer), "run: the reader kernel would get 340 runtime args before its row and column; a kernel "
                            "takes at most 341 in all, so at most 339 buffers and variables");
}

TEST_F(ProtocolVersionsTest, CircularBuffersLargerThanL1AreRefusedAtCompile) {
  const std::string answer = compile(61, copy_kernels(), {{0, 0, 4096, 400}}, true, "");
  EXPECT_EQ(code_of(answer), "RESOURCE_EXHAUSTED");
  EXPECT_EQ(msg_of(answer), "compile_program: the circular buffers take 1638400 bytes of L1 on core (0,0), but "
                            "1507328 bytes are free above the reserved 65536 bytes; use fewer or smaller pages");
}

}  // namespace
}  // namespace zyxtt::testing
