#include "device/emu/emu_program.h"

#include <future>
#include <regex>

namespace zyxtt::emu {

uint32_t guess_buffer_count(const std::string& source) {
  static const std::regex pattern(R"(TensorAccessorArgs\s*<\s*(\d+)\s*[,>])");
  int highest = -1;
  for (auto it = std::sregex_iterator(source.begin(), source.end(), pattern); it != std::sregex_iterator(); ++it)
    highest = std::max(highest, std::stoi((*it)[1]));
  return highest < 0 ? 0 : static_cast<uint32_t>(highest / 2 + 1);
}

const std::string& EmuProgram::text(krt::Role role) const {
  switch (role) {
    case krt::Role::kReader: return source_.reader;
    case krt::Role::kWriter: return source_.writer;
    case krt::Role::kCompute: return source_.compute;
  }
  return source_.compute;
}

std::string EmuProgram::object(krt::Role role, uint32_t buffers) {
  const std::string& src = text(role);
  if (src.find_first_not_of(" \t\r\n") == std::string::npos) return {};
  if (role == krt::Role::kCompute) buffers = 0;  // compute gets no compile-time args
  {
    std::lock_guard lock(mutex_);
    auto it = objects_.find({role, buffers});
    if (it != objects_.end()) return it->second;
  }
  KernelSpec spec;
  spec.role = role;
  spec.source = src;
  for (uint32_t i = 0; i < buffers; ++i) spec.compile_args.insert(spec.compile_args.end(), {0x2u, 4096u});
  std::string path = compiler_.build(spec);
  std::lock_guard lock(mutex_);
  objects_[{role, buffers}] = path;
  return path;
}

void EmuProgram::prebuild() {
  auto reader = std::async(std::launch::async, [&] { object(krt::Role::kReader, guess_buffer_count(source_.reader)); });
  auto writer = std::async(std::launch::async, [&] { object(krt::Role::kWriter, guess_buffer_count(source_.writer)); });
  object(krt::Role::kCompute, 0);
  reader.get();
  writer.get();
}

}  // namespace zyxtt::emu
