// Emulator costs measured beside their floor in the same run: kernel JIT
// (cold, warm from disk, hot), run overhead against a bare command round
// trip, tile pipelines against plain C++ loops over the same data, zyx's
// per-element NOC path, and grid scaling over host threads.
//
// Everything goes through the real zyx-tt-runtime binary, its device worker
// and real shm, driven by the client library.
#include <benchmark/benchmark.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "common/fs.h"
#include "common/shm.h"
#include "raw_client.h"
#include "scenario_programs.h"
#include "zyxtt/client.h"

#ifdef ZYXTT_HAVE_OPENBLAS
#include <cblas.h>
#endif

namespace {

namespace zc = zyxtt::client;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr uint32_t kGridRows = 10, kGridCols = 12;  // p100a's worker grid
constexpr uint32_t kTileFloats = 1024;
constexpr uint32_t kTiles = 1024;  // 1M fp32 = 1024 tiles of 4096 bytes
constexpr uint64_t kFloats = uint64_t{kTiles} * kTileFloats;
constexpr uint64_t kBytes = kFloats * sizeof(float);

// ---- runtimes ------------------------------------------------------------------------------

fs::path bench_root() {
  static const fs::path root = [] {
    fs::path p = fs::temp_directory_path() / ("zyxtt-emu-bench-" + std::to_string(getpid()));
    fs::create_directories(p);
    return p;
  }();
  return root;
}
// Shared by every runtime of this process that wants a warm cache.
fs::path warm_cache() { return bench_root() / "warm-cache"; }

std::unique_ptr<zc::Runtime> spawn(const fs::path& cache, uint32_t threads = 0,
                                   const std::vector<std::pair<std::string, std::string>>& env = {}) {
  zc::SpawnOptions options;
  options.program = ZYXTT_RUNTIME_PATH;
  options.env = env;
  if (threads != 0) options.args = {"--threads", std::to_string(threads)};
  auto rt = std::make_unique<zc::Runtime>(options);
  rt->init(cache);
  return rt;
}

// One long-lived runtime per thread count (0: the runtime's default, one
// host thread per CPU).
zc::Runtime& runtime(uint32_t threads = 0) {
  static std::map<uint32_t, std::unique_ptr<zc::Runtime>> runtimes;
  auto& rt = runtimes[threads];
  if (!rt) rt = spawn(warm_cache(), threads);
  return *rt;
}

// ---- kernel sources (generated per grid so every core knows its tile range) ------------------

// Tiles [begin, end) of core (r, c) when `tiles` are dealt over rows x cols cores.
std::string tile_range(uint32_t tiles, uint32_t rows, uint32_t cols) {
  return "constexpr uint32_t kTiles = " + std::to_string(tiles) + ", kRows = " + std::to_string(rows) +
         ", kCols = " + std::to_string(cols) +
         ";\n"
         "static inline void tile_range(uint32_t r, uint32_t c, uint32_t& b, uint32_t& e) {\n"
         "  const uint32_t core = r * kCols + c, n = kRows * kCols;\n"
         "  b = kTiles * core / n;\n"
         "  e = kTiles * (core + 1) / n;\n"
         "}\n";
}

struct Program {
  std::string reader, compute, writer;
  std::vector<zc::CbConfig> cbs;
};

constexpr zc::CbConfig kCbIn0{0, zc::CbFormat::kFloat32}, kCbIn1{1, zc::CbFormat::kFloat32},
    kCbOut{16, zc::CbFormat::kFloat32};

Program trivial_program() {
  const std::string empty = "void kernel_main() {}\n";
  return {empty, empty, empty, {kCbIn0}};
}

// Reader: one 4096-byte page read per tile (noc_async_read_page through a
// TensorAccessor) into CB 0, or into CBs 0 and 1 for two inputs.
std::string tile_reader(uint32_t inputs, uint32_t rows, uint32_t cols) {
  std::string s = "#include <cstdint>\n#include \"api/dataflow/dataflow_api.h\"\n#include \"api/tensor/tensor_accessor.h\"\n" +
                  tile_range(kTiles, rows, cols) + "void kernel_main() {\n";
  for (uint32_t i = 0; i < inputs; ++i) {
    const std::string n = std::to_string(i);
    s += "  const auto args" + n + " = TensorAccessorArgs<" + std::to_string(2 * i) + ">(" + n + ");\n";
    s += "  const auto in" + n + " = TensorAccessor(args" + n + ", get_arg_val<uint32_t>(" + n + "), 4096);\n";
  }
  s += "  uint32_t b, e;\n  tile_range(get_arg_val<uint32_t>(" + std::to_string(inputs) + "), get_arg_val<uint32_t>(" +
       std::to_string(inputs + 1) + "), b, e);\n";
  s += "  for (uint32_t t = b; t < e; ++t) {\n";
  for (uint32_t i = 0; i < inputs; ++i) {
    const std::string n = std::to_string(i);
    s += "    cb_reserve_back(" + n + ", 1);\n    noc_async_read_page(t, in" + n + ", get_write_ptr(" + n + "));\n";
  }
  s += "    noc_async_read_barrier();\n";
  for (uint32_t i = 0; i < inputs; ++i) s += "    cb_push_back(" + std::to_string(i) + ", 1);\n";
  s += "  }\n}\n";
  return s;
}

// Writer: one page write per tile from CB 16.
std::string tile_writer(uint32_t rows, uint32_t cols) {
  return "#include <cstdint>\n#include \"api/dataflow/dataflow_api.h\"\n#include \"api/tensor/tensor_accessor.h\"\n" +
         tile_range(kTiles, rows, cols) +
         "void kernel_main() {\n"
         "  const auto args = TensorAccessorArgs<0>(0);\n"
         "  const auto out = TensorAccessor(args, get_arg_val<uint32_t>(0), 4096);\n"
         "  uint32_t b, e;\n"
         "  tile_range(get_arg_val<uint32_t>(1), get_arg_val<uint32_t>(2), b, e);\n"
         "  for (uint32_t t = b; t < e; ++t) {\n"
         "    cb_wait_front(16, 1);\n"
         "    noc_async_write_page(t, out, get_read_ptr(16));\n"
         "    noc_async_write_barrier();\n"
         "    cb_pop_front(16, 1);\n"
         "  }\n"
         "}\n";
}

// Compute: CB 0 (and CB 1) -> DST -> op -> CB 16, one tile at a time.
std::string tile_compute(bool binary, uint32_t rows, uint32_t cols) {
  std::string s =
      "#include <cstdint>\n#include \"api/compute/common.h\"\n#include \"api/compute/tile_move_copy.h\"\n"
      "#include \"api/compute/eltwise_binary.h\"\n#include \"api/compute/eltwise_unary/eltwise_unary.h\"\n"
      "#include \"api/compute/eltwise_unary/exp.h\"\n" +
      tile_range(kTiles, rows, cols) +
      "void kernel_main() {\n"
      "  uint32_t b, e;\n"
      "  tile_range(get_absolute_logical_y(), get_absolute_logical_x(), b, e);\n";
  s += binary ? "  binary_op_init_common(0, 1, 16);\n  add_tiles_init(0, 1);\n"
              : "  init_sfpu(0, 16);\n  exp_tile_init();\n";
  s += "  for (uint32_t t = b; t < e; ++t) {\n    cb_wait_front(0, 1);\n";
  if (binary) s += "    cb_wait_front(1, 1);\n";
  s += "    tile_regs_acquire();\n";
  s += binary ? "    add_tiles(0, 1, 0, 0, 0);\n" : "    copy_tile(0, 0, 0);\n    exp_tile(0);\n";
  s += "    tile_regs_commit();\n    tile_regs_wait();\n    cb_reserve_back(16, 1);\n    pack_tile(0, 16);\n"
       "    cb_pop_front(0, 1);\n";
  if (binary) s += "    cb_pop_front(1, 1);\n";
  s += "    tile_regs_release();\n    cb_push_back(16, 1);\n  }\n}\n";
  return s;
}

Program exp_program(uint32_t rows, uint32_t cols) {
  return {tile_reader(1, rows, cols), tile_compute(false, rows, cols), tile_writer(rows, cols), {kCbIn0, kCbOut}};
}
Program add_program(uint32_t rows, uint32_t cols) {
  return {tile_reader(2, rows, cols), tile_compute(true, rows, cols), tile_writer(rows, cols),
          {kCbIn0, kCbIn1, kCbOut}};
}

// zyx's per-element path, in the shape of its generated readers: a Noc
// object, CircularBuffer objects, and one 4-byte noc.async_read per element
// addressed by page id and byte offset. The compute kernel only consumes
// tiles, the writer does nothing: the run measures the reads.
Program element_reader_program(uint32_t rows, uint32_t cols) {
  Program p;
  p.reader = "#include <cstdint>\n#include \"api/dataflow/dataflow_api.h\"\n#include \"api/dataflow/noc.h\"\n"
             "#include \"api/dataflow/circular_buffer.h\"\n#include \"api/tensor/noc_traits.h\"\n" +
             tile_range(kTiles, rows, cols) +
             "void kernel_main() {\n"
             "  Noc noc;\n"
             "  const uint32_t src = get_arg_val<uint32_t>(0);\n"
             "  auto args = TensorAccessorArgs<0>(0);\n"
             "  auto in = TensorAccessor(args, src, 4096);\n"
             "  CircularBuffer cb(tt::CBIndex::c_0);\n"
             "  const uint32_t n = " + std::to_string(kFloats) + ";\n"
             "  uint32_t b, e;\n"
             "  tile_range(get_arg_val<uint32_t>(1), get_arg_val<uint32_t>(2), b, e);\n"
             "  for (uint32_t t = b; t < e; ++t) {\n"
             "    cb.reserve_back(1);\n"
             "    const uint32_t base = t << 10;\n"
             "    for (uint32_t i = 0; i < 32; ++i) {\n"
             "      for (uint32_t j = 0; j < 32; ++j) {\n"
             "        const uint32_t local = (i << 5) + j;\n"
             "        const uint32_t idx = base + local;\n"
             "        const uint32_t in_range = idx < n;\n"
             "        const uint32_t at = in_range * idx;\n"
             "        noc.async_read(in, cb, 4, { .page_id = (at * 4) / 4096, .offset_bytes = (at * 4) % 4096 },\n"
             "                       { .offset_bytes = local * 4 });\n"
             "      }\n"
             "    }\n"
             "    noc.async_read_barrier();\n"
             "    cb.push_back(1);\n"
             "  }\n"
             "}\n";
  p.compute = "#include <cstdint>\n#include \"api/compute/common.h\"\n" + tile_range(kTiles, rows, cols) +
              "void kernel_main() {\n"
              "  uint32_t b, e;\n"
              "  tile_range(get_absolute_logical_y(), get_absolute_logical_x(), b, e);\n"
              "  for (uint32_t t = b; t < e; ++t) {\n"
              "    cb_wait_front(0, 1);\n"
              "    cb_pop_front(0, 1);\n"
              "  }\n"
              "}\n";
  p.writer = "void kernel_main() {}\n";
  p.cbs = {kCbIn0};
  return p;
}

// The same program with one page read per tile instead of 1024 element reads.
Program tile_reader_program(uint32_t rows, uint32_t cols) {
  Program p = element_reader_program(rows, cols);
  p.reader = tile_reader(1, rows, cols);
  return p;
}

// C = A . B for 1024 x 1024 fp32 matrices stored as 32 x 32 tiles (tile
// (i, j) is page i * 32 + j, in the tile's face layout). Each core owns some
// of the 1024 output tiles; per output tile the reader streams the 32 A and
// 32 B tiles of its row and column, compute accumulates 32 matmul_tiles in
// DST, the writer stores the tile.
constexpr uint32_t kMatTiles = 32;  // tiles per matrix side
Program matmul_program(uint32_t rows, uint32_t cols) {
  Program p;
  const std::string range = tile_range(kMatTiles * kMatTiles, rows, cols);
  p.reader = "#include <cstdint>\n#include \"api/dataflow/dataflow_api.h\"\n#include \"api/tensor/tensor_accessor.h\"\n" +
             range +
             "void kernel_main() {\n"
             "  const auto a_args = TensorAccessorArgs<0>(0);\n"
             "  const auto a = TensorAccessor(a_args, get_arg_val<uint32_t>(0), 4096);\n"
             "  const auto b_args = TensorAccessorArgs<2>(1);\n"
             "  const auto b = TensorAccessor(b_args, get_arg_val<uint32_t>(1), 4096);\n"
             "  uint32_t first, last;\n"
             "  tile_range(get_arg_val<uint32_t>(2), get_arg_val<uint32_t>(3), first, last);\n"
             "  for (uint32_t t = first; t < last; ++t) {\n"
             "    const uint32_t m = t / 32, n = t % 32;\n"
             "    for (uint32_t k = 0; k < 32; ++k) {\n"
             "      cb_reserve_back(0, 1);\n"
             "      cb_reserve_back(1, 1);\n"
             "      noc_async_read_page(m * 32 + k, a, get_write_ptr(0));\n"
             "      noc_async_read_page(k * 32 + n, b, get_write_ptr(1));\n"
             "      noc_async_read_barrier();\n"
             "      cb_push_back(0, 1);\n"
             "      cb_push_back(1, 1);\n"
             "    }\n"
             "  }\n"
             "}\n";
  p.compute = "#include <cstdint>\n#include \"api/compute/common.h\"\n#include \"api/compute/matmul.h\"\n" + range +
              "void kernel_main() {\n"
              "  uint32_t first, last;\n"
              "  tile_range(get_absolute_logical_y(), get_absolute_logical_x(), first, last);\n"
              "  mm_init(0, 1, 16);\n"
              "  for (uint32_t t = first; t < last; ++t) {\n"
              "    tile_regs_acquire();\n"
              "    for (uint32_t k = 0; k < 32; ++k) {\n"
              "      cb_wait_front(0, 1);\n"
              "      cb_wait_front(1, 1);\n"
              "      matmul_tiles(0, 1, 0, 0, 0);\n"
              "      cb_pop_front(0, 1);\n"
              "      cb_pop_front(1, 1);\n"
              "    }\n"
              "    tile_regs_commit();\n"
              "    tile_regs_wait();\n"
              "    cb_reserve_back(16, 1);\n"
              "    pack_tile(0, 16);\n"
              "    tile_regs_release();\n"
              "    cb_push_back(16, 1);\n"
              "  }\n"
              "}\n";
  p.writer = tile_writer(rows, cols);
  p.cbs = {kCbIn0, kCbIn1, kCbOut};
  return p;
}

// The program of the compile benchmarks, in zyx's shape (three kernels as
// its code generator writes them for an element-wise binary op): per-element
// reads of two inputs, copy_tile x2 + an SFPU binary add, per-element writes.
Program zyx_shaped_program(const std::string& salt) {
  Program p;
  p.reader = "// " + salt +
             "\n#include <cstdint>\n#include \"api/dataflow/dataflow_api.h\"\n#include \"api/dataflow/noc.h\"\n"
             "#include \"api/dataflow/circular_buffer.h\"\n#include \"api/tensor/noc_traits.h\"\n"
             "void kernel_main() {\n"
             "  Noc noc;\n"
             "  auto a_args = TensorAccessorArgs<0>(0);\n"
             "  auto a = TensorAccessor(a_args, get_arg_val<uint32_t>(0), 4096);\n"
             "  auto b_args = TensorAccessorArgs<2>(1);\n"
             "  auto b = TensorAccessor(b_args, get_arg_val<uint32_t>(1), 4096);\n"
             "  CircularBuffer cb_a(tt::CBIndex::c_0);\n"
             "  CircularBuffer cb_b(tt::CBIndex::c_1);\n"
             "  const uint32_t row0 = get_arg_val<uint32_t>(2) << 5, col0 = get_arg_val<uint32_t>(3) << 5;\n"
             "  cb_a.reserve_back(1);\n"
             "  cb_b.reserve_back(1);\n"
             "  for (uint32_t i = 0; i < 32; i++) {\n"
             "    const uint32_t row = row0 + i, row_ok = row < 1000;\n"
             "    for (uint32_t j = 0; j < 32; j++) {\n"
             "      const uint32_t col = col0 + j, col_ok = col < 1000;\n"
             "      const uint32_t at = row_ok * col_ok * (row * 1000 + col);\n"
             "      noc.async_read(a, cb_a, 4, { .page_id = (at * 4) / 4096, .offset_bytes = (at * 4) % 4096 },\n"
             "                     { .offset_bytes = ((i << 5) + j) * 4 });\n"
             "      noc.async_read(b, cb_b, 4, { .page_id = (at * 4) / 4096, .offset_bytes = (at * 4) % 4096 },\n"
             "                     { .offset_bytes = ((i << 5) + j) * 4 });\n"
             "    }\n"
             "  }\n"
             "  noc.async_read_barrier();\n"
             "  cb_a.push_back(1);\n"
             "  cb_b.push_back(1);\n"
             "}\n";
  p.compute = "// " + salt +
              "\n#include <cstdint>\n#include \"api/compute/common.h\"\n#include \"api/compute/compute_kernel_api.h\"\n"
              "#include \"api/compute/eltwise_binary_sfpu.h\"\n#include \"api/compute/tile_move_copy.h\"\n"
              "#include \"api/compute/eltwise_unary/eltwise_unary.h\"\n#include \"api/dataflow/circular_buffer.h\"\n"
              "void kernel_main() {\n"
              "  CircularBuffer cb_a(tt::CBIndex::c_0);\n"
              "  CircularBuffer cb_b(tt::CBIndex::c_1);\n"
              "  CircularBuffer cb_out(tt::CBIndex::c_2);\n"
              "  init_sfpu(0, 2);\n"
              "  add_binary_tile_init();\n"
              "  cb_a.wait_front(1);\n"
              "  cb_b.wait_front(1);\n"
              "  tile_regs_acquire();\n"
              "  copy_tile(0, 0, 0);\n"
              "  copy_tile(1, 0, 1);\n"
              "  add_binary_tile(0, 1, 0);\n"
              "  tile_regs_commit();\n"
              "  tile_regs_wait();\n"
              "  cb_out.reserve_back(1);\n"
              "  pack_tile(0, 2);\n"
              "  cb_a.pop_front(1);\n"
              "  cb_b.pop_front(1);\n"
              "  tile_regs_release();\n"
              "  cb_out.push_back(1);\n"
              "}\n";
  p.writer = "// " + salt +
             "\n#include <cstdint>\n#include \"api/dataflow/dataflow_api.h\"\n#include \"api/dataflow/noc.h\"\n"
             "#include \"api/dataflow/circular_buffer.h\"\n#include \"api/tensor/noc_traits.h\"\n"
             "void kernel_main() {\n"
             "  Noc noc(1);\n"
             "  CircularBuffer cb_out(tt::CBIndex::c_2);\n"
             "  auto o_args = TensorAccessorArgs<0>(0);\n"
             "  auto o = TensorAccessor(o_args, get_arg_val<uint32_t>(0), 4096);\n"
             "  const uint32_t row0 = get_arg_val<uint32_t>(1) << 5, col0 = get_arg_val<uint32_t>(2) << 5;\n"
             "  cb_out.wait_front(1);\n"
             "  for (uint32_t i = 0; i < 32; i++) {\n"
             "    const uint32_t row = row0 + i;\n"
             "    for (uint32_t j = 0; j < 32; j++) {\n"
             "      const uint32_t col = col0 + j;\n"
             "      if (row >= 1000 || col >= 1000) continue;\n"
             "      const uint32_t at = row * 1000 + col;\n"
             "      noc.async_write(use<CircularBuffer::AddrSelector::READ_PTR>(cb_out), o, 4,\n"
             "                      { .offset_bytes = ((i << 5) + j) * 4 },\n"
             "                      { .page_id = (at * 4) / 4096, .offset_bytes = (at * 4) % 4096 });\n"
             "    }\n"
             "  }\n"
             "  noc.async_write_barrier();\n"
             "  cb_out.pop_front(1);\n"
             "}\n";
  p.cbs = {{0, zc::CbFormat::kFloat32}, {1, zc::CbFormat::kFloat32}, {2, zc::CbFormat::kFloat32}};
  return p;
}

void compile(zc::Runtime& rt, uint32_t id, const Program& p) { rt.compile_program(id, p.reader, p.compute, p.writer, p.cbs); }

// Program ids: one per program and grid, stable across benchmarks.
enum : uint32_t {
  kTrivial = 1,
  kExpGrid,
  kExpOne,
  kAddGrid,
  kElementGrid,
  kTileGrid,
  kZyx,
  kMatmulGrid,
  kAddOne,
  kAddCallsOne,
  kAddCallsGrid,
  kMatmulCallsGrid,
  kMatmulNoMathGrid,
};

// Compiles `p` as `id` in `rt` once.
void ensure(zc::Runtime& rt, uint32_t id, const Program& p) {
  static std::map<std::pair<zc::Runtime*, uint32_t>, bool> done;
  if (done[{&rt, id}]) return;
  compile(rt, id, p);
  done[{&rt, id}] = true;
}

// ---- data ----------------------------------------------------------------------------------

std::vector<float> input_data(uint32_t seed, size_t count = kFloats) {
  std::vector<float> v(count);
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  for (float& x : v) x = dist(gen);
  return v;
}

// A device buffer holding `data`, in `rt`.
uint32_t upload(zc::Runtime& rt, const std::vector<float>& data) {
  uint32_t buf = rt.alloc_buf(kBytes);
  zyxtt::ShmMapping shm = zyxtt::ShmMapping::create_unique("zyxtt-emu-bench", kBytes);
  std::memcpy(shm.data(), data.data(), kBytes);
  rt.write_buf(buf, shm.name(), kBytes);
  return buf;
}

std::vector<float> download(zc::Runtime& rt, uint32_t buf) {
  zyxtt::ShmMapping shm = zyxtt::ShmMapping::create_unique("zyxtt-emu-bench", kBytes);
  rt.read_buf(buf, shm.name(), kBytes);
  std::vector<float> v(kFloats);
  std::memcpy(v.data(), shm.data(), kBytes);
  return v;
}

// Largest relative error of `got` against `want`; the benchmarks refuse to
// report a time for a pipeline that computes the wrong thing.
double max_rel_error(const std::vector<float>& got, const std::vector<float>& want) {
  double worst = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    double err = std::fabs(double(got[i]) - want[i]) / std::max(1e-6, std::fabs(double(want[i])));
    worst = std::max(worst, err);
  }
  return worst;
}

