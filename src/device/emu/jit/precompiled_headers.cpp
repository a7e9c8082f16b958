#include "device/emu/jit/precompiled_headers.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <span>
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "common/error.h"
#include "common/fd_io.h"
#include "common/fs.h"
#include "device/emu/jit/kernel_compiler.h"

namespace zyxtt::emu {
namespace {

struct RoleHeader {
  krt::Role role;
  const char* header;
};
constexpr std::array<RoleHeader, 3> kHeaders = {{{krt::Role::kReader, "zyxtt/kernel_api_reader.h"},
                                                 {krt::Role::kWriter, "zyxtt/kernel_api_writer.h"},
                                                 {krt::Role::kCompute, "zyxtt/kernel_api_compute.h"}}};

std::string gch_of(const std::string& dir, const char* header) { return fmt::format("{}/{}.gch", dir, header); }

bool all_built(const std::string& dir) {
  for (const RoleHeader& h : kHeaders)
    if (!is_trusted_file(gch_of(dir, h.header))) return false;
  return true;
}

// Each compiler (or header text) a user has had leaves a set of about 60 MB;
// the newest kKeptSets stay, older ones go once a new one is built (one that
// is being built, its lock held, is left alone).
constexpr size_t kKeptSets = 4;

void forget_old_sets(const std::string& built) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<std::pair<fs::file_time_type, fs::path>> sets;
  for (const auto& e : fs::directory_iterator(fs::path(built).parent_path(), ec)) {
    if (e.is_directory(ec) && e.path() != fs::path(built)) sets.emplace_back(e.last_write_time(ec), e.path());
  }
  if (sets.size() < kKeptSets) return;
  std::sort(sets.begin(), sets.end());
  for (size_t i = 0; i + kKeptSets - 1 < sets.size(); ++i) {
    const int lock = open((sets[i].second / "build.lock").c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    if (lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) != 0) {
      close(lock);
      continue;
    }
    fs::remove_all(sets[i].second, ec);
    if (lock >= 0) close(lock);
  }
}

// Precompiled heads kept per set, the newest (about 30 MB each), and marks
// of heads seen once (a few hundred bytes each).
constexpr size_t kKeptHeads = 6;
constexpr size_t kKeptMarks = 64;

void forget_old_heads(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  using Dated = std::vector<std::pair<fs::file_time_type, fs::path>>;
  Dated built, marks;  // x.h.gch files; x.h files without one
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const fs::path& p = e.path();
    if (p.extension() == ".gch") built.emplace_back(e.last_write_time(ec), p);
    if (p.extension() == ".h" && !fs::exists(p.string() + ".gch", ec)) marks.emplace_back(e.last_write_time(ec), p);
  }
  auto forget = [&](Dated& files, size_t kept) {
    if (files.size() <= kept) return;
    std::sort(files.begin(), files.end());
    for (size_t i = 0; i + kept < files.size(); ++i) {
      fs::path header = files[i].second;
      if (header.extension() == ".gch") header.replace_extension();  // x.h.gch -> x.h
      fs::remove(header.string() + ".gch", ec);
      fs::remove(header, ec);
      fs::remove(header.string() + ".lock", ec);
    }
  };
  forget(built, kKeptHeads);
  forget(marks, kKeptMarks);
}

bool write_whole(const std::string& path, const std::string& text) {
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) return false;
  const bool ok = pwrite_exact(fd, std::as_bytes(std::span(text)), 0) == 0;
  return close(fd) == 0 && ok;
}

}  // namespace

PrecompiledHeaders::PrecompiledHeaders(std::function<Inputs()> inputs, std::string kernel_api, Flags flags,
                                       RunCompiler run)
    : inputs_(std::move(inputs)), kernel_api_(std::move(kernel_api)), flags_(std::move(flags)), run_(std::move(run)) {
  found_ = std::async(std::launch::async, [this] { return find(); }).share();
}

PrecompiledHeaders::~PrecompiledHeaders() {
  if (found_.valid()) found_.wait();
  if (built_.valid()) built_.wait();
  std::future<void> pending;
  {
    std::lock_guard lock(heads_mutex_);  // not held while waiting: a failed build takes it
    pending = std::move(head_build_);
  }
  if (pending.valid()) pending.wait();
}

const char* PrecompiledHeaders::header_for(krt::Role role) {
  for (const RoleHeader& h : kHeaders)
    if (h.role == role) return h.header;
  return kHeaders[0].header;
}

std::string PrecompiledHeaders::find() {
  Inputs inputs;
  try {
    inputs = inputs_();
  } catch (const std::exception&) {
    return {};  // the compile itself reports what is wrong with the compiler
  }
  const std::string home = cache_home();
  // Only GCC reads a .gch found on the include path.
  if (inputs.compiler_report.find("gcc version") == std::string::npos || home.empty()) return {};
  // The report names the compiler; its path does not count, so that
  // wrappers of the same compiler (ccache, a script) share them.
  std::string facts = inputs.compiler_report + "\n" + inputs.kernel_api_fingerprint;
  for (const RoleHeader& h : kHeaders) {
    const std::vector<std::string> flags = flags_(h.role);
    facts.append("\n").append(h.header);
    for (size_t i = 1; i < flags.size(); ++i) facts += "\n" + flags[i];
  }
  const std::string root = home + "/zyx-tt/pch";
  const XXH128_hash_t key = XXH3_128bits(facts.data(), facts.size());
  const std::string dir = fmt::format("{}/{:016x}{:016x}", root, key.high64, key.low64);
  try {
    make_private_dirs(dir + "/zyxtt");
  } catch (const Error&) {
    return {};
  }
  struct stat st {};
  if (lstat(root.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022) != 0)
    return {};  // a folder others could write to: nothing from it is used
  if (all_built(dir)) return dir;
  built_ = std::async(std::launch::async, [this, dir] { return build(dir); }).share();
  return {};
}

