#include "device/emu/trace/trace_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>

#include "common/error.h"
#include "device/emu/timing/model.h"

namespace zyxtt::emu {
namespace {

// Tracks of a chip: 0 for its runs, then four per core (reader, writer,
// compute, NOC writes in), in grid order.
constexpr uint32_t kNocInLane = 3;
uint64_t track(uint32_t x, uint32_t y, uint32_t lane) { return 1 + ((uint64_t{y} << 16 | x) << 2 | lane); }

std::string core_name(uint32_t x, uint32_t y) { return fmt::format("core (x={},y={})", x, y); }

const char* lane_name(uint32_t lane) {
  switch (lane) {
    case 0: return "reader";
    case 1: return "writer";
    case 2: return "compute";
  }
  return "NOC in";
}

const char* noc_call(TraceKind kind) {
  switch (kind) {
    case TraceKind::kNocMulticast: return "noc_async_write_multicast";
    case TraceKind::kNocInlineWrite: return "noc_inline_dw_write";
    case TraceKind::kNocAtomic: return "noc_semaphore_inc";
    default: return "noc_async_write";
  }
}

const char* barrier_call(uint32_t which) {
  switch (static_cast<NocBarrier>(which)) {
    case NocBarrier::kRead: return "noc_async_read_barrier";
    case NocBarrier::kWrite: return "noc_async_write_barrier";
    case NocBarrier::kWritesFlushed: return "noc_async_writes_flushed";
    case NocBarrier::kAtomic: return "noc_async_atomic_barrier";
  }
  return "noc barrier";
}

// Files open in this process by path; never destroyed (closed at exit).
struct Registry {
  std::mutex mutex;
  std::map<std::string, std::weak_ptr<TraceFile>> files;
};
Registry& registry() {
  static Registry* r = new Registry();
  return *r;
}

void close_all_at_exit() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (auto& [path, weak] : r.files)
    if (std::shared_ptr<TraceFile> file = weak.lock()) file->close();
}

}  // namespace

std::string json_string(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::shared_ptr<TraceFile> TraceFile::open(const std::string& path) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  if (r.files.empty()) std::atexit(close_all_at_exit);
  std::weak_ptr<TraceFile>& slot = r.files[path];
  std::shared_ptr<TraceFile> file = slot.lock();
  if (!file) {
    file = std::make_shared<TraceFile>(path);
    slot = file;
  }
  return file;
}

// Close-on-exec: the device worker and the kernel compiler must not hold it.
TraceFile::TraceFile(const std::string& path) : file_(std::fopen(path.c_str(), "we")), epoch_ns_(trace_now()) {
  if (file_ == nullptr)
    throw Error(Code::kInvalidArgument, fmt::format("cannot create the trace file '{}': {}", path, errno_text(errno)));
  // otherData.clock names what "ts" counts, for readers such as zyx-tt-trace.
  std::fputs("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"clock\":\"timing model (1.35 GHz)\"},\"traceEvents\":[\n", file_);
  std::fflush(file_);
}

TraceFile::~TraceFile() { close(); }

void TraceFile::close() {
  std::lock_guard lock(mutex_);
  if (file_ == nullptr) return;
  std::fputs("\n]}\n", file_);
  std::fclose(file_);
  file_ = nullptr;
}

double TraceFile::us(uint64_t ns) const {
  // Records from before the file opened (none in practice) sit at its start.
  return ns > epoch_ns_ ? static_cast<double>(ns - epoch_ns_) / 1000.0 : 0.0;
}

void TraceFile::event(const std::string& text) {
  if (!first_) std::fputs(",\n", file_);
  first_ = false;
  std::fputs(text.c_str(), file_);
}

