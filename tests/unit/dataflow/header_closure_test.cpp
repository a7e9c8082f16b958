// Every kernel-API header compiles alone and makes visible what its tt-metal
// namesake makes visible: any compute header brings the CB calls, the DST
// handshake, pack, runtime args and DPRINT (tt-metal's common.h); the
// data-movement API brings VALID / INVALID and DPRINT; the headers at
// tt-metal's other paths expose their names. Syntax-only compiles (about 0.1 s
// each) with the JIT's prelude and role defines keep the table cheap.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "device/emu/jit/subprocess.h"
#include "zyxtt/krt_abi.h"

namespace zyxtt::emu::test {
namespace {

namespace fs = std::filesystem;

enum class Side { kCompute, kDataflow };

// The kernel's diagnostics, empty when `source` compiles.
std::string syntax_errors(Side side, const std::string& source, const std::vector<std::string>& defines = {}) {
  std::vector<std::string> cmd = {ZYXTT_TEST_CXX, "-std=c++20", "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
                                  "-I" ZYXTT_KERNEL_API_DIR, "-include", "zyxtt/prelude.h", "-include",
                                  "zyxtt/compile_time_args.h", "-DKERNEL_BUILD",
                                  "-DZYXTT_KRT_ABI_VERSION=" + std::to_string(krt::kKrtAbiVersion) + "u",
                                  side == Side::kCompute ? "-DCOMPILE_FOR_TRISC" : "-DCOMPILE_FOR_BRISC"};
  for (const auto& d : defines) cmd.push_back("-D" + d);
  cmd.insert(cmd.end(), {"-x", "c++", "-"});
  std::string err;
  ProcessResult r = run_process(cmd, source, [&](std::string_view chunk) { err.append(chunk); });
  return r.exit_code == 0 ? "" : err.empty() ? "failed without a message" : err;
}

// What tt-metal's common.h gives any compute kernel.
constexpr const char* kComputeCommonUse = R"(
namespace NAMESPACE {
void MAIN {
  const uint32_t n = get_arg_val<uint32_t>(0) + get_common_arg_val<uint32_t>(0);
  cb_wait_front(tt::CBIndex::c_0, n);
  tile_regs_acquire();
  tile_regs_commit();
  tile_regs_wait();
  cb_reserve_back(tt::CBIndex::c_16, 1);
  pack_tile(0, tt::CBIndex::c_16);
  tile_regs_release();
  cb_push_back(tt::CBIndex::c_16, 1);
  cb_pop_front(tt::CBIndex::c_0, n);
  DPRINT("n={}\n", n);
  DPRINT << U32(n) << ENDL();
}
}  // namespace NAMESPACE
)";

std::vector<std::string> headers_under(const std::string& dir) {
  std::vector<std::string> out;
  const fs::path root = fs::path(ZYXTT_KERNEL_API_DIR);
  for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
    if (e.is_regular_file() && e.path().extension() == ".h") out.push_back(fs::relative(e.path(), root).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(HeaderClosure, EveryComputeHeaderBringsCommonAndDprint) {
  std::vector<std::string> headers = headers_under("api/compute");
  for (const auto& h : headers_under("compute_kernel_api")) headers.push_back(h);
  headers.push_back("compute_kernel_api.h");
  ASSERT_GT(headers.size(), 100u);
  for (const auto& h : headers) {
    EXPECT_EQ(syntax_errors(Side::kCompute, "#include \"" + h + "\"\n" + kComputeCommonUse), "") << h;
  }
}

// One use of each op header's own names, both trees (the legacy path forwards).
TEST(HeaderClosure, ComputeOpHeadersExposeTheirOps) {
  struct Row {
    const char* header;
    const char* use;
  };
  const Row rows[] = {
      {"eltwise_unary/exp.h", "exp_tile_init(); exp_tile(0);"},
      {"eltwise_binary.h", "binary_op_init_common(0, 1, 16); add_tiles_init(0, 1); add_tiles(0, 1, 0, 0, 0);"},
      {"matmul.h", "mm_init(0, 1, 16); matmul_tiles(0, 1, 0, 0, 0);"},
      {"tile_move_copy.h", "copy_tile_init(0); copy_tile(0, 0, 0);"},
      {"eltwise_unary/eltwise_unary.h", "init_sfpu(0, 16);"},
  };
  for (const char* tree : {"api/compute/", "compute_kernel_api/"}) {
    for (const auto& r : rows) {
      const std::string src = std::string("#include \"") + tree + r.header + "\"\nnamespace NAMESPACE {\nvoid MAIN {\n" +
                              r.use + "\ncb_wait_front(0, 1);\n}\n}\n";
      EXPECT_EQ(syntax_errors(Side::kCompute, src), "") << tree << r.header;
    }
  }
}

TEST(HeaderClosure, DataflowApiBringsValidInvalidAndDprint) {
  for (const char* h : {"api/dataflow/dataflow_api.h", "dataflow_api.h"}) {
    const std::string src = std::string("#include \"") + h + R"("
void kernel_main() {
  volatile uint32_t* sem = reinterpret_cast<volatile uint32_t*>(get_semaphore(0));
  noc_semaphore_set(sem, VALID);
  noc_semaphore_wait(sem, INVALID);
  static_assert(VALID == 1 && INVALID == 0);
  static_assert(kernel_compile_time_args.size() == 0);
  DPRINT("v={}\n", VALID);
}
)";
    EXPECT_EQ(syntax_errors(Side::kDataflow, src), "") << h;
  }
}

// Headers at tt-metal's paths outside api/compute, each with a use of its names.
TEST(HeaderClosure, TtMetalPathHeadersExposeTheirNames) {
  struct Row {
    Side side;
    const char* header;
    const char* use;
  };
  const Row rows[] = {
      {Side::kDataflow, "hostdevcommon/common_values.hpp", "static_assert(VALID == 1 && INVALID == 0);"},
      {Side::kCompute, "hostdevcommon/common_values.hpp", "static_assert(VALID == 1 && INVALID == 0);"},
      {Side::kCompute, "hostdevcommon/kernel_structs.h",
       "static_assert(tt::CBIndex::c_3 == 3 && tt::HlkOperand::out0 == 16 && tt::DstMode::Half == 1);"},
      {Side::kDataflow, "hostdevcommon/dprint_common.h",
       "constexpr int ok = DPrintOK; (void)ok; SliceRange s = SliceRange::hw041(); (void)s;"},
      {Side::kDataflow, "hostdevcommon/tensor_accessor/arg_config.hpp",
       "static_assert(uint32_t(tensor_accessor::ArgConfig::IsDram) == 2);"},
      {Side::kCompute, "tt-metalium/constants.hpp",
       "using namespace tt::constants; static_assert(TILE_HEIGHT * TILE_WIDTH == TILE_HW && FACE_HW == 256 && "
       "BFLOAT8_B_TILE_HW == 1088 && BFLOAT4_B_TILE_HW == 576);"},
      {Side::kDataflow, "internal/mod_div_lib.h",
       "volatile uint32_t n = 99; (void)(fast_udiv_7(n) + udivsi3_const_divisor<12>(n) + umodsi3_const_divisor<5>(n));"},
      {Side::kDataflow, "api/core_local_mem.h",
       "CoreLocalMem<uint32_t> m(get_write_ptr(0)); m[1] = 2; ++m; (void)(m - CoreLocalMem<uint32_t>(0u));"},
      {Side::kCompute, "api/core_local_mem.h", "CoreLocalMem<uint16_t> m(uintptr_t(16)); (void)m.get_address();"},
      {Side::kDataflow, "experimental/kernel_args.h",
       "(void)experimental::get_arg(experimental::RtaArg<uint32_t>{4}); "
       "static_assert(experimental::get_arg(experimental::CtaVal<uint32_t>{3}) == 3);"},
      {Side::kCompute, "experimental/kernel_args.h",
       "(void)experimental::get_arg(experimental::CrtaArg<uint32_t>{0});"},
      {Side::kDataflow, "api/compile_time_args.h", "static_assert(kernel_compile_time_args.size() == 0);"},
      {Side::kDataflow, "api/alignment.h", "static_assert(align(33, 16) == 48 && align_power_of_2(64, 64) == 64);"},
      {Side::kDataflow, "api/debug/assert.h", "ASSERT(get_arg_val<uint32_t>(0) < 4);"},
      {Side::kDataflow, "api/dataflow/dataflow_api.h",
       "static_assert(MEM_ZEROS_SIZE == 512); uint32_t z = MEM_ZEROS_BASE; riscv_wait(10); (void)z; "
       "(void)reinterpret_cast<volatile uint32_t*>(RISCV_DEBUG_REG_WALL_CLOCK_L)[0];"},
      {Side::kCompute, "api/compute/common.h",
       "state_configure(0, 16, 1); state_configure<ckernel::Operand::SRCA>(0, 1); (void)std::pair<int, int>{}; "
       "static_assert(DST_SYNC_MODE == DstSync::SyncHalf || DST_SYNC_MODE == DstSync::SyncFull);"},
      {Side::kDataflow, "api/debug/dprint_tile.h",
       "DPRINT(\"{}\", TSLICE(0, 0, SliceRange::hw0_32_8(), TSLICE_INPUT_CB, TSLICE_RD_PTR, true, false));"},
      {Side::kCompute, "api/debug/dprint_tile.h", "TSLICE s(0, 0, SliceRange::h0_w0_32()); (void)s;"},
      {Side::kDataflow, "api/dataflow/dataflow_buffer.h",
       "DataflowBuffer d(DFBAccessor(1)); d.reserve_back(1); Noc noc; "
       "noc.async_write(d, d, 16, DataflowBufferArgs{}, DataflowBufferArgs{.offset_bytes = 16}); "
       "d.write_barrier(noc); d.push_back(1); d.finish(); (void)d.get_tile_size();"},
      {Side::kCompute, "api/dataflow/dataflow_buffer.h",
       "DataflowBuffer d(0); d.wait_front(1); (void)d.read_tile_value(0, 3); d.pop_front(1);"},
      {Side::kDataflow, "tt-metalium/buffer_types.hpp",
       "static_assert(int(tt::tt_metal::TensorMemoryLayout::HEIGHT_SHARDED) == 2 && "
       "int(tt::tt_metal::BufferType::L1) == 1);"},
      {Side::kDataflow, "tools/profiler/kernel_profiler.hpp",
       "DeviceZoneScopedN(\"zone\"); DeviceTimestampedData(\"t\", 1ull); DeviceRecordEvent(3);"},
      {Side::kCompute, "api/compute/softmax.h", "exp_tile_init(); exp_tile(0); recip_tile_init(); recip_tile(0);"},
      {Side::kCompute, "api/compute/layernorm.h", "rsqrt_tile_init(); rsqrt_tile(0); cb_wait_front(0, 1);"},
      {Side::kCompute, "api/compute/experimental/fast_untilize.h",
       "fast_untilize_init<4>(0, 16); fast_untilize_block<4>(0, 16); fast_untilize_uninit<4>(16);"},
      {Side::kDataflow, "llk_defs.h",
       "static_assert(uint8_t(ckernel::PoolType::MAX) == 2 && uint8_t(ckernel::ReduceDim::REDUCE_COL) == 1);"},
      {Side::kDataflow, "api/dataflow/noc_semaphore.h",
       "Semaphore<> s(0); s.up(1); s.down(1); Noc noc; s.set_multicast<NocOptions::MCAST_INCL_SRC>(noc, 1, 1, 2, 2, 4);"},
      {Side::kDataflow, "api/dataflow/endpoints.h",
       "Noc noc; noc.async_write_multicast(UnicastEndpoint{}, MulticastEndpoint{}, 16, 4, {.addr = 16}, "
       "{.noc_x_start = 1, .noc_y_start = 1, .noc_x_end = 2, .noc_y_end = 2, .addr = 16});"},
      {Side::kDataflow, "api/debug/waypoint.h", "WAYPOINT(\"ABCD\"); invalidate_l1_cache();"},
      // Sockets: the records host and kernels share, each end's calls (waits and pops in compute kernels too).
      {Side::kDataflow, "hostdev/socket.h",
       "static_assert(sizeof(sender_socket_md) == 28 && sizeof(receiver_socket_md) == 44 && "
       "sizeof(sender_downstream_encoding) == 16);"},
      {Side::kDataflow, "api/socket_api.h",
       "SocketSenderInterface s = create_sender_socket_interface(16); set_sender_socket_page_size(s, 32); "
       "socket_reserve_pages(s, 1); socket_push_pages(s, 1); socket_notify_receiver(s); socket_barrier(s); "
       "update_socket_config(s); static_assert(sender_socket_md_size_bytes == 32);"},
      {Side::kCompute, "api/socket_api.h",
       "SocketReceiverInterface r = create_receiver_socket_interface(16); set_receiver_socket_page_size(r, 32); "
       "(void)socket_wait_for_pages(r, 1); socket_pop_pages(r, 1); update_socket_config(r);"},
      {Side::kDataflow, "tt_metal/fabric/hw/inc/fabric_routing_mode.h",
       "static_assert((ROUTING_MODE_2D | ROUTING_MODE_MESH | ROUTING_MODE_LOW_LATENCY) == 0xA2);"},
      // The standard headers tt-metal's dataflow API reaches (with libstdc++, <array> brings std::min).
      {Side::kDataflow, "api/dataflow/dataflow_api.h",
       "std::array<uint32_t, 2> a{3, 4}; std::tuple<int, int> t{1, 2}; "
       "(void)(std::min(a[0], a[1]) + std::max(1u, 2u) + std::get<1>(t) + std::numeric_limits<uint32_t>::max()); "
       "std::variant<int, float> v = 1.0f; (void)v; std::memset(&a, 0, sizeof a);"},
      {Side::kDataflow, "internal/dataflow/dataflow_api_common.h",
       "static_assert(VIRTUAL_TENSIX_START_X == 1 && VIRTUAL_TENSIX_START_Y == 2 && NOC_ADDR_COORD_SHIFT == 36); "
       "static_assert(DYNAMIC_NOC_X(1, 3) == 3 && DYNAMIC_NOC_Y(1, 4) == 4); "
       "const bank_noc_xy_t xy = dram_bank_to_noc_xy[noc_index][1]; const int32_t o = bank_to_dram_offset[1]; "
       "(void)(xy + o + l1_bank_to_noc_xy[1][0] + bank_to_l1_offset[0]);"},
      {Side::kDataflow, "api/numeric/bfloat16.h",
       "static_assert(NEG_INF_BFLOAT16 == 0xFF80 && POS_INF_BFLOAT16 == 0x7F80 && NAN_BFLOAT16 == 0x7FFF && "
       "BFLOAT16_SIGN_MASK == 0x8000); (void)(fp32_to_bf16(1.0f) + bfloat16_greater(1, 2));"},
      {Side::kCompute, "api/numeric/float32.h",
       "static_assert(NEG_INF_FLOAT32 == 0xFF800000u && FLOAT32_MAGNITUDE_MASK == 0x7FFFFFFFu && "
       "FLOAT32_MANTISSA_MASK == 0x7FFFFFu); (void)float32_greater(1, 2);"},
      {Side::kDataflow, "ckernel.h",
       "ckernel::mailbox_write(ckernel::ThreadId::UnpackThreadId, 1); "
       "static_assert(ckernel::BriscThreadId == 0 && ckernel::PackThreadId == 3);"},
      {Side::kCompute, "ckernel.h", "(void)mailbox_read(ckernel::ThreadId::BriscThreadId);"},
      // ttnn's fused-bias matmul reads its batch flags with no include of ckernel.h.
      {Side::kCompute, "api/compute/matmul.h", "(void)mailbox_read(ckernel::ThreadId::BriscThreadId);"},
      {Side::kDataflow, "ckernel_defs.h",
       "static_assert(ckernel::MathThreadId == 2 && uint8_t(ckernel::PoolType::SUM) == 0);"},
      {Side::kDataflow, "api/numeric/int32.h",
       "static_assert(NEG_INF_INT32 < 0 && POS_INF_INT32 == 0x7FFFFFFF && INT32_SIGN_MASK == 0x80000000u); "
       "(void)int32_greater(1, 2);"},
      {Side::kDataflow, "debug/dprint.h", "DPRINT << SETPRECISION(3) << FIXED() << 1.5f << HEX() << 7u << ENDL();"},
      {Side::kDataflow, "api/tensor/page.h",
       "const tensor_accessor::Page p(64, 3); static_assert(sizeof(p.noc_addr()) == 8); (void)p.page_id();"},
      {Side::kDataflow, "api/tensor/shard_pages_address_iterator.h",
       "static_assert(sizeof(tensor_accessor::ShardPages<int>) > 0); (void)sizeof(tensor_accessor::Page);"},
      {Side::kDataflow, "api/tensor/pages_address_iterator.h",
       "static_assert(sizeof(tensor_accessor::PagesAddressIteratorSharded<int>) > 0); (void)sizeof(tensor_accessor::Page);"},
      {Side::kDataflow, "api/tensor/noc_traits.h",
       "Noc noc; const tensor_accessor::Page p(get_noc_addr(1, 2, 64), 0), here(get_noc_addr(128), 0); "
       "noc.async_read(p, here, 32, {.offset_bytes = 16}, {}); noc.async_write(here, p, 32, {}, {.offset_bytes = 16});"},
      // tt-metal's LLK layer and the compute headers around it (kapi-llk)
      {Side::kCompute, "llk_math_matmul_api.h",
       "static_assert(MM_THROTTLE == 0 && MM_THROTTLE_MAX == 5); llk_math_matmul_init<MathFidelity::HiFi4, MM_THROTTLE>(0, 1, 0); "
       "llk_math_matmul<MathFidelity::HiFi4, MM_THROTTLE>(0); llk_math_reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW, "
       "DST_ACCUM_MODE, MATH_FIDELITY>();"},
      {Side::kCompute, "llk_unpack_AB_matmul_api.h", "llk_unpack_AB_matmul_init(0, 1); llk_unpack_AB_matmul(0, 1, 0, 0);"},
      {Side::kCompute, "llk_unpack_common_api.h",
       "llk_unpack_reconfig_data_format_srca<DST_ACCUM_MODE, p_dim_stride_target::IGNORE>(0, 1); "
       "llk_unpack_AB_reduce_init<PoolType::MAX, ReduceDim::REDUCE_COL>(0, 1);"},
      {Side::kCompute, "llk_math_common_api.h", "llk_math_reconfig_data_format_srca<DST_ACCUM_MODE>(0, 1);"},
      {Side::kCompute, "llk_pack_api.h",
       "llk_pack_hw_configure<DST_ACCUM_MODE>(16); llk_pack_relu_config(ReluConfig::zero()); "
       "llk_pack_reconfig_l1_acc(1); llk_pack_reconfig_data_format<DST_ACCUM_MODE>(16, 17);"},
      {Side::kCompute, "llk_math_eltwise_binary.h", "llk_math_hw_configure<DST_ACCUM_MODE>(0, 1);"},
      {Side::kCompute, "api/compute/tilize.h",
       "fast_tilize_init_skip_remap(0, 4, 16); fast_tilize_block(0, 4, 16); fast_tilize_uninit(0, 16, 4); "
       "fast_tilize_init_with_dt_skip_remap(0, 4, 16);"},
      {Side::kCompute, "api/compute/blank.h", "cb_wait_front(0, 1);"},
      {Side::kCompute, "api/compute/compute_kernel_api_debug.h",
       "uint32_t b[1024]; dbg_read_dest_tile<DataFormat::Int32>(0, b); dbg_write_dest_tile<DataFormat::UInt8>(0, b); "
       "static_assert(!dbg_dest_fmt_supported(DataFormat::Bfp8_b));"},
      {Side::kCompute, "api/compute/debug/cb_hash.h", "hash_cb_trisc(0, 1, 2); hash_cb_sfpu(0, 1);"},
      {Side::kCompute, "api/compute/sentinel/sentinel_core.h",
       "ckernel::SentinelCore s; s.enable(); s.inject_all_operands(0, 1, 16); "
       "static_assert(RECONFIG_CHANGED_PACK == 4 && ckernel::INVALID_CB_INDEX == 0xFFFFFFFFu);"},
      {Side::kCompute, "api/compute/sentinel/testing_spy.h", "static_assert(!TEST_RECONFIG_CALLS(1)); SET_CALLED_RECONFIG(1);"},
      // Debug headers: printers print through DPRINT; watcher-only hooks compile to nothing (kapi-debug).
      {Side::kDataflow, "api/debug/pause.h", "if (get_arg_val<uint32_t>(0) != 0) PAUSE(); else PAUSE();"},
      {Side::kDataflow, "api/debug/ring_buffer.h",
       "WATCHER_RING_BUFFER_PUSH(get_arg_val<uint32_t>(0)); static_assert(DEBUG_RING_BUFFER_STARTING_INDEX == -1);"},
      {Side::kDataflow, "api/debug/noc_logging.h", "LOG_LEN(64) LOG_READ_LEN_FROM_STATE(0) LOG_WRITE_LEN_FROM_STATE(1)"},
      {Side::kDataflow, "api/debug/eth_link_status.h",
       "WATCHER_CHECK_ETH_LINK_STATUS(); static_assert(WATCHER_ETH_LINK_STATUS_ENABLED == 0);"},
      {Side::kCompute, "api/debug/timing_perturbation.h",
       "tt::compute::common::add_compute_nops<1, 2, 3, 0>(); tt::compute::common::add_nops<4, 1, 1>();"},
      {Side::kCompute, "api/debug/checkpoint.h",
       "DEBUG_CHECKPOINT(\"a\"); DEBUG_CHECKPOINT_EX(\"b\", 4, 8, true); DEBUG_CHECKPOINT_GLOBAL(\"c\", 0, 1, 1, 4);"},
      {Side::kCompute, "api/debug/dprint_tensix.h",
       "dprint_tensix_dest_reg(1); dprint_tensix_dest_reg<true>(); uint32_t w[2] = {1, 2}; "
       "dprint_array_with_data_type<2>(uint32_t(DataFormat::Float16_b), w); dprint_data_format(5); "
       "(void)reconstruct_float32(lo_word(3), hi_word(4)); dprint_tensix_dest_reg_row_float32(get_logical_row_id(0, 1, 2)); "
       "static_assert(NUM_ROWS_PER_TILE == 64 && PRECISION == 4); dprint_tensix_struct_field(w[0], 0xF, 0, \"f\", true);"},
      {Side::kCompute, "api/debug/dprint_tensix_pack.h",
       "dprint_tensix_pack_config(); dprint_tensix_pack_relu_config(); dprint_tensix_dest_rd_ctrl(); "
       "dprint_tensix_pack_edge_offset(1); dprint_tensix_pack_counters(); dprint_tensix_pack_strides(2);"},
      {Side::kCompute, "api/debug/dprint_tensix_unpack.h",
       "dprint_tensix_unpack_tile_descriptor(); dprint_tensix_unpack_config(1); dprint_tensix_alu_config(); "
       "dprint_tensix_dest_reg(0);"},
      {Side::kCompute, "api/debug/dprint_pages.h",
       "print_cb_details(0); tt::compute::common::print_tile_rows(0, 0, true, 0, 2); "
       "tt::compute::common::print_full_tile(0);"},
      {Side::kDataflow, "api/debug/dprint_pages.h",
       "print_cb_details(0); using namespace tt::data_movement::common; print_bf16_pages(0, 4, 1); "
       "print_f32_pages(0, 4, 1, 1); print_u8_pages(0, 4, 1); print_u16_pages(0, 2, 2); print_u32_pages(0, 2, 2);"},
      {Side::kDataflow, "api/debug/dump.h",
       "debug_dump_cb(0, 8); debug_dump_cb_typed(0, 1, TSLICE_OUTPUT_CB, false); debug_dump_l1(0x1000, 16);"},
      {Side::kCompute, "api/debug/dump.h", "debug_dump_cb(0); debug_dump_cb_typed(0, 0, false); debug_dump_l1(0x1000, 4);"},
      {Side::kDataflow, "api/lock.h", "int n = 0; { Lock l([&] { ++n; }); } (void)n;"},
      {Side::kDataflow, "api/kernel_thread_globals.h",
       "thread_sync_init(); wait_threads(get_num_threads()); sync_threads(); (void)get_my_thread_id();"},
      {Side::kCompute, "api/kernel_thread_globals.h", "static_assert(sizeof(get_num_threads()) == 4); (void)get_my_thread_id();"},
      {Side::kCompute, "debug/dprint_tensix.h", "dprint_tensix_dest_reg(0);"},
      {Side::kDataflow, "debug/dprint_pages.h", "tt::data_movement::common::print_u32_pages(0, 2, 2);"},
      {Side::kDataflow, "debug/pause.h", "PAUSE();"},
      {Side::kDataflow, "debug/ring_buffer.h", "WATCHER_RING_BUFFER_PUSH(1u);"},
      {Side::kDataflow, "debug/noc_logging.h", "LOG_LEN(4)"},
      {Side::kDataflow, "debug/eth_link_status.h", "WATCHER_CHECK_ETH_LINK_STATUS();"},
      {Side::kCompute, "debug/dprint_tensix_pack.h", "dprint_tensix_pack_config();"},
      {Side::kCompute, "debug/dprint_tensix_unpack.h", "dprint_tensix_alu_config();"},
  };
  for (const auto& r : rows) {
    const std::string body = r.side == Side::kCompute ? "namespace NAMESPACE {\nvoid MAIN {\n" : "void kernel_main() {\n";
    const std::string src = std::string("#include \"") + r.header + "\"\n" + body + r.use + "\n}\n" +
                            (r.side == Side::kCompute ? "}\n" : "");
    EXPECT_EQ(syntax_errors(r.side, src), "") << r.header;
  }
}

// With DEBUG_CB_HASH the CB hash prints (hash_cb_trisc); the SFPU hash,
// not emulated, is refused at compile rather than computed wrong.
TEST(HeaderClosure, CbHashUnderDebugCbHash) {
  const std::string trisc = "#include \"api/compute/debug/cb_hash.h\"\nnamespace NAMESPACE { void MAIN { hash_cb_trisc(0, 2, 7); } }\n";
  EXPECT_EQ(syntax_errors(Side::kCompute, trisc, {"DEBUG_CB_HASH"}), "");
  const std::string sfpu = "#include \"api/compute/debug/cb_hash.h\"\nnamespace NAMESPACE { void MAIN { hash_cb_sfpu(0, 2); } }\n";
  EXPECT_EQ(syntax_errors(Side::kCompute, sfpu), "");
  EXPECT_NE(syntax_errors(Side::kCompute, sfpu, {"DEBUG_CB_HASH"}).find("the SFPU CB hash is not emulated"),
            std::string::npos);
}

// get_local_cb_interface is readable everywhere, also bound as `auto&` (as
// ttnn's kernel_lib does); a mutable reference or an assignment to a field
// (to move FIFO pointers behind the CB calls) does not compile.
TEST(HeaderClosure, LocalCbInterfaceIsReadOnly) {
  EXPECT_EQ(syntax_errors(Side::kDataflow, "void kernel_main() { (void)get_local_cb_interface(0).fifo_page_size; }\n"),
            "");
  EXPECT_EQ(syntax_errors(Side::kCompute, "#include \"api/compute/common.h\"\n"
                                          "namespace NAMESPACE { void MAIN { (void)get_local_cb_interface(0).fifo_rd_ptr; } }\n"),
            "");
  EXPECT_EQ(syntax_errors(Side::kCompute, "#include \"api/compute/common.h\"\n"
                                          "namespace NAMESPACE { void MAIN { auto& cb = get_local_cb_interface(0); "
                                          "(void)(cb.fifo_size / cb.fifo_page_size); } }\n"),
            "");
  const std::string err =
      syntax_errors(Side::kDataflow, "void kernel_main() { LocalCBInterface& i = get_local_cb_interface(0); i.fifo_wr_ptr = 0; }\n");
  EXPECT_NE(err.find("discards qualifiers"), std::string::npos) << err;
  const std::string assigned =
      syntax_errors(Side::kDataflow, "void kernel_main() { auto& i = get_local_cb_interface(0); i.fifo_wr_ptr = 0; }\n");
  EXPECT_NE(assigned.find("read-only"), std::string::npos) << assigned;
}

// shard_pages() and pages() with no range are for sharded accessors; an
// interleaved one refuses shard_pages() with tt-metal's message and needs
// pages() told its range.
TEST(HeaderClosure, PageIteratorsOfShardedAndInterleavedAccessors) {
  const std::vector<std::string> sharded = {"KERNEL_COMPILE_TIME_ARGS=1,64,2,2,3,4,2,2,516,772"};
  const std::vector<std::string> interleaved = {"KERNEL_COMPILE_TIME_ARGS=2,64"};
  const std::string head = "void kernel_main() {\n  const auto a = TensorAccessor(TensorAccessorArgs<0>(), 0);\n";
  EXPECT_EQ(syntax_errors(Side::kDataflow, head + "for (const auto& p : a.shard_pages(1, 1)) (void)p.noc_addr();\n"
                                                  "for (const auto& p : a.pages()) (void)p.page_id();\n}\n",
                          sharded),
            "");
  EXPECT_EQ(syntax_errors(Side::kDataflow, head + "for (const auto& p : a.pages(0, 8)) (void)p.page_id();\n}\n",
                          interleaved),
            "");
  const std::string shard_err =
      syntax_errors(Side::kDataflow, head + "(void)a.shard_pages(0);\n}\n", interleaved);
  EXPECT_NE(shard_err.find("TensorAccessor::shard_pages is not supported by the interleaved tensor accessor"),
            std::string::npos)
      << shard_err;
  const std::string pages_err = syntax_errors(Side::kDataflow, head + "(void)a.pages();\n}\n", interleaved);
  EXPECT_NE(pages_err.find("no matching function for call to"), std::string::npos) << pages_err;
}

// Named compile-time args arrive as one define; an unknown name is a compile
// error at the kernel's line, naming the problem.
TEST(HeaderClosure, NamedCompileTimeArgs) {
  const std::vector<std::string> defines = {R"(KERNEL_NAMED_COMPILE_TIME_ARGS={"cb_in",3},{"num_tiles",64})",
                                            "KERNEL_COMPILE_TIME_ARGS=5,6,7"};
  const char* ok = R"(
constexpr uint32_t cb_in = get_named_compile_time_arg_val("cb_in");
static_assert(cb_in == 3 && get_named_compile_time_arg_val("num_tiles") == 64);
static_assert(kernel_compile_time_args.size() == 3 && kernel_compile_time_args[2] == 7);
static_assert(get_compile_time_arg_val(1) == 6);
void kernel_main() {}
)";
  EXPECT_EQ(syntax_errors(Side::kDataflow, ok, defines), "");
  EXPECT_EQ(syntax_errors(Side::kCompute, std::string(ok) + "namespace NAMESPACE { void MAIN {} }\n", defines), "");
  const std::string err = syntax_errors(
      Side::kDataflow, "constexpr uint32_t x = get_named_compile_time_arg_val(\"nope\");\nvoid kernel_main() {}\n",
      defines);
  EXPECT_NE(err.find("named_compile_time_arg_not_passed_to_this_kernel"), std::string::npos) << err;
  EXPECT_NE(err.find("<stdin>:1:"), std::string::npos) << err;
}

// kernel_compile_time_args is a std::array, as on tt-metal: a kernel hands it
// to a function template over std::array (tt-metal's compile_time_args test
// kernel sums it so), in both roles, with args and without.
TEST(HeaderClosure, CompileTimeArgArrayIsAStdArray) {
  const char* src = R"(
template <size_t N>
constexpr uint32_t sum(const std::array<uint32_t, N>& array) {
  uint32_t s = 0;
  for (uint32_t v : array) s += v;
  return s;
}
static_assert(sum(kernel_compile_time_args) == EXPECTED);
void kernel_main() {}
)";
  EXPECT_EQ(syntax_errors(Side::kDataflow, src, {"KERNEL_COMPILE_TIME_ARGS=5,6,7", "EXPECTED=18"}), "");
  EXPECT_EQ(syntax_errors(Side::kDataflow, src, {"EXPECTED=0"}), "");
  EXPECT_EQ(syntax_errors(Side::kCompute, std::string("#include \"api/compute/common.h\"\n") + src,
                          {"KERNEL_COMPILE_TIME_ARGS=1,2,3,4", "EXPECTED=10"}),
            "");
}

