// The inputs already sit in this core's shards, under CBs 0 and 1: announce
// them to the compute kernel.
#include <cstdint>

void kernel_main() {
  const uint32_t n_tiles = get_arg_val<uint32_t>(0);
  cb_reserve_back(tt::CBIndex::c_0, n_tiles);
  cb_push_back(tt::CBIndex::c_0, n_tiles);
  cb_reserve_back(tt::CBIndex::c_1, n_tiles);
  cb_push_back(tt::CBIndex::c_1, n_tiles);
}
