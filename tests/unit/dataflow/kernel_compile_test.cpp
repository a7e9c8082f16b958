// Kernel sources of every era compile against kernel-api/ exactly as the JIT
// builds them: zyx's corpus kernels (read from the corpus at test time) and
// tt-metal-example-style classic kernels written here.
#include <gtest/gtest.h>

#include <dirent.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <utility>
#include <set>
#include <sstream>

#include "device/emu/jit/kernel_compiler.h"
#include "device/emu/jit/subprocess.h"
#include "kernel_loader.h"

namespace zyxtt::emu::test {
namespace {

// Classic G1 reader: no includes at all (the firmware pre-includes the API).
constexpr const char* kClassicReader = R"(
void kernel_main() {
  uint32_t src_addr = get_arg_val<uint32_t>(0);
  uint32_t n_tiles = get_arg_val<uint32_t>(1);
  constexpr uint32_t cb_in = tt::CBIndex::c_0;
  const uint32_t tile_bytes = get_tile_size(cb_in);
  const InterleavedAddrGenFast<true> src = {
      .bank_base_address = src_addr, .page_size = tile_bytes, .data_format = get_dataformat(cb_in)};
  for (uint32_t i = 0; i < n_tiles; ++i) {
    cb_reserve_back(cb_in, 1);
    uint32_t l1 = get_write_ptr(cb_in);
    noc_async_read_tile(i, src, l1);
    noc_async_read_barrier();
    cb_push_back(cb_in, 1);
  }
  InterleavedAddrGen<true> gen = {.bank_base_address = src_addr, .page_size = 2048};
  uint64_t a = get_noc_addr(3, gen);
  uint64_t b = get_noc_addr(3, gen, 16, noc_index);
  uint64_t c = get_noc_addr(my_x[noc_index], my_y[noc_index], get_write_ptr(cb_in));
  uint64_t d = get_noc_addr_from_bank_id<true>(1, 0x100);
  uint64_t m = get_noc_multicast_addr(1, 2, 3, 4, 0x1000);
  noc_async_read(a + b + c + d + m, get_write_ptr(cb_in), 32);
  noc_async_read_one_packet(a, get_write_ptr(cb_in), 32);
  noc_async_read<2048>(a, get_write_ptr(cb_in), 32, noc_index);
  noc_async_read_page(2, gen, get_write_ptr(cb_in));
  volatile tt_l1_ptr uint32_t* sem = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_semaphore(0));
  noc_semaphore_set(sem, 0);
  noc_semaphore_wait(sem, 0);
  noc_semaphore_wait_min(sem, 0);
  noc_semaphore_set_remote(get_semaphore(1), get_noc_addr(1, 2, get_semaphore(1)));
  noc_semaphore_set_multicast(get_semaphore(1), m, 3);
  noc_semaphore_inc(get_noc_addr(1, 2, get_semaphore(0)), 1);
  noc_inline_dw_write(get_noc_addr(1, 2, get_semaphore(0)), 7);
  noc_async_write_multicast(get_write_ptr(cb_in), m, 64, 3);
  noc_async_write_multicast_loopback_src(get_write_ptr(cb_in), m, 64, 4);
  noc_async_atomic_barrier();
  noc_async_full_barrier();
  uint32_t first = *reinterpret_cast<uint32_t*>(get_arg_addr(0));
  (void)first;
}
)";

