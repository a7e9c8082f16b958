// The kernel-API headers used in-process against the emulator: address
// generators land bytes where the interleaved layout says; Noc / CircularBuffer
// / TensorAccessor behave as zyx's kernels expect; DPRINT / DEVICE_PRINT lines.
#define KERNEL_COMPILE_TIME_ARGS 2, 4096, 2, 64
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/circular_buffer.h"
#include "api/dataflow/dataflow_buffer.h"
#include "api/dataflow/endpoints.h"
#include "api/dataflow/noc_semaphore.h"
#include "api/tensor/noc_traits.h"
#include "api/debug/dprint.h"
#include "api/debug/device_print.h"
#include "api/debug/dprint_tile.h"
#include "api/debug/dprint_pages.h"
#include "api/debug/dump.h"
// The kernel's own compile-time args, after the API as the JIT's entry stub has them.
#include "zyxtt/compile_time_args.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>

#include "device/emu/dataflow/dataflow_checks.h"
#include "emu_grid.h"

namespace zyxtt::emu::test {
namespace {

using ::testing::HasSubstr;
using krt::Role;

class ApiTest : public ::testing::Test {
 protected:
  ApiTest() {
    grid.add_buffer(kA, kPerBank);
    grid.add_buffer(kB, kPerBank);
    for (uint64_t b = 0; b < kBytes; b += 4) {
      const uint32_t v = uint32_t(b / 4) * 3 + 1;
      std::memcpy(interleaved_byte(grid, kA, 4096, b), &v, 4);
    }
  }
  static constexpr uint64_t kA = 0x100000;
  static constexpr uint64_t kB = 0x200000;
  static constexpr uint64_t kPerBank = 0x40000;
  static constexpr uint64_t kBytes = 10 * 4096;  // 10 pages over 4 banks
  Grid grid{1, 2};
  uint32_t in_off = grid.add_cb(0, 4096, 2);
  uint32_t out_off = grid.add_cb(2, 4096, 2);
  KernelInstance& reader = grid.instance(0, 0, Role::kReader, {uint32_t(kA), uint32_t(kB), 0, 0});
  KernelInstance& writer = grid.instance(0, 0, Role::kWriter, {uint32_t(kB)});
  uint32_t word_a(uint32_t i) { return i * 3 + 1; }
};

TEST_F(ApiTest, ZyxShapeReadAndWriteElementByElement) {
  grid.use(reader);
  Noc noc;
  EXPECT_EQ(noc.get_noc_id(), 0);
  auto args = TensorAccessorArgs<0>(0);
  static_assert(decltype(args)::is_dram && decltype(args)::AlignedPageSize == 4096);
  static_assert(TensorAccessorArgs<0>::next_compile_time_args_offset() == 2);
  auto acc = TensorAccessor(args, get_arg_val<uint32_t>(0), 4096);
  EXPECT_EQ(acc.get_aligned_page_size(), 4096u);
  CircularBuffer cb0(tt::CBIndex::c_0);
  cb0.reserve_back(1);
  // Element e of the tensor: page (e*4)/4096, offset (e*4)%4096; 1024 elements from page 5.
  for (uint32_t i = 0; i < 1024; ++i) {
    const uint32_t g = (5 * 1024 + i) * 4;
    noc.async_read(acc, cb0, 4, {.page_id = g / 4096, .offset_bytes = g % 4096}, {.offset_bytes = i * 4});
  }
  noc.async_read_barrier();
  const uint8_t* l1 = grid.core(0, 0).l1 + in_off;
  for (uint32_t i = 0; i < 1024; i += 97) {
    uint32_t v;
    std::memcpy(&v, l1 + i * 4, 4);
    EXPECT_EQ(v, word_a(5 * 1024 + i)) << i;
  }
  cb0.push_back(1);
  EXPECT_EQ(reader.noc_counters[0].reads_issued, 1024u);

  // Writer side: send the page it waited on into buffer B, page 6, using READ_PTR.
  grid.use(writer);
  Noc wnoc(1);
  CircularBuffer wcb0(tt::CBIndex::c_0);
  auto out = TensorAccessor(TensorAccessorArgs<0>(0), get_arg_val<uint32_t>(0), 4096);
  wcb0.wait_front(1);
  for (uint32_t i = 0; i < 1024; ++i) {
    const uint32_t g = (6 * 1024 + i) * 4;
    wnoc.async_write(use<CircularBuffer::AddrSelector::READ_PTR>(wcb0), out, 4, {.offset_bytes = i * 4},
                     {.page_id = g / 4096, .offset_bytes = g % 4096});
  }
  wnoc.async_write_barrier();
  wcb0.pop_front(1);
  // Page 6 of B sits in bank 6 % 4 = 2 at kB + (6 / 4) * 4096.
  uint32_t v;
  std::memcpy(&v, grid.bank(2) + kB + 4096 + 4 * 100, 4);
  EXPECT_EQ(v, word_a(5 * 1024 + 100));
  EXPECT_EQ(kernel_exit_problems(writer), "");
}

TEST_F(ApiTest, ClassicAddressGeneratorsFollowTheInterleavedLayout) {
  grid.use(reader);
  const uint32_t dst = get_write_ptr(0);
  cb_reserve_back(0, 1);
  InterleavedAddrGen<true> gen = {.bank_base_address = uint32_t(kA), .page_size = 4096};
  noc_async_read_page(7, gen, dst);
  InterleavedAddrGenFast<true> fast = {
      .bank_base_address = uint32_t(kA), .page_size = 1024, .data_format = DataFormat::Float32};
  noc_async_read_tile(3, fast, dst + 4096 - 1024, 0);  // stride 4096 from Float32, 1024 bytes moved
  noc_async_read_barrier();
  uint32_t v;
  std::memcpy(&v, grid.core(0, 0).l1 + in_off + 8, 4);
  EXPECT_EQ(v, word_a(7 * 1024 + 2));
  std::memcpy(&v, grid.core(0, 0).l1 + in_off + 4096 - 1024, 4);
  EXPECT_EQ(v, word_a(3 * 1024));

  EXPECT_EQ(get_noc_addr(9, gen), zyxtt::noc::dram(1, uint32_t(kA) + 2 * 4096));
  EXPECT_EQ(get_noc_addr(9, gen, 12), zyxtt::noc::dram(1, uint32_t(kA) + 2 * 4096 + 12));
  EXPECT_EQ(get_dram_noc_addr(9, 4096, uint32_t(kA)), zyxtt::noc::dram(1, uint32_t(kA) + 2 * 4096));
  EXPECT_EQ(get_noc_addr_from_bank_id<true>(3, 0x40), zyxtt::noc::dram(3, 0x40));
  InterleavedPow2AddrGen<true> p2 = {.bank_base_address = uint32_t(kA), .log_base_2_of_page_size = 5};
  EXPECT_EQ(p2.get_noc_addr(5), zyxtt::noc::dram(1, uint32_t(kA) + 64)) << "pages aligned to 64 in DRAM";
  InterleavedAddrGenFast<true> bf = {.bank_base_address = 0, .page_size = 2048, .data_format = DataFormat::Float16_b};
  EXPECT_EQ(bf.get_noc_addr(4), zyxtt::noc::dram(0, 2048));
  InterleavedAddrGenFast<true> b8 = {.bank_base_address = 0, .page_size = 1088, .data_format = DataFormat::Bfp8_b};
  EXPECT_EQ(b8.get_noc_addr(8), zyxtt::noc::dram(0, 2 * 1088));
  InterleavedAddrGen<true> odd = {.bank_base_address = 0, .page_size = 100};
  EXPECT_EQ(odd.get_noc_addr(4), zyxtt::noc::dram(0, 128)) << "aligned_page_size = align(100, 64)";
  EXPECT_EQ(get_noc_addr(5, 6, 0x70), zyxtt::noc::unicast(5, 6, 0x70));
  EXPECT_EQ(get_noc_addr(0x70), zyxtt::noc::unicast(1, 2, 0x70));
  EXPECT_EQ(my_x[noc_index], 1);
  EXPECT_EQ(my_y[0], 2);
  EXPECT_EQ(uint8_t(noc_index), 0);

  // Second accessor from the chained CTA offset: page size 64.
  constexpr auto a0 = TensorAccessorArgs<0>();
  constexpr auto a1 = TensorAccessorArgs<a0.next_compile_time_args_offset()>();
  auto acc1 = TensorAccessor(a1, uint32_t(kB));
  EXPECT_EQ(acc1.get_aligned_page_size(), 64u);
  EXPECT_EQ(acc1.get_noc_addr(5, 4), zyxtt::noc::dram(1, uint32_t(kB) + 64 + 4));
}

TEST_F(ApiTest, ArgsAndCbMetadata) {
  grid.use(reader);
  EXPECT_EQ(get_arg_val<uint32_t>(1), uint32_t(kB));
  EXPECT_EQ(*reinterpret_cast<uint32_t*>(get_arg_addr(1)), uint32_t(kB));
  EXPECT_EQ(get_tile_size(2), 4096);
  EXPECT_EQ(get_dataformat(2), DataFormat::Float32);
  CircularBuffer cb(2);
  EXPECT_EQ(cb.get_write_ptr(), grid.l1_addr(grid.core(0, 0), out_off));
  EXPECT_TRUE(cb.pages_reservable_at_back(2));
  EXPECT_FALSE(cb.pages_available_at_front(1));
}

TEST_F(ApiTest, SemaphoreHelpers) {
  grid.use(reader);
  const uint32_t sem = get_semaphore(0);
  auto* p = reinterpret_cast<volatile uint32_t*>(uintptr_t(sem));
  noc_semaphore_set(p, 0);
  noc_semaphore_inc(get_noc_addr(sem), 4);
  noc_async_atomic_barrier();
  noc_semaphore_wait(p, 4);
  noc_semaphore_wait_min(p, 2);
  EXPECT_THROW(noc_semaphore_wait(p, 5), Blocked);
  // Set the other core's semaphore from a local word.
  const CoreState& other = grid.core(0, 1);
  *p = 9;
  noc_semaphore_set_remote(sem, get_noc_addr(other.noc_x, other.noc_y, sem));
  noc_async_write_barrier();
  uint32_t v;
  std::memcpy(&v, other.l1 + Grid::kSemOffset, 4);
  EXPECT_EQ(v, 9u);
  noc_inline_dw_write(get_noc_addr(other.noc_x, other.noc_y, sem), 11);
  std::memcpy(&v, other.l1 + Grid::kSemOffset, 4);
  EXPECT_EQ(v, 11u);
  noc_async_full_barrier();
  EXPECT_EQ(kernel_exit_problems(reader), "");
}

TEST_F(ApiTest, DprintAndDevicePrintProduceWholeLines) {
  grid.use(writer);
  ::testing::internal::CaptureStderr();
  DPRINT << "writer r3=gidx0=" << 7u << ENDL();
  DPRINT << "a" << 'b' << -12 << " ";
  DPRINT << HEX() << 255u << DEC() << " " << 1.5f << " " << SETW(4) << 3 << ENDL();
  DEVICE_PRINT("r16=gidx0={}\n", 42u);
  DEVICE_PRINT("x={:x} y={} {{z}} {:.2f}\n", 0xABu, -3, 2.25);
  DEVICE_PRINT("partial ");
  DEVICE_PRINT("done {}\n", true);
  DPRINT << "no newline";
  EXPECT_EQ(kernel_exit_problems(writer), "");
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(err,
            "[core (0,0) writer] writer r3=gidx0=7\n"
            "[core (0,0) writer] ab-12 0xff 1.5    3\n"
            "[core (0,0) writer] r16=gidx0=42\n"
            "[core (0,0) writer] x=0xab y=-3 {z} 2.25\n"
            "[core (0,0) writer] partial done 1\n"
            "[core (0,0) writer] no newline\n");

  grid.rs().dprint_enabled = false;
  ::testing::internal::CaptureStderr();
  DPRINT << "hidden" << ENDL();
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
}


// tt-metal's current DPRINT form and the tile-slice printer: values are read
// from the CB when the slice is built, in the CB's format, one line per row.
TEST_F(ApiTest, DprintFormatFormAndTileSlices) {
  grid.add_cb(5, 2048, 1, uint32_t(DataFormat::Float16_b));
  grid.add_cb(6, 4096, 1, uint32_t(DataFormat::Float32));
  grid.use(writer);
  EXPECT_EQ(get_tile_size(5), 2048);  // from the format, as tt-metal's descriptor tables
  EXPECT_EQ(get_tile_size(6), 4096);
  EXPECT_EQ(get_dataformat(5), DataFormat::Float16_b);
  cb_reserve_back(5, 1);
  cb_reserve_back(6, 1);
  auto* bf16 = reinterpret_cast<uint16_t*>(uintptr_t(get_write_ptr(5)));
  auto* f32 = reinterpret_cast<float*>(uintptr_t(get_write_ptr(6)));
  for (uint32_t h = 0; h < 32; ++h) {
    for (uint32_t w = 0; w < 32; ++w) {
      const float v = float(h) * 0.5f + float(w);  // exact in bf16
      const uint32_t face = (h / 16) * 2 + w / 16;
      bf16[face * 256 + (h % 16) * 16 + w % 16] = uint16_t(__builtin_bit_cast(uint32_t, v) >> 16);
      f32[h * 32 + w] = float(h * 32 + w) + 0.25f;  // row-major: printed with print_untilized = false
    }
  }
  ::testing::internal::CaptureStderr();
  DPRINT("x={} y={:.2f} {} {}\n", 3, 1.5f, U32(0).val + 7u, bf16_t(0x3FC0));
  DPRINT << U32(4000000000u) << ENDL();
  DPRINT("tile:\n{}", TSLICE(5, 0, SliceRange{1, 32, 16, 3, 32, 8}, TSLICE_OUTPUT_CB, TSLICE_WR_PTR));
  DPRINT << TSLICE(5, 0, SliceRange::hw0_32_4(), TSLICE_OUTPUT_CB, TSLICE_WR_PTR);
  DPRINT("{}", TSLICE(6, 0, SliceRange{0, 2, 1, 30, 32, 1}, TSLICE_OUTPUT_CB, TSLICE_WR_PTR, true, false));
  cb_push_back(5, 1);
  cb_push_back(6, 1);
  EXPECT_EQ(kernel_exit_problems(writer), "");
  const std::string err = ::testing::internal::GetCapturedStderr();
  const std::string p = "[core (0,0) writer] ";
  EXPECT_EQ(err, p + "x=3 y=1.50 7 1.5\n" + p + "4000000000\n" + p + "tile:\n" + p + "3.5 11.5 19.5 27.5\n" + p +
                     "11.5 19.5 27.5 35.5\n" + p + "0 4 8 12 16 20 24 28\n" + p + "2 6 10 14 18 22 26 30\n" + p +
                     "4 8 12 16 20 24 28 32\n" + p + "6 10 14 18 22 26 30 34\n" + p +
                     "<TileSlice data truncated due to exceeding max count (32)>\n" + p + "30.25 31.25\n" + p +
                     "62.25 63.25\n");
}

// A tiled Bfp8_b slice takes each element's exponent from its face row: the
// four corners of the slice sit in four faces, each with its own exponent.
TEST_F(ApiTest, TileSliceOfBfp8TakesTheExponentOfTheFaceRow) {
  grid.add_cb(8, 1088, 1, uint32_t(DataFormat::Bfp8_b));
  grid.use(writer);
  cb_reserve_back(8, 1);
  auto* p = reinterpret_cast<uint8_t*>(uintptr_t(get_write_ptr(8)));
  for (uint32_t k = 0; k < 64; ++k) p[k] = uint8_t(127 + k / 8);  // face row k: 2^(k / 8)
  for (uint32_t i = 0; i < 1024; ++i) p[64 + i] = 0x40;            // 1.0 with 6 fraction bits
  ::testing::internal::CaptureStderr();
  DPRINT << TSLICE(8, 0, SliceRange{1, 32, 16, 3, 32, 16}, TSLICE_OUTPUT_CB, TSLICE_WR_PTR);
  cb_push_back(8, 1);
  EXPECT_EQ(kernel_exit_problems(writer), "");
  const std::string p0 = "[core (0,0) writer] ";
  // (1, 3): face 0 row 1; (1, 19): face 1 row 1; (17, 3): face 2; (17, 19): face 3.
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), p0 + "1 4\n" + p0 + "16 64\n");
}

