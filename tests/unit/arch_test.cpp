// Where the arch table puts worker cores on the NOC, and back.
#include <gtest/gtest.h>

#include "device/arch.h"

namespace zyxtt {
namespace {

TEST(ArchNoc, EveryWorkerCoreRoundTrips) {
  for (std::string_view name : {"p100a", "p150"}) {
    const Arch& arch = find_arch(name);
    for (uint32_t row = 0; row < arch.grid_rows; ++row) {
      for (uint32_t col = 0; col < arch.grid_cols; ++col) {
        const GridXY noc = worker_noc(arch, col, row);
        EXPECT_EQ(worker_at_noc(arch, noc.x, noc.y), (GridXY{col, row})) << name << " core " << col << "," << row;
      }
    }
  }
}

TEST(ArchNoc, WorkersSitWhereBlackholeHasTensix) {
  const Arch& arch = default_arch();
  EXPECT_EQ(worker_noc(arch, 0, 0), (GridXY{1, 2}));
  EXPECT_EQ(worker_noc(arch, 6, 0), (GridXY{7, 2}));
  EXPECT_EQ(worker_noc(arch, 7, 3), (GridXY{10, 5}));  // the first column past DRAM / routers
  EXPECT_EQ(worker_noc(arch, 11, 9), (GridXY{14, 11}));
}

TEST(ArchNoc, NonWorkerCoordinatesDecodeToNone) {
  const Arch& arch = default_arch();
  EXPECT_EQ(worker_at_noc(arch, 0, 3), std::nullopt);  // DRAM
  EXPECT_EQ(worker_at_noc(arch, 8, 4), std::nullopt);  // router column
  EXPECT_EQ(worker_at_noc(arch, 9, 4), std::nullopt);  // DRAM
  EXPECT_EQ(worker_at_noc(arch, 3, 1), std::nullopt);  // Ethernet row
  EXPECT_EQ(worker_at_noc(arch, 10, 2), (GridXY{7, 0}));
}

}  // namespace
}  // namespace zyxtt
