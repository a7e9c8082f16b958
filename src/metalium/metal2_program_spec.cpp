// MakeProgramFromSpec: a Metal 2.0 ProgramSpec checked as tt-metal checks it
// (its messages), then built as an ordinary Program: a DFB is the circular
// buffer whose index is the DFB's position in the spec (aliased DFBs one
// buffer with several indices), a semaphore a semaphore, a kernel a kernel
// whose source is preceded by the names tt-metal's JIT generates for it
// (dfb::, sem::, args::, get_vararg).
#include <tt-metalium/experimental/metal2_host_api/program.hpp>

#include <algorithm>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt_stl/assert.hpp>

#include "metalium/kernel_paths.h"
#include "metalium/metal2_program.h"
#include "metalium/metal2_tensor_bindings.h"
#include "metalium/program_impl.h"

// The deprecated advanced options are still part of the spec that is read.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace tt::tt_metal::experimental {

namespace {

NodeRangeSet node_set(const Nodes& nodes) {
  return std::visit([](const auto& n) { return NodeRangeSet(n); }, nodes);
}

// Names the kernel sees as C++ identifiers: no reserved form, no keyword.
bool is_identifier(std::string_view s) {
  static const std::unordered_set<std::string_view> keywords = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
      "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
      "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
      "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
      "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
      "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
      "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
      "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
      "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq"};
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  if (s.empty() || !letter(s[0])) return false;
  if (!std::all_of(s.begin(), s.end(), [&](char c) { return letter(c) || digit(c); })) return false;
  if (s.size() >= 2 && s[0] == '_' && s[1] >= 'A' && s[1] <= 'Z') return false;
  if (s.find("__") != std::string_view::npos) return false;
  return !keywords.contains(s);
}

// Blackhole's conventions for a reader and a writer, or the explicit config.
DataMovementHardwareConfig::Gen1Config gen1_config(const DataMovementHardwareConfig& dm) {
  switch (dm.role) {
    case DataMovementRoleHint::READER: return {DataMovementProcessor::RISCV_1, NOC::NOC_0, NOC_MODE::DM_DEDICATED_NOC};
    case DataMovementRoleHint::WRITER: return {DataMovementProcessor::RISCV_0, NOC::NOC_1, NOC_MODE::DM_DEDICATED_NOC};
    case DataMovementRoleHint::UNSPECIFIED: break;
  }
  return dm.gen1_config.value();
}

struct Endpoint {
  const KernelSpec* kernel;
  const DFBBinding* binding;
};

// The spec indexed by name, its references resolved.
struct Collected {
  std::unordered_map<std::string, const KernelSpec*> kernels;
  std::unordered_map<std::string, const DataflowBufferSpec*> dfbs;
  std::unordered_map<std::string, std::vector<Endpoint>> producers, consumers;
  std::unordered_map<std::string, std::vector<const WorkUnitSpec*>> work_units_of;  // by kernel
  std::unordered_map<std::string, NodeRangeSet> kernel_nodes;
  std::unordered_map<std::string, NodeRangeSet> dfb_nodes;
};

