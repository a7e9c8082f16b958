// tt-metal's device profiler on the emulator (TT_METAL_DEVICE_PROFILER=1,
// TT_METAL_PROFILER_DIR set by the test): a reader with nested zones,
// timestamped data and events and a compute kernel with a summed zone run on
// two cores; profile_log_device.csv must hold tt-metal's header and columns,
// the firmware and kernel zones of every RISC that ran, each marker at its
// kernel line, in order, with its data and the program's runtime id.
//   on    the log is checked as above
//   off   (profiler unset) no log is written
//   realtime  the real-time profiler's callback gets one record per run of
//             a program with a runtime id (none for id 0), on the model
//             clock, each run after the last, naming the kernel files
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/realtime_profiler.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal_profiler.hpp>

#include "../common/host_checks.hpp"

#ifndef OVERRIDE_KERNEL_PREFIX
#define OVERRIDE_KERNEL_PREFIX ""
#endif

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;
namespace fs = std::filesystem;

namespace {

constexpr uint32_t kRuntimeId = 42;
const std::vector<CoreCoord> kCores = {{0, 0}, {2, 1}};

std::string kernel(const char* name) { return std::string(OVERRIDE_KERNEL_PREFIX "device_profiler/kernels/") + name; }

struct Row {
  int chip, x, y;
  std::string risc;
  uint32_t timer_id;
  uint64_t time, data;
  uint32_t host_id;
  std::string zone, type;
  uint32_t line;
  std::string file;
};

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : " | ") + p;
  return out;
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream in(line);
  for (std::string cell; std::getline(in, cell, ',');) out.push_back(cell);
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

// The 1-based line of the first line of `file` holding `text`.
uint32_t line_of(const fs::path& file, const std::string& text) {
  std::ifstream in(file);
  uint32_t n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (line.find(text) != std::string::npos) return n;
  }
  TT_THROW("{} has no line with {}", file.string(), text);
}

Program zones_program() {
  Program program = CreateProgram();
  const CoreRangeSet cores(std::vector<CoreRange>{CoreRange(kCores[0]), CoreRange(kCores[1])});
  CreateKernel(program, kernel("zones_reader.cpp"), cores,
               DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default});
  CreateKernel(program, kernel("zones_compute.cpp"), cores, ComputeConfig{});
  CreateSemaphore(program, cores, 0);
  program.set_runtime_id(kRuntimeId);
  return program;
}

