#include "device/emu/jit/kernel_compiler.h"

#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "common/error.h"
#include "common/fs.h"
#include "device/emu/jit/compiler_output.h"
#include "device/emu/jit/kernel_dependencies.h"
#include "device/emu/jit/kernel_record.h"
#include "device/emu/jit/krt_contract.h"
#include "device/emu/jit/subprocess.h"
#include "device/emu/jit/toolchain_identity.h"
#include "zyxtt/krt_abi.h"

namespace zyxtt::emu {
namespace {

const char* role_file(krt::Role role) {
  switch (role) {
    case krt::Role::kReader: return "reader.cpp";
    case krt::Role::kWriter: return "writer.cpp";
    case krt::Role::kCompute: return "compute.cpp";
  }
  return "kernel.cpp";
}

std::string file_of(const CompileRequest& spec) { return spec.file.empty() ? role_file(spec.role) : spec.file; }

std::vector<std::string> role_defines(krt::Role role, int noc) {
  const auto noc_index = [&](int fallback) { return "NOC_INDEX=" + std::to_string(noc < 0 ? fallback : noc); };
  switch (role) {
    case krt::Role::kReader: return {"COMPILE_FOR_BRISC", noc_index(0), "PROCESSOR_INDEX=0"};
    case krt::Role::kWriter: return {"COMPILE_FOR_NCRISC", noc_index(1), "PROCESSOR_INDEX=1"};
    case krt::Role::kCompute:
      // The compute configuration comes from the kernel's defines, else the
      // defaults of kernel-api/zyxtt/compute_config.h (zyx's ComputeConfig).
      return {"COMPILE_FOR_TRISC"};
  }
  return {};
}

// The flags every kernel and the precompiled header are built with (a
// precompiled header is used only under the flags it was made with).
// -fno-gnu-unique: an object with unique symbols (inline statics) could
// never be unloaded, and the worker unloads objects it no longer runs.
std::vector<std::string> base_flags(const std::string& program) {
  return {program, "-std=c++20", "-O2", "-fPIC", "-shared", "-fno-gnu-unique", "-w", "-pipe", "-fvisibility=hidden"};
}

// The defines of every kernel of `role` that is given no other NOC and no
// defines of its own: the precompiled kernel API of the role is made with
// them (a precompiled header serves only compiles whose macros agree with it
// wherever it reads them; GCC checks, and parses the header when not).
std::vector<std::string> fixed_defines(krt::Role role, int noc, bool profile) {
  std::vector<std::string> defines = {fmt::format("-DZYXTT_KRT_ABI_VERSION={:#010x}u", krt::kKrtAbiVersion),
                                      "-DKERNEL_BUILD", "-DARCH_BLACKHOLE", "-DNOC_MODE=0"};
  if (profile) defines.push_back("-DPROFILE_KERNEL=1");
  for (const auto& d : role_defines(role, noc)) defines.push_back("-D" + d);
  return defines;
}

// Paths given to the compiler are absolute: it runs in the cache folder.
std::string absolute_path(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path abs = std::filesystem::absolute(path, ec);
  return path.empty() || ec ? path : abs.lexically_normal().string();
}

std::string hex128(XXH128_hash_t h) { return fmt::format("{:016x}{:016x}", h.high64, h.low64); }

// Where the compiler's report is remembered: per user, beside the precompiled
// headers, so that a new kernel cache does not ask the compiler again
// (about 15 ms before its first compile); else in the kernel cache.
std::string report_dir(const std::string& kernel_cache) {
  const std::string home = cache_home();
  if (home.empty()) return kernel_cache;
  const std::string dir = home + "/zyx-tt/compilers";
  try {
    make_private_dirs(dir);
  } catch (const Error&) {
    return kernel_cache;
  }
  struct stat st {};
  if (lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 077) != 0)
    return kernel_cache;  // not ours alone: nothing in it is believed
  return dir;
}

// A temporary name in `dir` no other writer uses (renamed within `dir`).
std::string temp_in(const std::string& dir, const char* what) {
  static std::atomic<uint64_t> counter{0};
  return fmt::format("{}/.{}-{}-{}.tmp", dir, what, getpid(), counter++);
}

}  // namespace

