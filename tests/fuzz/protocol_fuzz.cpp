// libFuzzer target: a whole input stream (lines, compile payloads, anything)
// through the real server loop with an in-memory device. Every line it writes
// must be a strict JSON answer or a keep-alive line, and it must end.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>
#include <string>

#include "common/error.h"
#include "server/server.h"

namespace {

// Accepts everything within a small DRAM and does nothing with it.
class NullDevice final : public zyxtt::Device {
 public:
  NullDevice() {
    caps_.kind = "null";
    caps_.arch = &zyxtt::default_arch();
    caps_.cb_formats = {tt::DataFormat::Float32, tt::DataFormat::Float16, tt::DataFormat::Float16_b,
                        tt::DataFormat::UInt16,  tt::DataFormat::Fp8_e4m3, tt::DataFormat::UInt8,
                        tt::DataFormat::Int8,    tt::DataFormat::UInt32,  tt::DataFormat::Int32};
    caps_.l1_unreserved_base = 0x10000;
    caps_.max_runtime_args = 341;
    caps_.max_circular_buffers = 64;
    caps_.max_semaphores = 16;
  }
  void open(const std::string&) override {}
  const zyxtt::DeviceCapabilities& capabilities() const override { return caps_; }
  uint64_t free_bytes(zyxtt::program::MemoryKind) const override { return kBytes - used_; }
  zyxtt::program::PlacedBuffer allocate(const zyxtt::program::BufferSpec& spec) override {
    if (spec.size == 0 || spec.size > kBytes - used_)
      throw zyxtt::Error(zyxtt::Code::kResourceExhausted, "null device full");
    used_ += spec.size;
    return {next_address_ += spec.size, spec, spec.page_size};
  }
  void free(const zyxtt::program::PlacedBuffer& buffer) override { used_ -= buffer.spec.size; }
  void write(const zyxtt::program::PlacedBuffer&, uint64_t, std::span<const std::byte>) override {}
  void read(const zyxtt::program::PlacedBuffer&, uint64_t, std::span<std::byte>) override {}
  void write_from_fd(const zyxtt::program::PlacedBuffer&, int, uint64_t) override {}
  void read_to_fd(const zyxtt::program::PlacedBuffer&, int, uint64_t) override {}
  std::shared_ptr<zyxtt::CompiledProgram> compile(const zyxtt::program::Program&) override {
    return std::make_shared<zyxtt::CompiledProgram>();
  }
  void run(zyxtt::CompiledProgram&, const zyxtt::program::Run&, const std::string&) override {}

 private:
  static constexpr uint64_t kBytes = 1ull << 30;
  zyxtt::DeviceCapabilities caps_;
  uint64_t used_ = 0;
  uint64_t next_address_ = 0;
};

int memfd_with(const uint8_t* data, size_t size) {
  int fd = memfd_create("fuzz-input", MFD_CLOEXEC);
  if (fd < 0 || write(fd, data, size) != static_cast<ssize_t>(size) || lseek(fd, 0, SEEK_SET) != 0) std::abort();
  return fd;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);  // the server's log lines are not what is tested
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  int in = memfd_with(data, size);
  int out = memfd_create("fuzz-output", MFD_CLOEXEC);
  {
    NullDevice device;
    zyxtt::server::ServerOptions options;
    options.keep_alive.first_after = std::chrono::hours(1);
    options.max_line_bytes = 4096;  // small, so the fuzzer meets the limit
    zyxtt::server::Server server(device, options, in, out, -1);
    server.serve();
  }
  std::string written(static_cast<size_t>(lseek(out, 0, SEEK_END)), '\0');
  if (pread(out, written.data(), written.size(), 0) != static_cast<ssize_t>(written.size())) std::abort();
  for (size_t begin = 0; begin < written.size();) {
    size_t end = written.find('\n', begin);
    if (end == std::string::npos) std::abort();  // every answer ends its line
    std::string_view line(written.data() + begin, end - begin);
    if (line.rfind("# zyx-tt-runtime: ", 0) != 0 && !nlohmann::json::accept(line)) std::abort();
    begin = end + 1;
  }
  close(in);
  close(out);
  return 0;
}
