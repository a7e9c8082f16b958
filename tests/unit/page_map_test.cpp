// Where a buffer's pages live, as tt-metal lays them out: interleaved DRAM
// and L1 at any page size, sharded L1 in each orientation, sharded DRAM over
// its banks; and the host view
// over it (pages in order, page_size bytes each).
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/error.h"
#include "device/emu/dram.h"
#include "device/emu/page_map.h"

using namespace zyxtt;
using program::BufferLayout;
using program::BufferSpec;
using program::MemoryKind;
using program::PlacedBuffer;

namespace {

uint32_t first_word(const std::byte* where) {
  uint32_t v;
  std::memcpy(&v, where, 4);
  return v;
}

// Words 0, 1, 2... over `bytes`.
std::vector<uint32_t> counting(size_t bytes) {
  std::vector<uint32_t> words(bytes / 4);
  for (size_t i = 0; i < words.size(); ++i) words[i] = static_cast<uint32_t>(i);
  return words;
}

BufferSpec spec_of(uint64_t size, uint32_t page_size, MemoryKind memory = MemoryKind::kDram,
                   BufferLayout layout = BufferLayout::kInterleaved) {
  BufferSpec s;
  s.size = size;
  s.page_size = page_size;
  s.memory = memory;
  s.layout = layout;
  return s;
}

// The L1 of every worker core, untouched until written.
std::unique_ptr<std::byte[]> all_l1(const Arch& arch) {
  return std::unique_ptr<std::byte[]>(new std::byte[size_t{arch.grid_rows} * arch.grid_cols * arch.l1_bytes]);
}

}  // namespace

TEST(PageMap, InterleavesDramPagesOverBanksAsTtMetalDoes) {
  const Arch& arch = default_arch();
  emu::Dram dram(arch);
  const PlacedBuffer buffer{1 << 20, spec_of(20 * 4096, 4096), 4096};
  const emu::BufferMemory memory(buffer, arch, dram.bank(0), nullptr);
  const auto words = counting(20 * 4096);
  memory.write(0, std::as_bytes(std::span(words)));
  for (size_t page = 0; page < 20; ++page)
    EXPECT_EQ(first_word(dram.bank(page % 7) + buffer.address + (page / 7) * 4096), page * 1024) << "page " << page;
  std::vector<uint32_t> back(words.size() - 3);
  memory.read(12, std::as_writable_bytes(std::span(back)));  // unaligned start
  EXPECT_EQ(std::memcmp(back.data(), words.data() + 3, back.size() * 4), 0);
}

// A page that is not a multiple of the DRAM alignment takes its aligned size
// in the bank; the host still sees page_size bytes per page.
TEST(PageMap, DramPagesOfAnySizeSitAtTheirAlignedSize) {
  const Arch& arch = default_arch();
  emu::Dram dram(arch);
  const BufferSpec spec = spec_of(15 * 100, 100);
  EXPECT_EQ(aligned_page_size(spec, arch), 128u);
  EXPECT_EQ(emu::per_bank_bytes(spec, arch), 3u * 128);  // 15 pages over 7 banks
  const PlacedBuffer buffer{1 << 20, spec, 128};
  const emu::BufferMemory memory(buffer, arch, dram.bank(0), nullptr);
  std::vector<uint8_t> bytes(spec.size);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i / 100 + 1);  // page number + 1
  memory.write(0, std::as_bytes(std::span(bytes)));
  for (size_t page = 0; page < 15; ++page) {
    const std::byte* at = dram.bank(page % 7) + buffer.address + (page / 7) * 128;
    EXPECT_EQ(static_cast<uint8_t>(at[0]), page + 1) << "page " << page;
    EXPECT_EQ(static_cast<uint8_t>(at[99]), page + 1) << "page " << page;
    EXPECT_EQ(static_cast<uint8_t>(at[100]), 0) << "padding of page " << page;
  }
}

TEST(PageMap, InterleavesL1PagesOverTheWorkerCoresRowMajor) {
  const Arch& arch = default_arch();
  auto l1 = all_l1(arch);
  const BufferSpec spec = spec_of(130 * 2048, 2048, MemoryKind::kL1);
  EXPECT_EQ(emu::per_bank_bytes(spec, arch), 2u * 2048);  // 130 pages over 120 cores
  const PlacedBuffer buffer{arch.l1_bytes - 2 * 2048, spec, 2048};
  const emu::BufferMemory memory(buffer, arch, nullptr, l1.get());
  const auto words = counting(spec.size);
  memory.write(0, std::as_bytes(std::span(words)));
  for (uint32_t page : {0u, 1u, 11u, 12u, 119u, 120u, 129u}) {
    const uint32_t bank = page % 120;  // core (bank % 12, bank / 12)
    EXPECT_EQ(first_word(l1.get() + bank * arch.l1_bytes + buffer.address + (page / 120) * 2048), page * 512)
        << "page " << page;
  }
}

