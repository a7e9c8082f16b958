// ttsl::ascii_caseless_comp: equal when only ASCII letter case differs, for
// characters and strings, at compile time too.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include <tt_stl/caseless_comparison.hpp>

namespace {

using ttsl::ascii_caseless_comp;

static_assert(ascii_caseless_comp(std::string_view("Galaxy"), std::string_view("gALAXY")));
static_assert(!ascii_caseless_comp(std::string_view("P150"), std::string_view("P15")));

TEST(CaselessComparison, CharactersEqualAcrossCaseOfLettersOnly) {
  EXPECT_TRUE(ascii_caseless_comp('a', 'A'));
  EXPECT_TRUE(ascii_caseless_comp('Z', 'z'));
  EXPECT_TRUE(ascii_caseless_comp('7', '7'));
  EXPECT_FALSE(ascii_caseless_comp('a', 'b'));
  // '@' and '[' border 'A'..'Z'; '`' and '{' border 'a'..'z': none is a letter.
  EXPECT_FALSE(ascii_caseless_comp('@', '`'));
  EXPECT_FALSE(ascii_caseless_comp('[', '{'));
  // Bytes beyond ASCII are compared as they are.
  EXPECT_FALSE(ascii_caseless_comp('\xC4', '\xE4'));
}

TEST(CaselessComparison, StringsEqualWhenSameLengthAndLettersMatchIgnoringCase) {
  EXPECT_TRUE(ascii_caseless_comp(std::string("BLACKHOLE_GALAXY"), std::string("blackhole_galaxy")));
  EXPECT_TRUE(ascii_caseless_comp(std::string_view("Mesh-2x4"), std::string_view("mESH-2X4")));
  EXPECT_TRUE(ascii_caseless_comp(std::string(), std::string()));
  EXPECT_FALSE(ascii_caseless_comp(std::string("torus_x"), std::string("torus_y")));
  EXPECT_FALSE(ascii_caseless_comp(std::string("ring"), std::string("rings")));
  EXPECT_FALSE(ascii_caseless_comp(std::string("a_b"), std::string("a-b")));
}

}  // namespace
