// A grid-wide barrier on semaphores. Every core but (0,0) adds 1 and its own
// index to two semaphores on core (0,0) with noc_semaphore_inc and then waits
// on its own "go" semaphore; core (0,0) waits for all of them, then sets
// every other core's "go" with noc_semaphore_set_remote. Each core reports
// what it saw in one Float32 tile. The grid size comes from a params buffer,
// the cores' NOC coordinates from Blackhole's worker layout.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

constexpr uint32_t kSemArrived = 0;  // on core (0,0): how many cores arrived
constexpr uint32_t kSemIndexSum = 1;  // on core (0,0): sum of their linear indices
constexpr uint32_t kSemGo = 2;        // on every core: set by core (0,0)
constexpr uint32_t kSemSource = 3;    // core (0,0)'s local word that set_remote sends

uint32_t worker_noc_x(uint32_t col) { return col < 7 ? col + 1 : col + 3; }
uint32_t worker_noc_y(uint32_t row) { return row + 2; }

void kernel_main() {
  const uint32_t params_addr = get_arg_val<uint32_t>(0);
  const uint32_t row = get_arg_val<uint32_t>(1);
  const uint32_t col = get_arg_val<uint32_t>(2);

  constexpr uint32_t cb = tt::CBIndex::c_0;
  cb_reserve_back(cb, 1);
  const uint32_t l1 = get_write_ptr(cb);
  const InterleavedAddrGen<true> params_gen = {.bank_base_address = params_addr, .page_size = 4096};
  noc_async_read(get_noc_addr(0, params_gen), l1, 64);
  noc_async_read_barrier();
  volatile uint32_t* params = reinterpret_cast<volatile uint32_t*>(l1);
  const uint32_t rows = params[0];
  const uint32_t cols = params[1];
  const uint32_t cores = rows * cols;
  const uint32_t me = row * cols + col;

  auto sem = [](uint32_t id) { return reinterpret_cast<volatile uint32_t*>(get_semaphore(id)); };
  float seen0 = 0, seen1 = 0;
  if (me == 0) {
    noc_semaphore_wait(sem(kSemArrived), cores - 1);
    seen0 = float(*sem(kSemArrived));
    seen1 = float(*sem(kSemIndexSum));
    noc_semaphore_set(sem(kSemSource), 1000 + cores);
    for (uint32_t r = 0; r < rows; ++r) {
      for (uint32_t c = 0; c < cols; ++c) {
        if (r == 0 && c == 0) continue;
        noc_semaphore_set_remote(get_semaphore(kSemSource),
                                 get_noc_addr(worker_noc_x(c), worker_noc_y(r), get_semaphore(kSemGo)));
      }
    }
    noc_async_write_barrier();
  } else {
    const uint32_t root_x = worker_noc_x(0), root_y = worker_noc_y(0);
    noc_semaphore_inc(get_noc_addr(root_x, root_y, get_semaphore(kSemArrived)), 1);
    noc_semaphore_inc(get_noc_addr(root_x, root_y, get_semaphore(kSemIndexSum)), me);
    noc_async_atomic_barrier();
    noc_semaphore_wait_min(sem(kSemGo), 1);
    seen0 = float(*sem(kSemGo));
  }

  volatile float* tile = reinterpret_cast<volatile float*>(l1);
  for (uint32_t i = 0; i < 1024; ++i) tile[i] = 0.0f;
  tile[0] = float(row);
  tile[1] = float(col);
  tile[2] = float(my_x[noc_index]);
  tile[3] = float(my_y[noc_index]);
  tile[4] = seen0;
  tile[5] = seen1;
  cb_push_back(cb, 1);
}