// An integer CB's slice prints whole numbers with their sign, not floats.
TEST_F(ApiTest, DprintTileSlicesOfIntegerFormatsPrintIntegers) {
  grid.add_cb(8, 4096, 1, uint32_t(DataFormat::Int32));
  grid.use(writer);
  cb_reserve_back(8, 1);
  auto* i32 = reinterpret_cast<int32_t*>(uintptr_t(get_write_ptr(8)));
  i32[0] = -2000000000;
  i32[1] = 123456789;
  ::testing::internal::CaptureStderr();
  DPRINT << TSLICE(8, 0, SliceRange{0, 1, 1, 0, 2, 1}, TSLICE_OUTPUT_CB, TSLICE_WR_PTR, true, false);
  cb_push_back(8, 1);
  EXPECT_EQ(kernel_exit_problems(writer), "");
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "[core (0,0) writer] -2000000000 123456789\n");
}

// The page printers and dump helpers print the words in L1 (little endian bytes),
// and a CB's size and pointers in bytes.
TEST_F(ApiTest, PagePrintersAndDumpsPrintL1) {
  grid.add_cb(7, 32, 1, uint32_t(DataFormat::UInt32));
  grid.use(writer);
  cb_reserve_back(7, 1);
  const uint32_t a = get_write_ptr(7);
  auto* w = reinterpret_cast<uint32_t*>(uintptr_t(a));
  for (uint32_t i = 0; i < 8; ++i) w[i] = 0x0A0B0C00u + i;
  ::testing::internal::CaptureStderr();
  tt::data_movement::common::print_u32_pages(a, 2, 2, 1);
  tt::data_movement::common::print_u8_pages(a, 4, 1);
  print_cb_details(7);
  debug_dump_cb(7, 2);
  debug_dump_l1(a + 4, 1);
  cb_push_back(7, 1);
  EXPECT_EQ(kernel_exit_problems(writer), "");
  const std::string err = ::testing::internal::GetCapturedStderr();
  const std::string p = "[core (0,0) writer] ", at = std::to_string(a);
  char l1[128];
  std::snprintf(l1, sizeof l1, "L1[0x%x] 1 words:\n%s  [0x%x] 0x0a0b0c01\n", a + 4, p.c_str(), a + 4);
  EXPECT_EQ(err, p + "1: 168496130 168496131 \n" + p + "2: 168496132 168496133 \n" + p + "0: 0x00 0x0C 0x0B 0x0A \n" +
                     p + "cb_id 7: { size: 32, page_size: 32, num_pages: 1, rd_ptr: " + at + ", wr_ptr: " + at + " }\n" +
                     p + "CB7 sz=32 rd=" + at + " wr=" + at + "\n" + p + "  [0] 0x0a0b0c00\n" + p +
                     "  [1] 0x0a0b0c01\n" + p + l1);
}

