// The device worker's side of interconnect.h: maps the other chips' memory
// and the link block from the descriptors the runtime gave it at start.
#pragma once

#include <optional>
#include <string>

#include "device/emu/interconnect.h"
#include "device/emu/worker/run_job.h"

namespace zyxtt::emu {

// nullopt for a chip alone; throws Error(INTERNAL) when a mapping fails.
// `own_dram` / `own_l1` are this chip's mappings. Closes the descriptors it
// mapped (the sandbox keeps the worker from opening more later).
std::optional<LinkedChips> map_linked_chips(const WorkerOptions& options, int first_fd, uint8_t* own_dram,
                                            uint8_t* own_l1);

}  // namespace zyxtt::emu
