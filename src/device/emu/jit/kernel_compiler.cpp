#include "device/emu/jit/kernel_compiler.h"

#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <random>
#include <spdlog/spdlog.h>
#include <sstream>

#include "common/error.h"
#include "common/fs.h"
#include "device/emu/jit/subprocess.h"
#include "zyxtt/krt_abi.h"

namespace zyxtt::emu {
namespace {

namespace fs = std::filesystem;


const char* role_file(krt::Role role) {
  switch (role) {
    case krt::Role::kReader: return "reader.cpp";
    case krt::Role::kWriter: return "writer.cpp";
    case krt::Role::kCompute: return "compute.cpp";
  }
  return "kernel.cpp";
}

std::vector<std::string> role_defines(krt::Role role) {
  switch (role) {
    case krt::Role::kReader: return {"COMPILE_FOR_BRISC", "NOC_INDEX=0", "PROCESSOR_INDEX=0"};
    case krt::Role::kWriter: return {"COMPILE_FOR_NCRISC", "NOC_INDEX=1", "PROCESSOR_INDEX=1"};
    case krt::Role::kCompute:
      // The compute configuration comes from the kernel's defines, else the
      // defaults of kernel-api/zyxtt/compute_config.h (zyx's ComputeConfig).
      return {"COMPILE_FOR_TRISC"};
  }
  return {};
}

std::string hex128(XXH128_hash_t h) { return fmt::format("{:016x}{:016x}", h.high64, h.low64); }

std::string hash_tree(const std::string& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); it != fs::recursive_directory_iterator(); ++it) {
    if (it->is_regular_file()) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  XXH3_state_t* state = XXH3_createState();
  XXH3_128bits_reset(state);
  for (const auto& f : files) {
    std::string rel = fs::relative(f, dir).string();
    XXH3_128bits_update(state, rel.data(), rel.size() + 1);
    std::ifstream in(f, std::ios::binary);
    std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    XXH3_128bits_update(state, content.data(), content.size());
  }
  std::string out = hex128(XXH3_128bits_digest(state));
  XXH3_freeState(state);
  return out;
}

// A private directory for objects: `base` itself when it is ours and closed
// to others, else a fresh private one (a shared folder must not become a way
// to make us load someone else's code).
std::string private_object_dir(const std::string& base) {
  std::string dir = base + "/kernels";
  make_private_dirs(dir);
  struct stat st {};
  if (lstat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid() && (st.st_mode & 022) == 0) {
    return dir;
  }
  std::string tmpl = (fs::temp_directory_path() / "zyx-tt-kernels-XXXXXX").string();
  if (mkdtemp(tmpl.data()) == nullptr) {
    throw Error(Code::kFailedPrecondition, fmt::format("cache '{}' is not private and no private temp dir could be made",
                                                       dir));
  }
  spdlog::warn("kernel cache '{}' is writable by others or not ours; using '{}' instead", dir, tmpl);
  return tmpl;
}

}  // namespace

bool is_trusted_file(const std::string& path) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0) return false;
  return S_ISREG(st.st_mode) && st.st_uid == geteuid() && (st.st_mode & 022) == 0;
}

std::string summarize_diagnostics(const std::string& stderr_text) {
  std::istringstream in(stderr_text);
  std::string line;
  std::vector<std::string> errors;
  std::string last;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    last = line;
    if (line.find("error:") != std::string::npos && errors.size() < 3) {
      // Keep "file:line:col: error: text", drop the tool's absolute paths.
      size_t slash = line.rfind('/', line.find(':'));
      errors.push_back(slash == std::string::npos ? line : line.substr(slash + 1));
    }
  }
  if (errors.empty()) return last.empty() ? "the compiler failed without a message" : last;
  std::string out;
  for (const auto& e : errors) out += (out.empty() ? "" : "; ") + e;
  return out;
}

KernelCompiler::KernelCompiler(std::string cache_dir, std::string kernel_api_dir, std::string compiler)
    : dir_(private_object_dir(cache_dir)), kernel_api_(std::move(kernel_api_dir)), compiler_(std::move(compiler)) {}

