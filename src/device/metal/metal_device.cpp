#include "device/metal/metal_device.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "common/error.h"
#include "common/fd_io.h"
#include "device/cb_formats.h"
#include "zyxtt/core_limits.h"

namespace zyxtt::metal {

namespace {

// The page of the one-page buffer that asks TT-Metalium what kernels are told.
constexpr uint32_t kProbePageBytes = 1024;

CardProgramSpec card_program(const program::Program& p) {
  CardProgramSpec spec;
  spec.kernels = p.kernels;
  spec.semaphores = p.semaphores;
  for (const program::CircularBufferSpec& cb : p.circular_buffers) {
    if (cb.address) {
      throw Error(Code::kUnimplemented,
                  "the metal device has no circular buffers at a buffer's address (globally allocated) yet");
    }
    CardCircularBuffer out{cb.cores, cb.total_size, {}};
    for (const program::CbIndexSpec& i : cb.indices)
      out.indices.push_back({i.index, static_cast<uint8_t>(i.format), i.page_size, i.tile.rows, i.tile.cols});
    spec.circular_buffers.push_back(std::move(out));
  }
  return spec;
}

struct MetalCompiled final : CompiledProgram {
  std::unique_ptr<CardProgram> card;
};

}  // namespace

MetalDevice::MetalDevice(const MetalOptions& options) : options_(options) {
  caps_.kind = "metal";
  caps_.arch = options.fallback_arch;
  caps_.cb_formats = emulated_cb_formats();  // the card holds what the emulator does
  caps_.max_runtime_args = limits::kMaxRuntimeArgs;
  caps_.max_circular_buffers = limits::kMaxCircularBuffers;
  caps_.max_semaphores = limits::kMaxSemaphores;
}

// Buffers go before the card that holds them.
MetalDevice::~MetalDevice() { buffers_.clear(); }

void MetalDevice::log(int level, const std::string& message) const {
  if (options_.log) options_.log(level, message.c_str());
}

Card& MetalDevice::card() const {
  if (!card_) throw Error(Code::kFailedPrecondition, "the card is not open yet; send init first");
  return *card_;
}

void MetalDevice::open(const std::string& cache_dir) {
  // TT-Metalium reads its cache folder once, so it is fixed once chosen.
  if (card_) {
    if (cache_dir == cache_dir_) return;
    throw Error(Code::kFailedPrecondition,
                "init: the device is already open with cache folder '" + cache_dir_ +
                    "'; a second init cannot switch to '" + cache_dir +
                    "' (programs compiled so far use the first); start a new runtime for another cache folder");
  }
  // TT-Metalium's kernel cache goes to the client's cache folder unless the
  // user chose one.
  if (!cache_dir.empty()) setenv("TT_METAL_CACHE", cache_dir.c_str(), 0);
  card_ = options_.open_card(options_.card);
  cache_dir_ = cache_dir;
  const CardInfo& info = card_->info();
  arch_name_ = "card " + std::to_string(options_.card.device_id);
  // The card does not report its NOC placement: Blackhole's.
  arch_ = Arch{arch_name_,      info.grid_rows,       info.grid_cols,      info.l1_bytes,
               info.dram_banks, info.dram_bank_bytes, info.dram_alignment, info.l1_alignment,
               kBlackholeNoc};
  caps_.arch = &arch_;
  caps_.l1_unreserved_base = info.l1_unreserved_base;
  check_accessor_words();
  log(2, info.name + " open: " + std::to_string(info.grid_rows) + " x " + std::to_string(info.grid_cols) +
             " worker grid, " + std::to_string(info.dram_banks) + " DRAM banks");
}

// Users give kernels [0x2 (IsDram), aligned page size] per interleaved DRAM
// buffer, what TensorAccessorArgs emits from 0.68 on; 0.62 - 0.67 emit one
// word, and kernels built by such a TT-Metalium would misread those args.
void MetalDevice::check_accessor_words() {
  std::shared_ptr<CardBuffer> probe = card_->allocate(kProbePageBytes, kProbePageBytes, /*dram=*/true);
  const std::vector<uint32_t> words = card_->accessor_args(*probe);
  const std::vector<uint32_t> expected = {0x2, card_->aligned_page_size(*probe)};
  if (words != expected) {
    std::string got;
    for (uint32_t w : words) got += (got.empty() ? "" : ", ") + std::to_string(w);
    card_.reset();
    throw Error(Code::kFailedPrecondition,
                "this TT-Metalium describes an interleaved DRAM buffer to kernels as [" + got + "], not [2, " +
                    std::to_string(expected[1]) +
                    "] as zyx's kernels and this runtime assume; use TT-Metalium 0.68 or newer");
  }
}

uint64_t MetalDevice::free_bytes(program::MemoryKind memory) const {
  return card().free_bytes(memory == program::MemoryKind::kDram);
}

program::PlacedBuffer MetalDevice::allocate(const program::BufferSpec& spec) {
  if (spec.layout != program::BufferLayout::kInterleaved) {
    throw Error(Code::kUnimplemented, "the metal device has interleaved buffers only, not sharded ones yet");
  }
  if (spec.page_size == 0) throw Error(Code::kInvalidArgument, "a buffer's page size must be at least 1 byte");
  const uint64_t pages = std::max<uint64_t>(1, (spec.size + spec.page_size - 1) / spec.page_size);
  Held held{card().allocate(pages * spec.page_size, spec.page_size, spec.memory == program::MemoryKind::kDram),
            pages * spec.page_size};
  program::PlacedBuffer placed;
  placed.address = card_->address(*held.buffer);
  placed.spec = spec;
  placed.aligned_page_size = card_->aligned_page_size(*held.buffer);
  buffers_[{spec.memory, placed.address}] = std::move(held);
  return placed;
}

MetalDevice::Held& MetalDevice::held(const program::PlacedBuffer& buffer) {
  auto it = buffers_.find({buffer.spec.memory, buffer.address});
  if (it == buffers_.end()) {
    throw Error(Code::kNotFound, "no buffer at address " + std::to_string(buffer.address) + " on the card");
  }
  return it->second;
}

void MetalDevice::free(const program::PlacedBuffer& buffer) {
  held(buffer);
  buffers_.erase({buffer.spec.memory, buffer.address});
}

void MetalDevice::write_at(Held& h, uint64_t offset, std::vector<uint8_t>&& bytes, uint64_t length) {
  if (offset == 0 && length == h.card_size) {
    card_->write(*h.buffer, bytes);
    return;
  }
  std::vector<uint8_t> whole;
  card_->read(*h.buffer, whole);
  std::memcpy(whole.data() + offset, bytes.data(), length);
  card_->write(*h.buffer, whole);
}

void MetalDevice::write(const program::PlacedBuffer& buffer, uint64_t offset, std::span<const std::byte> bytes) {
  Held& h = held(buffer);
  if (offset + bytes.size() > h.card_size) throw Error(Code::kOutOfRange, "write beyond the end of the buffer");
  std::vector<uint8_t> copy(bytes.size());
  std::memcpy(copy.data(), bytes.data(), bytes.size());
  write_at(h, offset, std::move(copy), bytes.size());
}

void MetalDevice::read(const program::PlacedBuffer& buffer, uint64_t offset, std::span<std::byte> bytes) {
  Held& h = held(buffer);
  if (offset + bytes.size() > h.card_size) throw Error(Code::kOutOfRange, "read beyond the end of the buffer");
  std::vector<uint8_t> whole;
  card_->read(*h.buffer, whole);
  std::memcpy(bytes.data(), whole.data() + offset, bytes.size());
}

namespace {

uint64_t file_size(int fd) {
  struct stat st {};
  return fstat(fd, &st) == 0 ? static_cast<uint64_t>(st.st_size) : 0;
}

}  // namespace

void MetalDevice::write_from_fd(const program::PlacedBuffer& buffer, int fd, uint64_t length) {
  Held& h = held(buffer);
  if (length > h.card_size) throw Error(Code::kOutOfRange, "write beyond the end of the buffer");
  // Sized for the whole buffer when it covers it, so it goes to the card as is.
  std::vector<uint8_t> bytes(length == h.card_size ? h.card_size : length);
  // All of it is read before the card sees any: an object cut short writes nothing.
  if (pread_full(fd, std::as_writable_bytes(std::span(bytes)).first(length), 0, "the shared-memory object") < length) {
    throw Error(Code::kFailedPrecondition,
                "the shared-memory object shrank to " + std::to_string(file_size(fd)) + " bytes during the copy of " +
                    std::to_string(length) + " bytes; no bytes of the buffer were written, the rest keeps its "
                    "previous bytes");
  }
  write_at(h, 0, std::move(bytes), length);
}

void MetalDevice::read_to_fd(const program::PlacedBuffer& buffer, int fd, uint64_t length) {
  Held& h = held(buffer);
  if (length > h.card_size) throw Error(Code::kOutOfRange, "read beyond the end of the buffer");
  std::vector<uint8_t> whole;
  card_->read(*h.buffer, whole);
  const uint64_t copied = pwrite_full(fd, std::as_bytes(std::span(whole)).first(length), 0, "the shared-memory object");
  if (copied < length) {
    throw Error(Code::kFailedPrecondition,
                "the shared-memory object shrank to " + std::to_string(file_size(fd)) + " bytes during the copy of " +
                    std::to_string(length) + " bytes; " +
                    (copied ? "bytes 0 to " + std::to_string(copied - 1) : std::string("no bytes")) +
                    " of the buffer were copied into it");
  }
}

std::shared_ptr<CompiledProgram> MetalDevice::compile(const program::Program& program) {
  CardProgramSpec spec = card_program(program);
  auto compiled = std::make_shared<MetalCompiled>();
  compiled->card = card().build(spec);
  return compiled;
}

void MetalDevice::run(CompiledProgram& program, const program::Run& run, const std::string& what) {
  auto& compiled = dynamic_cast<MetalCompiled&>(program);
  compiled.card->run(run.kernels, what);
}

}  // namespace zyxtt::metal
