// A device's memory allocator as tt-metal's public Allocator shows it: the
// banks of each memory, their sizes, bases and alignments, and how full a bank
// is, and which buffers it holds. Only what the emulator's memory model
// answers is here (no saved state: AllocatorState is internal to tt-metal too).
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <cstdint>
#include <unordered_set>
#include <vector>

#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>

namespace tt::tt_metal {

// One bank of a memory (all banks of a memory hold the same ranges).
struct Statistics {
  size_t total_allocatable_size_bytes = 0;
  size_t total_allocated_bytes = 0;
  size_t total_free_bytes = 0;
  size_t largest_free_block_bytes = 0;
};

class Buffer;
// The library's own; there is no way to make an Allocator outside it.
class AllocatorImpl;

class Allocator {
 public:
  explicit Allocator(AllocatorImpl* impl);

  // Deallocates every buffer allocated now: each then says it is not
  // allocated, and its memory is free (tt-metal frees the memory alone and
  // leaves the buffers to the caller). Not while other threads destroy buffers.
  void deallocate_buffers();
  // The buffers allocated on this device now (a graph hook's, which hold no
  // memory, are not).
  std::unordered_set<Buffer*> get_allocated_buffers() const;

  // DRAM banks, or L1 banks (one per worker core).
  uint32_t get_num_banks(const BufferType& buffer_type) const;
  // Bytes of each bank buffers may take: from the allocator's base to the bank's end.
  DeviceAddr get_bank_size(const BufferType& buffer_type) const;
  // Every bank places a buffer at the same bank-local address: 0 for each bank.
  int32_t get_bank_offset(BufferType buffer_type, uint32_t bank_id) const;
  // The first bank-local address buffers may take (L1: where circular buffers start too).
  DeviceAddr get_base_allocator_addr(const HalMemType& mem_type) const;
  // What a page in this memory is padded to.
  uint32_t get_alignment(BufferType buffer_type) const;
  // The worker core that holds L1 bank `bank_id` (banks go row by row over the worker grid).
  CoreCoord get_logical_core_from_bank_id(uint32_t bank_id) const;
  // The banks a core holds: a worker core its L1 bank, DRAM core (c, 0) channel c's bank.
  // Throws for a core that holds none.
  const std::vector<uint32_t>& get_bank_ids_from_logical_core(BufferType buffer_type,
                                                              const CoreCoord& logical_core) const;
  // L1 bytes per worker core (IDevice::l1_size_per_core).
  size_t get_worker_l1_size() const;
  // How much of one DRAM or L1 bank buffers take now (pages padded to the
  // alignment). L1_SMALL buffers take L1's banks here and count in its
  // figures; L1_SMALL itself has none (throws, as get_bank_size does).
  Statistics get_statistics(const BufferType& buffer_type) const;

 private:
  AllocatorImpl* impl;
};

}  // namespace tt::tt_metal
