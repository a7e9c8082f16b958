// Opening the card, its buffers and transfers through TT-Metalium.
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include <cstdio>
#include <cstdlib>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <utility>

#include "device/metal/card_impl.h"
#include "device/metal/card_probe.h"

namespace zyxtt::metal {

namespace tm = tt::tt_metal;

namespace {

std::string use_emulator(const CardOptions& o) { return "or run on the emulator with " + option_hint(o.hints, "device", "emu"); }

std::string device_name(int id) { return "Tenstorrent device " + std::to_string(id); }

// Free bytes of all banks from the allocator's statistics where the MeshDevice
// offers them (tt-metal and the project's own TT-Metalium do): those are one
// bank's, as every bank holds the same ranges. nullopt otherwise.
template <typename Mesh>
std::optional<uint64_t> allocator_free_bytes(const Mesh& mesh, bool dram) {
  if constexpr (requires { mesh.allocator()->get_statistics(tm::BufferType::DRAM).total_free_bytes; }) {
    const tm::BufferType type = dram ? tm::BufferType::DRAM : tm::BufferType::L1;
    const auto& allocator = *mesh.allocator();
    return uint64_t{allocator.get_statistics(type).total_free_bytes} * allocator.get_num_banks(type);
  } else {
    return std::nullopt;
  }
}

template <typename Mesh>
uint32_t l1_unreserved_base(const Mesh& mesh) {
  if constexpr (requires { mesh.allocator()->get_base_allocator_addr(tm::HalMemType::L1); }) {
    return static_cast<uint32_t>(mesh.allocator()->get_base_allocator_addr(tm::HalMemType::L1));
  } else {
    return 0;  // unknown: the checks allow all of L1 and TT-Metalium refuses what does not fit
  }
}

// A memory's alignment, as TT-Metalium aligns a one-page buffer there.
uint32_t alignment_of(dist::MeshDevice& mesh, tm::BufferType type) {
  dist::DeviceLocalBufferConfig local;
  local.page_size = 16;
  local.buffer_type = type;
  dist::ReplicatedBufferConfig replicated;
  replicated.size = 16;
  return dist::MeshBuffer::create(replicated, local, &mesh)->get_reference_buffer()->alignment();
}

}  // namespace

// One thread, for the card's lifetime, that launches runs and waits for them:
// neither enqueue (on a full queue) nor Finish can be interrupted, and a
// thread per run would also take along whatever TT-Metalium started on it.
struct MetalCard::RunThread {
  std::mutex mutex;
  std::condition_variable wake;
  std::function<void()> job;  // set: waiting to run
  bool busy = false;
  bool quit = false;
  std::exception_ptr error;

