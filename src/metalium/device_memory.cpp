// tt-metal's detail::{Write,Read}{To,From}Device{DRAMChannel,L1}: bytes at a
// raw address of a DRAM channel or of a worker core's L1, whatever buffer
// does or does not hold them (tests write a kernel's inputs this way).
#include <tt-metalium/tt_metal.hpp>

#include <cstddef>
#include <span>

#include <tt_stl/fmt.hpp>

#include "metalium/backend.h"
#include "metalium/ethernet_channel.h"

namespace tt::tt_metal::detail {
namespace {

zyxtt::RawAddress dram_channel(int channel, uint32_t address) {
  TT_FATAL(channel >= 0, "DRAM channel {} does not exist", channel);
  zyxtt::RawAddress at;
  at.memory = zyxtt::program::MemoryKind::kDram;
  at.bank = static_cast<uint32_t>(channel);
  at.address = address;
  return at;
}

// The L1 of a logical worker core, or of a logical ethernet core (0, channel).
zyxtt::RawAddress core_l1(const CoreCoord& core, uint32_t address, CoreType core_type) {
  TT_FATAL(core_type == CoreType::WORKER || core_type == CoreType::ETH,
           "L1 of {} cores: the emulator has worker (Tensix) and ethernet cores", core_type);
  zyxtt::RawAddress at;
  at.memory = zyxtt::program::MemoryKind::kL1;
  if (core_type == CoreType::ETH) {
    at.eth_channel = zyxtt::metalium::ethernet_channel_of(core);
  } else {
    at.core = {static_cast<uint32_t>(core.x), static_cast<uint32_t>(core.y)};
  }
  at.address = address;
  return at;
}

std::span<const std::byte> bytes_of(std::span<const uint8_t> s) { return std::as_bytes(s); }
std::span<const uint8_t> bytes_of_words(const std::vector<uint32_t>& words) {
  return {reinterpret_cast<const uint8_t*>(words.data()), words.size() * sizeof(uint32_t)};
}
// Resized to the words `size` bytes need; the bytes a read fills.
std::span<uint8_t> sized_words(std::vector<uint32_t>& words, uint32_t size) {
  words.resize((size + sizeof(uint32_t) - 1) / sizeof(uint32_t));
  return {reinterpret_cast<uint8_t*>(words.data()), size};
}

}  // namespace

bool WriteToDeviceDRAMChannel(IDevice* device, int dram_channel_id, uint32_t address,
                              std::span<const uint8_t> host_buffer) {
  device_of(device)->write_raw(dram_channel(dram_channel_id, address), bytes_of(host_buffer));
  return true;
}

bool WriteToDeviceDRAMChannel(IDevice* device, int dram_channel_id, uint32_t address,
                              std::vector<uint32_t>& host_buffer) {
  return WriteToDeviceDRAMChannel(device, dram_channel_id, address, bytes_of_words(host_buffer));
}

bool ReadFromDeviceDRAMChannel(IDevice* device, int dram_channel_id, uint32_t address, std::span<uint8_t> host_buffer) {
  device_of(device)->read_raw(dram_channel(dram_channel_id, address), std::as_writable_bytes(host_buffer));
  return true;
}

bool ReadFromDeviceDRAMChannel(IDevice* device, int dram_channel_id, uint32_t address, uint32_t size,
                               std::vector<uint32_t>& host_buffer) {
  return ReadFromDeviceDRAMChannel(device, dram_channel_id, address, sized_words(host_buffer, size));
}

bool WriteToDeviceL1(IDevice* device, const CoreCoord& logical_core, uint32_t address,
                     std::span<const uint8_t> host_buffer, CoreType core_type) {
  device_of(device)->write_raw(core_l1(logical_core, address, core_type), bytes_of(host_buffer));
  return true;
}

bool WriteToDeviceL1(IDevice* device, const CoreCoord& logical_core, uint32_t address,
                     std::vector<uint32_t>& host_buffer, CoreType core_type) {
  return WriteToDeviceL1(device, logical_core, address, bytes_of_words(host_buffer), core_type);
}

bool ReadFromDeviceL1(IDevice* device, const CoreCoord& logical_core, uint32_t address, std::span<uint8_t> host_buffer,
                      CoreType core_type) {
  device_of(device)->read_raw(core_l1(logical_core, address, core_type), std::as_writable_bytes(host_buffer));
  return true;
}

bool ReadFromDeviceL1(IDevice* device, const CoreCoord& logical_core, uint32_t address, uint32_t size,
                      std::vector<uint32_t>& host_buffer, CoreType core_type) {
  return ReadFromDeviceL1(device, logical_core, address, sized_words(host_buffer, size), core_type);
}

}  // namespace tt::tt_metal::detail
