// What the test programs share: launching a program on the unit mesh as
// tt-metal's examples do, and comparing results with a host reference.
#pragma once

#include <fmt/core.h>

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

namespace metalium_test {

inline void run(tt::tt_metal::distributed::MeshDevice& mesh, tt::tt_metal::Program&& program) {
  using namespace tt::tt_metal::distributed;
  MeshWorkload workload;
  workload.add_program(MeshCoordinateRange(mesh.shape()), std::move(program));
  EnqueueMeshWorkload(mesh.mesh_command_queue(), workload, /*blocking=*/false);
  Finish(mesh.mesh_command_queue());
}

// Throws naming the first element off by more than atol + rtol * |want|.
template <class Got, class Want>
void expect_close(const std::vector<Got>& got, const std::vector<Want>& want, float rtol, float atol,
                  const std::string& what) {
  TT_FATAL(got.size() == want.size(), "{}: {} values, expected {}", what, got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    const float g = static_cast<float>(got[i]), w = static_cast<float>(want[i]);
    TT_FATAL(std::fabs(g - w) <= atol + rtol * std::fabs(w) && !std::isnan(g), "{}: element {} is {}, expected {}",
             what, i, g, w);
  }
}

}  // namespace metalium_test