void check_log(MeshDevice& mesh, const fs::path& csv) {
  std::ifstream in(csv);
  TT_FATAL(in, "no device profiler log at {}", csv.string());
  std::string header, columns;
  std::getline(in, header);
  std::getline(in, columns);
  const CoreCoord grid = mesh.compute_with_storage_grid_size();
  const std::string want_header =
      fmt::format("ARCH: blackhole, CHIP_FREQ[MHz]: 1350, Max Compute Cores: {}", grid.x * grid.y);
  TT_FATAL(header == want_header, "header line '{}', expected '{}'", header, want_header);
  TT_FATAL(columns ==
               "PCIe slot, core_x, core_y, RISC processor type, timer_id, time[cycles since reset], data, run host ID, "
               "trace id, trace id counter, zone name, type, source line, source file, meta data",
           "column line '{}'", columns);

  std::map<std::tuple<int, int, std::string>, std::vector<Row>> by_risc;
  for (std::string line; std::getline(in, line);) {
    const std::vector<std::string> c = split(line);
    TT_FATAL(c.size() == 15, "row '{}' has {} cells, expected 15", line, c.size());
    Row r{std::stoi(c[0]), std::stoi(c[1]), std::stoi(c[2]), c[3], static_cast<uint32_t>(std::stoul(c[4])),
          std::stoull(c[5]), std::stoull(c[6]), static_cast<uint32_t>(std::stoul(c[7])), c[10], c[11],
          static_cast<uint32_t>(std::stoul(c[12])), c[13]};
    TT_FATAL(r.chip == 0 && r.host_id == kRuntimeId && c[8].empty() && c[9].empty() && c[14].empty(),
             "row '{}': chip 0, run host ID {}, no trace ids or metadata", line, kRuntimeId);
    by_risc[{r.x, r.y, r.risc}].push_back(r);
  }

  const fs::path kernels = fs::path(std::getenv("TT_METAL_HOME")) / OVERRIDE_KERNEL_PREFIX "device_profiler/kernels";
  const uint32_t outer_line = line_of(kernels / "zones_reader.cpp", "DeviceZoneScopedN(\"OUTER\")");
  const uint32_t inner_line = line_of(kernels / "zones_reader.cpp", "DeviceZoneScopedN(\"INNER\")");
  const uint32_t step_line = line_of(kernels / "zones_reader.cpp", "DeviceTimestampedData(\"STEP\"");
  const uint32_t sum_line = line_of(kernels / "zones_compute.cpp", "DeviceZoneScopedSumN1(\"SUMMED\")");

  IDevice* chip = mesh.get_devices().front();
  for (const CoreCoord& logical : kCores) {
    const CoreCoord noc = chip->worker_core_from_logical_core(logical);
    auto rows_of = [&](const std::string& risc) -> const std::vector<Row>& {
      const auto it = by_risc.find({static_cast<int>(noc.x), static_cast<int>(noc.y), risc});
      TT_FATAL(it != by_risc.end(), "no {} rows for core {} (NOC {})", risc, logical.str(), noc.str());
      return it->second;
    };
    // Reader: FW and KERNEL around the kernel's own markers, in time order.
    std::vector<std::string> seen;
    const std::vector<Row>& brisc = rows_of("BRISC");
    uint64_t last = 0;
    uint32_t step = 0, event = 7;
    for (const Row& r : brisc) {
      TT_FATAL(r.time >= last, "core {} BRISC: {} {} at {} before the previous row's {}", logical.str(), r.zone,
               r.type, r.time, last);
      last = r.time;
      if (r.zone.empty()) {
        TT_FATAL(r.type == "TS_EVENT" && r.data == event++, "an event with data {} (expected {})", r.data, event - 1);
        seen.push_back("EVENT");
        continue;
      }
      seen.push_back(r.zone + " " + r.type);
      if (r.zone == "STEP") {
        TT_FATAL(r.type == "TS_DATA" && r.data == (uint64_t{1} << 32) + step++ && r.line == step_line,
                 "STEP data {} at line {}", r.data, r.line);
      } else if (r.zone == "OUTER" || r.zone == "INNER") {
        TT_FATAL(r.line == (r.zone == "OUTER" ? outer_line : inner_line) &&
                     r.file.find("zones_reader.cpp") != std::string::npos,
                 "{} at {}:{}", r.zone, r.file, r.line);
      }
    }
    std::vector<std::string> want = {"BRISC-FW ZONE_START", "BRISC-KERNEL ZONE_START", "OUTER ZONE_START"};
    for (int i = 0; i < 3; ++i)
      want.insert(want.end(), {"INNER ZONE_START", "STEP TS_DATA", "EVENT", "INNER ZONE_END"});
    want.insert(want.end(), {"OUTER ZONE_END", "BRISC-KERNEL ZONE_END", "BRISC-FW ZONE_END"});
    TT_FATAL(seen == want, "core {} BRISC rows: {}", logical.str(), joined(seen));
    // A zone's start and end share its id; different zones differ.
    std::map<std::string, std::set<uint32_t>> ids;
    for (const Row& r : brisc)
      if (!r.zone.empty()) ids[r.zone].insert(r.timer_id);
    for (const auto& [zone, set] : ids) TT_FATAL(set.size() == 1, "zone {} has {} ids", zone, set.size());
    TT_FATAL(*ids["OUTER"].begin() != *ids["INNER"].begin(), "OUTER and INNER share an id");

    // Compute: every TRISC ran the kernel and totals the summed zone once.
    for (const char* trisc : {"TRISC_0", "TRISC_1", "TRISC_2"}) {
      std::vector<std::string> got;
      for (const Row& r : rows_of(trisc)) {
        got.push_back(r.zone + " " + r.type);
        if (r.type == "ZONE_TOTAL")
          TT_FATAL(r.zone == "SUMMED" && r.line == sum_line, "{} total of {} at line {}", trisc, r.zone, r.line);
      }
      const std::vector<std::string> want_trisc = {"TRISC-FW ZONE_START", "TRISC-KERNEL ZONE_START",
                                                   "TRISC-KERNEL ZONE_END", "TRISC-FW ZONE_END", "SUMMED ZONE_TOTAL"};
      std::vector<std::string> sorted_got = got, sorted_want = want_trisc;
      std::sort(sorted_got.begin(), sorted_got.end());
      std::sort(sorted_want.begin(), sorted_want.end());
      TT_FATAL(sorted_got == sorted_want, "core {} {} rows: {}", logical.str(), trisc, joined(got));
    }
  }
  // No rows for cores or RISCs that ran nothing.
  TT_FATAL(by_risc.size() == kCores.size() * 4, "{} core/RISC groups, expected {}", by_risc.size(), kCores.size() * 4);
}

