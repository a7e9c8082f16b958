// A mesh of devices (tt-metal's mesh_device.hpp) on the emulated cluster:
// create_unit_mesh(id) gives a 1 x 1 mesh of chip `id`; create() a mesh of the
// system mesh's chips (a shape and offset in it, or physical device ids), each
// chip held as a unit mesh of its own; create_submesh() a mesh over part of
// another's chips, sharing them.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include <tt-metalium/device.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <tt-metalium/mesh_config.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_device_view.hpp>
#include <tt-metalium/mesh_trace_id.hpp>
#include <tt-metalium/sub_device.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt_stl/span.hpp>
// tt-metal's brings enchantum (through experimental/sockets/mesh_socket.hpp), and
// its test fixtures call enchantum::to_string on that alone.
#include <enchantum/enchantum.hpp>

namespace tt::tt_metal::distributed {

class MeshCommandQueue;
class MeshDeviceImpl;
class MeshDeviceView;

class MeshDevice : public IDevice, public std::enable_shared_from_this<MeshDevice> {
  struct Private {
    explicit Private() = default;
  };

 public:
  MeshDevice(int device_id, Private);
  // A mesh of `shape` over `chips` (row-major), each a unit mesh.
  // `chips` row-major over `shape`, another rank's null (a mesh over several
  // ranks); `chip_ids` names every chip.
  MeshDevice(const MeshShape& shape, std::vector<std::shared_ptr<MeshDevice>> chips, const std::vector<int>& chip_ids,
             Private);
  ~MeshDevice() override;
  MeshDevice(const MeshDevice&) = delete;
  MeshDevice& operator=(const MeshDevice&) = delete;

  tt::ARCH arch() const override;
  int id() const override;
  ChipId build_id() const override;
  uint8_t num_hw_cqs() const override;
  bool is_initialized() const override;
  int num_dram_channels() const override;
  uint32_t l1_size_per_core() const override;
  uint32_t dram_size_per_channel() const override;
  CoreCoord grid_size() const override;
  CoreCoord logical_grid_size() const override;
  CoreCoord dram_grid_size() const override;
  CoreCoord compute_with_storage_grid_size() const override;
  CoreCoord worker_core_from_logical_core(const CoreCoord& logical_core) const override;
  std::vector<CoreCoord> worker_cores_from_logical_cores(const std::vector<CoreCoord>& logical_cores) const override;
  CoreCoord virtual_core_from_logical_core(const CoreCoord& logical_coord, const CoreType& core_type) const override;
  CoreCoord logical_core_from_dram_channel(uint32_t dram_channel) const override;
  uint32_t dram_channel_from_logical_core(const CoreCoord& logical_core) const override;
  uint32_t dram_channel_from_virtual_core(const CoreCoord& virtual_core) const override;
  CoreCoord ethernet_core_from_logical_core(const CoreCoord& logical_core) const override;
  std::vector<CoreCoord> ethernet_cores_from_logical_cores(const std::vector<CoreCoord>& logical_cores) const override;
  CoreCoord logical_core_from_ethernet_core(const CoreCoord& ethernet_core) const override;
  std::unordered_set<CoreCoord> get_active_ethernet_cores(bool skip_reserved_tunnel_cores = false) const override;
  std::unordered_set<CoreCoord> get_inactive_ethernet_cores() const override;
  bool is_active_ethernet_core(CoreCoord logical_core, bool skip_reserved_tunnel_cores = false) const override;
  bool is_inactive_ethernet_core(CoreCoord logical_core) const override;
  std::tuple<ChipId, CoreCoord> get_connected_ethernet_core(CoreCoord eth_core) const override;
  std::vector<CoreCoord> get_ethernet_sockets(ChipId connected_chip_id) const override;
  const std::set<CoreCoord>& ethernet_cores() const override;
  const std::unique_ptr<Allocator>& allocator() const override;
  // Releases the device (a parent mesh: its submeshes first, then its chips; a
  // submesh leaves its parent's chips open); buffers still held become
  // unusable. True on success.
  bool close() override;
  CommandQueue& command_queue(size_t cq_id = 0) override;

