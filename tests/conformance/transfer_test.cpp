// Byte round trips through the client library's pool: real shm objects made
// per transfer, real pipes, the real runtime.
#include <random>

#include "runtime_fixture.h"

using namespace zyxtt;
using namespace zyxtt::testing;

namespace {

std::vector<std::byte> random_bytes(size_t n, uint32_t seed) {
  std::vector<std::byte> out(n);
  std::mt19937 rng(seed);
  for (size_t i = 0; i + 4 <= n; i += 4) {
    uint32_t v = rng();
    std::memcpy(&out[i], &v, 4);
  }
  for (size_t i = n / 4 * 4; i < n; ++i) out[i] = static_cast<std::byte>(rng());
  return out;
}

class Transfer : public ::testing::TestWithParam<size_t> {};

}  // namespace

TEST_P(Transfer, RoundTripsEveryByteAndLeavesTheNeighbourAlone) {
  client::Session session(runtime_options(), cache_dir_for_tests());
  const size_t n = GetParam();
  const auto bytes = random_bytes(n, static_cast<uint32_t>(n));
  const auto other = random_bytes(n, ~static_cast<uint32_t>(n));  // a different seed for every size
  ASSERT_NE(bytes, other);
  client::BufferId a = session.pool.allocate(n);
  client::BufferId b = session.pool.allocate(n);  // a neighbour that must stay untouched
  session.pool.host_to_pool(other, b);            // first, so that a's write could spill into it
  session.pool.host_to_pool(bytes, a);
  std::vector<std::byte> back(n);
  session.pool.pool_to_host(a, back);
  EXPECT_TRUE(back == bytes);
  session.pool.pool_to_host(b, back);
  EXPECT_TRUE(back == other) << "writing buffer a changed its neighbour";
}

INSTANTIATE_TEST_SUITE_P(Sizes, Transfer, ::testing::Values(1, 4097, 1 << 20, 48 << 20),
                         [](const auto& info) { return "bytes_" + std::to_string(info.param); });

TEST(PoolAccounting, FreeBytesFollowAllocations) {
  client::Session session(runtime_options(), cache_dir_for_tests());
  uint64_t before = session.pool.free_bytes();
  client::BufferId id = session.pool.allocate(1000);
  EXPECT_EQ(session.pool.free_bytes(), before - 1000);
  session.pool.deallocate(id);
  EXPECT_EQ(session.pool.free_bytes(), before);
  EXPECT_THROW(session.pool.allocate(before + 1), client::Error);
}

TEST(PoolAccounting, CopiesAtMostTheBufferSize) {
  client::Session session(runtime_options(), cache_dir_for_tests());
  client::BufferId id = session.pool.allocate(10);
  auto bytes = random_bytes(64, 5);
  session.pool.host_to_pool(bytes, id);  // as zyx: min(len, size)
  std::vector<std::byte> back(64, std::byte{0});
  session.pool.pool_to_host(id, back);
  EXPECT_TRUE(std::equal(back.begin(), back.begin() + 10, bytes.begin()));
  EXPECT_EQ(back[10], std::byte{0});
}