// get_tile_size and get_dataformat are constant expressions when the kernel
// compiler passes the CB formats; without them the error names what is missing.
TEST(HeaderClosure, TileSizeIsConstexprGivenCbFormats) {
  const char* src = R"(
constexpr uint32_t in_bytes = get_tile_size(tt::CBIndex::c_0);
static_assert(in_bytes == 2048 && get_tile_size(1) == 4096 && get_tile_size(3) == 1088 && get_tile_size(4) == 576);
static_assert(get_dataformat(3) == DataFormat::Bfp8_b && get_tile_hw(0) == 1024 && get_tile_num_faces(0) == 4);
void kernel_main() {}
)";
  EXPECT_EQ(syntax_errors(Side::kDataflow, src, {"KERNEL_CB_DATA_FORMATS=5,0,255,6,7"}), "");
  // The descriptor tables tt-metal's JIT generates, which helper headers index.
  const char* tables = R"(
static_assert(DATA_FORMATS_DEFINED && unpack_src_format[3] == 6 && pack_dst_format[1] == 0);
static_assert(unpack_tile_size[0] == 2048 && pack_tile_size[4] == 576 && unpack_tile_r_dim[2] == 32);
static_assert(unpack_tile_num_faces[0] == 4 && pack_tile_face_r_dim[0] == 16 && pack_tile_c_dim[63] == 32);
uint as_on_device = 1;
)";
  EXPECT_EQ(syntax_errors(Side::kDataflow, std::string(tables) + "void kernel_main() {}\n",
                          {"KERNEL_CB_DATA_FORMATS=5,0,255,6,7"}), "");
  EXPECT_EQ(syntax_errors(Side::kCompute, std::string("#include \"api/compute/common.h\"\n") + tables +
                                              "namespace NAMESPACE { void MAIN {} }\n",
                          {"KERNEL_CB_DATA_FORMATS=5,0,255,6,7"}), "");
  const std::string err = syntax_errors(Side::kDataflow, src, {"KERNEL_CB_DATA_FORMATS=5"});
  EXPECT_NE(err.find("cb_format_not_known_when_this_kernel_was_compiled"), std::string::npos) << err;
}

}  // namespace
}  // namespace zyxtt::emu::test