const std::string& KernelCompiler::toolchain_identity() {
  std::call_once(identity_once_, [&] {
    // -v prints the version and configuration to stderr (run_process drops
    // stdout, so --version would tell nothing and cost a process start).
    ProcessResult verbose = run_process({compiler_, "-v"}, {});
    identity_ = fmt::format("zyxtt-kernel-abi-{}|{}|{}|{}", krt::kKrtAbiVersion, compiler_, verbose.err, hash_tree(kernel_api_));
  });
  return identity_;
}

std::string KernelCompiler::cache_key(const KernelSpec& spec) {
  XXH3_state_t* state = XXH3_createState();
  XXH3_128bits_reset(state);
  auto add = [&](std::string_view s) {
    XXH3_128bits_update(state, s.data(), s.size());
    XXH3_128bits_update(state, "\0", 1);
  };
  add(toolchain_identity());
  for (const auto& arg : command(spec, "")) add(arg);
  add(spec.source);
  std::string key = hex128(XXH3_128bits_digest(state));
  XXH3_freeState(state);
  return key;
}

std::vector<std::string> KernelCompiler::command(const KernelSpec& spec, const std::string& output) const {
  // -fno-gnu-unique: an object with unique symbols (inline statics) could
  // never be unloaded, and the worker unloads objects it no longer runs.
  std::vector<std::string> cmd = {compiler_, "-std=c++20", "-O2", "-fPIC", "-shared", "-fno-gnu-unique", "-w", "-pipe",
                                  "-fvisibility=hidden", "-I" + kernel_api_, "-include", "zyxtt/prelude.h",
                                  "-DKERNEL_BUILD", "-DARCH_BLACKHOLE", "-DNOC_MODE=0"};
  for (const auto& d : role_defines(spec.role)) cmd.push_back("-D" + d);
  if (!spec.compile_args.empty()) {
    std::string list;
    for (uint32_t v : spec.compile_args) list += (list.empty() ? "" : ",") + std::to_string(v);
    cmd.push_back("-DKERNEL_COMPILE_TIME_ARGS=" + list);
  }
  for (const auto& d : spec.defines) cmd.push_back("-D" + d);
  cmd.insert(cmd.end(), {"-x", "c++", "-", "-o", output});
  return cmd;
}

std::optional<std::string> KernelCompiler::cached(const std::string& key) {
  std::string path = fmt::format("{}/{}.so", dir_, key);
  if (!is_trusted_file(path)) return std::nullopt;
  stats_.disk_hits++;
  return path;
}

std::optional<std::string> KernelCompiler::lookup(const KernelSpec& spec) { return cached(cache_key(spec)); }

std::string KernelCompiler::build(const KernelSpec& spec) {
  const std::string key = cache_key(spec);  // hashes the source once
  if (auto hit = cached(key)) return *hit;
  const std::string path = fmt::format("{}/{}.so", dir_, key);
  // Unique temp name, then rename: a kill at any instant leaves either no
  // object or a whole one, and two runtimes sharing the folder cannot clash.
  static std::atomic<uint64_t> counter{0};
  const std::string tmp = fmt::format("{}/.{}.{}.{}.tmp", dir_, key, getpid(), counter++);
  std::string tu = fmt::format("#line 1 \"{}\"\n{}\n#line 1 \"zyxtt-entry\"\n#include \"zyxtt/entry.h\"\n",
                               role_file(spec.role), spec.source);
  ProcessResult result = run_process(command(spec, tmp), tu);
  if (result.exit_code != 0) {
    unlink(tmp.c_str());
    throw Error(Code::kInvalidArgument,
                fmt::format("{} does not compile: {}", role_file(spec.role), summarize_diagnostics(result.err)));
  }
  chmod(tmp.c_str(), 0600);
  if (rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    unlink(tmp.c_str());
    throw Error(Code::kInternal, fmt::format("cannot store compiled kernel '{}': {}", path, errno_text(err)));
  }
  stats_.compiled++;
  return path;
}

}  // namespace zyxtt::emu