// Metal 2.0's DataflowBuffer is the CB of its id: the reader fills entries
// through class Noc and pushes them, the writer sees them at its read pointer.
TEST_F(ApiTest, DataflowBufferIsTheFifoOfItsCb) {
  grid.use(reader);
  Noc noc;
  DataflowBuffer in(DFBAccessor(0));
  EXPECT_EQ(in.get_id(), 0);
  EXPECT_EQ(in.get_entry_size(), 4096u);
  EXPECT_EQ(in.get_stride_size(), 4096u);
  auto acc = TensorAccessor(TensorAccessorArgs<0>(0), get_arg_val<uint32_t>(0), 4096);
  EXPECT_TRUE(in.pages_reservable_at_back(2));
  in.reserve_back(2);
  EXPECT_EQ(in.get_write_ptr(), get_write_ptr(0));
  noc.async_read(acc, in, 4096, {.page_id = 3, .offset_bytes = 0}, {.offset_bytes = 0});
  noc.async_read(acc, in, 4096, {.page_id = 4, .offset_bytes = 0}, {.offset_bytes = 4096});
  noc.async_read_barrier();
  in.push_back(2);
  in.finish();
  EXPECT_FALSE(in.pages_reservable_at_back(1));  // both entries are full

  grid.use(writer);
  const LocalCBInterface cbi = get_local_cb_interface(0);  // read-only snapshot, bytes on a data-movement core
  EXPECT_EQ(cbi.fifo_page_size, 4096u);
  EXPECT_EQ(cbi.fifo_num_pages, 2u);
  EXPECT_EQ(cbi.fifo_size, 8192u);
  EXPECT_EQ(cbi.fifo_rd_ptr, get_read_ptr(0));
  DataflowBuffer out(0);
  EXPECT_TRUE(out.pages_available_at_front(2));
  out.wait_front(2);
  const auto* words = reinterpret_cast<const uint32_t*>(uintptr_t(out.get_read_ptr()));
  EXPECT_EQ(words[0], word_a(3 * 1024));
  EXPECT_EQ(words[1024 + 5], word_a(4 * 1024 + 5));
  out.pop_front(1);
  EXPECT_EQ(reinterpret_cast<const uint32_t*>(uintptr_t(out.get_read_ptr()))[7], word_a(4 * 1024 + 7));
  out.pop_front(1);
  EXPECT_FALSE(out.pages_available_at_front(1));
  EXPECT_EQ(kernel_exit_problems(reader), "");
  EXPECT_EQ(kernel_exit_problems(writer), "");
}

