// The command loop: one answer per command, tables of buffers and programs,
// shared-memory transfers. It knows nothing of a device's insides.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>

#include "device/device.h"
#include "protocol/command.h"
#include "server/buffer_table.h"
#include "server/input_reader.h"
#include "server/output_channel.h"
#include "server/zyx_program.h"

namespace zyxtt::server {

struct ServerOptions {
  bool virtual_grid = false;  // accept grids larger than the arch's
  KeepAliveTiming keep_alive;
  std::chrono::microseconds idle_spin{0};  // polling for the next command before sleeping
  size_t max_line_bytes = kDefaultMaxLineBytes;
  // Called once when the client has closed stdin with nothing left unread
  // (HangupWatch); empty: not watched.
  std::function<void()> on_client_gone;
  static constexpr size_t kDefaultMaxLineBytes = 1 << 20;
};

class Server {
 public:
  Server(Device& device, ServerOptions options, int in_fd, int out_fd, int stop_fd);

  // Serves until EOF, stop or `exit`; returns the process exit code.
  int serve();

 private:
  // The answer to one input line.
  std::string serve_line(const InputLine& line);
  // Parses a line; after a compile_program line that fails, steps over its
  // source bytes or, when their length cannot be read, starts resyncing.
  protocol::Command parse(const std::string& line);
  // Returns the answer line; throws Error for error answers.
  std::string handle(const protocol::Command& command);
  std::string handle(const protocol::Init& c);
  std::string handle(const protocol::AllocBuf& c);
  std::string handle(const protocol::FreeBuf& c);
  std::string handle(const protocol::WriteBuf& c);
  std::string handle(const protocol::ReadBuf& c);
  std::string handle(const protocol::CompileProgram& c);
  std::string handle(const protocol::Run& c);
  std::string handle(const protocol::Grid& c);
  std::string handle(const protocol::Exit& c);

  // The device's build of a program for one run shape, and the last run of
  // that shape (its storage is reused by the next).
  struct Build {
    std::shared_ptr<CompiledProgram> compiled;
    program::Run run;
  };
  struct Program {
    std::shared_ptr<const ZyxProgram> zyx;
    std::map<ZyxShape, Build> builds;
  };
  // The program built for `shape`, compiling it on first use; `command`
  // prefixes the messages of the checks.
  Build& build(Program& program, const ZyxShape& shape, const char* command);
  void check_grid(const protocol::Run& c) const;
  void release_all();

  Device& device_;
  ServerOptions options_;
  InputReader input_;
  OutputChannel output_;
  BufferTable buffers_;
  std::map<uint32_t, Program> programs_;
  bool exit_requested_ = false;
  // Lines are dropped unanswered until one is a command (README, hostile input).
  bool resyncing_ = false;
};

}  // namespace zyxtt::server
