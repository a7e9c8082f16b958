// The card behind the device interface: the program model translated for
// Card (card.h), with no TT-Metalium header in sight.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <utility>

#include "device/device.h"
#include "device/metal/card.h"

namespace zyxtt::metal {

struct MetalOptions {
  CardOptions card;
  // open_card in the plugin; tests give a card of their own.
  std::function<std::unique_ptr<Card>(const CardOptions&)> open_card;
  const Arch* fallback_arch = nullptr;
  void (*log)(int level, const char* message) = nullptr;
};

class MetalDevice final : public Device {
 public:
  explicit MetalDevice(const MetalOptions& options);
  ~MetalDevice() override;

  void open(const std::string& cache_dir) override;
  const DeviceCapabilities& capabilities() const override { return caps_; }
  uint64_t free_bytes(program::MemoryKind memory) const override;

  program::PlacedBuffer allocate(const program::BufferSpec& spec) override;
  void free(const program::PlacedBuffer& buffer) override;
  void write(const program::PlacedBuffer& buffer, uint64_t offset, std::span<const std::byte> bytes) override;
  void read(const program::PlacedBuffer& buffer, uint64_t offset, std::span<std::byte> bytes) override;
  void write_from_fd(const program::PlacedBuffer& buffer, int fd, uint64_t length) override;
  void read_to_fd(const program::PlacedBuffer& buffer, int fd, uint64_t length) override;

  std::shared_ptr<CompiledProgram> compile(const program::Program& program) override;
  void run(CompiledProgram& program, const program::Run& run, const std::string& what) override;

 private:
  Card& card() const;
  struct Held {
    std::shared_ptr<CardBuffer> buffer;
    uint64_t card_size = 0;  // whole pages
  };
  Held& held(const program::PlacedBuffer& buffer);
  // Writes `bytes` at `offset`: straight when they cover the buffer, else
  // around the card's current contents.
  void write_at(Held& held, uint64_t offset, std::vector<uint8_t>&& bytes, uint64_t length);
  void check_accessor_words();
  void log(int level, const std::string& message) const;

  MetalOptions options_;
  std::unique_ptr<Card> card_;
  std::string cache_dir_;
  Arch arch_{};
  std::string arch_name_;
  DeviceCapabilities caps_;
  std::map<std::pair<program::MemoryKind, uint64_t>, Held> buffers_;
};

}  // namespace zyxtt::metal
