// Which RISC-V and NOC a data-movement kernel uses (tt-metal's
// data_movement_hardware_config.hpp). On Wormhole and Blackhole (Gen1) a
// READER role means RISCV_1 on NOC 0 and a WRITER role RISCV_0 on NOC 1, as
// ReaderDataMovementConfig / WriterDataMovementConfig place them; otherwise
// the role is UNSPECIFIED and gen1_config says it.
#pragma once

#include <optional>
#include <vector>

#include <tt-metalium/experimental/metal2_host_api/dataflow_buffer_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/group.hpp>
#include <tt-metalium/kernel_types.hpp>

namespace tt::tt_metal::experimental {

struct DataMovementHardwareConfig {
  enum class RoleHint { READER, WRITER, UNSPECIFIED };
  RoleHint role = RoleHint::UNSPECIFIED;

  struct Gen1Config {
    tt::tt_metal::DataMovementProcessor processor = tt::tt_metal::DataMovementProcessor::RISCV_0;
    tt::tt_metal::NOC noc = tt::tt_metal::NOC::RISCV_0_default;
    tt::tt_metal::NOC_MODE noc_mode = tt::tt_metal::NOC_MODE::DM_DEDICATED_NOC;
  };
  std::optional<Gen1Config> gen1_config = std::nullopt;

  // Quasar (Gen2) only: DFBs whose implicit sync this kernel turns off.
  struct Gen2Config {
    Group<DFBSpecName> disable_implicit_sync_for;
  };
  std::optional<Gen2Config> gen2_config = std::nullopt;
};

using DataMovementRoleHint = DataMovementHardwareConfig::RoleHint;

}  // namespace tt::tt_metal::experimental