// Names unique, references resolved, every DFB with both ends, every kernel placed.
Collected collect(const ProgramSpec& spec) {
  Collected c;
  for (const KernelSpec& k : spec.kernels) {
    TT_FATAL(c.kernels.try_emplace(k.unique_id.get(), &k).second, "Duplicate KernelSpec name '{}'", k.unique_id.get());
  }
  for (const DataflowBufferSpec& d : spec.dataflow_buffers) {
    TT_FATAL(c.dfbs.try_emplace(d.unique_id.get(), &d).second, "Duplicate DataflowBufferSpec name '{}'",
             d.unique_id.get());
  }
  for (const RemoteDataflowBufferSpec& r : spec.remote_dataflow_buffers) {
    TT_FATAL(c.dfbs.try_emplace(r.dfb_spec.unique_id.get(), &r.dfb_spec).second,
             "Duplicate DataflowBufferSpec name '{}' (across local and remote DFBs)", r.dfb_spec.unique_id.get());
  }
  for (const KernelSpec& k : spec.kernels) {
    const std::string& kn = k.unique_id.get();
    // An accessor name may serve two bindings only as the two ends of one DFB.
    struct Use {
      std::string dfb;
      bool producer = false, consumer = false;
    };
    std::unordered_map<std::string, Use> uses;
    for (const DFBBinding& b : k.dfb_bindings) {
      auto [it, fresh] = uses.try_emplace(b.accessor_name, Use{b.dfb_spec_name.get()});
      if (fresh) {
        TT_FATAL(is_identifier(b.accessor_name), "Kernel '{}' DFB accessor_name '{}' must be a valid C++ identifier",
                 kn, b.accessor_name);
      } else {
        TT_FATAL(it->second.dfb == b.dfb_spec_name.get(),
                 "Kernel '{}' uses accessor_name '{}' for two different DFBs ('{}' and '{}'). Reusing a name is only "
                 "permitted when both bindings target the same DFB (self-loop pair).",
                 kn, b.accessor_name, it->second.dfb, b.dfb_spec_name.get());
      }
      const bool producer = b.endpoint_type == DFBEndpointType::PRODUCER;
      bool& seen = producer ? it->second.producer : it->second.consumer;
      TT_FATAL(!seen, "Kernel '{}' has duplicate {} binding for accessor_name '{}'", kn,
               producer ? "PRODUCER" : "CONSUMER", b.accessor_name);
      seen = true;
      TT_FATAL(c.dfbs.contains(b.dfb_spec_name.get()), "Kernel '{}' references unknown DFB '{}'", kn,
               b.dfb_spec_name.get());
      (producer ? c.producers : c.consumers)[b.dfb_spec_name.get()].push_back({&k, &b});
    }
  }
  for (const auto& [name, dfb] : c.dfbs) {
    const bool bound = c.producers.contains(name) || c.consumers.contains(name);
    if (bound) {
      TT_FATAL(c.producers.contains(name), "DFB '{}' has no producer", name);
      TT_FATAL(c.consumers.contains(name), "DFB '{}' has no consumer", name);
    }
  }
  for (const DataflowBufferSpec& d : spec.dataflow_buffers) {
    TT_FATAL(c.producers.contains(d.unique_id.get()), "DFB '{}' is defined but not bound by any kernel",
             d.unique_id.get());
  }
  for (const RemoteDataflowBufferSpec& r : spec.remote_dataflow_buffers) {
    TT_FATAL(c.producers.contains(r.dfb_spec.unique_id.get()),
             "RemoteDataflowBufferSpec '{}' is defined but not bound by any kernel", r.dfb_spec.unique_id.get());
  }

  std::unordered_set<std::string> semaphores;
  for (const SemaphoreSpec& s : spec.semaphores) {
    TT_FATAL(semaphores.insert(s.unique_id.get()).second, "Duplicate SemaphoreSpec name '{}'", s.unique_id.get());
  }
  std::unordered_set<std::string> tensors;
  for (const TensorParameter& t : spec.tensor_parameters) {
    TT_FATAL(tensors.insert(t.unique_id.get()).second, "Duplicate TensorParameter name '{}'", t.unique_id.get());
  }
  for (const KernelSpec& k : spec.kernels) {
    const std::string& kn = k.unique_id.get();
    std::unordered_set<std::string> names;
    for (const SemaphoreBinding& b : k.semaphore_bindings) {
      TT_FATAL(names.insert(b.accessor_name).second, "Kernel '{}' has duplicate semaphore accessor_name '{}'", kn,
               b.accessor_name);
      TT_FATAL(is_identifier(b.accessor_name),
               "Kernel '{}' semaphore accessor_name '{}' must be a valid C++ identifier", kn, b.accessor_name);
      TT_FATAL(semaphores.contains(b.semaphore_spec_name.get()), "Kernel '{}' references unknown semaphore '{}'", kn,
               b.semaphore_spec_name.get());
    }
    names.clear();
    for (const TensorBinding& b : k.tensor_bindings) {
      TT_FATAL(names.insert(b.accessor_name).second, "Kernel '{}' has duplicate tensor accessor_name '{}'", kn,
               b.accessor_name);
      TT_FATAL(is_identifier(b.accessor_name), "Kernel '{}' tensor accessor_name '{}' must be a valid C++ identifier",
               kn, b.accessor_name);
      TT_FATAL(tensors.contains(b.tensor_parameter_name.get()), "Kernel '{}' references unknown TensorParameter '{}'",
               kn, b.tensor_parameter_name.get());
    }
  }

  for (const WorkUnitSpec& w : spec.work_units) {
    for (const KernelSpecName& kn : w.kernels) {
      TT_FATAL(c.kernels.contains(kn.get()), "WorkUnitSpec '{}' references unknown kernel '{}'", w.name, kn.get());
      c.work_units_of[kn.get()].push_back(&w);
    }
  }
  for (const KernelSpec& k : spec.kernels) {
    const auto it = c.work_units_of.find(k.unique_id.get());
    TT_FATAL(it != c.work_units_of.end(), "Kernel '{}' is not referenced by any WorkUnitSpec", k.unique_id.get());
    NodeRangeSet nodes;
    for (const WorkUnitSpec* w : it->second) nodes = nodes.merge(node_set(w->target_nodes));
    c.kernel_nodes[k.unique_id.get()] = nodes;
  }
  for (const DataflowBufferSpec& d : spec.dataflow_buffers) {
    NodeRangeSet nodes;
    for (const auto* side : {&c.producers.at(d.unique_id.get()), &c.consumers.at(d.unique_id.get())}) {
      for (const Endpoint& e : *side) nodes = nodes.merge(c.kernel_nodes.at(e.kernel->unique_id.get()));
    }
    c.dfb_nodes[d.unique_id.get()] = nodes;
  }
  return c;
}