// Classic writer with the legacy include path, TensorAccessor (G1.5) and DPRINT.
constexpr const char* kAccessorWriter = R"(
#include "dataflow_api.h"
#include "debug/dprint.h"
void kernel_main() {
  const uint32_t dst_addr = get_arg_val<uint32_t>(0);
  const uint32_t n_pages = get_arg_val<uint32_t>(1);
  constexpr uint32_t cb_out = get_compile_time_arg_val(0) == 2 ? tt::CBIndex::c_16 : 0;
  constexpr auto a0 = TensorAccessorArgs<0>();
  constexpr auto a1 = TensorAccessorArgs<a0.next_compile_time_args_offset()>();
  static_assert(a1.next_compile_time_args_offset() == 4 && a0.is_dram && a0.AlignedPageSize == 4096);
  const auto dst = TensorAccessor(a0, dst_addr, get_tile_size(cb_out));
  const auto dst2 = TensorAccessor(a1, dst_addr);
  for (uint32_t i = 0; i < n_pages; ++i) {
    cb_wait_front(cb_out, 1);
    noc_async_write_page(i, dst, get_read_ptr(cb_out));
    noc_async_write_tile(i, dst2, get_read_ptr(cb_out));
    noc_async_write(get_read_ptr(cb_out), dst.get_noc_addr(i, 0), 64);
    noc_async_write<NOC_MAX_BURST_SIZE + 1, true, true>(get_read_ptr(cb_out), get_noc_addr(i, dst2), 64);
    noc_async_writes_flushed();
    noc_async_posted_writes_flushed();
    noc_async_write_barrier();
    cb_pop_front(cb_out, 1);
  }
  DPRINT << "done " << n_pages << " pages at " << HEX() << dst_addr << DEC() << SETW(6) << 1.25f << ENDL();
  DPRINT_DATA1(DPRINT << "ncrisc only" << ENDL());
  if (cb_pages_reservable_at_back(cb_out, 1) && cb_pages_available_at_front(cb_out, 0)) {
    DPRINT << get_absolute_logical_x() << "," << get_absolute_logical_y() << ENDL();
  }
}
)";

// G2 spelling: experimental:: object API.
constexpr const char* kExperimental = R"(
#include "experimental/noc.h"
#include "experimental/circular_buffer.h"
#include "accessor/tensor_accessor.h"
void kernel_main() {
  experimental::Noc noc;
  experimental::CircularBuffer cb(0);
  auto acc = TensorAccessor(TensorAccessorArgs<2>(1), get_arg_val<uint32_t>(0), 64);
  cb.reserve_back(1);
  noc.async_read(acc, cb, 64, {.page_id = 1}, {.offset_bytes = 0});
  noc.async_read(acc, cb, 64, {.page_id = 1, .offset_bytes = 0}, {});
  noc.async_read_barrier();
  cb.push_back(1);
  cb.wait_front(1);
  noc.async_write(use<CircularBuffer::AddrSelector::READ_PTR>(cb), acc, 64, {}, {.page_id = 2});
  noc.async_write<NocOptions::POSTED | NocOptions::CUSTOM_VC>(cb, acc, 64, {}, {.page_id = 2}, {.vc = 2});
  noc.async_write_multicast<NocOptions::MCAST_INCL_SRC>(cb, cb, 64, 4, {}, {.noc_x_start = 1, .noc_y_start = 2,
                                                                         .noc_x_end = 2, .noc_y_end = 3});
  noc.inline_dw_write(acc, 5u, {.page_id = 0});
  noc.async_writes_flushed();
  noc.async_write_barrier();
  noc.async_atomic_barrier();
  noc.async_full_barrier();
  cb.pop_front(1);
  (void)noc.is_local_bank(1, 2);
  (void)cb.get_tile_size();
  (void)cb.get_dataformat();
  auto lock = cb.scoped_lock();
  (void)lock;
}
)";

// Compute side: the object CB and prints must compile in TRISC builds.
constexpr const char* kComputeSide = R"(
#include "api/dataflow/circular_buffer.h"
#include "api/debug/dprint.h"
#include "api/debug/device_print.h"
namespace NAMESPACE {
void MAIN {
  CircularBuffer in(tt::CBIndex::c_0);
  CircularBuffer out(tt::CBIndex::c_16);
  in.wait_front(1);
  out.reserve_back(1);
  uint32_t v = in.read_tile_value(0, 3) + in.get_tile_address(0) + out.get_write_ptr();
  DPRINT_UNPACK(DPRINT << "unpack " << v << ENDL());
  DPRINT_MATH(DPRINT << "math" << ENDL());
  DPRINT_PACK(DPRINT << "pack" << ENDL());
  DEVICE_PRINT_PACK("pack {}\n", v);
  out.push_back(1);
  in.pop_front(1);
}
}  // namespace NAMESPACE
)";

