// A kernel's head (its leading #include lines) and the text the compiler
// reads for a kernel.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "device/emu/jit/kernel_head.h"

using namespace zyxtt::emu;

namespace {

const Precompilable kAny = [](std::string_view, bool) { return true; };

std::vector<uint32_t> lines_of(const KernelHead& h) {
  std::vector<uint32_t> v;
  for (const auto& i : h.includes) v.push_back(i.line);
  return v;
}

}  // namespace

TEST(KernelHead, TakesLeadingIncludesPastBlankLinesAndCommentsUpToTheFirstOtherLine) {
  const std::string src =
      "// SPDX header\n"
      "\n"
      "/* a block\n"
      "   of comment */\n"
      "#include <cstdint>\n"
      "  #  include \"api/compute/common.h\"  \n"
      "/* one line */\n"
      "#include \"api/compute/tile_move_copy.h\"\n"
      "void kernel_main() {}\n"
      "#include \"api/compute/eltwise_binary.h\"\n";
  const KernelHead h = kernel_head(src, kAny);
  EXPECT_EQ(lines_of(h), (std::vector<uint32_t>{5, 6, 8}));
  EXPECT_EQ(h.text(), "#include <cstdint>\n  #  include \"api/compute/common.h\"  \n"
                      "#include \"api/compute/tile_move_copy.h\"\n");
}

TEST(KernelHead, EndsAtADefineAMacroNamedHeaderTrailingTextOrAContinuedLine) {
  for (const char* second : {"#define REDUCE_OP PoolType::SUM\n", "#include HEADER_NAME\n",
                             "#include \"a.h\" // why\n", "#include_next <b.h>\n", "#include \\\n",
                             "#pragma once\n", "#if 1\n", "#include \"\"\n"}) {
    const KernelHead h = kernel_head(std::string("#include <cstdint>\n") + second + "#include <array>\n", kAny);
    EXPECT_EQ(lines_of(h), (std::vector<uint32_t>{1})) << second;
  }
  EXPECT_TRUE(kernel_head("/* open\n#include <array>\n", kAny).empty()) << "inside a comment";
  EXPECT_TRUE(kernel_head("/* x */ #include <array>\n", kAny).empty());
  EXPECT_TRUE(kernel_head("", kAny).empty());
}

TEST(KernelHead, EndsAtTheFirstHeaderThePredicateRefusesAndTellsItHowEachWasWritten) {
  std::vector<std::pair<std::string, bool>> asked;
  const KernelHead h = kernel_head("#include <cstdint>\n#include \"api/x.h\"\n#include \"mine.h\"\n#include <array>\n",
                                   [&](std::string_view name, bool angled) {
                                     asked.emplace_back(std::string(name), angled);
                                     return name != "mine.h";
                                   });
  EXPECT_EQ(lines_of(h), (std::vector<uint32_t>{1, 2}));
  EXPECT_EQ(asked, (std::vector<std::pair<std::string, bool>>{{"cstdint", true}, {"api/x.h", false}, {"mine.h", false}}));
}

TEST(TranslationUnit, WithoutAHeadIsTheEntryStubThenTheSourceFromItsFirstLine) {
  EXPECT_EQ(translation_unit("k.cpp", "void kernel_main() {}\n", {}),
            "#include \"zyxtt/entry.h\"\n#line 1 \"k.cpp\"\nvoid kernel_main() {}\n\n");
}

TEST(TranslationUnit, TheHeadComesFirstAtItsOwnLinesAndLeavesBlankLinesBehind) {
  const std::string src = "// c\n#include <cstdint>\n#include \"api/compute/common.h\"\nvoid kernel_main() {}";
  const KernelHead h = kernel_head(src, kAny);
  EXPECT_EQ(translation_unit("k.cpp", src, h),
            "#line 2 \"k.cpp\"\n#include <cstdint>\n"
            "#line 3 \"k.cpp\"\n#include \"api/compute/common.h\"\n"
            "#include \"zyxtt/entry.h\"\n#line 1 \"k.cpp\"\n"
            "// c\n\n\nvoid kernel_main() {}\n");
}