// The work units of a DFB's producers (or consumers), as a set of names.
std::set<const WorkUnitSpec*> work_units(const Collected& c, const std::vector<Endpoint>& side) {
  std::set<const WorkUnitSpec*> out;
  for (const Endpoint& e : side) {
    for (const WorkUnitSpec* w : c.work_units_of.at(e.kernel->unique_id.get())) out.insert(w);
  }
  return out;
}

void validate(const ProgramSpec& spec, const Collected& c, const distributed::MeshDevice& device) {
  const CoreCoord grid = device.compute_with_storage_grid_size();
  auto check_bounds = [&](const Nodes& target, std::string_view kind, const std::string& name) {
    const NodeRangeSet nodes = node_set(target);
    for (const NodeRange& r : nodes.ranges()) {
      for (const NodeCoord& n : r) {
        TT_FATAL(n.x < grid.x && n.y < grid.y,
                 "{} '{}' targets node ({},{}), which is out of bounds. The compute worker grid on this device is "
                 "{}x{}.",
                 kind, name, n.x, n.y, grid.x, grid.y);
      }
    }
  };
  for (const WorkUnitSpec& w : spec.work_units) check_bounds(w.target_nodes, "WorkUnitSpec", w.name);
  for (const SemaphoreSpec& s : spec.semaphores) check_bounds(s.target_nodes, "SemaphoreSpec", s.unique_id.get());

  TT_FATAL(!spec.kernels.empty(), "A ProgramSpec must have at least one KernelSpec");
  for (const KernelSpec& k : spec.kernels) {
    const std::string& kn = k.unique_id.get();
    TT_FATAL(k.advanced_options.node_specific_thread_counts.empty(),
             "KernelSpec '{}' specifies node_specific_thread_counts, but per-node thread counts are not implemented.",
             kn);
    // Named args and compile-time values share the kernel's args:: namespace.
    std::unordered_map<std::string, const char*> seen;
    auto check_name = [&](const std::string& name, const char* kind) {
      TT_FATAL(is_identifier(name), "KernelSpec '{}' {} name '{}' is not a valid C++ identifier.", kn, kind, name);
      auto [it, fresh] = seen.try_emplace(name, kind);
      TT_FATAL(fresh, "KernelSpec '{}' has a naming collision: '{}' is declared as both a {} and a {}.", kn, name,
               it->second, kind);
    };
    for (const auto& n : k.runtime_arg_schema.runtime_arg_names) check_name(n, "named RTA");
    for (const auto& n : k.runtime_arg_schema.common_runtime_arg_names) check_name(n, "named CRTA");
    for (const auto& [n, v] : k.compile_time_args) check_name(n, "named CTA");

    TT_FATAL(k.num_threads > 0, "KernelSpec '{}' has no threads!", kn);
    if (k.is_compute_kernel()) {
      TT_FATAL(k.num_threads == 1,
               "KernelSpec '{}' specifies {} compute threads, but the target architecture does not support "
               "multi-threaded kernels.",
               kn, k.num_threads);
      TT_FATAL(k.semaphore_bindings.empty(),
               "KernelSpec '{}' has semaphore bindings. Semaphore bindings are not supported for compute kernels.", kn);
    } else {
      TT_FATAL(k.num_threads == 1,
               "KernelSpec '{}' specifies {} DM threads, but the target architecture does not support multi-threaded "
               "kernels. num_threads must be 1.",
               kn, k.num_threads);
      const auto& dm = std::get<DataMovementHardwareConfig>(k.hw_config);
      TT_FATAL(dm.role == DataMovementRoleHint::UNSPECIFIED || !dm.gen1_config.has_value(),
               "KernelSpec '{}' sets both a READER/WRITER role hint and an explicit Gen1 config. A role hint fills the "
               "Gen1 config for you; either drop the explicit config, or use RoleHint::UNSPECIFIED to take manual "
               "control.",
               kn);
      TT_FATAL(dm.role != DataMovementRoleHint::UNSPECIFIED || dm.gen1_config.has_value(),
               "KernelSpec '{}' targets Gen1 (WH/BH) but specifies neither a role hint (READER/WRITER) nor an "
               "explicit Gen1 config. One is required.",
               kn);
    }
    if (!k.advanced_options.dfb_self_loop_connectivities.empty()) {
      TT_FATAL(k.is_compute_kernel(),
               "KernelSpec '{}' specifies dfb_self_loop_connectivities, but is not a compute kernel. This option "
               "applies only to compute kernels.",
               kn);
      for (const auto& [dfb, scope] : k.advanced_options.dfb_self_loop_connectivities) {
        TT_FATAL(c.dfbs.contains(dfb.get()),
                 "KernelSpec '{}' has a dfb_self_loop_connectivities entry referencing unknown DFB '{}'.", kn,
                 dfb.get());
        TT_FATAL(scope == DFBSelfLoopConnectivity::INTRA,
                 "KernelSpec '{}' specifies INTER scope for self-looped DFB '{}'. INTER scope is not yet supported by "
                 "the runtime.",
                 kn, dfb.get());
      }
    }
  }

  // Two DM kernels on one node need different processors.
  std::map<std::pair<CoreCoord, DataMovementProcessor>, std::string> claimed;
  for (const KernelSpec& k : spec.kernels) {
    if (!k.is_data_movement_kernel()) continue;
    const auto processor = gen1_config(std::get<DataMovementHardwareConfig>(k.hw_config)).processor;
    for (const NodeRange& r : c.kernel_nodes.at(k.unique_id.get()).ranges()) {
      for (const NodeCoord& n : r) {
        auto [it, fresh] = claimed.try_emplace({n, processor}, k.unique_id.get());
        TT_FATAL(fresh, "KernelSpec '{}' conflicts with '{}' on node ({}, {}): both claim the same DM processor. ",
                 k.unique_id.get(), it->second, n.x, n.y);
      }
    }
  }

  // Unpack-to-dest choices of compute kernels.
  for (const KernelSpec& k : spec.kernels) {
    if (!k.is_compute_kernel()) continue;
    const auto& cc = std::get<ComputeHardwareConfig>(k.hw_config);
    const std::string& kn = k.unique_id.get();
    auto binds = [&](const std::string& dfb, bool consumer_only) {
      return std::any_of(k.dfb_bindings.begin(), k.dfb_bindings.end(), [&](const DFBBinding& b) {
        return b.dfb_spec_name.get() == dfb && (!consumer_only || b.endpoint_type == DFBEndpointType::CONSUMER);
      });
    };
    for (const auto& [dfb, mode] : cc.unpack_to_dest_mode) {
      TT_FATAL(binds(dfb.get(), false),
               "Kernel '{}' unpack_to_dest_mode entry references DFB '{}', which the kernel does not bind", kn,
               dfb.get());
      if (mode != UnpackToDestMode::UnpackToDestFp32) continue;
      TT_FATAL(binds(dfb.get(), true),
               "Kernel '{}' unpack_to_dest_mode entry for DFB '{}' specifies UnpackToDestFp32, but the kernel does not "
               "have a CONSUMER endpoint on this DFB.",
               kn, dfb.get());
      TT_FATAL(c.dfbs.at(dfb.get())->data_format_metadata == tt::DataFormat::Float32,
               "Kernel '{}' unpack_to_dest_mode entry for DFB '{}' specifies UnpackToDestFp32, but the DFB data format "
               "is not Float32.",
               kn, dfb.get());
      TT_FATAL(cc.fp32_dest_acc_en,
               "Kernel '{}' unpack_to_dest_mode entry for DFB '{}' specifies UnpackToDestFp32, but fp32_dest_acc_en is "
               "false.",
               kn, dfb.get());
    }
    if (cc.fp32_dest_acc_en) {
      for (const DFBBinding& b : k.dfb_bindings) {
        if (b.endpoint_type != DFBEndpointType::CONSUMER) continue;
        if (c.dfbs.at(b.dfb_spec_name.get())->data_format_metadata != tt::DataFormat::Float32) continue;
        TT_FATAL(cc.unpack_to_dest_mode.get(b.dfb_spec_name).has_value(),
                 "Kernel '{}' consumes FP32 DFB '{}' with fp32_dest_acc_en=true, but has no unpack_to_dest_mode entry "
                 "for it.",
                 kn, b.dfb_spec_name.get());
      }
    }
  }

  TT_FATAL(spec.dataflow_buffers.size() <= NUM_CIRCULAR_BUFFERS,
           "ProgramSpec '{}' has too many DataflowBufferSpecs ({}). The target architecture supports up to {}.",
           spec.name, spec.dataflow_buffers.size(), NUM_CIRCULAR_BUFFERS);
  for (const DataflowBufferSpec& d : spec.dataflow_buffers) {
    const std::string& dn = d.unique_id.get();
    TT_FATAL(d.entry_size != 0, "DataflowBufferSpec '{}' has entry_size = 0. entry_size must be set to a non-zero value.",
             dn);
    TT_FATAL(d.num_entries != 0,
             "DataflowBufferSpec '{}' has num_entries = 0. num_entries must be set to a non-zero value.", dn);
    const auto& producers = c.producers.at(dn);
    const auto& consumers = c.consumers.at(dn);
    for (const auto* side : {&producers, &consumers}) {
      const char* role = side == &producers ? "PRODUCER" : "CONSUMER";
      const Endpoint& first = side->front();
      for (const Endpoint& e : *side) {
        TT_FATAL(e.binding->access_pattern == first.binding->access_pattern,
                 "DFB '{}' has multiple {} bindings with mismatched access_pattern (kernel '{}' vs kernel '{}')", dn,
                 role, first.kernel->unique_id.get(), e.kernel->unique_id.get());
        TT_FATAL(e.kernel->is_compute_kernel() == first.kernel->is_compute_kernel(),
                 "DFB '{}' has multiple {} KernelSpecs mixing compute and data-movement kinds ('{}' is a {} kernel; "
                 "'{}' is a {} kernel). All KernelSpecs bound to the same DFB endpoint must be the same kind.",
                 dn, role, first.kernel->unique_id.get(), first.kernel->is_compute_kernel() ? "compute" : "DM",
                 e.kernel->unique_id.get(), e.kernel->is_compute_kernel() ? "compute" : "DM");
      }
    }
    TT_FATAL(work_units(c, producers) == work_units(c, consumers),
             "Local DFB '{}' producer and consumer KernelSpecs do not cover the same WorkUnitSpec(s). Local DFBs "
             "require every node where the DFB is instantiated to host both a producer and a consumer.",
             dn);
    for (const auto* side : {&producers, &consumers}) {
      for (const Endpoint& e : *side) {
        TT_FATAL(!e.kernel->is_compute_kernel() || d.data_format_metadata.has_value(),
                 "DFB '{}' is used by a compute kernel, but no data_format_metadata is specified", dn);
      }
    }
    // One DFB holds one processor placement per side: same-role DM kernels must share their processor.
    for (const auto* side : {&producers, &consumers}) {
      const Endpoint& first = side->front();
      if (first.kernel->is_compute_kernel()) continue;
      const auto mask = [](const Endpoint& e) {
        return 1u << static_cast<uint32_t>(gen1_config(std::get<DataMovementHardwareConfig>(e.kernel->hw_config)).processor);
      };
      for (const Endpoint& e : *side) {
        TT_FATAL(mask(e) == mask(first),
                 "DFB '{}' has multiple {} KernelSpecs ('{}', '{}') with mismatched processor placement (risc_mask "
                 "0x{:x} vs 0x{:x}). Multi-binding requires all same-role kernels to share processor placement (for "
                 "DM kernels, check Gen1Config::processor; for compute, the placement is determined by the "
                 "KernelSpec's config type).",
                 dn, side == &producers ? "PRODUCER" : "CONSUMER", first.kernel->unique_id.get(),
                 e.kernel->unique_id.get(), mask(first), mask(e));
      }
    }
    TT_FATAL(!d.borrowed_from.has_value(),
             "DFB '{}' borrows memory from TensorParameter '{}', but no such TensorParameter is declared in the "
             "ProgramSpec.",
             dn, d.borrowed_from ? d.borrowed_from->get() : "");
    TT_FATAL(!d.unpack_face_geometry_metadata || *d.unpack_face_geometry_metadata == FaceGeometry{},
             "DFB '{}' has a partial-tile face geometry, which the emulator does not support", dn);
    for (const DFBSpecName& alias : d.advanced_options.alias_with) {
      TT_FATAL(c.dfbs.contains(alias.get()), "DFB '{}' lists unknown alias '{}' in alias_with", dn, alias.get());
      TT_FATAL(alias.get() != dn, "DFB '{}' lists itself in alias_with", dn);
      const DataflowBufferSpec& other = *c.dfbs.at(alias.get());
      std::set<std::string> mine{dn}, theirs{alias.get()};
      for (const auto& a : d.advanced_options.alias_with) mine.insert(a.get());
      for (const auto& a : other.advanced_options.alias_with) theirs.insert(a.get());
      TT_FATAL(mine == theirs,
               "DFBs '{}' and '{}' do not declare the same alias group. Every DFB in an alias group must list every "
               "other member in its alias_with field.",
               dn, alias.get());
      const uint64_t size = uint64_t{d.entry_size} * d.num_entries;
      const uint64_t other_size = uint64_t{other.entry_size} * other.num_entries;
      TT_FATAL(size == other_size,
               "Aliased DFBs '{}' and '{}' have different total sizes ({} vs {} bytes). Aliased DFBs must have the "
               "same total size (entry_size * num_entries).",
               dn, alias.get(), size, other_size);
      TT_FATAL(c.dfb_nodes.at(dn) == c.dfb_nodes.at(alias.get()),
               "Aliased DFBs '{}' and '{}' cover different sets of nodes. Aliased DFBs must cover the same node "
               "coverage (their bound kernels' WorkUnitSpec membership must match).",
               dn, alias.get());
    }
  }
  TT_FATAL(spec.remote_dataflow_buffers.empty(),
           "RemoteDataflowBufferSpec is part of the Metal 2.0 API surface but is not yet supported by the runtime. "
           "(ProgramSpec '{}' has {} remote DFB(s).)",
           spec.name, spec.remote_dataflow_buffers.size());

  TT_FATAL(!spec.work_units.empty(), "At least one WorkUnitSpec is required");
  for (const WorkUnitSpec& a : spec.work_units) {
    for (const WorkUnitSpec& b : spec.work_units) {
      if (&a == &b || a.name == b.name) continue;
      TT_FATAL(!node_set(a.target_nodes).intersects(node_set(b.target_nodes)),
               "WorkUnitSpecs '{}' and '{}' overlap in target nodes", a.name, b.name);
    }
  }
  for (const WorkUnitSpec& w : spec.work_units) {
    TT_FATAL(!w.kernels.empty(), "WorkUnitSpec '{}' has no kernels", w.name);
    uint32_t compute = 0, dm = 0;
    for (const KernelSpecName& kn : w.kernels) {
      const KernelSpec& k = *c.kernels.at(kn.get());
      (k.is_compute_kernel() ? compute : dm) += k.num_threads;
    }
    TT_FATAL(compute <= 1, "WorkUnitSpec '{}' has {} compute kernels. The target architecture supports at most one.",
             w.name, compute);
    TT_FATAL(dm <= 2, "WorkUnitSpec '{}' has {} data movement kernels. The target architecture supports at most two.",
             w.name, dm);
  }
}