bool is_trusted_file(const std::string& path) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0) return false;
  return S_ISREG(st.st_mode) && st.st_uid == geteuid() && (st.st_mode & 022) == 0;
}

KernelCompiler::KernelCompiler(const std::string& cache_dir, std::string kernel_api_dir, CompilerConfig config,
                               std::shared_future<std::string> api_fingerprint)
    : store_(absolute_path(cache_dir)), kernel_api_(absolute_path(kernel_api_dir)), config_(std::move(config)) {
  // A compiler named by a relative path finds its own parts from argv[0].
  if (config_.program.find('/') != std::string::npos) config_.program = absolute_path(config_.program);
  std::error_code ec;
  start_dir_ = std::filesystem::current_path(ec).string();
  if (!api_fingerprint.valid()) api_fingerprint = start_tree_fingerprint(kernel_api_);
  // Deferred: the first to ask runs it (the precompiled headers' thread,
  // started below, or a compile), so no thread of its own is started.
  toolchain_ = std::async(std::launch::deferred, [this, api_fingerprint] {
    // -v prints the version, the configuration and, preprocessing, the
    // folders searched to stderr (run_process drops stdout, so --version
    // would tell nothing and cost a process start).
    const std::string memo_dir = report_dir(store_.directory());
    const std::string version = compiler_report(config_.program, memo_dir, temp_in(memo_dir, "compiler"), [&] {
      std::string report;
      const std::vector<std::string> argv = {config_.program, "-E", "-v", "-x", "c++", "/dev/null"};
      run_compiler(argv, {}, [&](std::string_view chunk) {
        if (report.size() < 64 * 1024) report.append(chunk);
      });
      return report;
    });
    std::string api = api_fingerprint.get();
    std::string identity =
        fmt::format("zyxtt-kernel-abi-{}|{}|{}|{}", krt::kKrtAbiVersion, config_.program, version, api);
    return Toolchain{version, std::move(identity), std::move(api), system_include_dirs(version)};
  }).share();
  pch_ = std::make_unique<PrecompiledHeaders>(
      [this] {
        const Toolchain& t = toolchain_.get();
        return PrecompiledHeaders::Inputs{t.compiler_report, t.kernel_api_fingerprint};
      },
      kernel_api_,
      [this](krt::Role role) {
        std::vector<std::string> flags = base_flags(config_.program);
        flags.push_back("-I" + kernel_api_);
        for (auto& d : fixed_defines(role, -1, config_.profile_kernels)) flags.push_back(std::move(d));
        return flags;
      },
      [this](const std::vector<std::string>& argv, const OutputSink& on_stderr) {
        return run_compiler(argv, {}, on_stderr, /*background=*/true);
      });
}

KernelCompiler::~KernelCompiler() {
  pch_.reset();  // its thread may be computing toolchain_, which needs this
}

const std::string& KernelCompiler::toolchain_identity() { return toolchain_.get().identity; }

void KernelCompiler::check_contract() {
  std::call_once(contract_once_, [&] { contract_version_ = krt_contract_version(kernel_api_); });
  if (!contract_version_) {
    throw Error(Code::kFailedPrecondition,
                fmt::format("the kernel API folder {} lacks the kernel ABI's headers (zyxtt/krt_abi.h and the rest of "
                            "its contract)",
                            kernel_api_));
  }
  if (*contract_version_ != krt::kKrtAbiVersion) {
    throw Error(Code::kFailedPrecondition,
                fmt::format("the kernel API headers in {} are kernel ABI {:#010x}, the emulator speaks ABI {:#010x}: "
                            "they are not the headers this runtime was built with",
                            kernel_api_, *contract_version_, krt::kKrtAbiVersion));
  }
}

