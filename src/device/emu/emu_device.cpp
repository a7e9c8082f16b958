#include "device/emu/emu_device.h"

#include <fmt/format.h>

#include "common/error.h"
#include "common/fs.h"

namespace zyxtt::emu {
namespace {

// Bank-local addresses start above 0 so that no buffer has address 0, which
// kernels may treat as "no buffer".
constexpr uint64_t kDramBase = 64 * 1024;

class StoredProgram final : public CompiledProgram {
 public:
  explicit StoredProgram(ProgramSource source) : source(std::move(source)) {}
  ProgramSource source;
};

}  // namespace

EmuDevice::EmuDevice(const EmuOptions& options)
    : arch_(options.arch != nullptr ? *options.arch : default_arch()),
      dram_(arch_),
      allocator_(kDramBase, arch_.dram_bank_bytes, arch_.dram_page_bytes) {}

void EmuDevice::open(const std::string& cache_dir) {
  cache_dir_ = cache_dir.empty() ? config_home() + "/zyx/cache/tt" : cache_dir;
  make_private_dirs(cache_dir_);
}

DeviceInfo EmuDevice::info() const {
  return DeviceInfo{"emulator", &arch_, allocator_.free_bytes() * arch_.dram_banks};
}

uint64_t EmuDevice::per_bank_bytes(uint64_t size) const {
  uint64_t pages = (size + arch_.dram_page_bytes - 1) / arch_.dram_page_bytes;
  uint64_t rows = (pages + arch_.dram_banks - 1) / arch_.dram_banks;
  return rows * arch_.dram_page_bytes;
}

DeviceBuffer EmuDevice::allocate(uint64_t bytes) {
  if (bytes == 0) throw Error(Code::kInvalidArgument, "alloc_buf: size is 0; expected at least 1 byte");
  const uint64_t free = info().free_bytes;
  if (bytes > arch_.dram_bytes()) {
    throw Error(Code::kResourceExhausted,
                fmt::format("alloc_buf: {} bytes is more than the device's {} bytes of DRAM", bytes,
                            arch_.dram_bytes()));
  }
  auto address = allocator_.allocate(per_bank_bytes(bytes));
  if (!address) {
    throw Error(Code::kResourceExhausted,
                fmt::format("alloc_buf: cannot place {} bytes; {} bytes of DRAM are free (largest run {} "
                            "bytes per bank); free buffers first",
                            bytes, free, allocator_.largest_free_range()));
  }
  return DeviceBuffer{*address, bytes};
}

void EmuDevice::free(const DeviceBuffer& buffer) {
  uint64_t length = allocator_.free(buffer.address);
  if (length != 0) dram_.discard(buffer.address, length);
}

void EmuDevice::write_from_fd(const DeviceBuffer& buffer, int fd, uint64_t length) {
  dram_.write_from_fd(buffer.address, fd, length);
}

void EmuDevice::read_to_fd(const DeviceBuffer& buffer, int fd, uint64_t length) {
  dram_.read_to_fd(buffer.address, fd, length);
}

std::shared_ptr<CompiledProgram> EmuDevice::compile(uint32_t program_id, const ProgramSource& source) {
  return std::make_shared<StoredProgram>(source);
}

void EmuDevice::run(const RunRequest& request) {
  throw Error(Code::kUnimplemented,
              fmt::format("run: the emulator cannot execute kernels yet (program {})", request.program_id));
}

}  // namespace zyxtt::emu
