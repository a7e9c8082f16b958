#include "device/emu/worker/run_job.h"

#include <sys/uio.h>

#include <cstring>
#include <fmt/format.h>
#include <type_traits>

#include "device/emu/l1_layout.h"

namespace zyxtt::emu {
namespace {

class Writer {
 public:
  explicit Writer(FrameKind kind) { put(static_cast<uint8_t>(kind)); }
  template <typename T>
  void put(T value) {
    static_assert(std::is_trivially_copyable_v<T>);
    const size_t at = out_.size();
    out_.resize(at + sizeof value);
    std::memcpy(out_.data() + at, &value, sizeof value);
  }
  void put(bool value) { put(static_cast<uint8_t>(value)); }
  void put(const std::string& text) {
    put(static_cast<uint32_t>(text.size()));
    out_.append(text);
  }
  void put(const std::vector<uint32_t>& values) {
    put(static_cast<uint32_t>(values.size()));
    const size_t at = out_.size();
    out_.resize(at + values.size() * sizeof(uint32_t));
    if (!values.empty()) std::memcpy(out_.data() + at, values.data(), values.size() * sizeof(uint32_t));
  }
  void put(const std::vector<TraceRecord>& records) {
    put(static_cast<uint64_t>(records.size()));
    out_.append(reinterpret_cast<const char*>(records.data()), records.size() * sizeof(TraceRecord));
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class Reader {
 public:
  Reader(std::string_view frame, FrameKind kind, const char* what) : in_(frame), what_(what) {
    if (frame_kind(frame) != kind) fail("wrong frame kind");
    in_.remove_prefix(1);
  }
  template <typename T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T> && !std::is_same_v<T, bool>);
    T value;
    need(sizeof value);
    std::memcpy(&value, in_.data(), sizeof value);
    in_.remove_prefix(sizeof value);
    return value;
  }
  bool get_bool() {
    const auto v = get<uint8_t>();
    if (v > 1) fail("a flag is neither 0 nor 1");
    return v == 1;
  }
  // An enum stored as one byte, checked against its number of values.
  template <typename E>
  E get_enum(uint8_t count) {
    const auto v = get<uint8_t>();
    if (v >= count) fail("an enum value is out of range");
    return static_cast<E>(v);
  }
  std::string get_string() {
    const auto n = get<uint32_t>();
    need(n);
    std::string text(in_.substr(0, n));
    in_.remove_prefix(n);
    return text;
  }
  std::vector<TraceRecord> get_records() {
    const auto n = get<uint64_t>();
    if (n > in_.size() / sizeof(TraceRecord)) fail("the trace is longer than the frame");
    std::vector<TraceRecord> records(n);
    if (n != 0) std::memcpy(records.data(), in_.data(), n * sizeof(TraceRecord));
    in_.remove_prefix(n * sizeof(TraceRecord));
    for (const TraceRecord& r : records)
      if (r.kind >= TraceKind::kCount) fail("a trace record's kind is out of range");
    return records;
  }
  std::vector<uint32_t> get_words() {
    const auto n = get<uint32_t>();
    need(uint64_t{n} * sizeof(uint32_t));
    std::vector<uint32_t> values(n);
    if (n != 0) std::memcpy(values.data(), in_.data(), n * sizeof(uint32_t));
    in_.remove_prefix(n * sizeof(uint32_t));
    return values;
  }
  // Every frame is read whole: trailing bytes mean the two ends disagree.
  void finish() {
    if (!in_.empty()) fail(fmt::format("{} bytes past its end", in_.size()).c_str());
  }
  [[noreturn]] void fail(const char* why) const {
    throw Error(Code::kInternal, fmt::format("malformed {} frame from the device link: {}", what_, why));
  }

