#include "device/emu/emu_program.h"

#include <algorithm>
#include <atomic>
#include <future>
#include <iterator>
#include <regex>

namespace zyxtt::emu {

// Chained args (TensorAccessorArgs<prev.next_compile_time_args_offset()>, as
// tt-metal's examples write them) carry no literal offset, so every mention
// also counts as one buffer: guessing high costs one rebuild at the first
// run, guessing low fails compile_program for a valid kernel.
uint32_t guess_buffer_count(const std::string& source) {
  static const std::regex pattern(R"(TensorAccessorArgs\s*<\s*(\d+)\s*[,>])");
  static const std::regex mention(R"(TensorAccessorArgs\s*<)");
  int highest = -1;
  for (auto it = std::sregex_iterator(source.begin(), source.end(), pattern); it != std::sregex_iterator(); ++it)
    highest = std::max(highest, std::stoi((*it)[1]));
  const auto mentions = std::distance(std::sregex_iterator(source.begin(), source.end(), mention), std::sregex_iterator());
  return std::max(highest < 0 ? 0u : static_cast<uint32_t>(highest / 2 + 1), static_cast<uint32_t>(mentions));
}

bool reads_compile_args(const std::string& source) {
  for (const char* word : {"TensorAccessorArgs", "compile_time_arg", "KERNEL_COMPILE_TIME_ARG"})
    if (source.find(word) != std::string::npos) return true;
  return false;
}

EmuProgram::EmuProgram(const ProgramSource& source, KernelCompiler& compiler)
    : source_(source), compiler_(compiler) {
  static std::atomic<uint64_t> next_serial{1};
  serial_ = next_serial++;
}

const std::string& EmuProgram::text(krt::Role role) const {
  switch (role) {
    case krt::Role::kReader: return source_.reader;
    case krt::Role::kWriter: return source_.writer;
    case krt::Role::kCompute: return source_.compute;
  }
  return source_.compute;
}

uint32_t EmuProgram::effective_buffers(krt::Role role, uint32_t buffers) const {
  // Compute gets no compile-time args; a source that never reads them builds
  // the same object for any count, so it is built once.
  return role == krt::Role::kCompute || !reads_compile_args(text(role)) ? 0 : buffers;
}

KernelSpec EmuProgram::spec(krt::Role role, uint32_t buffers) const {
  KernelSpec spec;
  spec.role = role;
  spec.source = text(role);
  for (uint32_t i = 0; i < effective_buffers(role, buffers); ++i)
    spec.compile_args.insert(spec.compile_args.end(), {0x2u, 4096u});
  // The DST mode reaches the emulator in the object's compute record.
  if (role == krt::Role::kCompute && source_.fp32_dest_acc)
    spec.defines.push_back(*source_.fp32_dest_acc ? "ZYXTT_DST_ACCUM_MODE=1" : "ZYXTT_DST_ACCUM_MODE=0");
  return spec;
}

bool EmuProgram::empty(krt::Role role) const {
  return text(role).find_first_not_of(" \t\r\n") == std::string::npos;
}

std::string EmuProgram::object(krt::Role role, uint32_t buffers) {
  if (empty(role)) return {};
  const auto slot = std::make_pair(role, effective_buffers(role, buffers));
  {
    std::lock_guard lock(mutex_);
    auto it = objects_.find(slot);
    if (it != objects_.end()) return it->second;
  }
  std::string path = compiler_.build(spec(role, buffers));
  std::lock_guard lock(mutex_);
  objects_[slot] = path;
  return path;
}

void EmuProgram::prebuild() {
  // In protocol order, so that of several broken kernels the first is named.
  const std::pair<krt::Role, uint32_t> kernels[] = {{krt::Role::kReader, guess_buffer_count(source_.reader)},
                                                    {krt::Role::kCompute, 0},
                                                    {krt::Role::kWriter, guess_buffer_count(source_.writer)}};
  // Cached objects are found on this thread; only real compiles go parallel.
  std::vector<std::future<std::string>> compiles;
  for (const auto& [role, buffers] : kernels) {
    if (empty(role)) continue;
    if (auto cached = compiler_.lookup(spec(role, buffers))) {
      std::lock_guard lock(mutex_);
      objects_[{role, effective_buffers(role, buffers)}] = *cached;
    } else {
      compiles.push_back(std::async(std::launch::async, [this, r = role, b = buffers] { return object(r, b); }));
    }
  }
  for (auto& c : compiles) c.get();
}

}  // namespace zyxtt::emu