void check_realtime(MeshDevice& mesh) {
  namespace rt = tt::tt_metal::experimental;
  TT_FATAL(rt::IsProgramRealtimeProfilerActive(), "the emulator's real-time profiler is always active");
  std::mutex mutex;
  std::vector<rt::ProgramRealtimeRecord> records;
  const auto handle = rt::RegisterProgramRealtimeProfilerCallback([&](const rt::ProgramRealtimeRecord& r) {
    std::lock_guard lock(mutex);
    records.push_back(r);
  });
  // The last program's kernels make no API call: a record still spans the
  // launch (dispatch's go signal to the kernels' end), as dispatch_s times it.
  auto empty_program = [] {
    Program program = CreateProgram();
    CreateKernelFromString(program, "void kernel_main() {}", CoreCoord{0, 0},
                           DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default});
    return program;
  };
  for (uint32_t id : {5u, 0u, 6u, 7u, 8u}) {
    Program program = id == 8 ? empty_program() : zones_program();
    program.set_runtime_id(id);
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh.shape()), std::move(program));
    EnqueueMeshWorkload(mesh.mesh_command_queue(), workload, false);
  }
  mesh.quiesce_devices();
  rt::UnregisterProgramRealtimeProfilerCallback(handle);
  metalium_test::run(mesh, zones_program());  // unregistered: no record
  TT_FATAL(records.size() == 4, "{} real-time records, expected 4 (runtime id 0 reports none)", records.size());
  uint64_t last_end = 0;
  for (size_t i = 0; i < records.size(); ++i) {
    const rt::ProgramRealtimeRecord& r = records[i];
    TT_FATAL(r.program_id == 5 + i && r.chip_id == 0 && r.frequency == 1.35, "record {}: id {}, chip {}, {} GHz", i,
             r.program_id, r.chip_id, r.frequency);
    TT_FATAL(r.end_timestamp > r.start_timestamp && r.start_timestamp >= last_end,
             "record {} spans {} - {}, after a run that ended at {}", i, r.start_timestamp, r.end_timestamp, last_end);
    last_end = r.end_timestamp;
    if (r.program_id == 8) {
      TT_FATAL(r.kernel_sources.size() == 1, "the empty program's record names {}", joined(r.kernel_sources));
      continue;
    }
    const fs::path kernels = fs::path(std::getenv("TT_METAL_HOME")) / kernel("");
    TT_FATAL(r.kernel_sources == std::vector<std::string>({(kernels / "zones_reader.cpp").string(),
                                                           (kernels / "zones_compute.cpp").string()}),
             "record {} names kernels {}", i, joined(r.kernel_sources));
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "on";
  const char* dir = std::getenv("TT_METAL_PROFILER_DIR");
  TT_FATAL(dir != nullptr, "the test sets TT_METAL_PROFILER_DIR");
  const fs::path csv = fs::path(dir) / ".logs" / "profile_log_device.csv";
  auto mesh = MeshDevice::create_unit_mesh(0);
  if (mode == "realtime") {
    check_realtime(*mesh);
    mesh->close();
    fmt::print("device profiler ({}): ok\n", mode);
    return 0;
  }
  metalium_test::run(*mesh, zones_program());
  ReadMeshDeviceProfilerResults(*mesh);
  if (mode == "off") {
    TT_FATAL(!fs::exists(csv), "the profiler is off, yet {} was written", csv.string());
  } else {
    check_log(*mesh, csv);
  }
  mesh->close();
  fmt::print("device profiler ({}): ok\n", mode);
  return 0;
}