  static void loop(std::shared_ptr<RunThread> self) {
    std::unique_lock lock(self->mutex);
    while (true) {
      self->wake.wait(lock, [&] { return self->job || self->quit; });
      if (!self->job) return;
      std::function<void()> job = std::move(self->job);
      self->job = nullptr;
      lock.unlock();
      std::exception_ptr error;
      try {
        job();
      } catch (...) {
        error = std::current_exception();
      }
      lock.lock();
      self->error = error;
      self->busy = false;
      self->wake.notify_all();
    }
  }
};

std::unique_ptr<Card> open_card(const CardOptions& options) {
#ifdef ZYXTT_TT_METAL_ROOT_DEFAULT
  // Where this plugin's TT-Metalium keeps its kernel sources and firmware,
  // unless the user says otherwise (as zyx's own build does).
  setenv("TT_METAL_RUNTIME_ROOT", ZYXTT_TT_METAL_ROOT_DEFAULT, 0);
#endif
  const std::string name = device_name(options.device_id);
  size_t available = 0;
  try {
    available = tm::GetNumAvailableDevices();
  } catch (const std::exception& e) {
    throw Error(Code::kFailedPrecondition,
                "cannot open " + name + ": TT-Metalium could not list the devices (" + clean_message(e.what()) +
                    "); check the driver (tt-kmd) and the card with tt-smi, " + use_emulator(options));
  }
  if (available == 0) {
    throw Error(Code::kFailedPrecondition,
                "cannot open " + name + ": no Tenstorrent card found (/dev/tenstorrent holds no device); install the "
                "card and its driver (tt-kmd), " + use_emulator(options));
  }
  if (options.device_id < 0 || static_cast<size_t>(options.device_id) >= available) {
    throw Error(Code::kFailedPrecondition,
                "cannot open " + name + ": it does not exist; this machine has " + std::to_string(available) +
                    " (ids 0 to " + std::to_string(available - 1) +
                    "); choose one with " + option_hint(options.hints, "device-id"));
  }
  // UMD waits for a card another process holds; say who holds it instead.
  const std::string node = "/dev/tenstorrent/" + std::to_string(options.device_id);
  if (std::vector<std::string> holders = processes_holding(node); !holders.empty()) {
    std::string list;
    for (const std::string& h : holders) list += (list.empty() ? "" : ", ") + h;
    throw Error(Code::kFailedPrecondition, "cannot open " + name + ": it is in use by " + list +
                                               "; stop that process (or choose another card with " +
                                               option_hint(options.hints, "device-id") + "), then send init again");
  }
  std::shared_ptr<dist::MeshDevice> mesh;
  try {
    mesh = dist::MeshDevice::create_unit_mesh(options.device_id);
  } catch (const std::exception& e) {
    throw Error(Code::kFailedPrecondition,
                "cannot open " + name + ": " + clean_message(e.what()) +
                    "; if another process held it or a run was interrupted, reset the card (tt-smi -r) and retry, " +
                    use_emulator(options));
  }
  return std::make_unique<MetalCard>(std::move(mesh), options);
}

MetalCard::MetalCard(std::shared_ptr<dist::MeshDevice> mesh, const CardOptions& options)
    : mesh_(std::move(mesh)), options_(options) {
  translating(Code::kFailedPrecondition, "reading the card's properties", [&] {
    queue_ = &mesh_->mesh_command_queue(0);
    const tm::CoreCoord grid = mesh_->compute_with_storage_grid_size();
    info_.name = device_name(options.device_id);
    info_.grid_cols = static_cast<uint32_t>(grid.x);
    info_.grid_rows = static_cast<uint32_t>(grid.y);
    info_.l1_bytes = mesh_->l1_size_per_core();
    info_.dram_banks = static_cast<uint32_t>(mesh_->num_dram_channels());
    info_.dram_bank_bytes = mesh_->dram_size_per_channel();
    info_.dram_alignment = alignment_of(*mesh_, tm::BufferType::DRAM);
    info_.l1_alignment = alignment_of(*mesh_, tm::BufferType::L1);
    info_.l1_unreserved_base = l1_unreserved_base(*mesh_);
  });
}

MetalCard::~MetalCard() {
  if (run_thread_) {
    std::lock_guard lock(run_thread_->mutex);
    run_thread_->quit = true;
    run_thread_->wake.notify_all();
  }
  // A card still running a stuck program would hang close(); leave it to the reset.
  if (stuck_) return;
  try {
    mesh_->close();
  } catch (const std::exception&) {
  }
}

void MetalCard::check_usable() const {
  if (stuck_) {
    throw Error(Code::kFailedPrecondition,
                info_.name + " did not finish " + *stuck_ +
                    " within the run timeout and may still be running it; reset the card (tt-smi -r) and restart "
                    "the runtime");
  }
}

uint64_t MetalCard::free_bytes(bool dram) const {
  std::optional<uint64_t> free =
      translating(Code::kInternal, "reading free memory", [&] { return allocator_free_bytes(*mesh_, dram); });
  if (free) return *free;
  // Without an allocator view: capacity less what this card handed out.
  const uint64_t capacity = dram ? uint64_t{info_.dram_banks} * info_.dram_bank_bytes
                                 : uint64_t{info_.grid_rows} * info_.grid_cols * (info_.l1_bytes - info_.l1_unreserved_base);
  const uint64_t used = dram ? allocated_dram_ : allocated_l1_;
  return capacity > used ? capacity - used : 0;
}

std::shared_ptr<CardBuffer> MetalCard::allocate(uint64_t size, uint32_t page_size, bool dram) {
  check_usable();
  return translating(Code::kResourceExhausted, "allocating " + std::to_string(size) + " bytes", [&] {
    dist::DeviceLocalBufferConfig local;
    local.page_size = page_size;
    local.buffer_type = dram ? tm::BufferType::DRAM : tm::BufferType::L1;
    dist::ReplicatedBufferConfig replicated;
    replicated.size = size;
    // The deleter keeps the fallback count of free bytes (free_bytes).
    uint64_t& allocated = dram ? allocated_dram_ : allocated_l1_;
    std::shared_ptr<CardBuffer> buffer(new CardBuffer{dist::MeshBuffer::create(replicated, local, mesh_.get())},
                                       [&allocated, size](CardBuffer* b) {
                                         allocated -= size;
                                         delete b;
                                       });
    allocated += size;
    return buffer;
  });
}

uint64_t MetalCard::address(const CardBuffer& buffer) const { return buffer.mesh->address(); }

uint32_t MetalCard::aligned_page_size(const CardBuffer& buffer) const {
  return static_cast<uint32_t>(buffer.mesh->get_reference_buffer()->aligned_page_size());
}

std::vector<uint32_t> MetalCard::accessor_args(const CardBuffer& buffer) const {
  return translating(Code::kInternal, "describing a buffer to kernels", [&] {
    std::vector<uint32_t> words;
    tm::TensorAccessorArgs(*buffer.mesh).append_to(words);
    return words;
  });
}

void MetalCard::write(CardBuffer& buffer, const std::vector<uint8_t>& bytes) {
  check_usable();
  translating(Code::kInternal, "writing a buffer", [&] {
    // Non-blocking, then one Finish: the bytes stay alive until it returns.
    dist::EnqueueWriteMeshBuffer(*queue_, buffer.mesh, bytes, /*blocking=*/false);
    dist::Finish(*queue_);
  });
}

void MetalCard::read(CardBuffer& buffer, std::vector<uint8_t>& bytes) {
  check_usable();
  translating(Code::kInternal, "reading a buffer", [&] {
    dist::EnqueueReadMeshBuffer(*queue_, bytes, buffer.mesh, /*blocking=*/false);
    dist::Finish(*queue_);
  });
}

void MetalCard::launch_and_finish(const std::string& what, std::function<void()> launch) {
  if (!run_thread_) {
    run_thread_ = std::make_shared<RunThread>();
    std::thread(RunThread::loop, run_thread_).detach();
  }
  RunThread& t = *run_thread_;
  std::unique_lock lock(t.mutex);
  dist::MeshCommandQueue* queue = queue_;
  t.job = [queue, launch = std::move(launch)] {
    launch();
    dist::Finish(*queue);
  };
  t.busy = true;
  t.wake.notify_all();
  if (!t.wake.wait_for(lock, options_.run_timeout, [&] { return !t.busy; })) {
    stuck_ = what;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", options_.run_timeout.count() / 1000.0);
    throw Error(Code::kDeadlineExceeded,
                what + " did not finish within the run timeout of " + seconds +
                    " s; the card may need a reset (tt-smi -r) before the runtime is restarted; raise the limit "
                    "with " + option_hint(options_.hints, "run-timeout"));
  }
  std::exception_ptr error = std::exchange(t.error, nullptr);
  lock.unlock();
  if (error) translating(Code::kInternal, what, [&] { std::rethrow_exception(error); });
}

}  // namespace zyxtt::metal
