#include <fmt/format.h>

#include <cstring>

#include "common/error.h"
#include "common/shm.h"
#include "zyxtt/client.h"

namespace zyxtt::client {
namespace {

// A JSON string literal for paths that may hold quotes or backslashes.
std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

Runtime::Runtime(const SpawnOptions& options) : process_(options) {}

Answer Runtime::checked(std::string_view line, ErrorKind kind, const char* what, std::string_view payload) {
  Answer answer = process_.request(line, kind, payload);
  if (answer.is_error()) {
    std::string msg = answer.field("msg").value_or("unknown");
    throw Error(kind, fmt::format("{} error: {}", what, msg), answer.field("code").value_or(""));
  }
  return answer;
}

void Runtime::init(const std::filesystem::path& cache_dir) {
  checked(fmt::format(R"({{"cmd":"init","cache_dir":{}}})", json_string(cache_dir.string())),
          ErrorKind::kInitialization, "tt-runtime init");
}

uint32_t Runtime::alloc_buf(uint64_t size, uint64_t tile_bytes) {
  Answer answer = checked(fmt::format(R"({{"cmd":"alloc_buf","size":{},"tile_bytes":{}}})", size, tile_bytes),
                          ErrorKind::kMemoryAllocation, "alloc_buf");
  auto index = answer.field("index");
  if (!index) throw Error(ErrorKind::kMemoryAllocation, "alloc_buf: no index in response");
  try {
    size_t used = 0;
    unsigned long value = std::stoul(*index, &used);
    if (used != index->size() || value > UINT32_MAX) throw std::out_of_range(*index);
    return static_cast<uint32_t>(value);
  } catch (const std::exception&) {
    throw Error(ErrorKind::kMemoryAllocation, fmt::format("alloc_buf: invalid index '{}'", *index));
  }
}

Runtime::Grid Runtime::grid() {
  Answer answer = checked(R"({"cmd":"grid"})", ErrorKind::kInitialization, "grid");
  auto number = [&](const char* key) {
    auto text = answer.field(key);
    size_t used = 0;
    unsigned long value = 0;
    try {
      if (text) value = std::stoul(*text, &used);
    } catch (const std::exception&) {
    }
    if (!text || used == 0 || used != text->size() || value == 0 || value > 1024) {
      throw Error(ErrorKind::kInitialization, fmt::format("grid: invalid {} in answer {}", key, answer.line));
    }
    return static_cast<uint32_t>(value);
  };
  return Grid{number("rows"), number("cols")};
}

void Runtime::free_buf(uint32_t index) {
  checked(fmt::format(R"({{"cmd":"free_buf","index":{}}})", index), ErrorKind::kMemoryAllocation, "free_buf");
}

void Runtime::write_buf(uint32_t index, const std::string& shm_path, uint64_t size) {
  checked(fmt::format(R"({{"cmd":"write_buf","index":{},"shm_path":{},"size":{}}})", index, json_string(shm_path), size),
          ErrorKind::kMemoryCopyHostToPool, "write_buf");
}

void Runtime::read_buf(uint32_t index, const std::string& shm_path, uint64_t size) {
  checked(fmt::format(R"({{"cmd":"read_buf","index":{},"shm_path":{},"size":{}}})", index, json_string(shm_path), size),
          ErrorKind::kMemoryCopyPoolToHost, "read_buf");
}

void Runtime::compile_program(uint32_t id, std::string_view reader, std::string_view compute,
                              std::string_view writer, std::span<const CbConfig> cbs) {
  std::string line = fmt::format(
      R"({{"cmd":"compile_program","id":{},"reader_source_len":{},"compute_source_len":{},"writer_source_len":{},"n_cbs":{})",
      id, reader.size(), compute.size(), writer.size(), cbs.size());
  for (size_t i = 0; i < cbs.size(); ++i) {
    line += fmt::format(R"(,"cb_idx{}":{},"cb_fmt{}":{},"cb_tb{}":{})", i, cbs[i].index, i,
                        static_cast<uint32_t>(cbs[i].format), i, cbs[i].tile_bytes());
  }
  line += '}';
  std::string payload;
  payload.reserve(reader.size() + compute.size() + writer.size());
  payload.append(reader).append(compute).append(writer);
  checked(line, ErrorKind::kKernelCompilation, "tt-runtime compile", payload);
}

void Runtime::run(uint32_t id, std::span<const uint32_t> srcs, std::span<const uint32_t> dsts, uint32_t gd0,
                  uint32_t gd1) {
  std::string line = fmt::format(R"({{"cmd":"run","id":{},"gd0":{},"gd1":{})", id, gd0, gd1);
  for (size_t i = 0; i < srcs.size(); ++i) line += fmt::format(R"(,"src{}":{})", i, srcs[i]);
  for (size_t i = 0; i < dsts.size(); ++i) line += fmt::format(R"(,"dst{}":{})", i, dsts[i]);
  line += '}';
  checked(line, ErrorKind::kKernelLaunch, "tt-runtime run");
}

void Runtime::exit() {
  checked(R"({"cmd":"exit"})", ErrorKind::kKernelLaunch, "tt-runtime exit");
  process_.wait_exit(5000);
}

MemoryPool::MemoryPool(std::shared_ptr<Runtime> runtime, uint64_t total_bytes)
    : runtime_(std::move(runtime)), free_bytes_(total_bytes) {}

const MemoryPool::Buffer& MemoryPool::at(BufferId id, ErrorKind kind) const {
  auto it = buffers_.find(id);
  if (it == buffers_.end()) throw Error(kind, "invalid buffer id");
  return it->second;
}

BufferId MemoryPool::allocate(uint64_t bytes) {
  if (bytes > free_bytes_) throw Error(ErrorKind::kMemoryAllocation, "out of device memory");
  uint32_t index = runtime_->alloc_buf(bytes);
  BufferId id = next_id_++;
  buffers_[id] = Buffer{index, bytes};
  free_bytes_ -= bytes;
  return id;
}

void MemoryPool::deallocate(BufferId id) {
  auto it = buffers_.find(id);
  if (it == buffers_.end()) return;
  free_bytes_ += it->second.size;
  uint32_t index = it->second.device_index;
  buffers_.erase(it);
  try {
    runtime_->free_buf(index);
  } catch (const Error&) {
    // As in zyx: a failed free leaves nothing for the caller to do.
  }
}

void MemoryPool::host_to_pool(std::span<const std::byte> src, BufferId dst) {
  const Buffer& buffer = at(dst, ErrorKind::kMemoryCopyHostToPool);
  uint64_t n = std::min<uint64_t>(src.size(), buffer.size);
  try {
    ShmMapping shm = ShmMapping::create_unique("zyx-tt", n);
    if (n > 0) std::memcpy(shm.data(), src.data(), n);
    runtime_->write_buf(buffer.device_index, shm.name(), n);
  } catch (const ::zyxtt::Error& e) {
    throw Error(ErrorKind::kMemoryCopyHostToPool, e.what());
  }
}

void MemoryPool::pool_to_host(BufferId src, std::span<std::byte> dst) {
  const Buffer& buffer = at(src, ErrorKind::kMemoryCopyPoolToHost);
  uint64_t n = std::min<uint64_t>(dst.size(), buffer.size);
  try {
    ShmMapping shm = ShmMapping::create_unique("zyx-tt", n);
    runtime_->read_buf(buffer.device_index, shm.name(), n);
    if (n > 0) std::memcpy(dst.data(), shm.data(), n);
  } catch (const ::zyxtt::Error& e) {
    throw Error(ErrorKind::kMemoryCopyPoolToHost, e.what());
  }
}

uint32_t MemoryPool::device_index(BufferId id) const { return at(id, ErrorKind::kKernelLaunch).device_index; }
uint64_t MemoryPool::size(BufferId id) const { return at(id, ErrorKind::kKernelLaunch).size; }

Device::Device(std::shared_ptr<Runtime> runtime) : runtime_(std::move(runtime)) {
  Runtime::Grid grid = runtime_->grid();
  info_.grid_rows = grid.rows;
  info_.grid_cols = grid.cols;
}

ProgramId Device::compile(std::string_view reader, std::string_view compute, std::string_view writer,
                          std::span<const CbConfig> cbs, uint32_t inputs, uint32_t outputs, uint32_t gd0,
                          uint32_t gd1) {
  ProgramId id = next_id_++;
  runtime_->compile_program(id, reader, compute, writer, cbs);
  programs_[id] = Program{inputs, outputs, gd0, gd1};
  return id;
}

void Device::release(ProgramId id) { programs_.erase(id); }

void Device::launch(ProgramId id, const MemoryPool& pool, std::span<const BufferId> buffers) {
  auto it = programs_.find(id);
  if (it == programs_.end()) throw Error(ErrorKind::kKernelLaunch, "invalid program id");
  const Program& p = it->second;
  if (buffers.size() < p.inputs + p.outputs) {
    throw Error(ErrorKind::kKernelLaunch,
                fmt::format("expected {} buffers, got {}", p.inputs + p.outputs, buffers.size()));
  }
  std::vector<uint32_t> srcs, dsts;
  for (uint32_t i = 0; i < p.inputs; ++i) srcs.push_back(pool.device_index(buffers[i]));
  for (uint32_t i = 0; i < p.outputs; ++i) dsts.push_back(pool.device_index(buffers[p.inputs + i]));
  runtime_->run(id, srcs, dsts, p.gd0, p.gd1);
}

namespace {
std::shared_ptr<Runtime> initialised_runtime(const SpawnOptions& options, const std::filesystem::path& cache_dir) {
  auto runtime = std::make_shared<Runtime>(options);
  runtime->init(cache_dir);
  return runtime;
}
}  // namespace

Session::Session(const SpawnOptions& options, const std::filesystem::path& cache_dir)
    : runtime(initialised_runtime(options, cache_dir)), pool(runtime, detect_dram_bytes()), device(runtime) {}

}  // namespace zyxtt::client
