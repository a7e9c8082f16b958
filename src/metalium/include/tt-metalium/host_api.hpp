// TT-Metalium's host API (tt-metal's host_api.hpp): devices, buffers,
// programs, kernels, circular buffers, semaphores and runtime args.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/circular_buffer.hpp>
#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/command_queue.hpp>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/profiler_optional_metadata.hpp>
#include <tt-metalium/profiler_types.hpp>
#include <tt-metalium/program.hpp>
#include <tt-metalium/runtime_args_data.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

class GlobalSemaphore;

namespace distributed {
class MeshDevice;
}  // namespace distributed

// The folder relative kernel paths resolve against (else TT_METAL_HOME).
void SetRootDir(const std::string& root_dir);
size_t GetNumAvailableDevices();
bool IsGalaxyCluster();
size_t GetNumPCIeDevices();
ChipId GetPCIeDeviceID(ChipId device_id);

IDevice* CreateDevice(ChipId device_id, uint8_t num_hw_cqs = 1, size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
                      size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE,
                      const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{},
                      const std::vector<uint32_t>& l1_bank_remap = {},
                      size_t worker_l1_size = DEFAULT_WORKER_L1_SIZE);
// The emulator has nothing to attach to: a device like CreateDevice's.
IDevice* CreateDeviceMinimal(ChipId device_id, uint8_t num_hw_cqs = 1,
                             const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{});
bool CloseDevice(IDevice* device);

Program CreateProgram();

// `file_name`: absolute, relative to the current directory, or relative to
// TT_METAL_KERNEL_PATH, the root dir (SetRootDir) or TT_METAL_HOME.
KernelHandle CreateKernel(Program& program, const std::string& file_name,
                          const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                          const std::variant<DataMovementConfig, ComputeConfig>& config);
KernelHandle CreateKernelFromString(Program& program, const std::string& kernel_src_code,
                                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                                    const std::variant<DataMovementConfig, ComputeConfig>& config);

CBHandle CreateCircularBuffer(Program& program, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                              const CircularBufferConfig& config);
const CircularBufferConfig& GetCircularBufferConfig(Program& program, CBHandle cb_handle);
void UpdateCircularBufferTotalSize(Program& program, CBHandle cb_handle, uint32_t total_size);
void UpdateCircularBufferPageSize(Program& program, CBHandle cb_handle, uint8_t buffer_index, uint32_t page_size);
void UpdateDynamicCircularBufferAddress(Program& program, CBHandle cb_handle, const Buffer& buffer);
// At `buffer`'s address plus address_offset.
void UpdateDynamicCircularBufferAddress(Program& program, CBHandle cb_handle, const Buffer& buffer,
                                        uint32_t address_offset);
void UpdateDynamicCircularBufferAddressAndTotalSize(Program& program, CBHandle cb_handle, const Buffer& buffer,
                                                    uint32_t total_size);

// The semaphore's id on its worker cores (what get_semaphore takes). The
// overload naming a kind of core is tt-metal's implementation header's
// (tt_metal/impl/buffers/semaphore.hpp).
uint32_t CreateSemaphore(Program& program, const std::variant<CoreRange, CoreRangeSet>& core_spec,
                         uint32_t initial_value);

// One word at one L1 address on every core of `cores` (on every chip when
// device is a mesh), set to initial_value; buffer_type is L1 or L1_SMALL.
GlobalSemaphore CreateGlobalSemaphore(IDevice* device, const CoreRangeSet& cores, uint32_t initial_value,
                                      BufferType buffer_type = BufferType::L1);
GlobalSemaphore CreateGlobalSemaphore(IDevice* device, CoreRangeSet&& cores, uint32_t initial_value,
                                      BufferType buffer_type = BufferType::L1);

std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config);
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config);
// At bank-local `address`, which must be free (Buffer::create with an address).
std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config, DeviceAddr address);
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config, DeviceAddr address);
// The emulator has one sub-device, SubDeviceId{0}; any other id throws.
std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config, SubDeviceId sub_device_id);
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config, SubDeviceId sub_device_id);
void DeallocateBuffer(Buffer& buffer);
void AssignGlobalBufferToProgram(const std::shared_ptr<Buffer>& buffer, Program& program);

void SetRuntimeArgs(const Program& program, KernelHandle kernel,
                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                    ttsl::Span<const uint32_t> runtime_args);
void SetRuntimeArgs(const Program& program, KernelHandle kernel,
                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                    std::initializer_list<uint32_t> runtime_args);
// runtime_args[i] for core_spec[i].
void SetRuntimeArgs(const Program& program, KernelHandle kernel, const std::vector<CoreCoord>& core_spec,
                    const std::vector<std::vector<uint32_t>>& runtime_args);
void SetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id, ttsl::Span<const uint32_t> runtime_args);
void SetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id,
                          std::initializer_list<uint32_t> runtime_args);
RuntimeArgsData& GetRuntimeArgs(const Program& program, KernelHandle kernel_id, const CoreCoord& logical_core);
// [x][y] over the kernel's bounding box; cores without args have size 0.
std::vector<std::vector<RuntimeArgsData>>& GetRuntimeArgs(const Program& program, KernelHandle kernel_id);
RuntimeArgsData& GetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id);

// Appends the runs logged so far by the device profiler (tt_metal_profiler.hpp)
// to its log; nothing when the profiler is off.
void ReadMeshDeviceProfilerResults(distributed::MeshDevice& mesh_device,
                                   ProfilerReadState state = ProfilerReadState::NORMAL,
                                   const std::optional<ProfilerOptionalMetadata>& metadata = {});

// Waits for the device's queue `cq_id`, or for all of them; throws the first
// failure of a queued command not yet reported.
void Synchronize(IDevice* device, std::optional<uint8_t> cq_id = std::nullopt,
                 tt::stl::Span<const SubDeviceId> sub_device_ids = {});

}  // namespace tt::tt_metal
