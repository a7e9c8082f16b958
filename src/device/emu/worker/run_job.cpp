#include "device/emu/worker/run_job.h"

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
  r.finish();
  return o;
}

std::string encode(const RunJob& job) {
  Writer w(FrameKind::kRun);
  w.put(job.program_id);
  w.put(job.program.has_value());
  if (job.program) {
    w.put(job.program->reader);
    w.put(job.program->compute);
    w.put(job.program->writer);
    w.put(static_cast<uint32_t>(job.program->cbs.size()));
    for (const CbSpec& cb : job.program->cbs) {
      w.put(cb.index);
      w.put(cb.data_format);
      w.put(cb.page_bytes);
      w.put(cb.pages);
      w.put(cb.unpack_to_dest);
    }
    for (bool coords : job.program->coords) w.put(coords);
  }
  w.put(job.rows);
  w.put(job.cols);
  for (const auto& args : job.args) w.put(args);
  return w.take();
}

RunJob decode_job(std::string_view frame) {
  Reader r(frame, FrameKind::kRun, "run");
  RunJob job;
  job.program_id = r.get<uint64_t>();
  if (r.get_bool()) {
    ProgramSpec& p = job.program.emplace();
    p.reader = r.get_string();
    p.compute = r.get_string();
    p.writer = r.get_string();
    const auto n = r.get<uint32_t>();
    if (n > kMaxCbs) r.fail("more circular buffers than a core has");
    p.cbs.resize(n);
    for (CbSpec& cb : p.cbs) {
      cb.index = r.get<uint32_t>();
      cb.data_format = r.get<uint32_t>();
      cb.page_bytes = r.get<uint32_t>();
      cb.pages = r.get<uint32_t>();
      cb.unpack_to_dest = r.get_bool();
      if (cb.index >= kMaxCbs) r.fail("a circular buffer index is out of range");
      if (cb.pages == 0) r.fail("a circular buffer has no pages");
    }
    for (bool& coords : p.coords) coords = r.get_bool();
  }
  job.rows = r.get<uint32_t>();
  job.cols = r.get<uint32_t>();
  if (job.rows == 0 || job.cols == 0) r.fail("an empty grid");
  for (auto& args : job.args) {
    args = r.get_words();
    // Args plus row and column must fit the kernel's slot in L1.
    if (args.size() + 2 > l1::kMaxArgs) r.fail("more runtime args than a kernel takes");
  }
  r.finish();
  return job;
}

std::string encode(const RunOutcome& outcome) {
  Writer w(FrameKind::kOutcome);
  w.put(outcome.ok);
  w.put(static_cast<uint8_t>(outcome.code));
  w.put(outcome.message);
  return w.take();
}

RunOutcome decode_outcome(std::string_view frame) {
  Reader r(frame, FrameKind::kOutcome, "outcome");
  RunOutcome outcome;
  outcome.ok = r.get_bool();
  outcome.code = r.get_enum<Code>(kCodes);
  outcome.message = r.get_string();
  r.finish();
  return outcome;
}

}  // namespace zyxtt::emu
