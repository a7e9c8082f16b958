#include "emu_grid.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>

#include "device/emu/dataflow/dataflow_checks.h"
#include "device/emu/l1_layout.h"
#include "device/emu/krt_table.h"
#include "zyxtt/krt.h"

// What test code's zyxtt::krt calls go through: the emulator's real table.
const zyxtt_krt_table* zyxtt_krt_bound = &zyxtt::emu::krt_table();

namespace zyxtt::emu {

constinit thread_local KernelInstance* t_current_instance = nullptr;
void block_until(const Wait& wait) {
  if (wait.ready != nullptr && wait.ready(current(), wait)) return;
  throw test::Blocked(std::string("blocked in ") + wait.call);
}
// No other instance runs here: a turn for them ends at once.
void yield_now() {}
// No control block here: the instance keeps its waypoint, nothing else reads it.
void publish_waypoint(uint32_t) {}
void fail_run(const std::string& what) { throw test::Failure(what); }

namespace test {

Grid::Grid(uint32_t rows, uint32_t cols, uint32_t banks) {
  rs_.rows = rows;
  rs_.cols = cols;
  rs_.dram_banks = banks;
  rs_.dram_bank_bytes = kBankBytes;
  dram_.assign(banks * kBankBytes, 0);
  rs_.dram = dram_.data();
  l1_map_bytes_ = size_t{rows} * cols * kL1Bytes;
  void* m = mmap(nullptr, l1_map_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
  if (m == MAP_FAILED) throw std::runtime_error("mmap MAP_32BIT failed");
  l1_ = static_cast<uint8_t*>(m);
  cores_.resize(size_t{rows} * cols);
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t c = 0; c < cols; ++c) {
      CoreState& s = core(r, c);
      s.x = c;
      s.y = r;
      const GridXY noc = worker_noc(*rs_.arch, c, r);
      s.noc_x = noc.x;
      s.noc_y = noc.y;
      s.l1 = l1_ + (size_t{r} * cols + c) * kL1Bytes;
      s.l1_bytes = kL1Bytes;
      s.semaphore_base = l1_addr(s, kSemOffset);
    }
  }
  rs_.cores = cores_.data();
  reset_dataflow_warnings();
}

Grid::~Grid() {
  munmap(l1_, l1_map_bytes_);
  t_current_instance = nullptr;
}

uint32_t Grid::l1_addr(const CoreState& c, uint32_t offset) const {
  return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(c.l1)) + offset;
}

void Grid::add_buffer(uint64_t address, uint64_t per_bank_bytes) {
  rs_.buffers.push_back(DramRegion{address, per_bank_bytes});
  std::sort(rs_.buffers.begin(), rs_.buffers.end(),
            [](const DramRegion& a, const DramRegion& b) { return a.address < b.address; });
}

uint32_t Grid::add_cb(uint32_t cb, uint32_t page_bytes, uint32_t num_pages, uint32_t format, TileGeometry tile) {
  const uint32_t offset = next_cb_offset_;
  next_cb_offset_ += (page_bytes * num_pages + 63) & ~63u;
  for (CoreState& c : cores_) configure_cb(c, cb, l1_addr(c, offset), page_bytes, num_pages, format, false, tile);
  return offset;
}

KernelInstance& Grid::instance(uint32_t row, uint32_t col, krt::Role role, std::vector<uint32_t> args) {
  auto k = std::make_unique<KernelInstance>();
  k->run = &rs_;
  k->core = &core(row, col);
  k->role = role;
  k->noc = role == krt::Role::kWriter ? 1 : 0;
  // Runtime args live in L1 slots on silicon; a host vector of as many
  // slots, the unset ones 0, is enough here.
  k->arg_count = static_cast<uint32_t>(args.size());
  args.resize(l1::kMaxRuntimeArgs, 0);
  arg_store_.push_back(std::make_unique<std::vector<uint32_t>>(std::move(args)));
  k->args = arg_store_.back()->data();
  instances_.push_back(std::move(k));
  return *instances_.back();
}

void Grid::use(KernelInstance& k) { t_current_instance = &k; }
KernelInstance* Grid::in_use() const { return t_current_instance; }

}  // namespace test
}  // namespace zyxtt::emu
