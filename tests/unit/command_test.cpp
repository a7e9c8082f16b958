#include <fmt/format.h>
#include <gtest/gtest.h>

#include "common/error.h"
#include "protocol/command.h"
#include "protocol/line_bounds.h"
#include "protocol/payload_scan.h"

using namespace zyxtt;
using namespace zyxtt::protocol;

namespace {

// Parses `line` expecting an error; returns it.
Error parse_error(const std::string& line) {
  try {
    parse_command(line);
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error for " << line;
  return Error(Code::kInternal, "none");
}

}  // namespace

TEST(Command, ParsesEveryCommandAsZyxSendsIt) {
  auto init = std::get<Init>(parse_command(R"({"cmd":"init","cache_dir":"/home/u/.config/zyx/cache/tt"})"));
  EXPECT_EQ(init.cache_dir.value(), "/home/u/.config/zyx/cache/tt");
  EXPECT_FALSE(std::get<Init>(parse_command(R"({"cmd":"init"})")).cache_dir.has_value());

  auto alloc = std::get<AllocBuf>(parse_command(R"({"cmd":"alloc_buf","size":4000004,"tile_bytes":2048})"));
  EXPECT_EQ(alloc.size, 4000004u);
  EXPECT_EQ(std::get<FreeBuf>(parse_command(R"({"cmd":"free_buf","index":7})")).index, 7u);

  auto write = std::get<WriteBuf>(parse_command(R"({"cmd":"write_buf","index":1,"shm_path":"/zyx-tt-1","size":12})"));
  EXPECT_EQ(write.shm_path, "/zyx-tt-1");
  EXPECT_EQ(write.size, 12u);
  auto read = std::get<ReadBuf>(parse_command(R"({"cmd":"read_buf","index":2,"shm_path":"/x","size":3})"));
  EXPECT_EQ(read.index, 2u);

  auto compile = std::get<CompileProgram>(parse_command(
      R"({"cmd":"compile_program","id":3,"reader_source_len":10,"compute_source_len":20,"writer_source_len":30,)"
      R"("n_cbs":2,"cb_idx0":0,"cb_fmt0":0,"cb_tb0":4096,"cb_idx1":5,"cb_fmt1":2,"cb_tb1":2048})"));
  EXPECT_EQ(compile.id, 3u);
  EXPECT_EQ(compile.reader_len + compile.compute_len + compile.writer_len, 60u);
  ASSERT_EQ(compile.cbs.size(), 2u);
  EXPECT_EQ(compile.cbs[1].index, 5u);
  EXPECT_EQ(compile.cbs[1].format, CbFormat::kFloat16_b);

  auto run = std::get<protocol::Run>(parse_command(R"({"cmd":"run","id":0,"gd0":2,"gd1":3,"src0":4,"src1":5,"dst0":6})"));
  EXPECT_EQ(run.gd0, 2u);
  EXPECT_EQ(run.gd1, 3u);
  EXPECT_EQ(run.srcs, (std::vector<uint32_t>{4, 5}));
  EXPECT_EQ(run.dsts, (std::vector<uint32_t>{6}));
  EXPECT_TRUE(std::holds_alternative<Exit>(parse_command(R"({"cmd":"exit"})")));
}

TEST(Command, IgnoresUnknownFieldsOrderAndSpacing) {
  auto alloc = std::get<AllocBuf>(parse_command(R"(  { "tile_bytes" : 2048, "extra":[1,2], "size" : 5, "cmd" : "alloc_buf" } )"));
  EXPECT_EQ(alloc.size, 5u);
}

TEST(Command, RejectsMalformedLines) {
  EXPECT_EQ(parse_error("not json").code(), Code::kInvalidArgument);
  EXPECT_NE(std::string(parse_error("not json").what()).find("not valid JSON"), std::string::npos);
  EXPECT_EQ(parse_error("[1,2]").code(), Code::kInvalidArgument);
  EXPECT_EQ(parse_error(R"({"size":1})").code(), Code::kInvalidArgument);
  Error unknown = parse_error(R"({"cmd":"frobnicate"})");
  EXPECT_EQ(unknown.code(), Code::kUnimplemented);
  EXPECT_NE(std::string(unknown.what()).find("unknown cmd 'frobnicate'"), std::string::npos);
}

TEST(Command, RejectsMissingMistypedAndOutOfRangeFields) {
  Error missing = parse_error(R"({"cmd":"alloc_buf"})");
  EXPECT_EQ(missing.code(), Code::kInvalidArgument);
  EXPECT_STREQ(missing.what(), "alloc_buf: required field 'size' is missing");

  Error mistyped = parse_error(R"({"cmd":"free_buf","index":"3"})");
  EXPECT_EQ(mistyped.code(), Code::kInvalidArgument);
  EXPECT_NE(std::string(mistyped.what()).find("'index' must be a non-negative integer"), std::string::npos);

  EXPECT_EQ(parse_error(R"({"cmd":"free_buf","index":1.5})").code(), Code::kInvalidArgument);
  EXPECT_EQ(parse_error(R"({"cmd":"free_buf","index":-1})").code(), Code::kOutOfRange);
  Error big = parse_error(R"({"cmd":"free_buf","index":4294967296})");
  EXPECT_EQ(big.code(), Code::kOutOfRange);
  EXPECT_NE(std::string(big.what()).find("at most 4294967295"), std::string::npos);
  EXPECT_EQ(parse_error(R"({"cmd":"alloc_buf","size":1e30})").code(), Code::kInvalidArgument);
  EXPECT_EQ(parse_error(R"({"cmd":"write_buf","index":0,"shm_path":5,"size":1})").code(), Code::kInvalidArgument);
}

TEST(Command, ValidatesCircularBufferConfigs) {
  const std::string head =
      R"({"cmd":"compile_program","id":0,"reader_source_len":1,"compute_source_len":1,"writer_source_len":1,)";
  EXPECT_EQ(parse_error(head + R"("n_cbs":1,"cb_idx0":32,"cb_fmt0":0,"cb_tb0":4096})").code(), Code::kOutOfRange);
  EXPECT_EQ(parse_error(head + R"("n_cbs":1,"cb_idx0":0,"cb_fmt0":9,"cb_tb0":4096})").code(), Code::kOutOfRange);
  // V3's codes 3-8 with their tile sizes; cb_nt is a page count of at least 1.
  EXPECT_STREQ(parse_error(head + R"("n_cbs":1,"cb_idx0":0,"cb_fmt0":3,"cb_tb0":4096})").what(),
               "compile_program: cb_tb0 is 4096, but a tile of format 3 takes 2048 bytes");
  EXPECT_STREQ(parse_error(head + R"("n_cbs":1,"cb_idx0":0,"cb_fmt0":4,"cb_tb0":2048,"cb_nt0":1})").what(),
               "compile_program: cb_tb0 is 2048, but a tile of format 4 takes 1024 bytes");
  EXPECT_STREQ(parse_error(head + R"("n_cbs":1,"cb_idx0":0,"cb_fmt0":8,"cb_tb0":4096,"cb_nt0":0})").what(),
               "compile_program: cb_nt0 is 0; a circular buffer holds at least 1 page");
  Error tb = parse_error(head + R"("n_cbs":1,"cb_idx0":0,"cb_fmt0":1,"cb_tb0":4096})");
  EXPECT_NE(std::string(tb.what()).find("takes 2048 bytes"), std::string::npos);
  Error dup = parse_error(head + R"("n_cbs":2,"cb_idx0":1,"cb_fmt0":0,"cb_tb0":4096,"cb_idx1":1,"cb_fmt1":0,"cb_tb1":4096})");
  EXPECT_NE(std::string(dup.what()).find("configured twice"), std::string::npos);
  EXPECT_EQ(parse_error(head + R"("n_cbs":1})").code(), Code::kInvalidArgument);  // cb_idx0 missing
  Error huge = parse_error(
      R"({"cmd":"compile_program","id":0,"reader_source_len":16777217,"compute_source_len":1,"writer_source_len":1,"n_cbs":0})");
  EXPECT_EQ(huge.code(), Code::kOutOfRange);
}

TEST(Command, ParsesV3CircularBuffersAndV2Params) {
  const auto c = std::get<CompileProgram>(parse_command(
      R"({"cmd":"compile_program","id":3,"reader_source_len":1,"compute_source_len":0,"writer_source_len":1,)"
      R"("n_cbs":2,"cb_idx0":0,"cb_fmt0":6,"cb_tb0":1024,"cb_nt0":1,"cb_idx1":16,"cb_fmt1":7,"cb_tb1":4096,"cb_nt1":3,)"
      R"("n_params":4,"n_reader_params":2,"n_compute_params":1,"n_writer_params":2,"rp0":0,"rp1":2,"cp0":1,)"
      R"("wp0":1,"wp1":3,"fp32_dest_acc":0})"));
  ASSERT_EQ(c.cbs.size(), 2u);
  EXPECT_EQ(c.cbs[0].format, CbFormat::kInt8);
  EXPECT_EQ(c.cbs[0].pages, 1u);
  EXPECT_EQ(c.cbs[1].format, CbFormat::kUInt32);
  EXPECT_EQ(c.cbs[1].pages, 3u);
  ASSERT_TRUE(c.params);
  EXPECT_EQ(c.params->n_params, 4u);
  EXPECT_EQ(c.params->sections[0], (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(c.params->sections[1], (std::vector<uint32_t>{1}));
  EXPECT_EQ(c.params->sections[2], (std::vector<uint32_t>{1, 3}));
  EXPECT_EQ(c.fp32_dest_acc, std::optional<bool>(false));
  // V1: no params, no DST mode, two pages.
  const auto v1 = std::get<CompileProgram>(parse_command(
      R"({"cmd":"compile_program","id":3,"reader_source_len":1,"compute_source_len":1,"writer_source_len":1,)"
      R"("n_cbs":1,"cb_idx0":0,"cb_fmt0":0,"cb_tb0":4096})"));
  EXPECT_FALSE(v1.params);
  EXPECT_FALSE(v1.fp32_dest_acc);
  EXPECT_EQ(v1.cbs[0].pages, 2u);
  const auto run = std::get<protocol::Run>(parse_command(
      R"({"cmd":"run","id":3,"gd0":1,"gd1":1,"src0":4,"dst0":5,"n_vars":2,"vord0":2,"vval0":7,"vord1":0,"vval1":9})"));
  ASSERT_TRUE(run.vars);
  EXPECT_EQ(*run.vars, (std::vector<std::pair<uint32_t, uint32_t>>{{2, 7}, {0, 9}}));
  EXPECT_TRUE(std::holds_alternative<Grid>(parse_command(R"({"cmd":"grid"})")));
}

TEST(Command, PayloadLengthOfAnInvalidCompileIsStillKnown) {
  const std::string bad_cb =
      R"({"cmd":"compile_program","id":0,"reader_source_len":3,"compute_source_len":4,"writer_source_len":5,"n_cbs":1,"cb_idx0":99,"cb_fmt0":0,"cb_tb0":4096})";
  EXPECT_EQ(compile_payload_bytes(bad_cb).value(), 12u);
  EXPECT_FALSE(compile_payload_bytes(R"({"cmd":"run"})").has_value());
  EXPECT_FALSE(compile_payload_bytes("garbage").has_value());
}

TEST(Command, PayloadLengthIsFoundInLinesTheParserRefuses) {
  // 1E400 overflows a double: no JSON parser accepts the line, yet the
  // lengths are plain and the payload can be stepped over.
  const std::string overflow =
      R"({"cmd":"compile_program","id":1E400,"reader_source_len":10, "compute_source_len" : 20,"writer_source_len":30,"n_cbs":0})";
  EXPECT_EQ(parse_error(overflow).code(), Code::kInvalidArgument);
  EXPECT_TRUE(names_compile_program(overflow));
  EXPECT_EQ(compile_payload_bytes(overflow).value(), 60u);
  const std::string truncated = R"({"cmd":"compile_program","reader_source_len":1,"compute_source_len":2,"writer_source_len":3,"n_cbs)";
  EXPECT_EQ(compile_payload_bytes(truncated).value(), 6u);
  // Unreadable: missing, fractional, exponent, too large, repeated differently.
  const std::string rest = R"(,"compute_source_len":2,"writer_source_len":3})";
  for (const char* reader : {R"("reader_source_len":1.0)", R"("reader_source_len":1e3)", R"("reader_source_len":"1")",
                             R"("reader_source_len":99999999999)", R"("reader_source_len":1,"reader_source_len":2)",
                             R"("reader_len":1)"}) {
    std::string line = std::string(R"({"cmd":"compile_program",)") + reader + rest;
    EXPECT_FALSE(compile_payload_bytes(line).has_value()) << line;
    EXPECT_TRUE(names_compile_program(line)) << line;
  }
  EXPECT_FALSE(names_compile_program(R"({"cmd":"run","note":"compile_program"})"));
}

TEST(Command, CommandStartFindsTheCommandAfterUnterminatedSourceBytes) {
  EXPECT_EQ(command_start(R"({"cmd":"alloc_buf","size":1})"), 0u);
  EXPECT_EQ(command_start(R"({"cmd":"reboot"})"), 0u);  // a command, even an unknown one
  EXPECT_EQ(command_start(R"(}  // end of kernel{"cmd":"free_buf","index":3})"), 19u);
  EXPECT_FALSE(command_start("  cb_wait_front(0, 1);").has_value());
  EXPECT_FALSE(command_start(R"({"x":1})").has_value());
  EXPECT_FALSE(command_start(R"({"cmd":5})").has_value());
}

TEST(Command, DeepNestingAndHugeValueCountsAreRefusedBeforeParsing) {
  std::string deep = R"({"cmd":"init","x":)" + std::string(100000, '[');
  Error depth = parse_error(deep);
  EXPECT_EQ(depth.code(), Code::kInvalidArgument);
  EXPECT_STREQ(depth.what(), "command nests objects or arrays deeper than 16 levels; a command is one flat JSON object");
  EXPECT_FALSE(is_command_line(deep));
  // Brackets inside strings are text, not nesting.
  EXPECT_NO_THROW(check_line_bounds(R"({"cmd":"init","cache_dir":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"[[["})"));
  std::string wide = R"({"cmd":"init","x":[)";
  for (int i = 0; i < 20000; ++i) wide += "1,";
  wide += "1]}";
  Error values = parse_error(wide);
  EXPECT_EQ(values.code(), Code::kInvalidArgument);
  EXPECT_STREQ(values.what(), "command holds more than 10000 JSON values; no command needs that many");
}

// How many buffers a kernel takes is the server's zyx mapping's rule
// (zyx_program_test), not the wire format's.
TEST(Command, RunTakesAnyNumberOfBuffers) {
  std::string line = R"({"cmd":"run","id":0,"gd0":1,"gd1":1)";
  for (int i = 0; i < 500; ++i) line += fmt::format(R"(,"src{}":{})", i, i);
  const protocol::Run run = std::get<protocol::Run>(parse_command(line + "}"));
  ASSERT_EQ(run.srcs.size(), 500u);
  EXPECT_EQ(run.srcs[499], 499u);
}

TEST(Command, GridIsAV3Command) {
  EXPECT_TRUE(std::holds_alternative<Grid>(parse_command(R"({"cmd":"grid"})")));
  EXPECT_EQ(command_name(parse_command(R"({"cmd":"grid"})")), "grid");
}