// In the shape of ttnn's transpose, untilize and reduce readers: std::min and
// std::array with no include; a helper that takes its interleaved path through
// TensorAccessor::DSpec (the sharded branch, discarded, calls what only sharded
// accessors have); addresses built from the firmware's bank tables as ttnn's
// ShardedAddrGen does; a scaler from api/numeric; the host's REDUCE_OP define.
constexpr const char* kTtnnShapes = R"(
#include "api/dataflow/dataflow_api.h"
#include "api/numeric/bfloat16.h"
#include "llk_defs.h"
template <typename AddrGen>
void read_row(uint32_t l1, AddrGen tensor, uint32_t id, uint32_t offset, uint32_t size) {
  if constexpr (AddrGen::DSpec::is_interleaved) {
    noc_async_read(tensor.get_noc_addr(id, offset), l1, size);
  } else {
    const auto& dspec = tensor.dspec();
    noc_async_read(tensor.get_noc_addr(id * dspec.tensor_shape()[dspec.rank() - 1], offset), l1, size);
  }
}
uint64_t sharded_addr(uint32_t l1_addr, uint32_t coords, uint32_t noc = noc_index) {
  const uint32_t bank = (coords >> 8) & 0xFF;
  if (coords & 0x10000) {
    return (uint64_t(dram_bank_to_noc_xy[noc][bank]) << NOC_ADDR_COORD_SHIFT) | (l1_addr + bank_to_dram_offset[bank]);
  }
  return NOC_XY_ADDR(DYNAMIC_NOC_X(noc, bank + VIRTUAL_TENSIX_START_X), DYNAMIC_NOC_Y(noc, (coords & 0xFF) + VIRTUAL_TENSIX_START_Y), l1_addr);
}
void kernel_main() {
  constexpr auto args = TensorAccessorArgs<0>();
  const auto src = TensorAccessor(args, get_arg_val<uint32_t>(0), 64);
  static_assert(decltype(src)::DSpec::is_interleaved && decltype(src)::DSpec::is_dram);
  std::array<uint32_t, 2> sizes{64, get_arg_val<uint32_t>(1)};
  cb_reserve_back(0, 1);
  read_row(get_write_ptr(0), src, 0, 0, std::min(sizes[0], sizes[1]));
  noc_async_read(sharded_addr(0x1000, get_arg_val<uint32_t>(2)), get_write_ptr(0), std::max(16u, sizes[1]));
  noc_async_read_barrier();
  constexpr ckernel::PoolType op = REDUCE_OP;
  const uint16_t scaler = op == ckernel::PoolType::SUM ? fp32_to_bf16(1.0f) : NEG_INF_BFLOAT16;
  *reinterpret_cast<volatile uint16_t*>(get_write_ptr(0)) = scaler;
  cb_push_back(0, 1);
}
)";

class KernelCompileTest : public ::testing::Test {
 protected:
  ~KernelCompileTest() override { remove_dir(dir); }
  std::string dir = scratch_dir();
  std::string source(const char* name, const char* text) {
    const std::string p = dir + "/" + name;
    write_file(p, text);
    return p;
  }
};

TEST_F(KernelCompileTest, ClassicReaderBuildsIntoASharedObject) {
  const BuildResult r = build_kernel({source("classic_reader.cpp", kClassicReader)}, KernelRole::kReader,
                                     dir + "/classic_reader.so");
  EXPECT_EQ(r.status, 0) << r.output;
}

TEST_F(KernelCompileTest, AccessorWriterWithLegacyIncludes) {
  const BuildResult r = build_kernel({source("accessor_writer.cpp", kAccessorWriter)}, KernelRole::kWriter,
                                     dir + "/accessor_writer.so");
  EXPECT_EQ(r.status, 0) << r.output;
}