// The text of the kernel's source, and the folder its own includes resolve from.
std::pair<std::string, std::filesystem::path> kernel_text(const KernelSpec& k) {
  if (const auto* code = std::get_if<KernelSpec::SourceCode>(&k.source)) {
    TT_FATAL(!code->code.empty(), "KernelSpec '{}' has empty inline source code", k.unique_id.get());
    return {"#line 1 \"" + k.unique_id.get() + ".cpp\"\n" + code->code, {}};
  }
  const auto& path = std::get<std::filesystem::path>(k.source);
  TT_FATAL(!path.empty(), "KernelSpec '{}' has empty source file path", k.unique_id.get());
  const std::filesystem::path file = zyxtt::metalium::resolve_kernel_path(path.string());
  std::ifstream in(file, std::ios::binary);
  TT_FATAL(in.good(), "Cannot read kernel file {}", file.string());
  std::ostringstream text;
  text << "#line 1 \"" << file.string() << "\"\n" << in.rdbuf();
  return {text.str(), file.parent_path()};
}

// What tt-metal's JIT generates ahead of a Metal 2.0 kernel: its DFBs as
// dfb::<accessor>, semaphore ids as sem::<accessor>, tensor bindings as
// ta::<accessor> (metal2_tensor_bindings.h), runtime args as
// args::<name> (byte offsets), compile-time values as args::<name>, and
// get_vararg / get_common_vararg past the named args.
std::string kernel_prelude(const KernelSpec& k, const std::unordered_map<std::string, uint32_t>& dfb_ids,
                           const std::unordered_map<std::string, uint32_t>& sem_ids,
                           const KernelTensorBindings& bindings) {
  std::ostringstream out;
  out << "#include <cstdint>\n#include \"experimental/kernel_args.h\"\n";
  if (!k.dfb_bindings.empty()) {
    out << "#include \"api/dataflow/dataflow_buffer.h\"\nnamespace dfb {\n";
    std::set<std::string> emitted;  // a self-loop pair shares its accessor
    for (const DFBBinding& b : k.dfb_bindings) {
      if (emitted.insert(b.accessor_name).second) {
        out << "constexpr DFBAccessor " << b.accessor_name << "{" << dfb_ids.at(b.dfb_spec_name.get()) << "};\n";
      }
    }
    out << "}  // namespace dfb\n";
  }
  if (!k.semaphore_bindings.empty()) {
    out << "namespace sem {\n";
    for (const SemaphoreBinding& b : k.semaphore_bindings) {
      out << "constexpr std::uint32_t " << b.accessor_name << " = " << sem_ids.at(b.semaphore_spec_name.get())
          << "u;\n";
    }
    out << "}  // namespace sem\n";
  }
  out << bindings.prelude;
  const auto& schema = k.runtime_arg_schema;
  out << "namespace args {\n";
  for (size_t i = 0; i < schema.runtime_arg_names.size(); ++i) {
    out << "constexpr experimental::RtaArg<uint32_t> " << schema.runtime_arg_names[i] << "{" << i * 4 << "};\n";
  }
  for (size_t i = 0; i < schema.common_runtime_arg_names.size(); ++i) {
    out << "constexpr experimental::CrtaArg<uint32_t> " << schema.common_runtime_arg_names[i] << "{" << i * 4
        << "};\n";
  }
  for (const auto& [name, value] : k.compile_time_args) {
    out << "constexpr experimental::CtaVal<uint32_t> " << name << "{" << value << "u};\n";
  }
  out << "}  // namespace args\n";
  out << "FORCE_INLINE uint32_t get_vararg(uint32_t idx) { return get_arg_val<uint32_t>("
      << schema.runtime_arg_names.size() << " + idx); }\n";
  out << "FORCE_INLINE uint32_t get_common_vararg(uint32_t idx) { return get_common_arg_val<uint32_t>("
      << schema.common_runtime_arg_names.size() + bindings.parameters.size() << " + idx); }\n";
  return out.str();
}

