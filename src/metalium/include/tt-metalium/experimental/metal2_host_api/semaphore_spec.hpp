// A semaphore of a ProgramSpec (tt-metal's semaphore_spec.hpp): one L1 word
// on each of its target nodes, which any kernel of the program may bind.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include <tt-metalium/experimental/metal2_host_api/advanced_options.hpp>
#include <tt-metalium/experimental/metal2_host_api/node_coord.hpp>
#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::experimental {

using SemaphoreSpecName = ttsl::StrongType<std::string, struct SemaphoreSpecNameTag>;

struct SemaphoreSpec {
  SemaphoreSpecName unique_id;
  // Where it lives: given, not derived from the kernels that bind it.
  Nodes target_nodes;
  SemaphoreAdvancedOptions advanced_options;
};

}  // namespace tt::tt_metal::experimental