void TraceFile::name_track(uint32_t chip, uint64_t tid, const std::string& name) {
  if (named_chips_.insert(chip).second) {
    event(fmt::format(R"({{"ph":"M","name":"process_name","pid":{},"args":{{"name":"chip {}"}}}})", chip, chip));
    event(fmt::format(R"({{"ph":"M","name":"process_sort_index","pid":{},"args":{{"sort_index":{}}}}})", chip, chip));
  }
  if (!named_tracks_.emplace(chip, tid).second) return;
  event(fmt::format(R"({{"ph":"M","name":"thread_name","pid":{},"tid":{},"args":{{"name":{}}}}})", chip, tid,
                    json_string(name)));
  event(fmt::format(R"({{"ph":"M","name":"thread_sort_index","pid":{},"tid":{},"args":{{"sort_index":{}}}}})", chip,
                    tid, tid));
}

void TraceFile::append(const TracedRun& run, std::span<const TraceRecord> records) {
  std::lock_guard lock(mutex_);
  if (file_ == nullptr) return;
  name_track(run.chip, 0, "runs");
  // Records count model cycles from their run's start, which lies on the chip's clock.
  run_start_us_ = timing::cycles_to_us(run.model_begin);
  const double model_dur = std::max(timing::cycles_to_us(run.model_cycles), 0.001);
  std::string args = fmt::format(R"("name":{},"run":{},"model_cycles":{},"wall_us":{:.3f},"wall_dur_us":{:.3f})",
                                 json_string(run.name), run.args_json, run.model_cycles, us(run.begin_ns),
                                 us(run.end_ns) - us(run.begin_ns));
  if (!run.error.empty()) args += fmt::format(R"(,"error":{})", json_string(run.error));
  if (run.dropped != 0) args += fmt::format(R"(,"dropped_events":{})", run.dropped);
  event(fmt::format(R"({{"name":{},"cat":"run","ph":"X","ts":{:.3f},"dur":{:.3f},"pid":{},"tid":0,"args":{{{}}}}})",
                    json_string(run.name), run_start_us_, model_dur, run.chip, args));
  for (const TraceRecord& r : records) record(run, r);
  std::fflush(file_);
}

void TraceFile::host_span(uint32_t chip, const std::string& name, uint64_t model_begin, uint64_t model_cycles,
                          uint64_t bytes, uint64_t begin_ns, uint64_t end_ns) {
  std::lock_guard lock(mutex_);
  if (file_ == nullptr) return;
  name_track(chip, 0, "runs");
  event(fmt::format(
      R"({{"name":{},"cat":"host","ph":"X","ts":{:.3f},"dur":{:.3f},"pid":{},"tid":0,"args":{{"bytes":{},"model_cycles":{},"wall_us":{:.3f},"wall_dur_us":{:.3f}}}}})",
      json_string(name), timing::cycles_to_us(model_begin), std::max(timing::cycles_to_us(model_cycles), 0.001), chip,
      bytes, model_cycles, us(begin_ns), us(end_ns) - us(begin_ns)));
  std::fflush(file_);
}

