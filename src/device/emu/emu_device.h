// The emulator device: Blackhole DRAM in a memfd, programs compiled and run
// by the host (kernel execution arrives with the emulator's run path).
#pragma once

#include <memory>
#include <string>

#include "device/device.h"
#include "device/emu/bank_allocator.h"
#include "device/emu/dram.h"

namespace zyxtt::emu {

struct EmuOptions {
  const Arch* arch = nullptr;  // default_arch() when null
};

class EmuDevice final : public Device {
 public:
  explicit EmuDevice(const EmuOptions& options);

  void open(const std::string& cache_dir) override;
  DeviceInfo info() const override;

  DeviceBuffer allocate(uint64_t bytes) override;
  void free(const DeviceBuffer& buffer) override;
  void write_from_fd(const DeviceBuffer& buffer, int fd, uint64_t length) override;
  void read_to_fd(const DeviceBuffer& buffer, int fd, uint64_t length) override;

  std::shared_ptr<CompiledProgram> compile(uint32_t program_id, const ProgramSource& source) override;
  void run(const RunRequest& request) override;

  const std::string& cache_dir() const { return cache_dir_; }

 private:
  uint64_t per_bank_bytes(uint64_t size) const;

  const Arch& arch_;
  Dram dram_;
  BankAllocator allocator_;
  std::string cache_dir_;
};

}  // namespace zyxtt::emu
