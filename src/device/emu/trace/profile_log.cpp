#include "device/emu/trace/profile_log.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string_view>
#include <tuple>

#include <fmt/format.h>

#include "common/error.h"
#include "zyxtt/krt_types.h"

namespace zyxtt::emu {
namespace {

constexpr const char* kLogName = "profile_log_device.csv";
constexpr size_t kRowsHeld = size_t{32} << 20;  // bytes of rows kept in memory before a dump
// The firmware's zones have no kernel source: they name the emulator.
constexpr const char* kFirmwareFile = "zyx-tt-emulator";

// The RISCs that run a role's kernel, as tt-metal's RiscType names them, and
// the prefix of their firmware zones.
struct Risc {
  const char* name;
  const char* zone;
};
std::span<const Risc> riscs_of(uint8_t role) {
  static constexpr Risc kReader[] = {{"BRISC", "BRISC"}};
  static constexpr Risc kWriter[] = {{"NCRISC", "NCRISC"}};
  static constexpr Risc kCompute[] = {{"TRISC_0", "TRISC"}, {"TRISC_1", "TRISC"}, {"TRISC_2", "TRISC"}};
  if (role == static_cast<uint8_t>(krt::Role::kReader)) return kReader;
  if (role == static_cast<uint8_t>(krt::Role::kWriter)) return kWriter;
  return kCompute;
}

const char* type_name(TraceKind kind) {
  switch (kind) {
    case TraceKind::kZoneEnd: return "ZONE_END";
    case TraceKind::kZoneTotal: return "ZONE_TOTAL";
    case TraceKind::kTimestampedData: return "TS_DATA";
    case TraceKind::kEvent: return "TS_EVENT";
    default: return "ZONE_START";
  }
}

struct Row {
  uint32_t core_x, core_y;
  std::string_view risc;
  uint64_t cycles;
  // At the same cycle: a kernel's firmware and kernel zones open before its
  // markers and close after them; markers keep the order they were made in.
  uint32_t rank;
  uint32_t order;
  std::string text;
};

// A marker site as the kernel API spells it: "name,file,line,KERNEL_PROFILER".
struct ProfileSite {
  std::string name;
  std::string file;
  uint32_t line = 0;
};

ProfileSite parse_profile_site(const std::string& site) {
  // The name may hold commas; the file, line and tag that end the site do not.
  ProfileSite s;
  const size_t tag = site.rfind(',');
  const size_t line = tag == std::string::npos || tag == 0 ? std::string::npos : site.rfind(',', tag - 1);
  const size_t file = line == std::string::npos || line == 0 ? std::string::npos : site.rfind(',', line - 1);
  if (file == std::string::npos) {
    s.name = site;
    return s;
  }
  s.name = site.substr(0, file);
  s.file = site.substr(file + 1, line - file - 1);
  s.line = static_cast<uint32_t>(std::strtoul(site.c_str() + line + 1, nullptr, 10));
  return s;
}

uint16_t profile_zone_id(const std::string& site) {
  // FNV-1a over the site, folded to 16 bits, as tt-metal's kernels hash it.
  uint32_t h = 2166136261u;
  for (const char c : site) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
  return static_cast<uint16_t>((h & 0xffff) ^ (h >> 16));
}

}  // namespace

ProfileLog::ProfileLog(std::filesystem::path dir) : dir_(std::move(dir)) {}

ProfileLog::~ProfileLog() {
  try {
    dump();
  } catch (const std::exception&) {  // nowhere left to report it
  }
}

void ProfileLog::append(const ProfiledRun& run, std::span<const TraceRecord> records,
                        std::span<const std::string> sites) {
  const Arch& arch = *run.arch;
  std::vector<Row> rows;
  uint32_t order = 0;
  auto add = [&](const TraceRecord& r, const Risc& risc, uint64_t model, uint32_t rank, uint16_t id, uint64_t data,
                 const std::string& name, TraceKind type, uint32_t line, const std::string& file) {
    const GridXY noc = worker_noc(arch, r.x, r.y);
    const uint64_t at = run.base_cycles + model;
    rows.push_back(Row{noc.x, noc.y, risc.name, at, rank, order++,
                       fmt::format("{},{},{},{},{},{},{},{},,,{},{},{},{},\n", run.chip, noc.x, noc.y, risc.name, id,
                                   at, data, run.host_id, name, type_name(type), line, file)});
  };
  for (const TraceRecord& r : records) {
    if (r.kind == TraceKind::kKernel) {
      for (const Risc& risc : riscs_of(r.role)) {
        const std::string fw = fmt::format("{}-FW", risc.zone), kernel = fmt::format("{}-KERNEL", risc.zone);
        const uint16_t fw_id = profile_zone_id(fmt::format("{},{},0,KERNEL_PROFILER", fw, kFirmwareFile));
        const uint16_t kernel_id = profile_zone_id(fmt::format("{},{},0,KERNEL_PROFILER", kernel, kFirmwareFile));
        add(r, risc, r.model_begin, 0, fw_id, 0, fw, TraceKind::kZoneStart, 0, kFirmwareFile);
        add(r, risc, r.model_begin, 1, kernel_id, 0, kernel, TraceKind::kZoneStart, 0, kFirmwareFile);
        add(r, risc, r.model_end, 3, kernel_id, 0, kernel, TraceKind::kZoneEnd, 0, kFirmwareFile);
        add(r, risc, r.model_end, 4, fw_id, 0, fw, TraceKind::kZoneEnd, 0, kFirmwareFile);
      }
      continue;
    }
    if (!is_profile_marker(r.kind)) continue;
    const uint32_t site_index = marker_site(r);
    const std::string* site = site_index < sites.size() ? &sites[site_index] : nullptr;
    const ProfileSite parsed = site != nullptr ? parse_profile_site(*site) : ProfileSite{};
    const uint16_t id = site != nullptr ? profile_zone_id(*site) : 0;
    for (const Risc& risc : riscs_of(r.role))
      add(r, risc, r.model_begin, 2, id, marker_data(r), parsed.name, r.kind, parsed.line, parsed.file);
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return std::tie(a.core_x, a.core_y, a.risc, a.cycles, a.rank, a.order) <
           std::tie(b.core_x, b.core_y, b.risc, b.cycles, b.rank, b.order);
  });
  std::lock_guard lock(mutex_);
  if (header_.empty())
    header_ = fmt::format("ARCH: blackhole, CHIP_FREQ[MHz]: {}, Max Compute Cores: {}\n", kBlackholeClockMhz,
                          arch.grid_rows * arch.grid_cols);
  for (const Row& row : rows) rows_ += row.text;
  // A long session between reads would hold every row; the file gets them early instead.
  if (rows_.size() > kRowsHeld) dump_locked();
}

void ProfileLog::dump() {
  std::lock_guard lock(mutex_);
  dump_locked();
}

void ProfileLog::dump_locked() {
  if (header_.empty()) return;  // nothing was profiled
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  const std::filesystem::path path = dir_ / kLogName;
  const bool fresh = !std::filesystem::exists(path, ec);
  std::ofstream out(path, std::ios::app);
  if (!out) throw Error(Code::kInvalidArgument, fmt::format("cannot write the device profiler log {}", path.string()));
  if (fresh) {
    out << header_;
    out << "PCIe slot, core_x, core_y, RISC processor type, timer_id, time[cycles since reset], data, run host ID, "
           "trace id, trace id counter, zone name, type, source line, source file, meta data\n";
  }
  out << rows_;
  rows_.clear();
}

void ProfileLog::set_dir(std::filesystem::path dir) {
  std::lock_guard lock(mutex_);
  dir_ = std::move(dir);
}

void ProfileLog::fresh() {
  std::lock_guard lock(mutex_);
  std::error_code ec;
  std::filesystem::remove(dir_ / kLogName, ec);
}

}  // namespace zyxtt::emu
