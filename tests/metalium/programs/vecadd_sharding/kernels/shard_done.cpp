// Waits until the output shard (CB 16) is complete.
#include <cstdint>

void kernel_main() {
  const uint32_t n_tiles = get_arg_val<uint32_t>(0);
  cb_wait_front(tt::CBIndex::c_16, n_tiles);
}