 private:
  void need(uint64_t n) const {
    if (in_.size() < n) fail("truncated");
  }
  std::string_view in_;
  const char* what_;
};

constexpr uint8_t kAlignPolicies = 3;  // AlignPolicy's values
constexpr uint8_t kCodes = static_cast<uint8_t>(Code::kDeadlineExceeded) + 1;

}  // namespace

FrameKind frame_kind(std::string_view frame) {
  if (frame.empty()) throw Error(Code::kInternal, "malformed frame from the device link: empty");
  const auto tag = static_cast<uint8_t>(frame[0]);
  if (tag < static_cast<uint8_t>(FrameKind::kOptions) || tag > static_cast<uint8_t>(FrameKind::kOutcome))
    throw Error(Code::kInternal, fmt::format("malformed frame from the device link: unknown kind {}", tag));
  return static_cast<FrameKind>(tag);
}

std::string encode(const WorkerOptions& o) {
  Writer w(FrameKind::kOptions);
  w.put(o.threads);
  w.put(static_cast<uint8_t>(o.align_policy));
  w.put(o.dprint);
  w.put(o.strict);
  w.put(o.unpack_fp32_to_dest);
  w.put(o.idle_spin_us);
  w.put(o.log_level);
  w.put(static_cast<uint8_t>(o.hints));
  w.put(o.chip);
  w.put(o.link_slot);
  w.put(static_cast<uint32_t>(o.chip_arches.size()));
  for (const std::string& a : o.chip_arches) w.put(a);
  w.put(o.eth_peers);
  w.put(o.mesh_places);
  w.put(o.trace);
  w.put(o.profile);
  w.put(o.model_contention);
  return w.take();
}

WorkerOptions decode_options(std::string_view frame) {
  Reader r(frame, FrameKind::kOptions, "options");
  WorkerOptions o;
  o.threads = r.get<uint32_t>();
  o.align_policy = r.get_enum<AlignPolicy>(kAlignPolicies);
  o.dprint = r.get_bool();
  o.strict = r.get_bool();
  o.unpack_fp32_to_dest = r.get_bool();
  o.idle_spin_us = r.get<uint32_t>();
  o.log_level = r.get<int32_t>();
  o.hints = r.get_enum<OptionHints>(2);
  o.chip = r.get<uint32_t>();
  o.link_slot = r.get<uint32_t>();
  if (o.link_slot >= kMaxLinkedChips) r.fail("a link slot past the link block");
  const auto chips = r.get<uint32_t>();
  if (chips > kMaxLinkedChips) r.fail("too many chips");
  for (uint32_t i = 0; i < chips; ++i) o.chip_arches.push_back(r.get_string());
  o.eth_peers = r.get_words();
  o.mesh_places = r.get_words();
  if (!o.chip_arches.empty() &&
      (o.chip >= chips || o.eth_peers.size() != chips * kEthChannels || o.mesh_places.size() != chips))
    r.fail("a chip's links do not fit its cluster");
  o.trace = r.get_bool();
  o.profile = r.get_bool();
  o.model_contention = r.get_bool();
  r.finish();
  return o;
}

uint64_t core_count(const std::vector<program::CoreRange>& rects) {
  uint64_t n = 0;
  for (const program::CoreRange& r : rects) n += r.size();
  return n;
}

namespace {

void put_rects(Writer& w, const std::vector<program::CoreRange>& rects) {
  w.put(static_cast<uint32_t>(rects.size()));
  for (const program::CoreRange& r : rects) {
    w.put(r.start.x);
    w.put(r.start.y);
    w.put(r.end.x);
    w.put(r.end.y);
  }
}

// Bounded so that a malformed frame cannot ask for huge allocations.
constexpr uint32_t kMaxRects = 1 << 16;
constexpr uint32_t kMaxCoord = 1 << 12;
constexpr uint32_t kMaxProgramItems = 1 << 12;

std::vector<program::CoreRange> get_rects(Reader& r) {
  const auto n = r.get<uint32_t>();
  if (n == 0 || n > kMaxRects) r.fail("a core range set is empty or too large");
  std::vector<program::CoreRange> rects(n);
  for (program::CoreRange& c : rects) {
    c.start.x = r.get<uint32_t>();
    c.start.y = r.get<uint32_t>();
    c.end.x = r.get<uint32_t>();
    c.end.y = r.get<uint32_t>();
    if (c.start.x > c.end.x || c.start.y > c.end.y || c.end.x >= kMaxCoord || c.end.y >= kMaxCoord)
      r.fail("a core range is inverted or out of range");
  }
  return rects;
}

void put_program(Writer& w, const ProgramSpec& p) {
  w.put(static_cast<uint32_t>(p.kernels.size()));
  for (const KernelSlot& k : p.kernels) {
    w.put(k.object);
    w.put(k.name);
    w.put(static_cast<uint8_t>(k.role));
    w.put(k.noc);
    w.put(k.ethernet);
    w.put(k.unpack_to_dest);
    put_rects(w, k.cores);
  }
  w.put(static_cast<uint32_t>(p.cbs.size()));
  for (const CbSpec& cb : p.cbs) {
    w.put(cb.index);
    w.put(cb.data_format);
    w.put(cb.page_bytes);
    w.put(cb.pages);
    w.put(cb.tile.rows);
    w.put(cb.tile.cols);
    w.put(cb.offset);
    put_rects(w, cb.cores);
    w.put(cb.on_buffer);
  }
  w.put(static_cast<uint32_t>(p.semaphores.size()));
  for (const SemaphoreSlot& s : p.semaphores) {
    w.put(s.id);
    w.put(s.initial);
    put_rects(w, s.cores);
  }
}

ProgramSpec get_program(Reader& r) {
  ProgramSpec p;
  const auto kernels = r.get<uint32_t>();
  if (kernels > kMaxProgramItems) r.fail("too many kernels");
  p.kernels.resize(kernels);
  for (KernelSlot& k : p.kernels) {
    k.object = r.get_string();
    k.name = r.get_string();
    k.role = r.get_enum<krt::Role>(kRoles);
    k.noc = r.get<uint8_t>();
    k.ethernet = r.get_bool();
    k.unpack_to_dest = r.get<uint64_t>();
    k.cores = get_rects(r);
    if (k.noc > 1) r.fail("a NOC is neither 0 nor 1");
  }
  const auto cbs = r.get<uint32_t>();
  if (cbs > kMaxProgramItems) r.fail("too many circular buffers");
  p.cbs.resize(cbs);
  for (CbSpec& cb : p.cbs) {
    cb.index = r.get<uint32_t>();
    cb.data_format = r.get<uint32_t>();
    cb.page_bytes = r.get<uint32_t>();
    cb.pages = r.get<uint32_t>();
    cb.tile.rows = r.get<uint32_t>();
    cb.tile.cols = r.get<uint32_t>();
    cb.offset = r.get<uint32_t>();
    cb.cores = get_rects(r);
    cb.on_buffer = r.get_bool();
    if (cb.index >= kMaxCbs) r.fail("a circular buffer index is out of range");
    if (cb.pages == 0 || cb.page_bytes == 0) r.fail("a circular buffer has no pages");
    if (!valid_tile_geometry(cb.tile)) r.fail("a circular buffer has a tile shape tt-metal does not allow");
  }
  const auto sems = r.get<uint32_t>();
  if (sems > kMaxProgramItems) r.fail("too many semaphores");
  p.semaphores.resize(sems);
  for (SemaphoreSlot& s : p.semaphores) {
    s.id = r.get<uint32_t>();
    s.initial = r.get<uint32_t>();
    s.cores = get_rects(r);
    if (s.id >= l1::kMaxSemaphores) r.fail("a semaphore id is out of range");
  }
  return p;
}

}  // namespace

std::string encode(const RunJob& job) {
  Writer w(FrameKind::kRun);
  w.put(job.program_id);
  w.put(job.program.has_value());
  if (job.program) put_program(w, *job.program);
  w.put(static_cast<uint32_t>(job.args.size()));
  for (const PackedRunArgs& a : job.args) {
    w.put(a.common);
    w.put(a.uniform);
    w.put(a.counts);
    w.put(a.words);
  }
  w.put(static_cast<uint32_t>(job.forget.size()));
  for (uint64_t id : job.forget) w.put(id);
  return w.take();
}

RunJob decode_job(std::string_view frame) {
  Reader r(frame, FrameKind::kRun, "run");
  RunJob job;
  job.program_id = r.get<uint64_t>();
  if (r.get_bool()) job.program = get_program(r);
  const auto kernels = r.get<uint32_t>();
  if (kernels > kMaxProgramItems) r.fail("too many kernels");
  job.args.resize(kernels);
  for (PackedRunArgs& a : job.args) {
    a.common = r.get_words();
    a.uniform = r.get<uint32_t>();
    a.counts = r.get_words();
    a.words = r.get_words();
    // Per-core plus common args must fit the kernel's slots in L1.
    if (a.common.size() > l1::kMaxRuntimeArgs || a.uniform > l1::kMaxRuntimeArgs) r.fail("more runtime args than a kernel takes");
    uint64_t total = 0;
    for (uint32_t n : a.counts) {
      if (n > l1::kMaxRuntimeArgs) r.fail("more runtime args than a kernel takes");
      total += n;
    }
    if (!a.counts.empty() && a.uniform != 0) r.fail("per-core args both uniform and counted");
    if (!a.counts.empty() && total != a.words.size()) r.fail("per-core arg counts disagree with the args");
    if (a.counts.empty() && a.uniform != 0 && a.words.size() % a.uniform != 0) r.fail("per-core args are not whole");
  }
  const auto forget = r.get<uint32_t>();
  if (forget > kMaxProgramItems) r.fail("too many programs to forget");
  job.forget.resize(forget);
  for (uint64_t& id : job.forget) id = r.get<uint64_t>();
  r.finish();
  return job;
}

std::string encode(const RunOutcome& outcome) {
  Writer w(FrameKind::kOutcome);
  w.put(outcome.ok);
  w.put(static_cast<uint8_t>(outcome.code));
  w.put(outcome.message);
  w.put(outcome.trace);
  w.put(outcome.trace_dropped);
  w.put(static_cast<uint32_t>(outcome.profile_sites.size()));
  for (const std::string& site : outcome.profile_sites) w.put(site);
  w.put(outcome.model_cycles);
  return w.take();
}

int stopped_outcome_parts(const std::pair<const TraceRecord*, size_t>* buffers, int count, uint64_t dropped,
                          StoppedOutcomeScratch& s, iovec* parts, int max_parts) {
  // encode(RunOutcome)'s layout, written by hand: a handler may not allocate.
  uint64_t records = 0;
  int n = 0;
  parts[n++] = {&s.length, sizeof s.length};
  parts[n++] = {s.head, sizeof s.head};
  for (int i = 0; i < count && n < max_parts - 1; ++i)
    if (buffers[i].second != 0) {
      parts[n++] = {const_cast<TraceRecord*>(buffers[i].first), buffers[i].second * sizeof(TraceRecord)};
      records += buffers[i].second;
    }
  parts[n++] = {s.tail, sizeof s.tail};
  s.head[0] = static_cast<uint8_t>(FrameKind::kOutcome);
  s.head[1] = 0;  // not ok
  s.head[2] = static_cast<uint8_t>(Code::kDeadlineExceeded);
  std::memset(s.head + 3, 0, 4);  // an empty message: the runtime has its own
  std::memcpy(s.head + 7, &records, 8);
  std::memcpy(s.tail, &dropped, 8);
  std::memset(s.tail + 8, 0, 12);
  s.length = sizeof s.head + records * sizeof(TraceRecord) + sizeof s.tail;
  return n;
}

RunOutcome decode_outcome(std::string_view frame) {
  Reader r(frame, FrameKind::kOutcome, "outcome");
  RunOutcome outcome;
  outcome.ok = r.get_bool();
  outcome.code = r.get_enum<Code>(kCodes);
  outcome.message = r.get_string();
  outcome.trace = r.get_records();
  outcome.trace_dropped = r.get<uint64_t>();
  const auto sites = r.get<uint32_t>();
  if (sites > outcome.trace.size()) r.fail("more profiler sites than records");
  for (uint32_t i = 0; i < sites; ++i) outcome.profile_sites.push_back(r.get_string());
  outcome.model_cycles = r.get<uint64_t>();
  r.finish();
  return outcome;
}

}  // namespace zyxtt::emu