struct Buffers {
  uint32_t a, b, out;
};
// Two input buffers and one output, per runtime, allocated once.
Buffers& buffers(zc::Runtime& rt) {
  static std::map<zc::Runtime*, Buffers> all;
  auto it = all.find(&rt);
  if (it == all.end()) {
    Buffers b{upload(rt, input_data(1)), upload(rt, input_data(2)), rt.alloc_buf(kBytes)};
    it = all.emplace(&rt, b).first;
  }
  return it->second;
}

// A failing command (say, a kernel the runtime cannot compile or run) fails
// its benchmark, not the whole run.
template <void (*F)(benchmark::State&)>
void guarded(benchmark::State& state) {
  try {
    F(state);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
  }
}
#define EMU_BENCHMARK(f) BENCHMARK(guarded<f>)->Name(#f)

// ---- 1. compile ------------------------------------------------------------------------------

// The cold rows' user: a cache home of this run's own, so that the
// precompiled kernel API they find is the one this build makes (another
// checkout's, or an older tree's, would be whole too).
std::vector<std::pair<std::string, std::string>> cold_user() {
  return {{"XDG_CACHE_HOME", (bench_root() / "cold-user").string()}};
}

// Keeps runtimes alive until the cold rows' precompiled kernel API exists
// (the first runtime that needs it builds it in the background, compute
// last), and with it the head zyx's compute kernels start with (built once
// a second compute kernel starts that way beside a whole set).
void ensure_precompiled_headers() {
  const fs::path root = bench_root() / "cold-user" / "zyx-tt" / "pch";
  auto building = [](const fs::path& lock) {
    const int fd = open(lock.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool held = flock(fd, LOCK_EX | LOCK_NB) != 0;
    close(fd);
    return held;
  };
  // Done when the set is whole (with a head when `head`) and nothing is being built.
  auto present = [&](bool head) {
    std::error_code ec;
    bool whole = false;
    for (const auto& e : fs::directory_iterator(root, ec)) {
      if (building(e.path() / "build.lock")) return false;
      bool heads = !head;
      for (const auto& h : fs::directory_iterator(e.path() / "heads", ec)) {
        if (h.path().extension() == ".lock" && building(h.path())) return false;
        heads = heads || h.path().extension() == ".gch";
      }
      whole = whole || (heads && fs::exists(e.path() / "zyxtt" / "kernel_api_compute.h.gch"));
    }
    return whole;
  };
  for (bool head : {false, true}) {
    auto rt = spawn(bench_root() / (head ? "cold-head" : "cold-pch"), 0, cold_user());
    compile(*rt, kZyx, zyx_shaped_program("cold-1"));
    if (head) compile(*rt, kZyx, zyx_shaped_program("cold-2"));  // the id compiled anew
    for (int i = 0; i < 1200 && !present(head); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

// Cold compile_program of new kernels: a fresh process and a fresh, empty
// kernel cache each iteration, with the user's precompiled kernel API
// in place (made once per user and compiler, see BM_CompileFirstForUser).
// Only compile_program is timed.
// Times compile_program of zyx's three kernels in a fresh process on a fresh,
// empty kernel cache each iteration, with `env` added to its environment.
void time_fresh_compiles(benchmark::State& state, const std::string& name,
                         const std::function<std::vector<std::pair<std::string, std::string>>(const fs::path&)>& env) {
  uint64_t n = 0;
  for (auto _ : state) {
    fs::path dir = bench_root() / (name + "-" + std::to_string(n++));
    auto rt = spawn(dir / "cache", 0, env(dir));
    Program p = zyx_shaped_program(name);
    auto t0 = Clock::now();
    compile(*rt, kZyx, p);
    state.SetIterationTime(std::chrono::duration<double>(Clock::now() - t0).count());
    rt.reset();
    fs::remove_all(dir);
  }
}

void BM_CompileCold(benchmark::State& state) {
  ensure_precompiled_headers();
  time_fresh_compiles(state, "cold", [](const fs::path&) { return cold_user(); });
}
EMU_BENCHMARK(BM_CompileCold)->UseManualTime()->Iterations(3)->Unit(benchmark::kMillisecond);

// The first compile_program for a user and compiler: no precompiled standard
// headers yet (an empty $XDG_CACHE_HOME), so the kernels parse them while
// the runtime precompiles them beside.
void BM_CompileFirstForUser(benchmark::State& state) {
  time_fresh_compiles(state, "first", [](const fs::path& dir) {
    return std::vector<std::pair<std::string, std::string>>{{"XDG_CACHE_HOME", (dir / "xdg").string()}};
  });
}
EMU_BENCHMARK(BM_CompileFirstForUser)->UseManualTime()->Iterations(3)->Unit(benchmark::kMillisecond);

// Issue 25's baseline for a cold compile: the kernel compiler (g++, or
// ZYX_TT_COMPILER as for the runtime) with the JIT's optimisation and code
// flags builds three empty shared objects, three at once, as compile_program
// runs its three kernels. What the kernel API costs on top of starting the compiler is the
// ratio of BM_CompileCold to this.
void BM_CompileThreeEmptyObjects(benchmark::State& state) {
  const char* env = std::getenv("ZYX_TT_COMPILER");
  const std::string cxx = env != nullptr && *env != '\0' ? env : "g++";
  const fs::path dir = bench_root() / "empty-objects";
  fs::create_directories(dir);
  const fs::path source = dir / "empty.cpp";
  {
    std::FILE* f = std::fopen(source.c_str(), "w");
    std::fputs("extern \"C\" void kernel_main() {}\n", f);
    std::fclose(f);
  }
  for (auto _ : state) {
    auto t0 = Clock::now();
    std::vector<pid_t> children;
    for (int k = 0; k < 3; ++k) {
      const std::string out = (dir / ("empty" + std::to_string(k) + ".so")).string();
      pid_t pid = fork();
      if (pid == 0) {
        execlp(cxx.c_str(), cxx.c_str(), "-std=c++20", "-O2", "-fPIC", "-shared", "-fno-gnu-unique", "-w", "-pipe",
               "-fvisibility=hidden", "-x", "c++", source.c_str(), "-o", out.c_str(), static_cast<char*>(nullptr));
        _exit(127);
      }
      children.push_back(pid);
    }
    bool ok = true;
    for (pid_t pid : children) {
      int status = 0;
      ok = waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0 && ok;
    }
    state.SetIterationTime(std::chrono::duration<double>(Clock::now() - t0).count());
    if (!ok) state.SkipWithError((cxx + " failed to build an empty shared object").c_str());
  }
  fs::remove_all(dir);
}
EMU_BENCHMARK(BM_CompileThreeEmptyObjects)->UseManualTime()->Iterations(3)->Unit(benchmark::kMillisecond);

// A new runtime process over a cache dir that already holds the objects.
void BM_CompileWarmStart(benchmark::State& state) {
  const fs::path dir = bench_root() / "warm-start";
  Program p = zyx_shaped_program("warm");
  compile(*spawn(dir), kZyx, p);  // fill the cache
  for (auto _ : state) {
    auto rt = spawn(dir);
    auto t0 = Clock::now();
    compile(*rt, kZyx, p);
    state.SetIterationTime(std::chrono::duration<double>(Clock::now() - t0).count());
  }
}
EMU_BENCHMARK(BM_CompileWarmStart)->UseManualTime()->Iterations(10)->Unit(benchmark::kMillisecond);

// compile_program of an id this process already compiled, same sources.
void BM_CompileHot(benchmark::State& state) {
  zc::Runtime& rt = runtime();
  Program p = zyx_shaped_program("hot");
  compile(rt, kZyx, p);
  for (auto _ : state) compile(rt, kZyx, p);
}
EMU_BENCHMARK(BM_CompileHot)->UseRealTime()->Unit(benchmark::kMicrosecond);

// ---- 2. run overhead -------------------------------------------------------------------------

void BM_RoundTrip(benchmark::State& state) {
  auto& process = runtime().process();
  for (auto _ : state) {
    zc::Answer a = process.request(R"({"cmd":"free_buf","index":4294967295})", zc::ErrorKind::kMemoryAllocation);
    benchmark::DoNotOptimize(a.line.data());
  }
}
EMU_BENCHMARK(BM_RoundTrip)->UseRealTime()->Unit(benchmark::kMicrosecond);

// Issue 10's run-overhead ratios: one runtime, driven raw (plain write and
// read on its pipes), alternates the cheapest command with a trivial run, so
// that both sides see the same load; each iteration times the run, and the
// counter vs_round_trip is the ratio of the summed times.
zyxtt::bench::RawClient& raw_runtime() {
  static zyxtt::bench::RawClient* raw = [] {
    auto* r = new zyxtt::bench::RawClient(ZYXTT_RUNTIME_PATH);
    const std::string init = r->command(fmt::format(R"({{"cmd":"init","cache_dir":"{}"}})", warm_cache().string()));
    if (init != R"({"status":"ready"})") throw std::runtime_error("init: " + init);
    const Program p = trivial_program();
    const zyxtt::testing::Kernels k{p.reader, p.compute, p.writer};
    const std::string compiled = r->command(zyxtt::testing::compile_command(kTrivial, k, p.cbs), p.reader + p.compute + p.writer);
    if (compiled != R"({"status":"ok"})") throw std::runtime_error("compile_program: " + compiled);
    return r;
  }();
  return *raw;
}

void run_vs_round_trip(benchmark::State& state, uint32_t rows, uint32_t cols) {
  zyxtt::bench::RawClient& raw = raw_runtime();
  const std::string run = zyxtt::testing::run_command(kTrivial, rows, cols, {}, {}) + "\n";
  const std::string first = raw.command(run.substr(0, run.size() - 1));  // the worker is up, objects loaded
  if (first != R"({"status":"ok"})") throw std::runtime_error("run: " + first);
  std::chrono::duration<double> runs{0}, trips{0};
  for (auto _ : state) {
    const auto t0 = Clock::now();
    raw.round_trip(zyxtt::bench::kCheapCommand);
    const auto t1 = Clock::now();
    raw.round_trip(run);
    const auto t2 = Clock::now();
    trips += t1 - t0;
    runs += t2 - t1;
    state.SetIterationTime(std::chrono::duration<double>(t2 - t1).count());
  }
  state.counters["round_trip_us"] = trips.count() * 1e6 / static_cast<double>(state.iterations());
  state.counters["vs_round_trip"] = runs.count() / trips.count();
}
void BM_RawRunTrivial1Core(benchmark::State& state) { run_vs_round_trip(state, 1, 1); }
EMU_BENCHMARK(BM_RawRunTrivial1Core)->UseManualTime()->Unit(benchmark::kMicrosecond);
void BM_RawRunTrivialGrid(benchmark::State& state) { run_vs_round_trip(state, kGridRows, kGridCols); }
EMU_BENCHMARK(BM_RawRunTrivialGrid)->UseManualTime()->Unit(benchmark::kMicrosecond);

void run_trivial(benchmark::State& state, uint32_t rows, uint32_t cols) {
  zc::Runtime& rt = runtime();
  ensure(rt, kTrivial, trivial_program());
  rt.run(kTrivial, {}, {}, rows, cols);  // the worker is up, objects loaded
  for (auto _ : state) rt.run(kTrivial, {}, {}, rows, cols);
}
void BM_RunTrivial1Core(benchmark::State& state) { run_trivial(state, 1, 1); }
EMU_BENCHMARK(BM_RunTrivial1Core)->UseRealTime()->Unit(benchmark::kMicrosecond);
void BM_RunTrivialGrid(benchmark::State& state) { run_trivial(state, kGridRows, kGridCols); }
EMU_BENCHMARK(BM_RunTrivialGrid)->UseRealTime()->Unit(benchmark::kMicrosecond);

// The first run of a program in a new runtime process (warm disk cache):
// the device worker starts and loads the three objects.
void BM_RunFirst(benchmark::State& state) {
  const Program p = trivial_program();
  compile(*spawn(warm_cache()), kTrivial, p);
  for (auto _ : state) {
    auto rt = spawn(warm_cache());
    compile(*rt, kTrivial, p);
    auto t0 = Clock::now();
    rt->run(kTrivial, {}, {}, kGridRows, kGridCols);
    state.SetIterationTime(std::chrono::duration<double>(Clock::now() - t0).count());
  }
}
EMU_BENCHMARK(BM_RunFirst)->UseManualTime()->Iterations(10)->Unit(benchmark::kMicrosecond);

// ---- 3. exp over 1M fp32 and 6. add over 1M fp32 ----------------------------------------------

void BM_LoopExp1M(benchmark::State& state) {
  std::vector<float> in = input_data(1), out(kFloats);
  for (auto _ : state) {
    for (size_t i = 0; i < kFloats; ++i) out[i] = std::exp(in[i]);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * kFloats);
}
EMU_BENCHMARK(BM_LoopExp1M)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_LoopAdd1M(benchmark::State& state) {
  std::vector<float> a = input_data(1), b = input_data(2), out(kFloats);
  for (auto _ : state) {
    for (size_t i = 0; i < kFloats; ++i) out[i] = a[i] + b[i];
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * kFloats);
}
EMU_BENCHMARK(BM_LoopAdd1M)->UseRealTime()->Unit(benchmark::kMillisecond);

// Runs a 1M-element tile pipeline on rows x cols cores of the runtime with
// `threads` host threads, after checking its result once.
void run_pipeline(benchmark::State& state, uint32_t threads, uint32_t id, const Program& p, bool binary,
                  uint32_t rows, uint32_t cols) {
  zc::Runtime& rt = runtime(threads);
  ensure(rt, id, p);
  Buffers& b = buffers(rt);
  std::vector<uint32_t> srcs = binary ? std::vector<uint32_t>{b.a, b.b} : std::vector<uint32_t>{b.a};
  std::vector<uint32_t> dsts = {b.out};
  rt.run(id, srcs, dsts, rows, cols);
  {
    // add_tiles reads its operands through SrcA/SrcB, which keep TF32.
    auto tf32 = [](float v) {
      uint32_t u;
      std::memcpy(&u, &v, 4);
      u &= 0xFFFFE000u;
      std::memcpy(&v, &u, 4);
      return v;
    };
    std::vector<float> x = input_data(1), y = input_data(2), want(kFloats);
    for (size_t i = 0; i < kFloats; ++i) want[i] = binary ? tf32(x[i]) + tf32(y[i]) : std::exp(x[i]);
    double err = max_rel_error(download(rt, b.out), want);
    if (err > 1e-5) {
      state.SkipWithError(("wrong result: max relative error " + std::to_string(err)).c_str());
      return;
    }
  }
  for (auto _ : state) rt.run(id, srcs, dsts, rows, cols);
  state.SetItemsProcessed(state.iterations() * kFloats);
}

void BM_EmuExp1MGrid(benchmark::State& state) {
  run_pipeline(state, 0, kExpGrid, exp_program(kGridRows, kGridCols), false, kGridRows, kGridCols);
}
EMU_BENCHMARK(BM_EmuExp1MGrid)->UseRealTime()->Unit(benchmark::kMillisecond);
void BM_EmuExp1MOneCore(benchmark::State& state) {
  run_pipeline(state, 0, kExpOne, exp_program(1, 1), false, 1, 1);
}
EMU_BENCHMARK(BM_EmuExp1MOneCore)->UseRealTime()->Unit(benchmark::kMillisecond);
void BM_EmuAdd1MGrid(benchmark::State& state) {
  run_pipeline(state, 0, kAddGrid, add_program(kGridRows, kGridCols), true, kGridRows, kGridCols);
}
EMU_BENCHMARK(BM_EmuAdd1MGrid)->UseRealTime()->Unit(benchmark::kMillisecond);
void BM_EmuAdd1MOneCore(benchmark::State& state) {
  run_pipeline(state, 0, kAddOne, add_program(1, 1), true, 1, 1);
}
EMU_BENCHMARK(BM_EmuAdd1MOneCore)->UseRealTime()->Unit(benchmark::kMillisecond);

// Issue 24's cost of a trace: the add above on one host thread, by a runtime
// with --trace and one without, alternating in every iteration; each
// iteration times the traced run, and the counter vs_untraced is the ratio
// of the summed times. (Tracing off against the build before tracing can
// only be compared across builds: the rows above, before and after.)
void BM_TracedVsUntracedAdd1MGrid(benchmark::State& state) {
  zc::Runtime& off = runtime(1);
  static const std::unique_ptr<zc::Runtime> on =
      spawn(warm_cache(), 1, {{"ZYX_TT_TRACE", (bench_root() / "add-1m-grid.trace.json").string()}});
  const Program p = add_program(kGridRows, kGridCols);
  std::chrono::duration<double> traced{0}, untraced{0};
  std::vector<uint32_t> srcs[2], dsts[2];
  zc::Runtime* runtimes[2] = {&off, on.get()};
  for (int i = 0; i < 2; ++i) {
    ensure(*runtimes[i], kAddGrid, p);
    const Buffers& b = buffers(*runtimes[i]);
    srcs[i] = {b.a, b.b};
    dsts[i] = {b.out};
    runtimes[i]->run(kAddGrid, srcs[i], dsts[i], kGridRows, kGridCols);
  }
  for (auto _ : state) {
    const auto t0 = Clock::now();
    off.run(kAddGrid, srcs[0], dsts[0], kGridRows, kGridCols);
    const auto t1 = Clock::now();
    on->run(kAddGrid, srcs[1], dsts[1], kGridRows, kGridCols);
    const auto t2 = Clock::now();
    untraced += t1 - t0;
    traced += t2 - t1;
    state.SetIterationTime(std::chrono::duration<double>(t2 - t1).count());
  }
  state.counters["untraced_ms"] = untraced.count() * 1e3 / static_cast<double>(state.iterations());
  state.counters["vs_untraced"] = traced.count() / untraced.count();
}
EMU_BENCHMARK(BM_TracedVsUntracedAdd1MGrid)->UseManualTime()->Unit(benchmark::kMillisecond);


// Removes `line` from a kernel source (a benchmark variant with work cut).
void cut(std::string& source, const std::string& line) {
  const size_t at = source.find(line);
  if (at == std::string::npos) throw std::logic_error("benchmark variant: no line " + line);
  source.erase(at, line.size());
}

// Where the add's time goes: the same pipeline with its data moves cut (no
// NOC reads or writes, no add_tiles, no pack_tile), so that only the CB
// calls, the DST handshake and the fiber switches remain.
Program add_calls_program(uint32_t rows, uint32_t cols) {
  Program p = add_program(rows, cols);
  cut(p.reader, "    noc_async_read_page(t, in0, get_write_ptr(0));\n");
  cut(p.reader, "    noc_async_read_page(t, in1, get_write_ptr(1));\n");
  cut(p.compute, "    add_tiles(0, 1, 0, 0, 0);\n");
  cut(p.compute, "    pack_tile(0, 16);\n");
  cut(p.writer, "    noc_async_write_page(t, out, get_read_ptr(16));\n");
  return p;
}
void run_add_calls(benchmark::State& state, uint32_t id, uint32_t rows, uint32_t cols) {
  zc::Runtime& rt = runtime(1);
  ensure(rt, id, add_calls_program(rows, cols));
  const Buffers& b = buffers(rt);
  const std::vector<uint32_t> srcs{b.a, b.b}, dsts{b.out};
  rt.run(id, srcs, dsts, rows, cols);
  for (auto _ : state) rt.run(id, srcs, dsts, rows, cols);
  state.SetItemsProcessed(state.iterations() * kFloats);
}
void BM_EmuAddCalls1MOneCore(benchmark::State& state) { run_add_calls(state, kAddCallsOne, 1, 1); }
EMU_BENCHMARK(BM_EmuAddCalls1MOneCore)->UseRealTime()->Unit(benchmark::kMillisecond);
void BM_EmuAddCalls1MGridThreads1(benchmark::State& state) {
  run_add_calls(state, kAddCallsGrid, kGridRows, kGridCols);
}
EMU_BENCHMARK(BM_EmuAddCalls1MGridThreads1)->UseRealTime()->Unit(benchmark::kMillisecond);

// ---- 5. grid scaling over host threads ---------------------------------------------------------

void BM_EmuExp1MGridThreads1(benchmark::State& state) {
  run_pipeline(state, 1, kExpGrid, exp_program(kGridRows, kGridCols), false, kGridRows, kGridCols);
}
EMU_BENCHMARK(BM_EmuExp1MGridThreads1)->UseRealTime()->Unit(benchmark::kMillisecond);
void BM_EmuExp1MGridThreads2(benchmark::State& state) {
  run_pipeline(state, 2, kExpGrid, exp_program(kGridRows, kGridCols), false, kGridRows, kGridCols);
}
EMU_BENCHMARK(BM_EmuExp1MGridThreads2)->UseRealTime()->Unit(benchmark::kMillisecond);
// The add (memory-bound where exp is compute-bound) on one host thread: beside
// BM_EmuAdd1MGrid it shows what the second thread buys.
void BM_EmuAdd1MGridThreads1(benchmark::State& state) {
  run_pipeline(state, 1, kAddGrid, add_program(kGridRows, kGridCols), true, kGridRows, kGridCols);
}
EMU_BENCHMARK(BM_EmuAdd1MGridThreads1)->UseRealTime()->Unit(benchmark::kMillisecond);

// ---- 4. zyx's per-element reads, one host thread ---------------------------------------------

void run_reader(benchmark::State& state, uint32_t id, const Program& p) {
  zc::Runtime& rt = runtime(1);
  ensure(rt, id, p);
  const std::vector<uint32_t> srcs = {buffers(rt).a};
  rt.run(id, srcs, {}, kGridRows, kGridCols);
  for (auto _ : state) rt.run(id, srcs, {}, kGridRows, kGridCols);
  state.SetItemsProcessed(state.iterations() * kFloats);
}
void BM_ElementReads1MThreads1(benchmark::State& state) {
  run_reader(state, kElementGrid, element_reader_program(kGridRows, kGridCols));
}
EMU_BENCHMARK(BM_ElementReads1MThreads1)->UseRealTime()->Unit(benchmark::kMillisecond);
void BM_TileReads1MThreads1(benchmark::State& state) {
  run_reader(state, kTileGrid, tile_reader_program(kGridRows, kGridCols));
}
EMU_BENCHMARK(BM_TileReads1MThreads1)->UseRealTime()->Unit(benchmark::kMillisecond);

// ---- 6. matmul_tiles over 1024^3 fp32 vs OpenBLAS sgemm, one host thread each --------------

// Element (r, c) of a 1024 x 1024 matrix stored as tiles in face layout.
size_t tiled_index(uint32_t r, uint32_t c) {
  const uint32_t tile = (r / 32) * kMatTiles + c / 32, tr = r % 32, tc = c % 32;
  return size_t{tile} * kTileFloats + ((tr >> 4) * 2 + (tc >> 4)) * 256 + (tr & 15) * 16 + (tc & 15);
}
std::vector<float> untile(const std::vector<float>& tiled) {
  std::vector<float> rows(tiled.size());
  for (uint32_t r = 0; r < 1024; ++r)
    for (uint32_t c = 0; c < 1024; ++c) rows[size_t{r} * 1024 + c] = tiled[tiled_index(r, c)];
  return rows;
}

#ifdef ZYXTT_HAVE_OPENBLAS
void sgemm(const std::vector<float>& a, const std::vector<float>& b, std::vector<float>& c) {
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 1024, 1024, 1024, 1.0f, a.data(), 1024, b.data(), 1024,
              0.0f, c.data(), 1024);
}

void BM_Sgemm1024OneThread(benchmark::State& state) {
  openblas_set_num_threads(1);
  std::vector<float> a = untile(input_data(1)), b = untile(input_data(2)), c(kFloats);
  for (auto _ : state) {
    sgemm(a, b, c);
    benchmark::DoNotOptimize(c.data());
  }
  state.counters["GFLOPS"] = benchmark::Counter(2.0 * 1024 * 1024 * 1024 * state.iterations(), benchmark::Counter::kIsRate,
                                                benchmark::Counter::kIs1000);
}
EMU_BENCHMARK(BM_Sgemm1024OneThread)->UseRealTime()->Unit(benchmark::kMillisecond);
#endif

// The emulator's grid (10 x 12 cores) on one host thread; its first run is
// checked against sgemm (or a plain loop without OpenBLAS).
void BM_EmuMatmul1024Threads1(benchmark::State& state) {
  zc::Runtime& rt = runtime(1);
  try {
    ensure(rt, kMatmulGrid, matmul_program(kGridRows, kGridCols));
  } catch (const zc::Error& e) {
    state.SkipWithError((std::string("matmul program does not compile: ") + e.what()).c_str());
    return;
  }
  Buffers& bufs = buffers(rt);
  const std::vector<uint32_t> srcs = {bufs.a, bufs.b}, dsts = {bufs.out};
  rt.run(kMatmulGrid, srcs, dsts, kGridRows, kGridCols);
  {
    std::vector<float> a = untile(input_data(1)), b = untile(input_data(2)), want(kFloats, 0.0f);
#ifdef ZYXTT_HAVE_OPENBLAS
    openblas_set_num_threads(1);
    sgemm(a, b, want);
#else
    for (uint32_t i = 0; i < 1024; ++i)
      for (uint32_t k = 0; k < 1024; ++k)
        for (uint32_t j = 0; j < 1024; ++j) want[size_t{i} * 1024 + j] += a[size_t{i} * 1024 + k] * b[size_t{k} * 1024 + j];
#endif
    std::vector<float> got = untile(download(rt, bufs.out));
    double worst = 0, scale = 0;
    for (size_t i = 0; i < kFloats; ++i) {
      worst = std::max(worst, std::fabs(double(got[i]) - want[i]));
      scale = std::max(scale, std::fabs(double(want[i])));
    }
    // The matrix engine takes TF32 operands: small relative errors are expected.
    if (worst > 1e-2 * scale) {
      state.SkipWithError(("wrong result: max error " + std::to_string(worst) + " of " + std::to_string(scale)).c_str());
      return;
    }
  }
  for (auto _ : state) rt.run(kMatmulGrid, srcs, dsts, kGridRows, kGridCols);
  state.counters["GFLOPS"] = benchmark::Counter(2.0 * 1024 * 1024 * 1024 * state.iterations(), benchmark::Counter::kIsRate,
                                                benchmark::Counter::kIs1000);
}
EMU_BENCHMARK(BM_EmuMatmul1024Threads1)->UseRealTime()->Iterations(2)->Unit(benchmark::kMillisecond);

// Where the matmul's time goes: the same kernels without the tile products
// (the reader's page copies, CB calls and switches remain), and without the
// page copies too (CB calls, DST handshake, pack and switches alone).
Program matmul_cut_program(bool keep_reads) {
  Program p = matmul_program(kGridRows, kGridCols);
  cut(p.compute, "      matmul_tiles(0, 1, 0, 0, 0);\n");
  if (!keep_reads) {
    cut(p.reader, "      noc_async_read_page(m * 32 + k, a, get_write_ptr(0));\n");
    cut(p.reader, "      noc_async_read_page(k * 32 + n, b, get_write_ptr(1));\n");
  }
  return p;
}
void run_matmul_cut(benchmark::State& state, uint32_t id, bool keep_reads) {
  zc::Runtime& rt = runtime(1);
  ensure(rt, id, matmul_cut_program(keep_reads));
  Buffers& bufs = buffers(rt);
  const std::vector<uint32_t> srcs = {bufs.a, bufs.b}, dsts = {bufs.out};
  rt.run(id, srcs, dsts, kGridRows, kGridCols);
  for (auto _ : state) rt.run(id, srcs, dsts, kGridRows, kGridCols);
}
void BM_EmuMatmulNoMath1024Threads1(benchmark::State& state) { run_matmul_cut(state, kMatmulNoMathGrid, true); }
EMU_BENCHMARK(BM_EmuMatmulNoMath1024Threads1)->UseRealTime()->Iterations(2)->Unit(benchmark::kMillisecond);
void BM_EmuMatmulCalls1024Threads1(benchmark::State& state) { run_matmul_cut(state, kMatmulCallsGrid, false); }
EMU_BENCHMARK(BM_EmuMatmulCalls1024Threads1)->UseRealTime()->Iterations(2)->Unit(benchmark::kMillisecond);

// ---- 7. zyx at size: sin(a) * b over two n x n f32 tensors ---------------------------------
//
// The session zyx's code generator makes for it (kernels of its shape: one
// 4-byte NOC read per element into a row-major page, one 32 x 32 tile per
// core, an (n/32) x (n/32) virtual grid, one 4-byte write per element back),
// timed from the first write_buf to the last read_buf, against one host
// thread computing the same result.

Program zyx_sin_mul_program(uint32_t n) {
  const std::string size = std::to_string(n), numel = std::to_string(uint64_t{n} * n);
  Program p;
  p.reader =
      "#include <cstdint>\n#include \"api/dataflow/dataflow_api.h\"\n#include \"api/dataflow/noc.h\"\n"
      "#include \"api/dataflow/circular_buffer.h\"\n#include \"api/tensor/noc_traits.h\"\n"
      "#include \"api/debug/device_print.h\"\n"
      "void kernel_main() {\n"
      "  Noc noc;\n"
      "  auto a = TensorAccessor(TensorAccessorArgs<0>(0), get_arg_val<uint32_t>(0), 4096);\n"
      "  auto b = TensorAccessor(TensorAccessorArgs<2>(1), get_arg_val<uint32_t>(1), 4096);\n"
      "  CircularBuffer cb0(tt::CBIndex::c_0);\n"
      "  CircularBuffer cb1(tt::CBIndex::c_1);\n"
      "  const uint32_t n = " + size + ";\n"
      "  const uint32_t gidx0 = get_arg_val<uint32_t>(2), gidx1 = get_arg_val<uint32_t>(3);\n"
      "  DEVICE_PRINT(\"gidx0={}\\n\", gidx0);\n"
      "  cb0.reserve_back(1);\n"
      "  cb1.reserve_back(1);\n"
      "  for (uint32_t i = 0; i < 32; i++) {\n"
      "    const uint32_t row = (gidx0 << 5) + i, row_ok = row < n;\n"
      "    for (uint32_t j = 0; j < 32; j++) {\n"
      "      const uint32_t col = (gidx1 << 5) + j;\n"
      "      const uint32_t at = (col < n) * row_ok * (row * n + col);\n"
      "      noc.async_read(a, cb0, 4, { .page_id = (at * 4) / 4096, .offset_bytes = (at * 4) % 4096 },\n"
      "                     { .offset_bytes = ((i << 5) + j) * 4 });\n"
      "      noc.async_read(b, cb1, 4, { .page_id = (at * 4) / 4096, .offset_bytes = (at * 4) % 4096 },\n"
      "                     { .offset_bytes = ((i << 5) + j) * 4 });\n"
      "    }\n"
      "  }\n"
      "  noc.async_read_barrier();\n"
      "  cb0.push_back(1);\n"
      "  cb1.push_back(1);\n"
      "}\n";
  p.compute =
      "#include <cstdint>\n#include \"api/compute/common.h\"\n#include \"api/compute/compute_kernel_api.h\"\n"
      "#include \"api/compute/eltwise_binary_sfpu.h\"\n#include \"api/compute/tile_move_copy.h\"\n"
      "#include \"api/compute/eltwise_unary/eltwise_unary.h\"\n"
      "#include \"api/compute/eltwise_unary/trigonometry.h\"\n#include \"api/dataflow/circular_buffer.h\"\n"
      "void kernel_main() {\n"
      "  CircularBuffer cb0(tt::CBIndex::c_0);\n"
      "  CircularBuffer cb1(tt::CBIndex::c_1);\n"
      "  CircularBuffer cb2(tt::CBIndex::c_2);\n"
      "  init_sfpu(0, 2);\n"
      "  cb0.wait_front(1);\n"
      "  cb1.wait_front(1);\n"
      "  tile_regs_acquire();\n"
      "  copy_tile(0, 0, 0);\n"
      "  sin_tile_init();\n"
      "  sin_tile(0);\n"
      "  copy_tile(1, 0, 1);\n"
      "  mul_binary_tile_init();\n"
      "  mul_binary_tile(0, 1, 0);\n"
      "  tile_regs_commit();\n"
      "  tile_regs_wait();\n"
      "  cb2.reserve_back(1);\n"
      "  pack_tile(0, 2);\n"
      "  cb0.pop_front(1);\n"
      "  cb1.pop_front(1);\n"
      "  tile_regs_release();\n"
      "  cb2.push_back(1);\n"
      "}\n";
  p.writer =
      "#include <cstdint>\n#include \"api/dataflow/dataflow_api.h\"\n#include \"api/dataflow/noc.h\"\n"
      "#include \"api/dataflow/circular_buffer.h\"\n#include \"api/tensor/noc_traits.h\"\n"
      "void kernel_main() {\n"
      "  Noc noc(1);\n"
      "  CircularBuffer cb2(tt::CBIndex::c_2);\n"
      "  auto o = TensorAccessor(TensorAccessorArgs<0>(0), get_arg_val<uint32_t>(0), 4096);\n"
      "  const uint32_t n = " + size + ";\n"
      "  const uint32_t gidx0 = get_arg_val<uint32_t>(1), gidx1 = get_arg_val<uint32_t>(2);\n"
      "  cb2.wait_front(1);\n"
      "  for (uint32_t i = 0; i < 32; i++) {\n"
      "    const uint32_t row = (gidx0 << 5) + i, row_ok = row < n;\n"
      "    for (uint32_t j = 0; j < 32; j++) {\n"
      "      const uint32_t col = (gidx1 << 5) + j, ok = row_ok * (col < n);\n"
      "      const uint32_t at = ok * (row * n + col) + (1 - ok) * " + numel + "u;\n"
      "      noc.async_write(use<CircularBuffer::AddrSelector::READ_PTR>(cb2), o, 4,\n"
      "                      { .offset_bytes = ((i << 5) + j) * 4 },\n"
      "                      { .page_id = (at * 4) / 4096, .offset_bytes = (at * 4) % 4096 });\n"
      "    }\n"
      "  }\n"
      "  noc.async_write_barrier();\n"
      "  cb2.pop_front(1);\n"
      "}\n";
  p.cbs = {{0, zc::CbFormat::kFloat32}, {1, zc::CbFormat::kFloat32}, {2, zc::CbFormat::kFloat32}};
  return p;
}

void loop_sin_mul(benchmark::State& state, uint32_t n) {
  const size_t count = size_t{n} * n;
  std::vector<float> a = input_data(1, count), b = input_data(2, count), out(count);
  for (auto _ : state) {
    for (size_t i = 0; i < count; ++i) out[i] = std::sin(a[i]) * b[i];
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * int64_t(count));
}
void BM_LoopSinMul2048(benchmark::State& state) { loop_sin_mul(state, 2048); }
EMU_BENCHMARK(BM_LoopSinMul2048)->UseRealTime()->Iterations(3)->Unit(benchmark::kMillisecond);
void BM_LoopSinMul8192(benchmark::State& state) { loop_sin_mul(state, 8192); }
EMU_BENCHMARK(BM_LoopSinMul8192)->UseRealTime()->Iterations(2)->Unit(benchmark::kMillisecond);

// One zyx-shaped session's transfers and run; returns their times.
struct SessionTimes {
  double write_s = 0, run_s = 0, read_s = 0;
};

void zyx_sin_mul(benchmark::State& state, uint32_t n) {
  const size_t count = size_t{n} * n, bytes = count * 4;
  auto rt = spawn(warm_cache(), 0, {{"ZYX_TT_VIRTUAL_GRID", "1"}});
  const std::vector<float> a = input_data(1, count), b = input_data(2, count);
  // zyx's buffers: numel + 1 elements (the padded lanes' sentinel).
  const uint32_t da = rt->alloc_buf(bytes + 4), db = rt->alloc_buf(bytes + 4), dout = rt->alloc_buf(bytes + 4);
  zyxtt::ShmMapping sa = zyxtt::ShmMapping::create_unique("zyxtt-emu-bench", bytes);
  zyxtt::ShmMapping sb = zyxtt::ShmMapping::create_unique("zyxtt-emu-bench", bytes);
  zyxtt::ShmMapping so = zyxtt::ShmMapping::create_unique("zyxtt-emu-bench", bytes);
  std::memcpy(sa.data(), a.data(), bytes);
  std::memcpy(sb.data(), b.data(), bytes);
  compile(*rt, 1, zyx_sin_mul_program(n));
  const std::vector<uint32_t> srcs = {da, db}, dsts = {dout};
  auto session = [&] {
    SessionTimes t;
    const auto t0 = Clock::now();
    rt->write_buf(da, sa.name(), bytes);
    rt->write_buf(db, sb.name(), bytes);
    const auto t1 = Clock::now();
    rt->run(1, srcs, dsts, n / 32, n / 32);
    const auto t2 = Clock::now();
    rt->read_buf(dout, so.name(), bytes);
    t.write_s = std::chrono::duration<double>(t1 - t0).count();
    t.run_s = std::chrono::duration<double>(t2 - t1).count();
    t.read_s = std::chrono::duration<double>(Clock::now() - t2).count();
    return t;
  };
  // The first session touches fresh memory everywhere (DRAM, the client's
  // objects, the output): reported apart, since on the VMs measured a first
  // touch of memory costs several times the copy itself, host loops alike.
  const SessionTimes first = session();
  const float* got = reinterpret_cast<const float*>(so.data());
  double worst = 0;
  for (size_t i = 0; i < count; ++i) worst = std::max(worst, std::fabs(double(got[i]) - std::sin(double(a[i])) * b[i]));
  if (worst > 1e-4) {
    state.SkipWithError(("wrong result: max error " + std::to_string(worst)).c_str());
    return;
  }
  SessionTimes sum;
  for (auto _ : state) {
    const SessionTimes t = session();
    sum.write_s += t.write_s;
    sum.run_s += t.run_s;
    sum.read_s += t.read_s;
  }
  const double iterations = double(state.iterations());
  state.counters["first_session_ms"] = 1e3 * (first.write_s + first.run_s + first.read_s);
  state.counters["write_ms"] = 1e3 * sum.write_s / iterations;
  state.counters["run_ms"] = 1e3 * sum.run_s / iterations;
  state.counters["read_ms"] = 1e3 * sum.read_s / iterations;
  state.SetItemsProcessed(state.iterations() * int64_t(count));
}
void BM_ZyxSinMul2048(benchmark::State& state) { zyx_sin_mul(state, 2048); }
EMU_BENCHMARK(BM_ZyxSinMul2048)->UseRealTime()->Iterations(3)->Unit(benchmark::kMillisecond);
void BM_ZyxSinMul8192(benchmark::State& state) { zyx_sin_mul(state, 8192); }
EMU_BENCHMARK(BM_ZyxSinMul8192)->UseRealTime()->Iterations(2)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::error_code ec;
  fs::remove_all(bench_root(), ec);
  return 0;
}