// Metal 2.0's Semaphore is the classic semaphore word: local up/down, remote
// atomic increment, relay of its value to another core; endpoints address a
// core's L1 by coordinates and a DRAM bank by id.
TEST_F(ApiTest, SemaphoreObjectAndEndpoints) {
  grid.use(reader);
  Noc noc;
  Semaphore<> sem(0);
  sem.set(5);
  sem.up(2);
  sem.down(3);  // 5 + 2 - 3
  auto* word = reinterpret_cast<volatile uint32_t*>(uintptr_t(get_semaphore(0)));
  EXPECT_EQ(*word, 4u);
  sem.wait(4);
  sem.wait_min(1);
  EXPECT_THROW(sem.down(5), Blocked);
  const CoreState& other = grid.core(0, 1);
  sem.up(noc, other.noc_x, other.noc_y, 6);  // the other core's semaphore 0: 0 + 6
  noc.async_atomic_barrier();
  sem.relay_unicast(noc, Semaphore<>(0), grid.core(0, 0).noc_x, grid.core(0, 0).noc_y);  // itself: no change
  noc.async_write_barrier();
  uint32_t v;
  std::memcpy(&v, other.l1 + Grid::kSemOffset, 4);
  EXPECT_EQ(v, 6u);
  EXPECT_EQ(*word, 4u);

  // Page 2 of buffer A by bank id (bank 2, first page there), then 8 bytes of
  // this core's L1 copied to the other core by coordinates.
  const uint32_t dst = get_write_ptr(0);
  cb_reserve_back(0, 1);
  noc.async_read(AllocatorBank<AllocatorBankType::DRAM>{}, UnicastEndpoint{}, 4096, {.bank_id = 2, .addr = uint32_t(kA)},
                 {.noc_x = 0, .noc_y = 0, .addr = dst});
  noc.async_read_barrier();
  std::memcpy(&v, grid.core(0, 0).l1 + in_off + 8, 4);
  EXPECT_EQ(v, word_a(2 * 1024 + 2));
  noc.async_write(UnicastEndpoint{}, UnicastEndpoint{}, 8, {.addr = dst},
                  {.noc_x = other.noc_x, .noc_y = other.noc_y, .addr = dst + 4096});
  noc.async_write_barrier();
  std::memcpy(&v, other.l1 + in_off + 4096 + 4, 4);
  EXPECT_EQ(v, word_a(2 * 1024 + 1));
  cb_push_back(0, 1);
  EXPECT_EQ(kernel_exit_problems(reader), "");
}

}  // namespace
}  // namespace zyxtt::emu::test
