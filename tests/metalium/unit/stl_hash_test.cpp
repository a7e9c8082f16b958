// ttsl::hash (tt_stl/reflection.hpp) by tt-metal's rules: integers hash to
// themselves, arguments fold with boost's hash_combine step, a struct by its
// attribute values, an unordered map in key order, a variant by its index
// then its value. tt-metal's api/test_shape relies on a Shape's rank being in
// its hash.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include <tt-metalium/shape.hpp>
#include <tt_stl/reflection.hpp>

namespace {

using ttsl::hash::hash_t;

// The fold written out by hand: seed ^= h + 0x9e3779b9 + (seed << 6) + (seed >> 2).
hash_t combine(hash_t seed, hash_t h) { return seed ^ (h + 0x9e3779b9ULL + (seed << 6) + (seed >> 2)); }

TEST(StlHash, IntegersHashToThemselvesAndFoldLikeHashCombine) {
  EXPECT_EQ(ttsl::hash::detail::hash_object(std::uint32_t{77}), 77u);
  EXPECT_EQ(ttsl::hash::hash_objects(5, 1, 2), combine(combine(5, 1), 2));
  EXPECT_EQ(ttsl::hash::hash_objects_with_default_seed(9), combine(1234, 9));
}

TEST(StlHash, ContainersFoldTheirElementsFromZero) {
  std::vector<int> v{3, 4, 5};
  EXPECT_EQ(ttsl::hash::detail::hash_object(v), combine(combine(combine(0, 3), 4), 5));
  std::pair<int, int> p{7, 8};
  EXPECT_EQ(ttsl::hash::detail::hash_object(p), combine(combine(0, 7), 8));
  EXPECT_EQ(ttsl::hash::detail::hash_object(std::optional<std::vector<int>>{}), 0u);
  EXPECT_EQ(ttsl::hash::detail::hash_object(std::optional<std::vector<int>>{v}),
            ttsl::hash::detail::hash_object(v));
}

TEST(StlHash, AVariantHashesItsIndexThenItsValue) {
  std::variant<int, std::uint8_t> a = 6, b = std::uint8_t{6};
  EXPECT_EQ(ttsl::hash::detail::hash_object(a), combine(0, 6));
  EXPECT_EQ(ttsl::hash::detail::hash_object(b), combine(1, 6));
}

TEST(StlHash, AnUnorderedMapHashesInKeyOrder) {
  std::unordered_map<int, int> m;
  for (int k = 40; k > 0; --k) m[k] = k * 3;
  hash_t want = 0;
  for (int k = 1; k <= 40; ++k) want = combine(combine(want, k), k * 3);
  EXPECT_EQ(ttsl::hash::detail::hash_object(m), want);
}

TEST(StlHash, AShapeHashesItsDimensionsAndRank) {
  using tt::tt_metal::Shape;
  auto h = [](const Shape& s) { return ttsl::hash::detail::hash_object(s); };
  // Shape's attribute is its view: the dims as given, not padded to 4-D.
  EXPECT_EQ(h(Shape({32, 64})), combine(0, combine(combine(0, 32), 64)));
  EXPECT_NE(h(Shape({32, 64})), h(Shape({1, 32, 64})));
  EXPECT_NE(h(Shape({32, 64})), h(Shape({64, 32})));
  EXPECT_EQ(h(Shape({1, 128, 128})), h(Shape({1, 128, 128})));
}

}  // namespace
