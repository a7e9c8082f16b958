// Circular-buffer semantics and sanitizer messages (hardware-model.md §6).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "emu_grid.h"
#include "zyxtt/krt.h"

namespace zyxtt::emu::test {
namespace {

using ::testing::HasSubstr;
using krt::Role;

#define EXPECT_FAILURE(stmt, text) \
  EXPECT_THAT([&] { stmt; }, ::testing::ThrowsMessage<Failure>(HasSubstr(text)))

class CbTest : public ::testing::Test {
 protected:
  Grid grid{1, 1};
  uint32_t base_off = grid.add_cb(0, 64, 4);
  CbState& cb = grid.core(0, 0).cbs[0];
  uint32_t base = grid.l1_addr(grid.core(0, 0), base_off);
  KernelInstance& reader = grid.instance(0, 0, Role::kReader);
  KernelInstance& writer = grid.instance(0, 0, Role::kWriter);
};

TEST_F(CbTest, PointersArePerRoleAndWrapAtTheLimit) {
  grid.use(reader);
  EXPECT_EQ(krt::cb_write_ptr(0), base);
  krt::cb_reserve_back(0, 2);
  EXPECT_EQ(krt::cb_write_ptr(0), base) << "reserve does not move the pointer";
  krt::cb_push_back(0, 2);
  EXPECT_EQ(krt::cb_write_ptr(0), base + 128);
  EXPECT_EQ(cb.pages_received, 2u);

  grid.use(writer);
  EXPECT_EQ(krt::cb_write_ptr(0), base) << "the writer's private write pointer never moved";
  krt::cb_wait_front(0, 2);
  EXPECT_EQ(krt::cb_read_ptr(0), base);
  krt::cb_pop_front(0, 2);
  EXPECT_EQ(krt::cb_read_ptr(0), base + 128);
  EXPECT_EQ(cb.pages_acked, 2u);

  grid.use(reader);
  EXPECT_EQ(krt::cb_read_ptr(0), base) << "the reader's private read pointer never moved";
  krt::cb_reserve_back(0, 2);
  krt::cb_push_back(0, 2);
  EXPECT_EQ(krt::cb_write_ptr(0), base) << "exactly at the limit: wraps to the base";
  EXPECT_EQ(cb.wr_ptr[0], base);
}

TEST_F(CbTest, ReserveBlocksWhenFullAndWaitIsCumulative) {
  grid.use(reader);
  krt::cb_reserve_back(0, 4);
  krt::cb_push_back(0, 3);
  EXPECT_TRUE(krt::cb_pages_reservable_at_back(0, 1));
  EXPECT_FALSE(krt::cb_pages_reservable_at_back(0, 2));
  krt::cb_push_back(0, 1);
  EXPECT_EQ(krt::cb_write_ptr(0), base) << "wrapped";
  EXPECT_THROW(krt::cb_reserve_back(0, 1), Blocked) << "all 4 pages are in flight";

  grid.use(writer);
  krt::cb_wait_front(0, 1);
  krt::cb_wait_front(0, 3);  // cumulative: 3 pages, not 1 + 3
  EXPECT_TRUE(krt::cb_pages_available_at_front(0, 4));
  EXPECT_FALSE(krt::cb_pages_available_at_front(0, 5));
  krt::cb_pop_front(0, 1);
  EXPECT_EQ(krt::cb_read_ptr(0), base + 64);
  krt::cb_pop_front(0, 2);
  EXPECT_EQ(krt::cb_read_ptr(0), base + 192);
}

TEST_F(CbTest, CountersCompareModulo16Bits) {
  cb.pages_received = 0x10001;  // 0x0001 on silicon
  cb.pages_acked = 0xFFFF;      // two pages in flight across the wrap
  grid.use(writer);
  EXPECT_TRUE(krt::cb_pages_available_at_front(0, 2));
  EXPECT_FALSE(krt::cb_pages_available_at_front(0, 3));
  grid.use(reader);
  EXPECT_TRUE(krt::cb_pages_reservable_at_back(0, 2));
  EXPECT_FALSE(krt::cb_pages_reservable_at_back(0, 3));
}

TEST_F(CbTest, BlockedWaitBecomesReadyAfterPush) {
  grid.use(writer);
  EXPECT_THROW(krt::cb_wait_front(0, 1), Blocked);
  grid.use(reader);
  krt::cb_reserve_back(0, 1);
  krt::cb_push_back(0, 1);
  grid.use(writer);
  EXPECT_NO_THROW(krt::cb_wait_front(0, 1));
}

// Silicon only counts: a push without reserve of free pages, or a pop
// without wait of pushed ones, computes right (a warning naming the call
// site; an error under --strict); beyond that it fails.
TEST_F(CbTest, PushWithoutReserveWarnsIntoFreePagesAndFailsPastThem) {
  grid.use(reader);
  ::testing::internal::CaptureStderr();
  krt::cb_push_back(0, 3, "reader.cpp", 7);
  EXPECT_THAT(::testing::internal::GetCapturedStderr(),
              HasSubstr("core (x=0, y=0) reader: reader.cpp:7: cb_push_back: 3 page(s) of CB 0 pushed without "
                        "cb_reserve_back; only 0 pages are reserved"));
  EXPECT_EQ(cb.pages_received, 3u);
  EXPECT_FAILURE(krt::cb_push_back(0, 2),
                 "cb_push_back(CB 0, 2 pages): only 0 pages are reserved by this kernel (cb_reserve_back missing or "
                 "too small) and the CB has no room for them");
  grid.rs().strict = true;
  EXPECT_FAILURE(krt::cb_push_back(0, 1, "reader.cpp", 9),
                 "reader.cpp:9: cb_push_back: 1 page(s) of CB 0 pushed without cb_reserve_back; only 0 pages are "
                 "reserved by this kernel (cb_reserve_back missing or too small), and they were free; an error under "
                 "--strict (ZYX_TT_STRICT=1)");
}

TEST_F(CbTest, PopMoreThanWaitedWarnsForPushedPagesAndFailsPastThem) {
  grid.use(reader);
  krt::cb_reserve_back(0, 2);
  krt::cb_push_back(0, 2);
  grid.use(writer);
  krt::cb_wait_front(0, 1);
  EXPECT_FAILURE(krt::cb_pop_front(0, 3),
                 "cb_pop_front(CB 0, 3 pages): only 1 pages were waited for by this kernel (cb_wait_front missing or "
                 "too small) and fewer were pushed (received 2, acked 0, 4 pages of 64 B)");
  ::testing::internal::CaptureStderr();
  krt::cb_pop_front(0, 2, "writer.cpp", 4);
  EXPECT_THAT(::testing::internal::GetCapturedStderr(),
              HasSubstr("writer.cpp:4: cb_pop_front: 2 page(s) of CB 0 popped without cb_wait_front"));
  EXPECT_EQ(cb.pages_acked, 2u);
}

// A CB on an L1 buffer (globally allocated) holds the buffer's pages with no
// producer: popping pages never pushed is a finding there, as tt-metal's
// vecadd_sharding does it; the counters stay consistent.
TEST_F(CbTest, PopsOfUnpushedPagesOfACbOnAnL1BufferWarn) {
  cb.on_buffer = true;
  grid.use(writer);
  ::testing::internal::CaptureStderr();
  krt::cb_pop_front(0, 1, "compute.cpp", 9);
  krt::cb_pop_front(0, 1, "compute.cpp", 9);
  EXPECT_THAT(::testing::internal::GetCapturedStderr(),
              HasSubstr("compute.cpp:9: cb_pop_front: 1 page(s) of CB 0 popped without cb_wait_front; only 0 pages "
                        "were waited for by this kernel (cb_wait_front missing or too small); the CB lies on an L1 "
                        "buffer"));
  EXPECT_EQ(cb.pages_acked, 2u);
  EXPECT_EQ(cb.pages_received, 2u);
  EXPECT_EQ(krt::cb_read_ptr(0), base + 128);
  grid.rs().strict = true;
  EXPECT_FAILURE(krt::cb_pop_front(0, 1, "compute.cpp", 9), "an error under --strict");
  grid.rs().strict = false;
  cb.on_buffer = false;
  EXPECT_FAILURE(krt::cb_pop_front(0, 1), "and fewer were pushed");
}

TEST_F(CbTest, ReservationRunningPastTheLimitFails) {
  grid.use(reader);
  for (int i = 0; i < 3; ++i) {
    krt::cb_reserve_back(0, 1);
    krt::cb_push_back(0, 1);
  }
  grid.use(writer);
  krt::cb_wait_front(0, 3);
  krt::cb_pop_front(0, 3);
  grid.use(reader);  // write pointer at page 3 of 4: a 2-page reservation would wrap
  EXPECT_FAILURE(krt::cb_reserve_back(0, 2), "the reservation at page 3 runs past the end of the CB");
}

TEST_F(CbTest, MorePagesThanTheCbHoldsFails) {
  grid.use(reader);
  EXPECT_FAILURE(krt::cb_reserve_back(0, 5), "cb_reserve_back(CB 0, 5 pages): the CB holds only 4 pages");
  grid.use(writer);
  EXPECT_FAILURE(krt::cb_wait_front(0, 5), "the CB holds only 4 pages");
}

TEST_F(CbTest, UnconfiguredCbFails) {
  grid.use(reader);
  EXPECT_FAILURE(krt::cb_reserve_back(7, 1), "cb_reserve_back: CB 7 is not configured on this core");
  EXPECT_FAILURE(krt::cb_write_ptr(64), "CB 64 does not exist");
}

TEST_F(CbTest, MetadataComesFromTheConfig) {
  grid.add_cb(3, 2048, 2, 5);
  grid.use(reader);
  EXPECT_EQ(krt::cb_page_bytes(3), 2048u);
  EXPECT_EQ(krt::cb_num_pages(3), 2u);
  EXPECT_EQ(krt::cb_data_format(3), 5u);
}

}  // namespace
}  // namespace zyxtt::emu::test