std::variant<DataMovementConfig, ComputeConfig> kernel_config(const KernelSpec& k,
                                                              const std::unordered_map<std::string, uint32_t>& dfb_ids,
                                                              const std::filesystem::path& source_dir,
                                                              const std::vector<uint32_t>& compile_args) {
  std::vector<std::filesystem::path> includes = k.compiler_options.include_paths;
  if (!source_dir.empty()) includes.push_back(source_dir);  // the kernel's own folder, as for a kernel file
  const std::map<std::string, std::string> defines(k.compiler_options.defines.begin(),
                                                   k.compiler_options.defines.end());
  const std::unordered_map<std::string, uint32_t> named(k.compile_time_args.begin(), k.compile_time_args.end());
  if (k.is_data_movement_kernel()) {
    const auto g = gen1_config(std::get<DataMovementHardwareConfig>(k.hw_config));
    return DataMovementConfig{.processor = g.processor,
                              .noc = g.noc,
                              .noc_mode = g.noc_mode,
                              .compile_args = compile_args,
                              .defines = defines,
                              .named_compile_args = named,
                              .opt_level = k.compiler_options.opt_level,
                              .compiler_include_paths = includes};
  }
  const auto& cc = std::get<ComputeHardwareConfig>(k.hw_config);
  std::vector<UnpackToDestMode> unpack(NUM_CIRCULAR_BUFFERS, UnpackToDestMode::Default);
  for (const auto& [dfb, mode] : cc.unpack_to_dest_mode) unpack[dfb_ids.at(dfb.get())] = mode;
  return ComputeConfig{.math_fidelity = cc.math_fidelity,
                       .fp32_dest_acc_en = cc.fp32_dest_acc_en,
                       .dst_full_sync_en = cc.dst_full_sync_en,
                       .unpack_to_dest_mode = unpack,
                       .bfp8_pack_precise = cc.bfp8_pack_precise,
                       .math_approx_mode = cc.math_approx_mode,
                       .compile_args = compile_args,
                       .defines = defines,
                       .named_compile_args = named,
                       .opt_level = k.compiler_options.opt_level,
                       .compiler_include_paths = includes};
}

}  // namespace

