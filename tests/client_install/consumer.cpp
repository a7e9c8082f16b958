// A C++ program that uses the installed client library as the README says:
// a Session spawns the runtime where zyx looks for it, a page goes to the
// device, a reader and a writer on one core copy it to a second buffer, and
// the copy comes back byte for byte.
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "zyxtt/client.h"

namespace zc = zyxtt::client;

namespace {

const char* kReader = R"(#include "dataflow_api.h"
void kernel_main() {
  const uint32_t src = get_arg_val<uint32_t>(0);
  const InterleavedAddrGen<true> s = {.bank_base_address = src, .page_size = 4096};
  cb_reserve_back(0, 1);
  noc_async_read(get_noc_addr(0, s), get_write_ptr(0), 4096);
  noc_async_read_barrier();
  cb_push_back(0, 1);
}
)";

const char* kWriter = R"(#include "dataflow_api.h"
void kernel_main() {
  const uint32_t dst = get_arg_val<uint32_t>(0);
  const InterleavedAddrGen<true> d = {.bank_base_address = dst, .page_size = 4096};
  cb_wait_front(0, 1);
  noc_async_write(get_read_ptr(0), get_noc_addr(0, d), 4096);
  noc_async_write_barrier();
  cb_pop_front(0, 1);
}
)";

}  // namespace

int main(int argc, char** argv) {
  const std::filesystem::path cache = argc > 1 ? argv[1] : std::filesystem::temp_directory_path() / "zyxtt-consumer";
  try {
    zc::Session session({}, cache);
    std::vector<std::byte> page(4096), back(4096);
    for (size_t i = 0; i < page.size(); ++i) page[i] = static_cast<std::byte>((i * 131 + 7) >> 3);
    const zc::BufferId src = session.pool.allocate(page.size()), dst = session.pool.allocate(page.size());
    session.pool.host_to_pool(page, src);
    const zc::CbConfig cb{0, zc::CbFormat::kFloat32};
    const zc::ProgramId program = session.device.compile(kReader, "", kWriter, std::span(&cb, 1), 1, 1);
    const zc::BufferId buffers[] = {src, dst};
    session.device.launch(program, session.pool, buffers);
    session.pool.pool_to_host(dst, back);
    if (back != page) {
      std::printf("Test Failed: the copied page differs\n");
      return 1;
    }
    std::printf("grid %u x %u; Test Passed\n", session.device.info().grid_rows, session.device.info().grid_cols);
    session.runtime->exit();
    return 0;
  } catch (const zc::Error& e) {
    std::printf("Test Failed: %s\n", e.what());
    return 1;
  }
}