TEST_F(KernelCompileTest, ExperimentalObjectApi) {
  const BuildResult r = build_kernel({source("experimental.cpp", kExperimental)}, KernelRole::kReader, "",
                                     "2,4096,2,64");
  EXPECT_EQ(r.status, 0) << r.output;
}

TEST_F(KernelCompileTest, TtnnDataMovementShapesWithTheirHostDefines) {
  const BuildResult r = build_kernel({source("ttnn_shapes.cpp", kTtnnShapes)}, KernelRole::kReader, "", "2,64",
                                     {"REDUCE_OP=ckernel::PoolType::SUM", "REDUCE_DIM=ckernel::ReduceDim::REDUCE_ROW"});
  EXPECT_EQ(r.status, 0) << r.output;
}

TEST_F(KernelCompileTest, ComputeSideCircularBufferAndPrints) {
  const BuildResult r = build_kernel({source("compute.cpp", kComputeSide)}, KernelRole::kCompute, "", "");
  EXPECT_EQ(r.status, 0) << r.output;
}

TEST_F(KernelCompileTest, MissingCompileTimeArgsIsACompileError) {
  const BuildResult r = build_kernel({source("no_cta.cpp", "void kernel_main() { auto a = TensorAccessorArgs<2>(); (void)a; }")},
                                     KernelRole::kReader, "", "2,4096");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("index beyond the kernel's compile-time args"), std::string::npos) << r.output;
}

// ELWDIV and ELWLESS are EltwiseBinaryTypes the FPU has no op for: a
// broadcast with one is refused by the compiler, never run as an add.
TEST_F(KernelCompileTest, AnFpuOpOutsideAddSubMulIsACompileError) {
  for (const char* call : {"init_bcast<ELWDIV, BroadcastType::ROW>(0, 1, 16);",
                           "any_tiles_bcast<ELWLESS, BroadcastType::COL>(0, 1, 0, 0, 0);",
                           "binary_dest_reuse_tiles<ELWDIV>(0, 0, 0);"}) {
    const std::string text = std::string("#include \"api/compute/bcast.h\"\n#include \"api/compute/eltwise_binary.h\"\n"
                                         "void kernel_main() { ") + call + " }\n";
    const BuildResult r = build_kernel({source("fpu_op.cpp", text.c_str())}, KernelRole::kCompute, "", "");
    EXPECT_NE(r.status, 0) << call;
    EXPECT_NE(r.output.find("the FPU's binary ops are ELWADD, ELWSUB and ELWMUL"), std::string::npos) << r.output;
  }
  const BuildResult ok = build_kernel(
      {source("fpu_ok.cpp", "#include \"api/compute/bcast.h\"\nvoid kernel_main() { any_tiles_bcast<ELWMUL, "
                            "BroadcastType::ROW>(0, 1, 0, 0, 0); }\n")},
      KernelRole::kCompute, "", "");
  EXPECT_EQ(ok.status, 0) << ok.output;
}

std::vector<std::string> corpus_sources(const std::string& suffix) {
  std::vector<std::string> out;
  const std::string root = corpus_dir();
  if (root.empty()) return out;
  std::set<std::string> seen;
  for (const char* version : {"v016", "head"}) {
    const std::string vdir = root + "/zyx/" + version;
    DIR* d = opendir(vdir.c_str());
    if (d == nullptr) continue;
    std::vector<std::string> cases;
    while (dirent* e = readdir(d)) {
      if (e->d_name[0] != '.') cases.push_back(e->d_name);
    }
    closedir(d);
    std::sort(cases.begin(), cases.end());
    for (const std::string& c : cases) {
      const std::string sdir = vdir + "/" + c + "/session";
      DIR* s = opendir(sdir.c_str());
      if (s == nullptr) continue;
      while (dirent* e = readdir(s)) {
        const std::string n = e->d_name;
        if (n.size() <= suffix.size() || n.compare(n.size() - suffix.size(), suffix.size(), suffix) != 0) continue;
        std::ifstream f(sdir + "/" + n);
        std::stringstream text;
        text << f.rdbuf();
        if (seen.insert(text.str()).second) out.push_back(sdir + "/" + n);
      }
      closedir(s);
    }
  }
  return out;
}

