// The TT-Metalium calls of zyx's reference runtime (host-runtime-model.md,
// HEAD shape: kernels and CBs on one CoreRangeSet), replaying one recorded zyx
// session from the shared corpus (argv[1], a case folder): every alloc_buf,
// write_buf, free_buf, compile_program, run and the final read_buf in order.
// zyx 0.17's shim ends with MetalContext::destroy_all_instances.
// Passes when the final read equals the case's independently computed output.
//
// With "every-chip N" (argv[2], argv[3]) it does what zyx's in-process backend
// does with every visible chip: GetNumAvailableDevices (which must be N), a
// unit mesh created per chip and its grid asked, a buffer round trip of each
// chip's own bytes, the session replayed on every chip at once from one host
// thread per chip (zyx's ops run on the caller's thread), then every device
// closed and the context torn down on the thread that created them.
#include <fmt/core.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt_metal/impl/context/metal_context.hpp>

using namespace tt::tt_metal;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  TT_FATAL(in.good(), "cannot read {}", path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct ProgramConfig {
  std::string reader, compute, writer;
  std::vector<std::tuple<uint32_t, uint32_t, uint32_t>> cbs;  // index, format code, tile bytes
};

tt::DataFormat data_format(uint32_t code) {
  switch (code) {
    case 0: return tt::DataFormat::Float32;
    case 1: return tt::DataFormat::Float16;
    case 2: return tt::DataFormat::Float16_b;
    default: TT_THROW("unsupported data_format {}", code);
  }
}

// The session's commands in order on `mesh_device`; returns the final read.
std::vector<uint8_t> replay(const std::string& dir, distributed::MeshDevice* mesh_device) {
  const auto c = nlohmann::json::parse(slurp(dir + "/case.json"));
  distributed::MeshCommandQueue* cq = &mesh_device->mesh_command_queue();
  std::vector<std::shared_ptr<distributed::MeshBuffer>> buffers;
  std::map<uint32_t, ProgramConfig> programs;
  std::vector<uint8_t> final_result;

  // The session's commands in order.
  std::multimap<uint64_t, std::pair<std::string, nlohmann::json>> events;
  for (const auto& b : c["buffers"]) {
    events.insert({b["alloc_seq"], {"alloc", b}});
    if (b.contains("free_seq")) events.insert({b["free_seq"], {"free", b}});
  }
  for (const auto& w : c["writes"]) events.insert({w["seq"], {"write", w}});
  for (const auto& p : c["programs"]) events.insert({p["seq"], {"compile", p}});
  for (const auto& r : c["runs"]) events.insert({r["seq"], {"run", r}});
  events.insert({c["final_read"]["seq"], {"read", c["final_read"]}});

  for (const auto& [seq, event] : events) {
    const auto& [kind, e] = event;
    if (kind == "alloc") {
      const uint64_t size = e["size"];
      const uint64_t n_pages = std::max<uint64_t>(1, (size + 4095) / 4096);
      distributed::DeviceLocalBufferConfig local{.page_size = 4096, .buffer_type = BufferType::DRAM};
      distributed::ReplicatedBufferConfig rep{.size = n_pages * 4096};
      TT_FATAL(e["index"] == buffers.size(), "buffer indices are sequential");
      buffers.push_back(distributed::MeshBuffer::create(rep, local, mesh_device));
    } else if (kind == "free") {
      buffers[e["index"]].reset();
    } else if (kind == "write") {
      auto& buf = buffers[e["index"]];
      std::vector<uint8_t> data(buf->size(), 0);
      const uint64_t size = e["size"];
      if (e.contains("bytes_from")) {
        const std::string bytes = slurp(dir + "/" + e["bytes_from"].get<std::string>());
        std::memcpy(data.data(), bytes.data(), std::min<uint64_t>(size, bytes.size()));
      } else {
        std::memset(data.data(), e["fill_byte"].get<int>(), size);
      }
      distributed::EnqueueWriteMeshBuffer(*cq, buf, data, /*blocking=*/false);
      distributed::Finish(*cq);
    } else if (kind == "compile") {
      ProgramConfig& p = programs[e["id"]];
      p.reader = slurp(dir + "/" + e["files"][0].get<std::string>());
      p.compute = slurp(dir + "/" + e["files"][1].get<std::string>());
      p.writer = slurp(dir + "/" + e["files"][2].get<std::string>());
      for (const auto& cb : e["cbs"]) p.cbs.emplace_back(cb["cb_idx"], cb["cb_fmt"], cb["cb_tb"]);
    } else if (kind == "run") {
      const ProgramConfig& cfg = programs.at(e["id"]);
      const uint32_t gd0 = e["gd0"], gd1 = e["gd1"];
      std::vector<uint32_t> src = e["src"], dst = e["dst"];
      Program program = CreateProgram();
      const CoreRangeSet cores(CoreRange({0, 0}, {gd1 - 1, gd0 - 1}));
      for (const auto& [idx, fmt, tb] : cfg.cbs) {
        CreateCircularBuffer(program, cores,
                             CircularBufferConfig(2 * tb, {{static_cast<uint8_t>(idx), data_format(fmt)}})
                                 .set_page_size(static_cast<uint8_t>(idx), tb));
      }
      std::vector<uint32_t> reader_cta, writer_cta;
      for (uint32_t i : src) TensorAccessorArgs(*buffers[i]).append_to(reader_cta);
      for (uint32_t i : dst) TensorAccessorArgs(*buffers[i]).append_to(writer_cta);
      DataMovementConfig reader_config{.processor = DataMovementProcessor::RISCV_0,
                                       .noc = NOC::RISCV_0_default,
                                       .noc_mode = NOC_MODE::DM_DEDICATED_NOC,
                                       .compile_args = reader_cta,
                                       .defines = {},
                                       .named_compile_args = {},
                                       .opt_level = KernelBuildOptLevel::O2,
                                       .compiler_include_paths = {}};
      DataMovementConfig writer_config{.processor = DataMovementProcessor::RISCV_1,
                                       .noc = NOC::RISCV_1_default,
                                       .noc_mode = NOC_MODE::DM_DEDICATED_NOC,
                                       .compile_args = writer_cta,
                                       .defines = {},
                                       .named_compile_args = {},
                                       .opt_level = KernelBuildOptLevel::O2,
                                       .compiler_include_paths = {}};
      ComputeConfig compute_config{.math_fidelity = MathFidelity::HiFi4,
                                   .fp32_dest_acc_en = true,
                                   .dst_full_sync_en = false,
                                   .unpack_to_dest_mode = {},
                                   .bfp8_pack_precise = false,
                                   .math_approx_mode = false,
                                   .compile_args = {},
                                   .defines = {},
                                   .named_compile_args = {},
                                   .opt_level = KernelBuildOptLevel::O3,
                                   .compiler_include_paths = {}};
      KernelHandle reader = CreateKernelFromString(program, cfg.reader, cores, reader_config);
      KernelHandle writer = CreateKernelFromString(program, cfg.writer, cores, writer_config);
      KernelHandle compute = CreateKernelFromString(program, cfg.compute, cores, compute_config);
      for (uint32_t row = 0; row < gd0; ++row) {
        for (uint32_t col = 0; col < gd1; ++col) {
          const CoreCoord core = {col, row};
          std::vector<uint32_t> reader_args, writer_args;
          for (uint32_t i : src) reader_args.push_back(static_cast<uint32_t>(buffers[i]->address()));
          for (uint32_t i : dst) writer_args.push_back(static_cast<uint32_t>(buffers[i]->address()));
          reader_args.insert(reader_args.end(), {row, col});
          writer_args.insert(writer_args.end(), {row, col});
          SetRuntimeArgs(program, reader, core, reader_args);
          SetRuntimeArgs(program, writer, core, writer_args);
          SetRuntimeArgs(program, compute, core, std::vector<uint32_t>{});
        }
      }
      distributed::MeshWorkload workload;
      workload.add_program(distributed::MeshCoordinateRange(mesh_device->shape()), std::move(program));
      distributed::EnqueueMeshWorkload(*cq, workload, false);
      distributed::Finish(*cq);
    } else if (kind == "read") {
      std::vector<uint8_t> result;
      distributed::EnqueueReadMeshBuffer(*cq, result, buffers[e["index"]], /*blocking=*/true);
      final_result.assign(result.begin(), result.begin() + e["size"].get<uint64_t>());
    }
  }
  return final_result;
}

// The final read equals the case's expected output, byte for byte.
void expect_output(const std::string& dir, const std::vector<uint8_t>& final_result, int chip) {
  const auto c = nlohmann::json::parse(slurp(dir + "/case.json"));
  const std::string expected = slurp(dir + "/" + c["expected"]["file"].get<std::string>());
  TT_FATAL(final_result.size() >= expected.size(), "chip {}: read {} bytes, expected {}", chip, final_result.size(),
           expected.size());
  TT_FATAL(c["expected"]["exact_expected"].get<bool>(), "this program checks exact cases only");
  for (size_t i = 0; i < expected.size(); ++i) {
    TT_FATAL(final_result[i] == static_cast<uint8_t>(expected[i]), "chip {}: byte {} is {:#x}, expected {:#x}", chip, i,
             final_result[i], static_cast<uint8_t>(expected[i]));
  }
}

// Chip `chip`'s own bytes for a round trip.
std::vector<uint8_t> chip_bytes(int chip, size_t n) {
  std::vector<uint8_t> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = static_cast<uint8_t>((i * 131 + 17) ^ (chip * 59 + 1) ^ (i >> 8));
  return out;
}

void every_chip(const std::string& dir, size_t want_chips) {
  const size_t n = GetNumAvailableDevices();
  TT_FATAL(n == want_chips, "GetNumAvailableDevices is {}, the cluster has {} chips", n, want_chips);
  std::vector<std::shared_ptr<distributed::MeshDevice>> devices;
  for (size_t id = 0; id < n; ++id) {
    devices.push_back(distributed::MeshDevice::create_unit_mesh(static_cast<int>(id)));
    TT_FATAL(devices.back()->get_device_ids() == std::vector<int>({static_cast<int>(id)}), "device {} is not chip {}",
             id, id);
    const CoreCoord grid = devices.back()->compute_with_storage_grid_size();
    TT_FATAL(grid.x >= 1 && grid.y >= 1, "chip {} has no worker grid", id);
  }

  // A buffer on every chip (each at the same address: the chips' DRAMs are
  // their own), every chip's bytes written before any is read back.
  constexpr uint32_t kBytes = 3 * 4096;
  std::vector<std::shared_ptr<distributed::MeshBuffer>> own;
  for (auto& device : devices) {
    own.push_back(distributed::MeshBuffer::create(
        distributed::ReplicatedBufferConfig{.size = kBytes},
        distributed::DeviceLocalBufferConfig{.page_size = 4096, .buffer_type = BufferType::DRAM}, device.get()));
    distributed::EnqueueWriteMeshBuffer(device->mesh_command_queue(), own.back(), chip_bytes(device->id(), kBytes),
                                        /*blocking=*/true);
  }
  TT_FATAL(own.front()->address() == own.back()->address(), "every chip allocates from its own DRAM");
  for (size_t id = 0; id < n; ++id) {
    std::vector<uint8_t> got;
    distributed::EnqueueReadMeshBuffer(devices[id]->mesh_command_queue(), got, own[id], /*blocking=*/true);
    TT_FATAL(got == chip_bytes(static_cast<int>(id), kBytes), "chip {}'s buffer does not hold the bytes written to it",
             id);
  }
  own.clear();

  // The session on every chip at once, each from its own host thread.
  std::vector<std::vector<uint8_t>> results(n);
  std::vector<std::string> failures(n);
  std::vector<std::thread> threads;
  for (size_t id = 0; id < n; ++id) {
    threads.emplace_back([&, id] {
      try {
        results[id] = replay(dir, devices[id].get());
      } catch (const std::exception& e) {
        failures[id] = e.what();
      }
    });
  }
  for (auto& t : threads) t.join();
  for (size_t id = 0; id < n; ++id) {
    TT_FATAL(failures[id].empty(), "chip {}: {}", id, failures[id]);
    expect_output(dir, results[id], static_cast<int>(id));
  }

  for (auto& device : devices) TT_FATAL(device->close(), "closing chip {} failed", device->id());
  devices.clear();
  MetalContext::destroy_all_instances();
  TT_FATAL(!MetalContext::instance_exists(), "the devices outlived their close");
}

}  // namespace

int main(int argc, char** argv) {
  TT_FATAL(argc == 2 || (argc == 4 && std::string(argv[2]) == "every-chip"),
           "usage: zyx_runtime_calls <corpus case folder> [every-chip <number of chips>]");
  const std::string dir = argv[1];
  if (argc == 4) {
    every_chip(dir, std::stoul(argv[3]));
    fmt::print("Test Passed\n");
    return 0;
  }

  // init
  std::shared_ptr<distributed::MeshDevice> mesh_device = distributed::MeshDevice::create_unit_mesh(0);
  const std::vector<uint8_t> final_result = replay(dir, mesh_device.get());

  // exit; zyx 0.17's shim then tears the context down, which tt-metal
  // refuses while a device is open.
  bool refused = false;
  try {
    MetalContext::destroy_all_instances();
  } catch (const std::exception&) {
    refused = true;
  }
  TT_FATAL(refused, "the context was torn down under an open device");
  TT_FATAL(mesh_device->close(), "close failed");
  MetalContext::destroy_all_instances();
  TT_FATAL(!MetalContext::instance_exists(), "the device outlived its close");

  expect_output(dir, final_result, 0);
  fmt::print("Test Passed\n");
  return 0;
}
