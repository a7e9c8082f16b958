// Enums format as tt-metal formats them: enchantum's scoped form.
#include <gtest/gtest.h>

#include <cstdint>
#include <enchantum/enchantum.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt_stl/fmt.hpp>

namespace {

enum class Wide : std::uint8_t { Low = 0, High = 255 };
enum class Signed : int { Minus = -3, Zero = 0 };
enum Unscoped { First, Seventh = 7 };

TEST(EnumFormat, PrintsTypeAndValueName) {
  EXPECT_EQ(fmt::format("{}", tt::tt_metal::TensorMemoryLayout::HEIGHT_SHARDED), "TensorMemoryLayout::HEIGHT_SHARDED");
  EXPECT_EQ(fmt::format("{}", tt::tt_metal::BufferType::L1), "BufferType::L1");
  EXPECT_EQ(fmt::format("{}", Wide::High), "Wide::High");
  EXPECT_EQ(fmt::format("{}", Signed::Minus), "Signed::Minus");
  EXPECT_EQ(fmt::format("{}", Seventh), "Unscoped::Seventh");
}

TEST(EnumFormat, UnnamedValuesPrintTheirNumberAndSpecsApply) {
  EXPECT_EQ(fmt::format("{}", static_cast<Signed>(5)), "Signed(5)");
  EXPECT_EQ(fmt::format("{}", static_cast<Wide>(9)), "Wide(9)");
  EXPECT_EQ(fmt::format("[{:>12}]", Wide::Low), "[   Wide::Low]");
}

// The part of enchantum tt-metal's tests call.
TEST(Enchantum, NamesCastsAndUnderlyingValues) {
  EXPECT_EQ(enchantum::to_string(Wide::High), "High");
  EXPECT_EQ(enchantum::to_string(static_cast<Wide>(9)), "");
  EXPECT_EQ(enchantum::to_underlying(Signed::Minus), -3);
  EXPECT_TRUE(enchantum::contains(Seventh));
  EXPECT_FALSE(enchantum::contains(static_cast<Unscoped>(3)));
  EXPECT_EQ(enchantum::cast<Signed>("Minus"), Signed::Minus);
  EXPECT_EQ(enchantum::cast<Wide>("Middle"), std::nullopt);
}

}  // namespace
