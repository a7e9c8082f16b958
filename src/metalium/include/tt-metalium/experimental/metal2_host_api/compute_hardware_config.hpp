// What a compute kernel configures of the Tensix engine (tt-metal's
// compute_hardware_config.hpp); the ComputeConfig fields, with the
// unpack-to-dest choice keyed by DFB instead of by CB index.
#pragma once

#include <utility>
#include <vector>

#include <tt-metalium/base_types.hpp>
#include <tt-metalium/experimental/metal2_host_api/dataflow_buffer_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/table.hpp>

namespace tt::tt_metal::experimental {

struct ComputeHardwareConfig {
  MathFidelity math_fidelity = MathFidelity::HiFi4;
  bool fp32_dest_acc_en = false;
  bool dst_full_sync_en = false;
  bool bfp8_pack_precise = false;
  bool math_approx_mode = false;
  // Required (UnpackToDestFp32 or Default) for each Float32 DFB the kernel
  // consumes with fp32_dest_acc_en; elsewhere only Default is accepted.
  using UnpackToDestModes = Table<DFBSpecName, tt::tt_metal::UnpackToDestMode>;
  UnpackToDestModes unpack_to_dest_mode;
};

}  // namespace tt::tt_metal::experimental
