// Every ok corpus case through the real binary. Cases whose grid exceeds the
// p100a's 10x12 answer the grid error by default and pass with
// --virtual-grid; cases whose readers copy between addresses that differ
// modulo 64 are refused by default (shifted data on silicon) and pass with
// --noc-alignment=warn. Cases with known generator defects must reproduce
// what their kernels compute (known_defects.cpp) or be stopped by the
// sanitizer that catches the defect.
#include <gtest/gtest.h>

#include "corpus_case.h"
#include "known_defects.h"

using namespace zyxtt::testing;

namespace {

std::vector<CorpusCase> cases() {
  static std::vector<CorpusCase> all = CorpusCase::discover();
  return all;
}

bool exceeds_card(const CorpusCase& c) { return c.max_grid_rows > 10 || c.max_grid_cols > 12; }

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

bool first_error_has(const ReplayResult& r, const std::string& text) {
  return !r.errors.empty() && r.errors.front().find(text) != std::string::npos;
}

class Corpus : public ::testing::TestWithParam<CorpusCase> {};

}  // namespace

TEST(CorpusPresent, SharedCorpusIsReadable) {
  if (cases().empty()) GTEST_SKIP() << "no corpus at " << corpus_root() << "; set ZYXTT_CORPUS_DIR";
  EXPECT_GT(cases().size(), 100u);
}

TEST_P(Corpus, ReproducesExpectedOutput) {
  const CorpusCase& c = GetParam();
  std::vector<std::string> args;
  if (exceeds_card(c)) {
    ReplayResult refused = c.replay({});
    ASSERT_TRUE(first_error_has(refused, "--virtual-grid")) << "a grid beyond 10x12 must be refused by default\n"
                                                            << joined(refused.errors);
    args.push_back("--virtual-grid");
  }
  ReplayResult result = c.replay(args);
  if (first_error_has(result, "silicon would deliver shifted data")) {
    EXPECT_TRUE(first_error_has(result, "differ modulo 64")) << result.errors.front();
    args.push_back("--noc-alignment=warn");
    result = c.replay(args);
  }
  if (writer_uses_global_cb_offset(c) && !result.errors.empty()) {
    // zyx 0.16's writer reads its CB at the global element index: the CB
    // window check must be what stops it, on every run that reaches it.
    EXPECT_TRUE(first_error_has(result, "outside the 1 page(s)")) << joined(result.errors);
    return;
  }
  ASSERT_TRUE(result.errors.empty()) << joined(result.errors);
  ASSERT_TRUE(result.final_read.has_value());
  if (auto defect = known_defect(c)) {
    EXPECT_EQ(c.compare(*result.final_read, defect->computes(c.expected(), c.inputs())), "") << "known defect: " << defect->why;
    EXPECT_NE(c.compare(*result.final_read, c.expected()), "") << "the defect no longer shows: update known_defects";
    return;
  }
  EXPECT_EQ(c.compare(*result.final_read, c.expected()), "");
}

INSTANTIATE_TEST_SUITE_P(Zyx, Corpus, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<CorpusCase>& info) { return info.param.name; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Corpus);