  size_t num_devices() const;
  size_t num_rows() const;
  size_t num_cols() const;
  std::vector<IDevice*> get_devices() const;
  std::vector<int> get_device_ids() const;
  IDevice* get_device(size_t row_idx, size_t col_idx) const;
  // The mesh's chip whose id() is physical_device_id (this rank's).
  IDevice* get_device(ChipId physical_device_id) const;
  IDevice* get_device(const MeshCoordinate& coord) const;
  bool is_local(const MeshCoordinate& coord) const;
  // Whether every device of the mesh lives in another process (multi-host); never here.
  bool is_remote_only() const { return false; }
  const MeshShape& shape() const;
  // Lays the same chips out as `new_shape` (as many devices): a line follows
  // the view's line walk, a grid must be a connected block of the system mesh
  // made of the mesh's own chips; throws std::runtime_error otherwise.
  void reshape(const MeshShape& new_shape);
  const MeshDeviceView& get_view() const;
  // The fabric node of the chip at `coord` (the view's).
  tt_fabric::FabricNodeId get_fabric_node_id(const MeshCoordinate& coord) const;
  std::string to_string() const;
  // A mesh made by create or create_unit_mesh is a parent; a submesh keeps its parent alive.
  bool is_parent_mesh() const;
  const std::shared_ptr<MeshDevice>& get_parent_mesh() const;
  // The submeshes made from this mesh that are still alive.
  std::vector<std::shared_ptr<MeshDevice>> get_submeshes() const;
  // Blocks until everything enqueued on the mesh's queues, and its submeshes', has run.
  void quiesce_devices();
  // A mesh of `submesh_shape` over this mesh's chips from `offset` (default
  // the origin), with this mesh's number of queues and trace region; its
  // buffers and workloads use those chips alone.
  std::shared_ptr<MeshDevice> create_submesh(const MeshShape& submesh_shape,
                                             const std::optional<MeshCoordinate>& offset = std::nullopt);
  // Submeshes of `submesh_shape` tiling this mesh, row-major.
  std::vector<std::shared_ptr<MeshDevice>> create_submeshes(const MeshShape& submesh_shape);
  MeshCommandQueue& mesh_command_queue(std::optional<uint8_t> cq_id = std::nullopt) const;

  // Traces: workloads enqueued on queue `cq_id` between begin and end are
  // recorded, not run; a replay runs them again, in order, with the runtime
  // args they had when captured. Capturing needs a trace region
  // (trace_region_size at create); writes and reads are refused meanwhile.
  // From end to release a trace holds room in its chips' trace regions; one
  // that does not fit is refused at end and dropped.
  MeshTraceId begin_mesh_trace(uint8_t cq_id);
  void end_mesh_trace(uint8_t cq_id, const MeshTraceId& trace_id);
  void replay_mesh_trace(uint8_t cq_id, const MeshTraceId& trace_id, bool blocking);
  void release_mesh_trace(const MeshTraceId& trace_id);

  // Sub-devices: with a manager loaded, each program runs within the cores of
  // one of its sub-devices.
  SubDeviceManagerId create_sub_device_manager(std::initializer_list<SubDevice> sub_devices, DeviceAddr local_l1_size);
  SubDeviceManagerId create_sub_device_manager(ttsl::Span<const SubDevice> sub_devices, DeviceAddr local_l1_size);
  void remove_sub_device_manager(SubDeviceManagerId sub_device_manager_id);
  void load_sub_device_manager(SubDeviceManagerId sub_device_manager_id);
  void clear_loaded_sub_device_manager();
  SubDeviceManagerId get_active_sub_device_manager_id() const;
  SubDeviceManagerId get_default_sub_device_manager_id() const;
  const std::vector<SubDeviceId>& get_sub_device_ids() const;
  const std::vector<SubDeviceId>& get_sub_device_stall_group() const;
  void set_sub_device_stall_group(ttsl::Span<const SubDeviceId> sub_device_ids);
  void reset_sub_device_stall_group();
  uint32_t num_sub_devices() const;

  // Opens the chips `config` names: a shape (default the system mesh's) at an
  // offset in the system mesh, or physical device ids filling the shape.
  static std::shared_ptr<MeshDevice> create(
      const MeshDeviceConfig& config, size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
      size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE, size_t num_command_queues = 1,
      const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{},
      ttsl::Span<const std::uint32_t> l1_bank_remap = {}, size_t worker_l1_size = DEFAULT_WORKER_L1_SIZE);
  static std::shared_ptr<MeshDevice> create_unit_mesh(
      int device_id, size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
      size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE, size_t num_command_queues = 1,
      const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{},
      ttsl::Span<const std::uint32_t> l1_bank_remap = {}, size_t worker_l1_size = DEFAULT_WORKER_L1_SIZE);
  static std::map<int, std::shared_ptr<MeshDevice>> create_unit_meshes(
      const std::vector<int>& device_ids, size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
      size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE, size_t num_command_queues = 1,
      const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{},
      ttsl::Span<const std::uint32_t> l1_bank_remap = {}, size_t worker_l1_size = DEFAULT_WORKER_L1_SIZE);

  MeshDeviceImpl& impl() const { return *pimpl_; }

 private:
  std::unique_ptr<MeshDeviceImpl> pimpl_;
};

}  // namespace tt::tt_metal::distributed
