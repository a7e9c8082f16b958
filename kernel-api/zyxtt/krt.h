// The kernel runtime ("krt"): the calls that the kernel-API headers make into
// the emulator. Kernels are shared objects; these symbols resolve against the
// device-worker executable when it loads them. Everything here acts on the
// calling kernel instance (core x role), which the emulator tracks; blocking
// calls yield the instance's fiber.
//
// Header side: kernel-api/ only ever calls these, never emulator internals.
// Emulator side: src/device/emu/dataflow/ (and compute/) implement them.
#pragma once

#include <cstddef>
#include <cstdint>

namespace zyxtt::krt {

// ---- identity and arguments -------------------------------------------------
enum class Role : uint32_t { kReader = 0, kWriter = 1, kCompute = 2 };  // RISCV_0, RISCV_1, TRISC
Role role();
uint32_t logical_x();  // column of this core in the grid
uint32_t logical_y();  // row
uint32_t my_noc_x(uint8_t noc);
uint32_t my_noc_y(uint8_t noc);
uint8_t default_noc();  // reader 0, writer 1

// Runtime args live in this core's L1; the pointer is a real host pointer
// whose low 32 bits are the L1 address kernels may compute with.
uint32_t runtime_arg(uint32_t index);  // fails the run when out of range
uint32_t* runtime_args_base();
uint32_t runtime_arg_count();
uint32_t common_arg(uint32_t index);
uint32_t* common_args_base();

// ---- circular buffers ---------------------------------------------------------
void cb_reserve_back(uint32_t cb, uint32_t pages);
void cb_push_back(uint32_t cb, uint32_t pages);
void cb_wait_front(uint32_t cb, uint32_t pages);
void cb_pop_front(uint32_t cb, uint32_t pages);
bool cb_pages_reservable_at_back(uint32_t cb, uint32_t pages);
bool cb_pages_available_at_front(uint32_t cb, uint32_t pages);
uint32_t cb_write_ptr(uint32_t cb);  // L1 byte address
uint32_t cb_read_ptr(uint32_t cb);
// The object API's CB endpoints: read (or write) pointer + offset, checked to
// lie inside the pages this kernel waited for (or reserved).
uint32_t cb_window_addr(uint32_t cb, bool read_side, uint32_t offset);
uint32_t cb_page_bytes(uint32_t cb);
uint32_t cb_num_pages(uint32_t cb);
uint32_t cb_data_format(uint32_t cb);  // tt::DataFormat value

// ---- NOC ----------------------------------------------------------------------
// NOC address: local address in bits 0..35, x in 36..41, y in 42..47.
uint32_t dram_banks();
uint64_t dram_noc_addr(uint32_t bank, uint32_t bank_offset);
uint64_t core_noc_addr(uint32_t noc_x, uint32_t noc_y, uint32_t l1_addr);
uint64_t multicast_noc_addr(uint32_t x_start, uint32_t y_start, uint32_t x_end, uint32_t y_end, uint32_t l1_addr);

// Copies happen at issue time; every range is checked (buffer bounds, L1
// bounds, alignment) and a bad one fails the run naming both addresses.
// L1-interleaved buffers: bank b is worker core b (row-major), same address on each.
uint32_t l1_banks();
uint64_t l1_bank_noc_addr(uint32_t bank, uint32_t l1_addr);

void noc_read(uint64_t src_noc_addr, uint32_t dst_l1_addr, uint32_t bytes, uint8_t noc);
void noc_write(uint32_t src_l1_addr, uint64_t dst_noc_addr, uint32_t bytes, uint8_t noc, bool posted);
void noc_write_multicast(uint32_t src_l1_addr, uint64_t dst_mcast_addr, uint32_t bytes, uint32_t num_dests,
                         bool include_self, uint8_t noc);
void noc_inline_write(uint64_t dst_noc_addr, uint32_t value, uint8_t byte_enable, uint8_t noc);
void noc_atomic_inc(uint64_t dst_noc_addr, uint32_t increment, uint8_t noc);
void noc_read_barrier(uint8_t noc);
void noc_write_barrier(uint8_t noc);
void noc_writes_flushed(uint8_t noc);
void noc_atomic_barrier(uint8_t noc);

// ---- semaphores and L1 polling -------------------------------------------------
uint32_t semaphore_addr(uint32_t id);
// Blocks until *addr == value (at_least: *addr >= value); `call` names the API.
void wait_l1_word(volatile uint32_t* addr, uint32_t value, bool at_least, const char* call);

// ---- debug --------------------------------------------------------------------
// One finished DPRINT / DEVICE_PRINT line; printed to stderr with core and role.
void print_line(const char* text, size_t length);
// Appends DPRINT / DEVICE_PRINT text to this instance's pending line; each
// completed line ('\n') goes to print_line. Lines may span several statements.
void print_text(const char* text, size_t length);
[[noreturn]] void fail(const char* message);

}  // namespace zyxtt::krt
