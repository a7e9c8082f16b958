// A program on more cores than the p100a has (13 x 11 against 12 x 10): the
// enqueue is refused naming ZYX_TT_VIRTUAL_GRID=1, and with it set each core
// runs and writes its own page, as the runtime's --virtual-grid does. A
// program's options are read once, when its emulator starts (as tt-metal reads
// its environment), so the second half runs in the program started again.
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include <tt-metalium/tensor_accessor_args.hpp>

#include "../common/host_checks.hpp"
#include "../common/stamp_program.hpp"

using namespace tt::tt_metal;

namespace {

constexpr uint32_t kCols = 13, kRows = 11, kPage = 64;

// Each core fills its page with its number times 3 plus 1.
Program stamp_program(const distributed::MeshBuffer& out) {
  return metalium_test::stamp_program({kCols, kRows}, out, [](uint32_t page) { return page * 3 + 1; });
}

// Without ZYX_TT_VIRTUAL_GRID: refused, then this program again with it set.
int refused_then_again(char** argv) {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  distributed::DeviceLocalBufferConfig local{.page_size = kPage, .buffer_type = BufferType::DRAM};
  auto out = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = kCols * kRows * kPage},
                                             local, mesh.get());
  std::string message;
  try {
    metalium_test::run(*mesh, stamp_program(*out));
  } catch (const std::exception& e) {
    message = e.what();
  }
  TT_FATAL(message.find("outside the p100a worker grid") != std::string::npos &&
               message.find("ZYX_TT_VIRTUAL_GRID=1") != std::string::npos,
           "a grid beyond the card must be refused naming ZYX_TT_VIRTUAL_GRID=1, got: {}", message);
  mesh->close();
  setenv("ZYX_TT_VIRTUAL_GRID", "1", 1);
  execv("/proc/self/exe", argv);
  TT_THROW("cannot start this program again: {}", std::strerror(errno));
}

}  // namespace

int main(int, char** argv) {
  const char* virtual_grid = std::getenv("ZYX_TT_VIRTUAL_GRID");
  if (virtual_grid == nullptr || std::string(virtual_grid) != "1") return refused_then_again(argv);
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  auto& cq = mesh->mesh_command_queue();
  auto out = distributed::MeshBuffer::create(
      distributed::ReplicatedBufferConfig{.size = kCols * kRows * kPage},
      distributed::DeviceLocalBufferConfig{.page_size = kPage, .buffer_type = BufferType::DRAM}, mesh.get());
  metalium_test::run(*mesh, stamp_program(*out));
  std::vector<uint32_t> got;
  distributed::EnqueueReadMeshBuffer(cq, got, out, true);
  std::vector<uint32_t> want;
  for (uint32_t page = 0; page < kCols * kRows; ++page) want.insert(want.end(), kPage / 4, page * 3 + 1);
  TT_FATAL(got == want, "a core beyond the card did not write its page");
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
