// Sizes as --worker-memory takes them and as messages print them.
#include "common/byte_size.h"

#include <gtest/gtest.h>

namespace zyxtt {
namespace {

TEST(ByteSize, ParsesBinarySuffixesAndPlainBytes) {
  EXPECT_EQ(parse_byte_size("1073741824"), uint64_t{1} << 30);
  EXPECT_EQ(parse_byte_size("4G"), uint64_t{4} << 30);
  EXPECT_EQ(parse_byte_size("512M"), uint64_t{512} << 20);
  EXPECT_EQ(parse_byte_size("512MiB"), uint64_t{512} << 20);
  EXPECT_EQ(parse_byte_size("1.5g"), uint64_t{3} << 29);
  EXPECT_EQ(parse_byte_size("64 KB"), uint64_t{64} << 10);
  EXPECT_EQ(parse_byte_size("2T"), uint64_t{2} << 40);
  EXPECT_EQ(parse_byte_size("0"), uint64_t{0});
}

TEST(ByteSize, RefusesWhatIsNotASize) {
  for (const char* text : {"", "G", "lots", "4X", "4GG", "-1G", "1.2.3M", "4 G B", "99999999T"})
    EXPECT_FALSE(parse_byte_size(text).has_value()) << text;
}

TEST(ByteSize, FormatsInTheLargestWholeUnit) {
  EXPECT_EQ(format_byte_size(512u << 20), "512 MiB");
  EXPECT_EQ(format_byte_size(uint64_t{3} << 29), "1.5 GiB");
  EXPECT_EQ(format_byte_size(4096), "4 KiB");
  EXPECT_EQ(format_byte_size(1000), "1000 B");
}

TEST(ByteSize, HostMemoryIsReadFromProcMeminfo) {
  const auto total = host_memory_bytes();
  ASSERT_TRUE(total.has_value());
  EXPECT_GT(*total, uint64_t{64} << 20);
}

}  // namespace
}  // namespace zyxtt
