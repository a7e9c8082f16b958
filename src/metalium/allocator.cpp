// The Allocator's answers from the emulator's memory model: the arch's banks
// and alignments and the bases below which the device reserves memory.
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/buffer.hpp>

#include <memory>
#include <vector>

#include <tt_stl/assert.hpp>

#include "device/emu/page_map.h"
#include "metalium/allocator_impl.h"
#include "metalium/backend.h"

namespace tt::tt_metal {

namespace {

using zyxtt::program::MemoryKind;

const char* name_of(BufferType type) {
  switch (type) {
    case BufferType::DRAM: return "DRAM";
    case BufferType::L1: return "L1";
    case BufferType::SYSTEM_MEMORY: return "SYSTEM_MEMORY";
    case BufferType::L1_SMALL: return "L1_SMALL";
    case BufferType::TRACE: return "TRACE";
  }
  return "unknown";
}

// L1_SMALL buffers share L1's banks here, so only DRAM and L1 have banks of their own.
MemoryKind banked_memory(BufferType type) {
  switch (type) {
    case BufferType::DRAM: return MemoryKind::kDram;
    case BufferType::L1: return MemoryKind::kL1;
    default:
      TT_THROW("The emulated allocator has DRAM and L1 banks; {} buffers have no banks of their own", name_of(type));
  }
}

// Throws when the device is closed. (Its Arch is static: a reference to it outlives the pointer.)
std::shared_ptr<zyxtt::Device> device_of(const AllocatorImpl* impl) { return detail::device_of(impl->device); }

}  // namespace

Allocator::Allocator(AllocatorImpl* impl) : impl(impl) {}

void Allocator::deallocate_buffers() {
  std::vector<Buffer*> buffers;
  {
    std::lock_guard lock(impl->allocated->mutex);
    buffers.assign(impl->allocated->buffers.begin(), impl->allocated->buffers.end());
  }
  for (Buffer* buffer : buffers) DeallocateBuffer(*buffer);  // each leaves the set
}

std::unordered_set<Buffer*> Allocator::get_allocated_buffers() const {
  std::lock_guard lock(impl->allocated->mutex);
  return impl->allocated->buffers;
}

uint32_t Allocator::get_num_banks(const BufferType& buffer_type) const {
  return zyxtt::emu::bank_count(banked_memory(buffer_type), *device_of(impl)->capabilities().arch);
}

DeviceAddr Allocator::get_bank_size(const BufferType& buffer_type) const {
  const bool dram = banked_memory(buffer_type) == MemoryKind::kDram;
  const zyxtt::Arch& arch = *device_of(impl)->capabilities().arch;
  const HalMemType memory = dram ? HalMemType::DRAM : HalMemType::L1;
  return (dram ? arch.dram_bank_bytes : arch.l1_bytes) - get_base_allocator_addr(memory);
}

int32_t Allocator::get_bank_offset(BufferType buffer_type, uint32_t bank_id) const {
  const uint32_t banks = get_num_banks(buffer_type);
  TT_FATAL(bank_id < banks, "{} bank {} does not exist ({} banks)", name_of(buffer_type), bank_id, banks);
  return 0;
}

DeviceAddr Allocator::get_base_allocator_addr(const HalMemType& mem_type) const {
  const std::shared_ptr<zyxtt::Device> device = device_of(impl);
  const zyxtt::DeviceCapabilities& caps = device->capabilities();
  switch (mem_type) {
    case HalMemType::DRAM: return caps.dram_unreserved_base;
    case HalMemType::L1: return caps.l1_unreserved_base;
    default:
      TT_THROW("The allocator places buffers in DRAM and L1 only, not in memory type {}", static_cast<int>(mem_type));
  }
}

Statistics Allocator::get_statistics(const BufferType& buffer_type) const {
  const zyxtt::BankStatistics bank = device_of(impl)->bank_statistics(banked_memory(buffer_type));
  return {bank.allocatable_bytes, bank.allocated_bytes, bank.allocatable_bytes - bank.allocated_bytes,
          bank.largest_free_bytes};
}

uint32_t Allocator::get_alignment(BufferType buffer_type) const {
  const zyxtt::Arch& arch = *device_of(impl)->capabilities().arch;
  switch (buffer_type) {
    case BufferType::DRAM: return arch.dram_alignment;
    case BufferType::L1:
    case BufferType::L1_SMALL: return arch.l1_alignment;
    default: TT_THROW("{} buffers are not emulated (DRAM, L1 and L1_SMALL are): no alignment", name_of(buffer_type));
  }
}

CoreCoord Allocator::get_logical_core_from_bank_id(uint32_t bank_id) const {
  const zyxtt::Arch& arch = *device_of(impl)->capabilities().arch;
  const uint32_t banks = zyxtt::emu::bank_count(MemoryKind::kL1, arch);
  TT_FATAL(bank_id < banks, "L1 bank {} does not exist ({} banks, one per worker core)", bank_id, banks);
  const zyxtt::program::Core core = zyxtt::emu::l1_bank_core(bank_id, arch);
  return {core.x, core.y};
}

const std::vector<uint32_t>& Allocator::get_bank_ids_from_logical_core(BufferType buffer_type,
                                                                      const CoreCoord& logical_core) const {
  const bool dram = banked_memory(buffer_type) == MemoryKind::kDram;
  const uint32_t banks = get_num_banks(buffer_type);
  std::lock_guard lock(impl->bank_ids_mutex);
  auto [it, added] = impl->bank_ids_of_core.try_emplace({buffer_type, logical_core.x, logical_core.y});
  if (added) {
    for (uint32_t bank = 0; bank < banks; ++bank) {
      // DRAM bank b is channel b, logical core (b, 0) (IDevice::logical_core_from_dram_channel).
      const CoreCoord core = dram ? CoreCoord{bank, 0} : get_logical_core_from_bank_id(bank);
      if (core == logical_core) it->second.push_back(bank);
    }
  }
  if (it->second.empty()) {
    impl->bank_ids_of_core.erase(it);
    TT_THROW("No {} bank exists for core {}", name_of(buffer_type), logical_core.str());
  }
  return it->second;
}

size_t Allocator::get_worker_l1_size() const { return device_of(impl)->capabilities().arch->l1_bytes; }

}  // namespace tt::tt_metal
