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
  void open(const std::string&) override {}
  zyxtt::DeviceInfo info() const override { return {"null", &zyxtt::default_arch(), kBytes - used_}; }
  zyxtt::DeviceBuffer allocate(uint64_t bytes) override {
    if (bytes == 0 || bytes > kBytes - used_) throw zyxtt::Error(zyxtt::Code::kResourceExhausted, "null device full");
    used_ += bytes;
    return {next_address_ += bytes, bytes};
  }
  void free(const zyxtt::DeviceBuffer& buffer) override { used_ -= buffer.size; }
  void write_from_fd(const zyxtt::DeviceBuffer&, int, uint64_t) override {}
  void read_to_fd(const zyxtt::DeviceBuffer&, int, uint64_t) override {}
  std::shared_ptr<zyxtt::CompiledProgram> compile(uint32_t, const zyxtt::ProgramSource&) override {
    return std::make_shared<zyxtt::CompiledProgram>();
  }
  void run(const zyxtt::RunRequest&) override {}

 private:
  static constexpr uint64_t kBytes = 1ull << 30;
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
