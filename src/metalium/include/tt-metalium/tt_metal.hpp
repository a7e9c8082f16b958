// tt-metal's tt_metal.hpp: slow-dispatch helpers that move a buffer's bytes
// and launch a program directly on a device.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/program.hpp>
#include <tt_stl/assert.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal::detail {

void WriteToBuffer(Buffer& buffer, tt::stl::Span<const uint8_t> host_buffer);
template <typename DType>
void WriteToBuffer(Buffer& buffer, const std::vector<DType>& host_buffer) {
  WriteToBuffer(buffer, tt::stl::Span<const uint8_t>(reinterpret_cast<const uint8_t*>(host_buffer.data()),
                                                     host_buffer.size() * sizeof(DType)));
}
template <typename DType>
void WriteToBuffer(const std::shared_ptr<Buffer>& buffer, const std::vector<DType>& host_buffer) {
  WriteToBuffer(*buffer, host_buffer);
}

// The open chip of that id (of a device or of any open mesh), else null.
IDevice* GetActiveDevice(ChipId device_id);

// Reads the whole buffer into host_buffer (buffer.size() bytes).
void ReadFromBuffer(Buffer& buffer, uint8_t* host_buffer);
template <typename DType>
void ReadFromBuffer(Buffer& buffer, std::vector<DType>& host_buffer) {
  TT_FATAL(buffer.size() % sizeof(DType) == 0, "Buffer size is not divisible by dtype size");
  host_buffer.resize(buffer.size() / sizeof(DType));
  ReadFromBuffer(buffer, reinterpret_cast<uint8_t*>(host_buffer.data()));
}
template <typename DType>
void ReadFromBuffer(const std::shared_ptr<Buffer>& buffer, std::vector<DType>& host_buffer) {
  ReadFromBuffer(*buffer, host_buffer);
}

// Bytes at a raw address of DRAM channel `dram_channel` or of a worker core's
// L1, whatever buffer does or does not hold them; throw past the channel or
// the core's L1. Reads into a vector size it to `size` bytes.
bool WriteToDeviceDRAMChannel(IDevice* device, int dram_channel, uint32_t address,
                              std::span<const uint8_t> host_buffer);
bool WriteToDeviceDRAMChannel(IDevice* device, int dram_channel, uint32_t address, std::vector<uint32_t>& host_buffer);
bool ReadFromDeviceDRAMChannel(IDevice* device, int dram_channel, uint32_t address, std::span<uint8_t> host_buffer);
bool ReadFromDeviceDRAMChannel(IDevice* device, int dram_channel, uint32_t address, uint32_t size,
                               std::vector<uint32_t>& host_buffer);
bool WriteToDeviceL1(IDevice* device, const CoreCoord& logical_core, uint32_t address,
                     std::span<const uint8_t> host_buffer, CoreType core_type = CoreType::WORKER);
bool WriteToDeviceL1(IDevice* device, const CoreCoord& logical_core, uint32_t address,
                     std::vector<uint32_t>& host_buffer, CoreType core_type = CoreType::WORKER);
bool ReadFromDeviceL1(IDevice* device, const CoreCoord& logical_core, uint32_t address, std::span<uint8_t> host_buffer,
                      CoreType core_type = CoreType::WORKER);
bool ReadFromDeviceL1(IDevice* device, const CoreCoord& logical_core, uint32_t address, uint32_t size,
                      std::vector<uint32_t>& host_buffer, CoreType core_type = CoreType::WORKER);

// Runs the program to completion (the emulator always waits).
void LaunchProgram(IDevice* device, Program& program, bool wait_until_cores_done = true,
                   bool force_slow_dispatch = false);
void LaunchProgram(IDevice* device, const std::shared_ptr<Program>& program, bool wait_until_cores_done = true,
                   bool force_slow_dispatch = false);
// Waits for a LaunchProgram(..., wait_until_cores_done = false) to finish:
// returns at once, since LaunchProgram has run the program to completion.
void WaitProgramDone(IDevice* device, Program& program, bool read_device_profiler_results = true);
// Compiles the program's kernels now (else at first launch).
void CompileProgram(IDevice* device, Program& program, bool force_slow_dispatch = false);

// Gives up the process's hold on the devices (MetalContext); the next use takes it
// again. Every device must be closed first.
void ReleaseOwnership();

}  // namespace tt::tt_metal::detail