Program MakeProgramFromSpec(const distributed::MeshDevice& mesh_device, const ProgramSpec& spec,
                            bool skip_validation) {
  const Collected c = collect(spec);
  if (!skip_validation) validate(spec, c, mesh_device);

  Program program = CreateProgram();
  auto record = std::make_shared<detail::Metal2Program>();
  record->name = spec.name;
  for (const TensorParameter& t : spec.tensor_parameters) record->tensor_parameters.push_back(t.unique_id.get());

  // A DFB's id is its position; an alias group is one buffer holding each member's index.
  std::unordered_map<std::string, uint32_t> dfb_ids;
  for (size_t i = 0; i < spec.dataflow_buffers.size(); ++i) {
    dfb_ids[spec.dataflow_buffers[i].unique_id.get()] = static_cast<uint32_t>(i);
  }
  std::unordered_set<std::string> placed;
  for (const DataflowBufferSpec& d : spec.dataflow_buffers) {
    if (placed.contains(d.unique_id.get())) continue;
    std::vector<const DataflowBufferSpec*> group{&d};
    for (const DFBSpecName& a : d.advanced_options.alias_with) group.push_back(c.dfbs.at(a.get()));
    std::map<uint8_t, tt::DataFormat> formats;
    for (const DataflowBufferSpec* m : group) {
      formats[static_cast<uint8_t>(dfb_ids.at(m->unique_id.get()))] =
          m->data_format_metadata.value_or(tt::DataFormat::UInt8);  // plain bytes: a DFB only DM kernels use
    }
    CircularBufferConfig config(d.entry_size * d.num_entries, formats);
    for (const DataflowBufferSpec* m : group) {
      config.set_page_size(static_cast<uint8_t>(dfb_ids.at(m->unique_id.get())), m->entry_size);
      if (m->tile_format_metadata) config.set_tile_dims(static_cast<uint8_t>(dfb_ids.at(m->unique_id.get())), *m->tile_format_metadata);
      placed.insert(m->unique_id.get());
    }
    CreateCircularBuffer(program, c.dfb_nodes.at(d.unique_id.get()), config);
  }

  std::unordered_map<std::string, uint32_t> sem_ids;
  for (const SemaphoreSpec& s : spec.semaphores) {
    sem_ids[s.unique_id.get()] =
        CreateSemaphore(program, node_set(s.target_nodes), s.advanced_options.initial_value);
  }

  for (const KernelSpec& k : spec.kernels) {
    const NodeRangeSet& nodes = c.kernel_nodes.at(k.unique_id.get());
    auto [text, dir] = kernel_text(k);
    const KernelTensorBindings bindings = lay_out_tensor_bindings(k, spec, *mesh_device.allocator());
    const std::string source = kernel_prelude(k, dfb_ids, sem_ids, bindings) + text;
    detail::Metal2Kernel kernel{.name = k.unique_id.get(),
                                .handle = CreateKernelFromString(program, source, nodes,
                                                                 kernel_config(k, dfb_ids, dir, bindings.compile_args)),
                                .nodes = nodes,
                                .runtime_arg_names = k.runtime_arg_schema.runtime_arg_names,
                                .num_runtime_varargs = {},
                                .common_runtime_arg_names = k.runtime_arg_schema.common_runtime_arg_names,
                                .num_common_runtime_varargs = k.advanced_options.num_common_runtime_varargs,
                                .tensor_bindings = bindings.parameters,
                                .common_args = {}};
    // The vararg count on each node: the default, then the per-node overrides.
    if (k.advanced_options.num_runtime_varargs > 0) {
      for (const NodeCoord& n : corerange_to_cores(nodes)) kernel.num_runtime_varargs[n] = k.advanced_options.num_runtime_varargs;
    }
    std::set<CoreCoord> overridden;
    for (const auto& [where, count] : k.advanced_options.num_runtime_varargs_per_node) {
      for (const NodeCoord& n : corerange_to_cores(node_set(where))) {
        TT_FATAL(overridden.insert(n).second,
                 "KernelSpec '{}' num_runtime_varargs_per_node has overlapping entries for node {}",
                 k.unique_id.get(), n.str());
        if (count > 0) {
          kernel.num_runtime_varargs[n] = count;
        } else {
          kernel.num_runtime_varargs.erase(n);
        }
      }
    }
    record->kernels.push_back(std::move(kernel));
  }
  program.impl().metal2 = std::move(record);
  return program;
}

}  // namespace tt::tt_metal::experimental
