#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "device/emu/dram.h"

using namespace zyxtt;

TEST(Dram, InterleavesPagesOverBanksAsTtMetalDoes) {
  const Arch& arch = default_arch();
  emu::Dram dram(arch);
  const uint64_t address = 1 << 20;
  const size_t pages = 20;
  std::vector<uint32_t> words(pages * 1024);
  for (size_t i = 0; i < words.size(); ++i) words[i] = static_cast<uint32_t>(i);
  dram.write(address, 0, std::as_bytes(std::span(words)));

  for (size_t page = 0; page < pages; ++page) {
    const std::byte* where = dram.bank(page % 7) + address + (page / 7) * 4096;
    uint32_t first;
    std::memcpy(&first, where, 4);
    EXPECT_EQ(first, page * 1024) << "page " << page;
  }
  std::vector<uint32_t> back(words.size() - 3);
  dram.read(address, 12, std::as_writable_bytes(std::span(back)));  // unaligned start
  EXPECT_EQ(std::memcmp(back.data(), words.data() + 3, back.size() * 4), 0);
}

TEST(Dram, DiscardedMemoryReadsAsZero) {
  emu::Dram dram(default_arch());
  std::vector<std::byte> ones(4096 * 7, std::byte{1});
  dram.write(65536, 0, ones);
  dram.discard(65536, 4096);
  std::vector<std::byte> back(ones.size(), std::byte{9});
  dram.read(65536, 0, back);
  for (std::byte b : back) ASSERT_EQ(b, std::byte{0});
}
