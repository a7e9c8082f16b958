// tt-metal's tt_metal.hpp: slow-dispatch helpers that move a buffer's bytes
// and launch a program directly.
#pragma once

#include <cstdint>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/program.hpp>

namespace tt::tt_metal::detail {

void WriteToBuffer(Buffer& buffer, const std::vector<uint32_t>& host_buffer);
void ReadFromBuffer(Buffer& buffer, std::vector<uint32_t>& host_buffer);
void LaunchProgram(IDevice* device, Program& program, bool wait_until_cores_done = true);
// Compiles the program's kernels now (they are compiled at first launch otherwise).
void CompileProgram(IDevice* device, Program& program);

}  // namespace tt::tt_metal::detail
