// A chip's device as TT-Metalium's queues share it: each command queue runs
// on its own thread, and a device is not safe for two runs at once, nor for
// changing its buffers while it runs. Runs of one lane of a chip take turns
// (runs of different chips, or lanes, go on at once); writes and reads go on during a run, as
// the host's transfers do on a card (a kernel may wait for one); placing or
// freeing a buffer waits for the chip's run in progress to end, as the
// device worker reads the table of buffers while it runs.
#pragma once

#include <memory>
#include <mutex>
#include <shared_mutex>

#include "device/device.h"

namespace zyxtt::metalium {

class ChipGuard final : public Device {
 public:
  explicit ChipGuard(std::unique_ptr<Device> chip)
      : chip_(std::move(chip)), turns_(std::make_unique<std::mutex[]>(chip_->lanes())) {}

  void open(const std::string& cache_dir) override;
  const DeviceCapabilities& capabilities() const override { return chip_->capabilities(); }
  std::optional<ModelSpan> last_run_model_span() const override { return chip_->last_run_model_span(); }
  std::optional<uint64_t> model_clock_cycles() const override { return chip_->model_clock_cycles(); }
  uint64_t free_bytes(program::MemoryKind memory) const override;
  BankStatistics bank_statistics(program::MemoryKind memory) const override;

  program::PlacedBuffer allocate(const program::BufferSpec& spec) override;
  program::PlacedBuffer allocate_at(const program::BufferSpec& spec, uint64_t address) override;
  void free(const program::PlacedBuffer& buffer) override;
  void write(const program::PlacedBuffer& buffer, uint64_t offset, std::span<const std::byte> bytes) override;
  void read(const program::PlacedBuffer& buffer, uint64_t offset, std::span<std::byte> bytes) override;
  void write_from_fd(const program::PlacedBuffer& buffer, int fd, uint64_t length) override;
  void read_to_fd(const program::PlacedBuffer& buffer, int fd, uint64_t length) override;
  void write_raw(const RawAddress& at, std::span<const std::byte> bytes) override;
  void read_raw(const RawAddress& at, std::span<std::byte> bytes) override;

  std::shared_ptr<CompiledProgram> compile(const program::Program& program) override;
  void run(CompiledProgram& program, const program::Run& run, const std::string& what) override;
  void run_in_lane(CompiledProgram& program, const program::Run& run, const std::string& what, uint32_t lane) override;
  uint32_t lanes() const override { return chip_->lanes(); }

 private:
  std::unique_ptr<Device> chip_;
  std::shared_mutex runs_;                    // shared for a whole run (it reads the bookkeeping)
  std::unique_ptr<std::mutex[]> turns_;       // a lane's runs take turns
  mutable std::shared_mutex buffers_;  // the buffer bookkeeping: exclusive to change it
};

}  // namespace zyxtt::metalium