std::string KernelCompiler::cache_key(const CompileRequest& spec) {
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

std::vector<std::string> KernelCompiler::command(const CompileRequest& spec, const std::string& output) const {
  std::vector<std::string> cmd = base_flags(config_.program);
  // The role's kernel API comes first (precompiled when ready: build() puts
  // the folder of the precompiled headers first on the include path).
  cmd.insert(cmd.end(), {"-I" + kernel_api_, "-include", PrecompiledHeaders::header_for(spec.role), "-include",
                         "zyxtt/prelude.h"});
  for (auto& d : fixed_defines(spec.role, spec.noc, config_.profile_kernels)) cmd.push_back(std::move(d));
  for (const auto& dir : spec.include_dirs) cmd.push_back("-I" + absolute_path(dir));
  if (!spec.compile_args.empty()) {
    std::string list;
    for (uint32_t v : spec.compile_args) list += (list.empty() ? "" : ",") + std::to_string(v);
    cmd.push_back("-DKERNEL_COMPILE_TIME_ARGS=" + list);
  }
  for (const auto& d : spec.defines) cmd.push_back("-D" + d);
  // Linked as g++ links by default. Not -nodefaultlibs, although linking
  // against libstdc++.so is a third of a small kernel's compile: references
  // then carry no symbol version, and glibc binds an unversioned expf to its
  // oldest, slower version (exp over 1M fp32 ran 1.7x slower).
  cmd.insert(cmd.end(), {"-x", "c++", "-", "-o", output});
  return cmd;
}

std::optional<std::string> KernelCompiler::wait_for_pch() { return pch_->wait(); }

KernelHead KernelCompiler::head_of(const CompileRequest& spec) {
  if (spec.role != krt::Role::kCompute) return {};
  namespace fs = std::filesystem;
  auto exists_in = [](const std::string& dir, std::string_view name) {
    std::error_code ec;
    return fs::is_regular_file(fs::path(dir) / name, ec);
  };
  return kernel_head(spec.source, [&](std::string_view name, bool angled) {
    if (name.front() == '/' || name.find("..") != std::string_view::npos) return false;
    // Searched in this order after the cache folder and the precompiled set, which hold no headers.
    if (exists_in(kernel_api_, name)) return true;
    if (!angled) return false;
    for (const auto& dir : spec.include_dirs)
      if (exists_in(absolute_path(dir), name)) return false;
    for (const auto& dir : toolchain_.get().system_dirs)
      if (exists_in(dir, name)) return true;
    return false;
  });
}

std::string KernelCompiler::translation_unit(const CompileRequest& spec) {
  return emu::translation_unit(file_of(spec), spec.source, head_of(spec));
}

// A head's precompiled header serves every kernel compiled with these flags:
// the kernel's own minus its source, object and data (compile-time args, CB
// formats), which the API reads after the head (GCC refuses a precompiled
// header that mentions a macro defined differently, so a head that did
// would only be parsed again).
std::vector<std::string> KernelCompiler::head_flags(const CompileRequest& spec) const {
  std::vector<std::string> all = command(spec, ""), flags;
  all.resize(all.size() - 5);  // -x c++ - -o <output>
  for (size_t i = 0; i < all.size(); ++i) {
    const std::string& a = all[i];
    if (a == "-include") {
      ++i;
      continue;
    }
    if (a.starts_with("-DKERNEL_COMPILE_TIME_ARGS=") || a.starts_with("-DKERNEL_NAMED_COMPILE_TIME_ARGS=") ||
        a.starts_with("-DKERNEL_CB_DATA_FORMATS=") || a.starts_with("-DKERNEL_CB_TILE_SHAPES="))
      continue;
    flags.push_back(a);
  }
  return flags;
}

ProcessLimits KernelCompiler::limits() const {
  ProcessLimits l;
  l.timeout = config_.timeout;
  l.memory_bytes = config_.memory_limit_bytes;
  l.stop_fd = config_.stop_fd;
  l.working_dir = store_.directory();
  return l;
}

ProcessResult KernelCompiler::run_compiler(const std::vector<std::string>& argv, std::string_view input,
                                           const OutputSink& on_stderr, bool background) const {
  ProcessLimits l = limits();
  if (background) l.nice = 19;  // kernels the client waits for go first
  try {
    return run_process(argv, input, on_stderr, l);
  } catch (const Error& e) {
    if (e.code() != Code::kFailedPrecondition) throw;
    throw Error(e.code(), fmt::format("{} (choose the compiler with {})", e.what(), option_hint(config_.hints, "compiler")));
  }
}

std::optional<std::string> KernelCompiler::cached(const std::string& key) {
  std::string path = store_.object_path(key);
  const std::optional<std::string> elf = ObjectStore::read_intact(path);
  if (!elf) return std::nullopt;
  // Read from the file: an object of another ABI is rebuilt, never loaded.
  const std::optional<zyxtt_kernel_info> record = find_kernel_record(*elf);
  if (!record || record->abi_version != krt::kKrtAbiVersion || record->size != sizeof(zyxtt_kernel_info)) {
    spdlog::warn("kernel cache: {} is not an object of kernel ABI {:#010x} ({}); rebuilding it", path,
                 krt::kKrtAbiVersion, record ? fmt::format("its record says {:#010x}", record->abi_version) : "no record");
    return std::nullopt;
  }
  stats_.disk_hits++;
  return path;
}

std::optional<std::string> KernelCompiler::lookup(const CompileRequest& spec) {
  return cached(filed_key(cache_key(spec)));
}

std::string KernelCompiler::filed_key(const std::string& key) const {
  const std::optional<std::vector<std::string>> files = read_manifest(store_.manifest_path(key));
  return files && !files->empty() ? key_with_contents(key, *files) : key;
}

std::string KernelCompiler::file_dependencies(const std::string& key, const CompileRequest& spec,
                                              const std::string& deps, const std::optional<std::string>& pch) {
  std::string rule;
  if (std::ifstream in{deps}) rule.assign(std::istreambuf_iterator<char>(in), {});
  unlink(deps.c_str());
  // The compiler's own folders are covered by its report, the kernel API by its fingerprint.
  std::vector<std::string> excluded = toolchain_.get().system_dirs;
  excluded.insert(excluded.end(), {kernel_api_, store_.directory(), pch.value_or("")});
  const std::vector<std::string> files = tracked_headers(make_prerequisites(rule), store_.directory(), excluded);
  const std::string manifest = store_.manifest_path(key);
  if (files.empty()) {
    unlink(manifest.c_str());  // left by a kernel of the same key that read others (another include path order)
    return key;
  }
  if (!write_manifest(store_.temp_path(key + "-deps"), manifest, files)) {
    spdlog::warn("kernel cache: cannot write {}; {} will be compiled again next time", manifest, file_of(spec));
  }
  return key_with_contents(key, files);
}

Error KernelCompiler::out_of_memory(const std::string& file, const std::string& reason) const {
  std::string limit = config_.memory_limit_bytes != 0
                          ? fmt::format(" (limit {} bytes per compiler process)", config_.memory_limit_bytes)
                          : "";
  return Error(Code::kResourceExhausted,
               fmt::format("the compiler ran out of memory compiling {}{}: {}", file, limit, reason));
}

Error KernelCompiler::failure(const std::string& file, const ProcessResult& result,
                              const CompilerOutput& output) const {
  using Failure = CompilerOutput::Failure;
  if (result.timed_out) {
    return Error(Code::kDeadlineExceeded,
                 fmt::format("{} did not finish compiling within {} s; raise {} if it needs longer", file,
                             static_cast<double>(config_.timeout.count()) / 1000.0,
                             option_hint(config_.hints, "compile-timeout")));
  }
  if (result.stopped) return Error(Code::kInternal, fmt::format("compile of {} ended: the runtime is stopping", file));
  switch (output.failure()) {
    case Failure::kDiskFull:
      return Error(Code::kResourceExhausted,
                   fmt::format("no disk space to compile {}: {} (the kernel cache is {})", file, output.reason(),
                               store_.directory()));
    case Failure::kOutOfMemory: return out_of_memory(file, output.reason());
    case Failure::kLink: return Error(Code::kInternal, fmt::format("cannot link {}: {}", file, output.reason()));
    case Failure::kCompilerCrash:
      // Under a memory limit a crash is almost always the limit (a stack or a mapping that could not grow).
      if (config_.memory_limit_bytes != 0) return out_of_memory(file, output.reason());
      return Error(Code::kInternal, fmt::format("the compiler crashed on {}: {}", file, output.reason()));
    case Failure::kCompile: break;
  }
  if (result.signal != 0) {
    std::string what = fmt::format("the compiler was killed by signal {}", result.signal);
    if (config_.memory_limit_bytes != 0) return out_of_memory(file, what);
    return Error(Code::kInternal, fmt::format("{} while compiling {}", what, file));
  }
  return Error(Code::kInvalidArgument, fmt::format("{} does not compile: {}", file, output.summary()));
}

std::string KernelCompiler::build(const CompileRequest& spec) {
  check_contract();
  const std::string key = cache_key(spec);  // hashes the source once
  if (auto hit = cached(filed_key(key))) return *hit;
  // Unique temp name, then rename: a kill at any instant leaves either no
  // object or a whole one, and two runtimes sharing the folder cannot clash.
  const std::string tmp = store_.temp_path(key);
  const std::string deps = tmp + ".d.tmp";
  const std::string file = file_of(spec);
  const KernelHead head = head_of(spec);
  const std::string tu = emu::translation_unit(file, spec.source, head);
  std::optional<std::string> pch = pch_->ready();
  std::optional<std::string> head_pch = pch ? pch_->head(*pch, spec.role, head.text(), head_flags(spec)) : std::nullopt;
  bool permissive = false;
  while (true) {
    CompilerOutput output(file);
    std::vector<std::string> argv = command(spec, tmp);
    if (pch) argv.insert(argv.begin() + 1, "-I" + *pch);
    // First of all: GCC reads a precompiled header only as the first include.
    if (head_pch) argv.insert(argv.begin() + 1, {"-include", *head_pch});
    // Not in the cache key, as the working directory was not when the
    // compiler searched it first: objects stay shared between directories.
    if (!start_dir_.empty()) argv.insert(argv.begin() + 1, {"-idirafter", start_dir_});
    if (permissive) argv.insert(argv.begin() + 1, "-fpermissive");
    argv.insert(argv.begin() + 1, {"-MD", "-MF", deps});  // the headers read, for file_dependencies
    ProcessResult result = run_compiler(argv, tu, [&](std::string_view chunk) { output.feed(chunk); });
    output.finish();
    if (!result.timed_out && !result.stopped && result.exit_code == 0) break;
    unlink(tmp.c_str());
    unlink(deps.c_str());
    // Damaged precompiled headers are dropped and the kernel compiled
    // without them, as a broken object is rebuilt: never the kernel's error.
    const bool damaged_pch =
        !result.timed_out && !result.stopped && output.summary().find("PCH file") != std::string::npos;
    if (head_pch && damaged_pch) {
      spdlog::warn("the precompiled head {} is damaged; removing it ({})", *head_pch, output.summary());
      pch_->drop_head(*head_pch);
      head_pch.reset();
      continue;
    }
    // Another runtime let it go (the newest few are kept) while this compile began.
    if (head_pch && !is_trusted_file(*head_pch + ".gch")) {
      head_pch.reset();
      continue;
    }
    if (pch && damaged_pch) {
      spdlog::warn("the precompiled standard headers in {} are damaged; removing them ({})", *pch, output.summary());
      pch_->drop();
      pch.reset();
      continue;
    }
    // Kernels for the 32-bit RISC-V may keep an L1 pointer in a uint32_t:
    // lossless here too (L1 is mapped below 4 GiB), so such a kernel, and
    // only such, is compiled again accepting the casts.
    if (!permissive && result.exit_code != 0 && output.only_pointer_narrowings()) {
      spdlog::info("{} casts pointers to 32-bit integers, as code for the 32-bit RISC-V may; compiling it with "
                   "-fpermissive (L1 addresses fit in 32 bits on the emulator too)",
                   file);
      permissive = true;
      continue;
    }
    throw failure(file, result, output);
  }
  const std::string path = store_.object_path(file_dependencies(key, spec, deps, pch));
  store_.publish(tmp, path);
  stats_.compiled++;
  if (head_pch) stats_.with_precompiled_head++;
  return path;
}

}  // namespace zyxtt::emu
