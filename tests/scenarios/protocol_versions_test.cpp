// zyx's later protocol versions (reference/zyx-newer-protocol.md), told apart
// by the fields present, through the real binary: hand-built V2 (parameters
// and Variables), V2.5 (fp32_dest_acc, UInt16) and V3 (grid, cb_nt, empty
// compute, formats 0-8) command streams, checked byte for byte (the sessions
// are protocol_session.cpp's, also run on every cluster by
// cluster_sessions_test.cpp), and every bad combination's exact error answer.
// The grid query is tested in conformance/protocol_test.cpp.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "mixed_bits.h"
#include "protocol_session.h"

namespace zyxtt::testing {
namespace {

class ProtocolVersionsTest : public ProtocolSession {};

TEST_F(ProtocolVersionsTest, V2VariablesBeforeInputsBindByOrdinalAndSectionsTakeTheirOwnSubsets) {
  v2_variables_session();
}

TEST_F(ProtocolVersionsTest, V25SixteenBitDstHoldsEightTilesAndFp32DstFour) { v25_dst_capacity_session(); }

TEST_F(ProtocolVersionsTest, V25Fp32DestAccOffUnpacksNoCbToDst) { v25_fp32_dest_acc_session(); }

TEST_F(ProtocolVersionsTest, V3FormatsThreeToEightRoundTripThroughACopyKernelWithOnePageCbs) {
  v3_formats_session();
}

TEST_F(ProtocolVersionsTest, V25IntegerFormatsRoundTripThroughA16BitDst) { v25_integer_formats_session(); }

TEST_F(ProtocolVersionsTest, V3EmptyComputeWithAOnePageCb) { v3_empty_compute_session(); }

TEST_F(ProtocolVersionsTest, V3PageCountsShapeTheRing) { v3_page_counts_session(); }

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