// A 4 x 6 page tensor in 2 x 3 page shards over four cores: shard (r, c) on
// the (2r + c)-th core of the spec, its pages row-major.
TEST(PageMap, ShardsGoOverTheShardCoresInOrder) {
  const Arch& arch = default_arch();
  auto l1 = all_l1(arch);
  BufferSpec spec = spec_of(24 * 64, 64, MemoryKind::kL1, BufferLayout::kBlockSharded);
  spec.shard = program::ShardSpec{{{{{2, 1}, {3, 2}}}}, 2, 3 * 16, true, 1, 16, 4, 6};
  const uint64_t address = 0x100000;
  const emu::BufferMemory memory(PlacedBuffer{address, spec, 64}, arch, nullptr, l1.get());
  const auto words = counting(spec.size);
  memory.write(0, std::as_bytes(std::span(words)));
  const program::Core cores[] = {{2, 1}, {3, 1}, {2, 2}, {3, 2}};  // row-major
  for (uint32_t page = 0; page < 24; ++page) {
    const uint32_t row = page / 6, col = page % 6;
    const program::Core c = cores[(row / 2) * 2 + col / 3];
    const uint32_t in_shard = (row % 2) * 3 + col % 3;
    EXPECT_EQ(first_word(l1.get() + (c.y * 12 + c.x) * arch.l1_bytes + address + in_shard * 64), page * 16)
        << "page " << page;
  }
  // Column-major orientation: the second shard goes to the core below.
  spec.shard->row_major = false;
  EXPECT_EQ(emu::shard_cores(spec, arch)[1], (program::Core{2, 2}));

  std::vector<uint32_t> back(words.size());
  memory.read(0, std::as_writable_bytes(std::span(back)));
  EXPECT_EQ(back, words);
}

// Height sharding as tt-metal maps it: runs of one shard's page count, in page
// order, whatever the shard's width (tt-metal's vecadd_sharding relies on it).
TEST(PageMap, HeightShardsNarrowerThanTheTensorTakeRunsOfPages) {
  const Arch& arch = default_arch();
  auto l1 = all_l1(arch);
  BufferSpec spec = spec_of(24 * 64, 64, MemoryKind::kL1, BufferLayout::kHeightSharded);
  spec.shard = program::ShardSpec{{{{{0, 0}, {3, 0}}}}, 2, 3 * 16, true, 1, 16, 4, 6};  // 2 x 3 shards, 4 x 6 tensor
  const uint64_t address = 0x100000;
  const emu::BufferMemory memory(PlacedBuffer{address, spec, 64}, arch, nullptr, l1.get());
  const auto words = counting(spec.size);
  memory.write(0, std::as_bytes(std::span(words)));
  for (uint32_t page = 0; page < 24; ++page) {
    const uint32_t core_x = page / 6, in_shard = page % 6;
    EXPECT_EQ(first_word(l1.get() + core_x * arch.l1_bytes + address + in_shard * 64), page * 16) << "page " << page;
  }
}

// A DRAM shard spec's cores are (bank, 0): shard s lands in the bank of its core.
TEST(PageMap, DramShardsGoToTheBanksTheirCoresName) {
  const Arch& arch = default_arch();
  const size_t bank_bytes = 1 << 20;
  Arch small = arch;
  small.dram_bank_bytes = bank_bytes;
  std::vector<std::byte> dram(size_t{small.dram_banks} * bank_bytes);
  BufferSpec spec = spec_of(24 * 64, 64, MemoryKind::kDram, BufferLayout::kHeightSharded);
  // 4 x 6 pages in 2 x 6 page shards on banks 3 and 4.
  spec.shard = program::ShardSpec{{{{{3, 0}, {4, 0}}}}, 2, 6 * 16, true, 1, 16, 4, 6};
  const uint64_t address = 0x1000;
  const emu::BufferMemory memory(PlacedBuffer{address, spec, 64}, small, dram.data(), nullptr);
  const auto words = counting(spec.size);
  memory.write(0, std::as_bytes(std::span(words)));
  for (uint32_t page = 0; page < 24; ++page) {
    const uint32_t bank = 3 + page / 12, in_shard = page % 12;
    EXPECT_EQ(first_word(dram.data() + bank * bank_bytes + address + in_shard * 64), page * 16) << "page " << page;
  }
  std::vector<uint32_t> back(words.size());
  memory.read(0, std::as_writable_bytes(std::span(back)));
  EXPECT_EQ(back, words);

  spec.shard->cores = program::CoreRangeSet{{program::CoreRange{{small.dram_banks - 1, 0}, {small.dram_banks, 0}}}};
  try {
    emu::shard_cores(spec, small);
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kInvalidArgument);
    EXPECT_NE(std::string(e.what()).find("outside the " + std::to_string(small.dram_banks) + " x 1 DRAM grid"),
              std::string::npos)
        << e.what();
  }
}

TEST(PageMap, ShardSpecsWithTooFewCoresAreRefused) {
  const Arch& arch = default_arch();
  for (const BufferLayout layout : {BufferLayout::kHeightSharded, BufferLayout::kBlockSharded}) {
    BufferSpec spec = spec_of(24 * 64, 64, MemoryKind::kL1, layout);
    spec.shard = program::ShardSpec{{{{{0, 0}, {1, 0}}}}, 2, 3 * 16, true, 1, 16, 4, 6};
    try {
      emu::shard_cores(spec, arch);
      FAIL() << "accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), Code::kInvalidArgument);
      EXPECT_STREQ(e.what(), "sharded buffer: 4 shards need as many cores; the shard spec has 2");
    }
  }
}

TEST(PageMap, DiscardedDramReadsAsZero) {
  const Arch& arch = default_arch();
  emu::Dram dram(arch);
  const PlacedBuffer buffer{65536, spec_of(4096 * 7, 4096), 4096};
  const emu::BufferMemory memory(buffer, arch, dram.bank(0), nullptr);
  std::vector<std::byte> ones(4096 * 7, std::byte{1});
  memory.write(0, ones);
  dram.discard(65536, 4096);
  std::vector<std::byte> back(ones.size(), std::byte{9});
  memory.read(0, back);
  for (std::byte b : back) ASSERT_EQ(b, std::byte{0});
}