std::string PrecompiledHeaders::build(const std::string& dir) {
  const int lock = open((dir + "/build.lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (lock < 0) return {};
  if (flock(lock, LOCK_EX | LOCK_NB) != 0) {  // another runtime is building them
    close(lock);
    return {};
  }
  bool built = true;
  for (const RoleHeader& h : kHeaders) {
    const char* header = h.header;
    const std::string gch = gch_of(dir, header);
    if (is_trusted_file(gch)) continue;
    const std::string tmp = gch + ".tmp";  // ours alone while the lock is held
    std::vector<std::string> argv = flags_(h.role);
    argv.insert(argv.end(), {"-x", "c++-header", kernel_api_ + "/" + header, "-o", tmp});
    std::string errors;
    ProcessResult result;
    try {
      result = run_(argv, [&](std::string_view chunk) {
        if (errors.size() < 4096) errors.append(chunk);
      });
    } catch (const Error& e) {
      errors = e.what();
    }
    if (result.exit_code == 0 && rename(tmp.c_str(), gch.c_str()) == 0) continue;
    unlink(tmp.c_str());
    if (!result.stopped) {
      spdlog::info("{} could not be precompiled, kernels parse it each time: {}", header,
                   errors.substr(0, errors.find('\n')));
    }
    built = false;
    break;
  }
  close(lock);
  if (built) forget_old_sets(dir);
  return built ? dir : std::string();
}

std::optional<std::string> PrecompiledHeaders::ready() const {
  if (dropped_) return std::nullopt;
  if (std::string dir = found_.get(); !dir.empty()) return dir;
  if (built_.valid() && built_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    if (std::string dir = built_.get(); !dir.empty()) return dir;
  }
  return std::nullopt;
}

std::optional<std::string> PrecompiledHeaders::wait() {
  if (found_.get().empty() && built_.valid()) built_.wait();
  return ready();
}

std::optional<std::string> PrecompiledHeaders::head(const std::string& set, krt::Role role, const std::string& head,
                                                     const std::vector<std::string>& flags) {
  if (head.empty()) return std::nullopt;
  const std::string text = fmt::format("#include \"{}\"\n#include \"zyxtt/prelude.h\"\n{}", header_for(role), head);
  std::string facts = text;
  for (const std::string& f : flags) facts += "\n" + f;
  const XXH128_hash_t key = XXH3_128bits(facts.data(), facts.size());
  std::string header = fmt::format("{}/heads/{:016x}{:016x}.h", set, key.high64, key.low64);
  const bool marked = is_trusted_file(header);
  if (marked && is_trusted_file(header + ".gch")) return header;
  if (!marked) {
    // Seen for the first time: its text stays as a mark, and a kernel that
    // starts the same way again (in any runtime) has it built. A head seen
    // once costs no 30 MB.
    const std::string dir = std::filesystem::path(header).parent_path().string();
    try {
      make_private_dirs(dir);
    } catch (const Error&) {
      return std::nullopt;
    }
    const std::string tmp = fmt::format("{}.{}.tmp", header, getpid());
    if (write_whole(tmp, text) && rename(tmp.c_str(), header.c_str()) == 0) {
      forget_old_heads(dir);
    } else {
      unlink(tmp.c_str());
    }
    return std::nullopt;
  }
  std::lock_guard lock(heads_mutex_);
  if (heads_failed_.count(header) != 0) return std::nullopt;
  if (head_build_.valid() && head_build_.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
    return std::nullopt;  // one at a time: the next compile asks again
  std::vector<std::string> argv = flags;
  argv.insert(argv.end(), {"-x", "c++-header", header, "-o", header + ".gch.tmp"});
  head_build_ = std::async(std::launch::async, [this, header, argv = std::move(argv)] { build_head(header, argv); });
  return std::nullopt;
}

void PrecompiledHeaders::build_head(const std::string& header, const std::vector<std::string>& argv) {
  const int lock = open((header + ".lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (lock < 0) return;
  if (flock(lock, LOCK_EX | LOCK_NB) != 0) {  // another runtime is building it
    close(lock);
    return;
  }
  const std::string gch = header + ".gch", tmp = gch + ".tmp";  // ours alone while the lock is held
  std::string errors;
  ProcessResult result;  // the head's text is its mark, written when it was first seen
  try {
    result = run_(argv, [&](std::string_view chunk) {
      if (errors.size() < 4096) errors.append(chunk);
    });
  } catch (const Error& e) {
    result.exit_code = -1;
    errors = e.what();
  }
  if (result.exit_code == 0 && rename(tmp.c_str(), gch.c_str()) == 0) {
    forget_old_heads(std::filesystem::path(header).parent_path());
  } else {
    unlink(tmp.c_str());
    if (!result.stopped) {
      spdlog::info("a compute kernel's includes could not be precompiled, such kernels parse them each time: {}",
                   errors.substr(0, errors.find('\n')));
      std::lock_guard guard(heads_mutex_);
      heads_failed_.insert(header);
    }
  }
  close(lock);
}

void PrecompiledHeaders::drop_head(const std::string& header) {
  unlink((header + ".gch").c_str());
  std::lock_guard lock(heads_mutex_);
  heads_failed_.insert(header);
}

void PrecompiledHeaders::drop() {
  const std::optional<std::string> dir = ready();
  if (dropped_.exchange(true) || !dir) return;
  for (const RoleHeader& h : kHeaders) unlink(gch_of(*dir, h.header).c_str());
}

}  // namespace zyxtt::emu