// What a kernel's translation unit holds bounds its compile time, and zyx
// compiles three kernels per program: the kernel API must stay lean (one
// <iostream> alone is ~39000 lines). Counted on the JIT's own command with -E,
// so it does not depend on the machine's load or the kernel cache.
TEST(CorpusCompileTest, ZyxShapeKernelsPreprocessToFewLines) {
  const std::string root = corpus_dir();
  if (root.empty()) GTEST_SKIP() << "corpus not present";
  // About 23000 since the dataflow API brings the standard headers tt-metal's
  // does (<array>, <tuple>, <variant>, <limits>, <cstring>: real kernels call
  // std::min without including <algorithm>); they add ~0.05 s per kernel.
  constexpr size_t kMaxLines = 26000;
  const std::string dir = scratch_dir();
  KernelCompiler compiler(dir + "/cache", ZYXTT_KERNEL_API_DIR);  // the runtime's default compiler
  for (const char* c : {"v016/shape_add_f32_1000x1000", "head/dtype_add_bf16_64x64"}) {
    for (auto [role, file] : {std::pair{krt::Role::kReader, "reader.cpp"}, std::pair{krt::Role::kWriter, "writer.cpp"}}) {
      const std::string path = root + "/zyx/" + c + "/session/prog0_id0_" + file;
      std::ifstream in(path);
      std::stringstream text;
      text << in.rdbuf();
      CompileRequest spec;
      spec.role = role;
      spec.source = text.str();
      spec.compile_args = {2, 4096, 2, 4096};
      std::vector<std::string> cmd = compiler.command(spec, dir + "/kernel.ii");
      cmd.push_back("-E");
      std::string err;
      const ProcessResult r = run_process(cmd, spec.source, [&](std::string_view chunk) { err += chunk; });
      ASSERT_EQ(r.exit_code, 0) << path << ": " << err;
      std::ifstream pre(dir + "/kernel.ii");
      const size_t lines = std::count(std::istreambuf_iterator<char>(pre), std::istreambuf_iterator<char>(), '\n');
      std::printf("%s %s: %zu preprocessed lines\n", c, file, lines);
      EXPECT_GT(lines, 100u) << path;  // the API is in there
      EXPECT_LE(lines, kMaxLines) << path << ": the kernel API pulls in heavy headers";
    }
  }
  remove_dir(dir);
}

TEST(CorpusCompileTest, EveryCorpusReaderAndWriterCompiles) {
  if (corpus_dir().empty()) GTEST_SKIP() << "corpus not present";
  const auto readers = corpus_sources("_reader.cpp");
  const auto writers = corpus_sources("_writer.cpp");
  ASSERT_FALSE(readers.empty());
  // Enough [IsDram, 4096] pairs for the kernel with the most buffers.
  const std::string ctas = "2,4096,2,4096,2,4096,2,4096,2,4096,2,4096,2,4096,2,4096";
  const BuildResult r = build_kernel(readers, KernelRole::kReader, "", ctas);
  EXPECT_EQ(r.status, 0) << r.output.substr(r.output.find('\n'), 4000);
  const BuildResult w = build_kernel(writers, KernelRole::kWriter, "", ctas);
  EXPECT_EQ(w.status, 0) << w.output.substr(w.output.find('\n'), 4000);
  std::printf("%zu unique readers in %.2f s, %zu unique writers in %.2f s\n", readers.size(), r.seconds,
              writers.size(), w.seconds);
}

}  // namespace
}  // namespace zyxtt::emu::test