void TraceFile::record(const TracedRun& run, const TraceRecord& r) {
  const uint32_t lane = r.role < 3 ? r.role : 0;
  const uint64_t tid = track(r.x, r.y, lane);
  name_track(run.chip, tid, core_name(r.x, r.y) + " " + lane_name(lane));
  const double ts = run_start_us_ + timing::cycles_to_us(r.model_begin);
  // At least a nanosecond: a zero-length span would hide the flows bound to it.
  const double dur = std::max(timing::cycles_to_us(r.model_end - std::min(r.model_begin, r.model_end)), 0.002);
  const double mid = ts + dur / 2;  // flows bind to the slice around them
  const std::string wall =
      fmt::format(R"("wall_us":{:.3f},"wall_dur_us":{:.3f})", us(r.begin_ns), us(r.end_ns) - us(r.begin_ns));
  auto span = [&](const std::string& name, const char* cat, const std::string& span_args) {
    event(fmt::format(R"({{"name":{},"cat":"{}","ph":"X","ts":{:.3f},"dur":{:.3f},"pid":{},"tid":{},"args":{{{},{}}}}})",
                      json_string(name), cat, ts, dur, run.chip, tid, span_args, wall));
  };
  // The kernel line of a blocking call, when it passed one.
  std::string line = r.line != 0 ? fmt::format(R"(,"line":{})", r.line) : std::string();
  if (r.flags & kTraceModelOnly) line += R"(,"model_only":true)";  // the emulator did not block there
  auto instant = [&](const char* name) {
    event(fmt::format(
        R"({{"name":"{}","cat":"cb","ph":"i","s":"t","ts":{:.3f},"pid":{},"tid":{},"args":{{"cb":{},"pages":{},{}}}}})",
        name, ts, run.chip, tid, r.a, r.b, wall));
  };
  switch (r.kind) {
    case TraceKind::kKernel: {
      const std::string name = r.a < run.kernels.size() ? run.kernels[r.a] : fmt::format("kernel {}", r.a);
      span(name, "kernel", (r.flags & kTraceFailed) ? R"("returned":false)" : R"("returned":true)");
      return;
    }
    case TraceKind::kCbReserve:
    case TraceKind::kCbWait:
      span(r.kind == TraceKind::kCbWait ? "cb_wait_front" : "cb_reserve_back", "wait",
           fmt::format(R"("cb":{},"pages":{}{})", r.a, r.b, line));
      return;
    case TraceKind::kSemaphoreWait:
      span((r.flags & kTraceAtLeast) ? "noc_semaphore_wait_min" : "noc_semaphore_wait", "wait",
           fmt::format(R"("l1_offset":{},"value":{}{})", r.a, r.b, line));
      return;
    case TraceKind::kMailboxWait:
      span(r.a == 1 ? "mailbox_read" : "mailbox_write", "wait",
           fmt::format(R"("sender":"{}")", lane_name(r.b < 3 ? r.b : 0)));
      return;
    case TraceKind::kNocBarrier:
      span(barrier_call(r.a), "wait", fmt::format(R"("noc":{}{})", r.b, line));
      return;
    case TraceKind::kPush: instant("cb_push_back"); return;
    case TraceKind::kPop: instant("cb_pop_front"); return;
    case TraceKind::kNocWrite:
    case TraceKind::kNocMulticast:
    case TraceKind::kNocInlineWrite:
    case TraceKind::kNocAtomic: break;
    case TraceKind::kZoneStart:
    case TraceKind::kZoneEnd:
    case TraceKind::kZoneTotal:
    case TraceKind::kTimestampedData:
    case TraceKind::kEvent:  // the device profiler's CSV shows these (profile_log.h)
    case TraceKind::kCount: return;
  }
  // A NOC write into a core's L1: a span where it was issued, one where it
  // landed, and a flow between them.
  const uint64_t flow = next_flow_++;
  const std::string from = core_name(r.x, r.y) + " " + lane_name(lane);
  const std::string to = core_name(r.to_x, r.to_y);
  span(noc_call(r.kind), "noc", fmt::format(R"("bytes":{},"to":"{}")", r.a, to));
  event(fmt::format(R"({{"name":"noc write","cat":"noc","ph":"s","id":{},"ts":{:.4f},"pid":{},"tid":{}}})", flow, mid,
                    run.chip, tid));
  const uint64_t in = track(r.to_x, r.to_y, kNocInLane);
  name_track(run.chip, in, to + " " + lane_name(kNocInLane));
  event(fmt::format(
      R"({{"name":"{} in","cat":"noc","ph":"X","ts":{:.3f},"dur":{:.3f},"pid":{},"tid":{},"args":{{"bytes":{},"from":"{}",{}}}}})",
      noc_call(r.kind), ts, dur, run.chip, in, r.a, from, wall));
  event(fmt::format(R"({{"name":"noc write","cat":"noc","ph":"f","bp":"e","id":{},"ts":{:.4f},"pid":{},"tid":{}}})",
                    flow, mid, run.chip, in));
}

}  // namespace zyxtt::emu
