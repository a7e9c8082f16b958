// tt-metal's FabricConnectionManager: a worker's forward and backward
// connections (a line's two directions), each present when its flag word in
// the runtime arguments is non-zero.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstddef>
#include <cstdint>

#include "tt_metal/fabric/hw/inc/edm_fabric/edm_fabric_worker_adapters.hpp"

namespace tt::tt_fabric {

class FabricConnectionManager final {
 public:
  enum BuildFromArgsMode : uint8_t {
    BUILD_ONLY,
    BUILD_AND_OPEN_CONNECTION,
    BUILD_AND_OPEN_CONNECTION_START_ONLY,
  };

  template <BuildFromArgsMode build_mode = BuildFromArgsMode::BUILD_ONLY>
  static FabricConnectionManager build_from_args(std::size_t& arg_idx) {
    constexpr bool connect = build_mode != BuildFromArgsMode::BUILD_ONLY;
    FabricConnectionManager m;
    m.has_forward_ = get_arg_val<uint32_t>(arg_idx++) != 0;
    if (m.has_forward_) {
      m.forward_ = WorkerToFabricEdmSender::build_from_args<ProgrammableCoreType::TENSIX>(arg_idx);
      if constexpr (connect) m.forward_.open_start();
    }
    m.has_backward_ = get_arg_val<uint32_t>(arg_idx++) != 0;
    if (m.has_backward_) {
      m.backward_ = WorkerToFabricEdmSender::build_from_args<ProgrammableCoreType::TENSIX>(arg_idx);
      if constexpr (connect) m.backward_.open_start();
    }
    return m;
  }

  void open_start() {
    if (has_forward_) forward_.open_start();
    if (has_backward_) backward_.open_start();
  }
  void open_finish() {}
  void open() { open_start(); }
  void close_start() { close(); }
  void close_finish() {}
  void close() {
    if (has_forward_) forward_.close();
    if (has_backward_) backward_.close();
  }

  bool is_logically_connected() const { return has_forward_ || has_backward_; }
  bool has_forward_connection() const { return has_forward_; }
  bool has_backward_connection() const { return has_backward_; }
  WorkerToFabricEdmSender& get_forward_connection() { return forward_; }
  WorkerToFabricEdmSender& get_backward_connection() { return backward_; }

 private:
  WorkerToFabricEdmSender forward_;
  WorkerToFabricEdmSender backward_;
  bool has_forward_ = false;
  bool has_backward_ = false;
};

}  // namespace tt::tt_fabric
