#include "server/server.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "common/error.h"
#include "common/shm.h"
#include "protocol/answer.h"
#include "protocol/payload_scan.h"
#include "device/program_checks.h"
#include "server/hangup_watch.h"
#include "server/kernel_args.h"

namespace zyxtt::server {

using namespace protocol;

namespace {

bool is_blank(const std::string& line) {
  return line.find_first_not_of(" \t\r") == std::string::npos;
}

// Runs `f`; an Error it throws gets the command's name in front, as every
// answer's message starts with it.
template <typename F>
decltype(auto) in_command(const char* command, F&& f) {
  try {
    return f();
  } catch (const Error& e) {
    throw Error(e.code(), fmt::format("{}: {}", command, e.what()));
  }
}

std::string describe_bytes(uint64_t n) {
  if (n >= (1ull << 20)) return fmt::format("{:.1f} MiB", n / 1048576.0);
  return fmt::format("{} bytes", n);
}

// The buffer that a write_buf or read_buf (`command`) of `size` bytes names.
const program::PlacedBuffer& transfer_buffer(const BufferTable& buffers, uint32_t index, uint64_t size,
                                             const char* command) {
  const program::PlacedBuffer& buffer = buffers.at(index, command);
  if (size > buffer.spec.size) {
    throw Error(Code::kOutOfRange, fmt::format("{}: size {} is larger than buffer {} ({} bytes)", command, size, index,
                                               buffer.spec.size));
  }
  return buffer;
}

}  // namespace

Server::Server(Device& device, ServerOptions options, int in_fd, int out_fd, int stop_fd)
    : device_(device), options_(options), input_(in_fd, stop_fd, options.max_line_bytes, options.idle_spin), output_(out_fd, options.keep_alive) {}

int Server::serve() {
  std::optional<HangupWatch> watch;
  if (options_.on_client_gone) watch.emplace(input_.fd(), input_, options_.on_client_gone);
  while (!exit_requested_) {
    std::optional<InputLine> line = input_.read_line();
    if (!line) break;
    if (resyncing_) {
      auto start = line->too_long ? std::nullopt : command_start(line->text);
      if (!start) continue;
      spdlog::info("input back in step at a command line");
      resyncing_ = false;
      line->text.erase(0, *start);
    }
    if (!line->too_long && is_blank(line->text)) continue;
    std::string answer = serve_line(*line);
    output_.answer(answer);
  }
  if (input_.stopped()) spdlog::info("stop requested; releasing everything");
  release_all();
  return 0;
}

namespace {
constexpr std::string_view kResyncRule =
    "its source bytes cannot be located, so the lines that follow are dropped without answers up to the next "
    "line that is a JSON object with a cmd field";
}

std::string Server::serve_line(const InputLine& line) {
  output_.begin("reading a command");
  try {
    if (line.too_long) {
      std::string message = fmt::format(
          "command line of {} bytes is longer than the limit of {} bytes and was dropped; raise the limit with "
          "--max-line-bytes (ZYX_TT_MAX_LINE_BYTES)",
          line.too_long, options_.max_line_bytes);
      if (names_compile_program(line.text)) {
        resyncing_ = true;
        message += fmt::format("; it was a compile_program line: {}", kResyncRule);
      }
      throw Error(Code::kResourceExhausted, message);
    }
    Command command = parse(line.text);
    spdlog::debug("command {}", command_name(command));
    return handle(command);
  } catch (const Error& e) {
    spdlog::debug("error answer {}: {}", code_name(e.code()), e.what());
    return error_answer(e.code(), e.what());
  } catch (const std::exception& e) {
    spdlog::error("internal error: {}", e.what());
    return error_answer(Code::kInternal, e.what());
  }
}

Command Server::parse(const std::string& line) {
  try {
    return parse_command(line);
  } catch (const Error& e) {
    if (!names_compile_program(line)) throw;
    // Step over the sources of a malformed compile_program, so the next line
    // read is the next command.
    if (auto payload = compile_payload_bytes(line)) {
      input_.skip(*payload);
      throw;
    }
    resyncing_ = true;
    throw Error(e.code(), fmt::format("{}; {}", e.what(), kResyncRule));
  }
}

std::string Server::handle(const Command& command) {
  return std::visit([this](const auto& c) { return handle(c); }, command);
}

std::string Server::handle(const Init& c) {
  output_.describe("opening the device");
  device_.open(c.cache_dir.value_or(""));
  return ready_answer();
}

std::string Server::handle(const AllocBuf& c) {
  const program::BufferSpec spec = dram_buffer(c.size, device_.capabilities());
  return in_command("alloc_buf", [&] {
    check_buffer(spec, device_.capabilities());
    const uint64_t free = device_.free_bytes(program::MemoryKind::kDram);
    if (c.size > free) {
      throw Error(Code::kResourceExhausted,
                  fmt::format("{} bytes do not fit in the {} bytes of DRAM that are free; free buffers first", c.size,
                              free));
    }
    return index_answer(buffers_.insert(device_.allocate(spec)));
  });
}

std::string Server::handle(const FreeBuf& c) {
  auto buffer = buffers_.erase(c.index);
  if (!buffer) {
    throw Error(Code::kNotFound, fmt::format("free_buf: buffer index {} is not allocated", c.index));
  }
  device_.free(*buffer);
  return ok_answer();
}

std::string Server::handle(const WriteBuf& c) {
  const program::PlacedBuffer& buffer = transfer_buffer(buffers_, c.index, c.size, "write_buf");
  output_.describe(fmt::format("writing {} to buffer {}", describe_bytes(c.size), c.index));
  ShmObject shm = ShmObject::open_existing(c.shm_path, c.size, /*writable=*/false);
  device_.write_from_fd(buffer, shm.fd(), c.size);
  return ok_answer();
}

std::string Server::handle(const ReadBuf& c) {
  const program::PlacedBuffer& buffer = transfer_buffer(buffers_, c.index, c.size, "read_buf");
  output_.describe(fmt::format("reading {} from buffer {}", describe_bytes(c.size), c.index));
  ShmObject shm = ShmObject::open_existing(c.shm_path, c.size, /*writable=*/true);
  device_.read_to_fd(buffer, shm.fd(), c.size);
  return ok_answer();
}

std::string Server::handle(const CompileProgram& c) {
  const uint64_t total = c.reader_len + c.compute_len + c.writer_len;
  std::string payload;
  payload.reserve(total);
  size_t got = input_.read_exact(payload, total);
  if (got < total) {
    throw Error(Code::kInvalidArgument,
                fmt::format("compile_program: input ended after {} of the {} source bytes the line announced",
                            got, total));
  }
  auto zyx = std::make_shared<ZyxProgram>();
  zyx->sources[size_t(Section::kReader)] = payload.substr(0, c.reader_len);
  zyx->sources[size_t(Section::kCompute)] = payload.substr(c.reader_len, c.compute_len);
  zyx->sources[size_t(Section::kWriter)] = payload.substr(c.reader_len + c.compute_len);
  zyx->cbs = c.cbs;
  zyx->fp32_dest_acc = c.fp32_dest_acc;
  zyx->params = c.params;
  // The same program again under its id: its objects are built and loaded.
  if (auto same = programs_.find(c.id); same != programs_.end() && *same->second.zyx == *zyx) return ok_answer();
  output_.describe(fmt::format("compiling program {}", c.id));
  // A failed compile drops the old program of this id: a later run must not
  // silently execute stale kernels.
  programs_.erase(c.id);
  Program program{std::move(zyx), {}};
  build(program, compile_shape(*program.zyx), "compile_program");
  programs_[c.id] = std::move(program);
  return ok_answer();
}

Server::Build& Server::build(Program& program, const ZyxShape& shape, const char* command) {
  auto found = program.builds.find(shape);
  if (found != program.builds.end()) return found->second;
  const DeviceCapabilities& caps = device_.capabilities();
  program::Program model = to_model(*program.zyx, shape, caps);
  in_command(command, [&] { check_program(model, caps, options_.virtual_grid); });
  // The device's own messages (compile errors naming the kernel) stand alone.
  auto compiled = device_.compile(model);
  return program.builds.emplace(shape, Build{std::move(compiled), {}}).first->second;
}

void Server::check_grid(const Run& c) const {
  const DeviceCapabilities& caps = device_.capabilities();
  const Arch& arch = *caps.arch;
  if (c.gd0 == 0 || c.gd1 == 0) {
    throw Error(Code::kInvalidArgument,
                fmt::format("run: grid {}x{} is empty; gd0 and gd1 must be at least 1", c.gd0, c.gd1));
  }
  if (c.gd0 <= arch.grid_rows && c.gd1 <= arch.grid_cols) return;
  if (!caps.grids_beyond_arch) {
    throw Error(Code::kOutOfRange,
                fmt::format("run: grid {}x{} exceeds the {} worker grid of {}x{} (gd0 <= {} rows, gd1 <= {} "
                            "columns); the {} device cannot run larger grids",
                            c.gd0, c.gd1, arch.name, arch.grid_rows, arch.grid_cols, arch.grid_rows, arch.grid_cols,
                            caps.kind));
  }
  if (!options_.virtual_grid) {
    throw Error(Code::kOutOfRange,
                fmt::format("run: grid {}x{} exceeds the {} worker grid of {}x{} (gd0 <= {} rows, gd1 <= {} "
                            "columns); start the runtime with --virtual-grid (ZYX_TT_VIRTUAL_GRID=1) to run it on virtual cores",
                            c.gd0, c.gd1, arch.name, arch.grid_rows, arch.grid_cols, arch.grid_rows,
                            arch.grid_cols));
  }
}

std::string Server::handle(const Run& c) {
  const DeviceCapabilities& caps = device_.capabilities();
  check_v1_buffer_counts(c, caps);
  auto found = programs_.find(c.id);
  if (found == programs_.end()) {
    throw Error(Code::kNotFound,
                fmt::format("run: program {} is not compiled; send compile_program with id {} first", c.id, c.id));
  }
  Program& program = found->second;
  std::vector<program::PlacedBuffer> srcs, dsts;
  for (size_t i = 0; i < c.srcs.size(); ++i) srcs.push_back(buffers_.at(c.srcs[i], fmt::format("run: src{}", i).c_str()));
  for (size_t i = 0; i < c.dsts.size(); ++i) dsts.push_back(buffers_.at(c.dsts[i], fmt::format("run: dst{}", i).c_str()));
  const auto args = bind_kernel_args(c, program.zyx->params, srcs, dsts);
  check_grid(c);
  check_run_args(*program.zyx, args, caps);
  const ZyxShape shape = run_shape(*program.zyx, c, args);

  output_.describe(fmt::format("running program {} on {}x{} cores", c.id, c.gd0, c.gd1));
  Build& built = build(program, shape, "run");
  fill_model_run(*program.zyx, shape, args, caps, built.run);
  device_.run(*built.compiled, built.run, fmt::format("run of program {} on {}x{} cores", c.id, c.gd0, c.gd1));
  return ok_answer();
}

std::string Server::handle(const Grid&) {
  const Arch& arch = *device_.capabilities().arch;
  return grid_answer(arch.grid_rows, arch.grid_cols);
}

std::string Server::handle(const Exit&) {
  exit_requested_ = true;
  release_all();
  return bye_answer();
}

void Server::release_all() {
  for (const program::PlacedBuffer& buffer : buffers_.all()) device_.free(buffer);
  buffers_ = BufferTable();
  programs_.clear();
}

}  // namespace zyxtt::server
