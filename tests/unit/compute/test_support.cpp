#include "test_support.h"

#include <gtest/gtest.h>

#include <cstring>
#include <utility>

#include "device/emu/compute/compute.h"
#include "zyxtt/krt.h"

namespace zyxtt::test {

FakeCore::FakeCore(krt::Role role, std::vector<uint32_t> args)
    : self_(grid_.instance(0, 0, role, std::move(args))),
      producer_(grid_.instance(0, 0, role == krt::Role::kReader ? krt::Role::kWriter : krt::Role::kReader)) {
  emu::compute::reset_compute_state(compute(), /*fp32_dest_acc=*/true, /*dst_full_sync=*/false);
  grid_.use(self_);
}

void FakeCore::configure_cb(uint32_t id, uint32_t data_format, uint32_t page_bytes, uint32_t num_pages,
                            TileGeometry tile) {
  grid_.add_cb(id, page_bytes, num_pages, data_format, tile);
}

void FakeCore::feed(uint32_t id, const void* bytes, uint32_t pages) {
  grid_.use(producer_);
  const uint32_t page_bytes = krt::cb_page_bytes(id);
  for (uint32_t i = 0; i < pages; ++i) {
    krt::cb_reserve_back(id, 1);
    std::memcpy(reinterpret_cast<void*>(uintptr_t(krt::cb_write_ptr(id))),
                static_cast<const uint8_t*>(bytes) + size_t{i} * page_bytes, page_bytes);
    krt::cb_push_back(id, 1);
  }
  grid_.use(self_);
}

uint8_t* FakeCore::page_ptr(uint32_t id, uint32_t page) {
  const emu::CbState& c = core().cbs[id];
  return reinterpret_cast<uint8_t*>(uintptr_t(c.base + page * c.page_bytes));
}

emu::KernelEntry build_compute(const std::string& name, const std::string& body) {
  const std::string dir = emu::test::scratch_dir();
  const std::string src = dir + "/" + name + "_compute.cpp";
  EXPECT_TRUE(emu::test::write_file(src, body));
  const emu::test::BuildResult r = emu::test::build_kernel({src}, emu::test::KernelRole::kCompute, "");
  emu::test::remove_dir(dir);
  EXPECT_EQ(r.status, 0) << r.output;
  if (r.status != 0) return nullptr;
  return emu::test::load_kernel(r.object).entry;
}

}  // namespace zyxtt::test
