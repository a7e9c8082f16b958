// Global semaphores (tt-metal's global_semaphore.hpp): one L1 word at the same
// address on every core of a core range set, on every chip of a mesh, that
// outlives programs (unlike CreateSemaphore's, which belong to one program).
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <tuple>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/mesh_buffer.hpp>

namespace tt::tt_metal {

class IDevice;
class GlobalSemaphore;

namespace experimental {
// At `address`, which must be free on every chip; no write when initial_value is empty.
GlobalSemaphore CreateGlobalSemaphore(IDevice* device, const CoreRangeSet& cores,
                                      std::optional<uint32_t> initial_value, BufferType buffer_type,
                                      uint64_t address);
}  // namespace experimental

class GlobalSemaphore {
 public:
  // `device` is a chip or a mesh (a MeshDevice); buffer_type is L1 or L1_SMALL.
  GlobalSemaphore(IDevice* device, const CoreRangeSet& cores, uint32_t initial_value,
                  BufferType buffer_type = BufferType::L1);
  GlobalSemaphore(IDevice* device, CoreRangeSet&& cores, uint32_t initial_value,
                  BufferType buffer_type = BufferType::L1);

  GlobalSemaphore(const GlobalSemaphore&) = default;
  GlobalSemaphore& operator=(const GlobalSemaphore&) = default;
  GlobalSemaphore(GlobalSemaphore&&) noexcept = default;
  GlobalSemaphore& operator=(GlobalSemaphore&&) noexcept = default;

  IDevice* device() const;
  // The L1 address of the word, the same on every core and chip.
  DeviceAddr address() const;
  // Writes reset_value to every core's word and waits until it landed.
  void reset_semaphore_value(uint32_t reset_value) const;

  static constexpr auto attribute_names = std::forward_as_tuple("cores", "buffer_type");
  auto attribute_values() const { return std::make_tuple(cores_, buffer_type_); }

 private:
  GlobalSemaphore(IDevice* device, const CoreRangeSet& cores, std::optional<uint32_t> initial_value,
                  BufferType buffer_type, uint64_t address);

  void setup_buffer(std::optional<uint32_t> initial_value, BufferType buffer_type,
                    std::optional<uint64_t> address = std::nullopt);

  // Copies share the words: the last one frees them.
  std::shared_ptr<distributed::MeshBuffer> mesh_buffer_;
  IDevice* device_ = nullptr;
  CoreRangeSet cores_;
  BufferType buffer_type_ = BufferType::L1;

  friend GlobalSemaphore experimental::CreateGlobalSemaphore(IDevice* device, const CoreRangeSet& cores,
                                                             std::optional<uint32_t> initial_value,
                                                             BufferType buffer_type, uint64_t address);
};

}  // namespace tt::tt_metal

std::ostream& operator<<(std::ostream& os, const tt::tt_metal::GlobalSemaphore& global_semaphore);

template <>
struct std::hash<tt::tt_metal::GlobalSemaphore> {
  std::size_t operator()(const tt::tt_metal::GlobalSemaphore& global_semaphore) const;
};
