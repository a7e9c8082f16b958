// The small enums of tt-metal's LLK layer (its llk_defs.h), which kernels and
// kernel helper headers include directly. Values as the LLK numbers them.
#pragma once

#include <cstdint>

namespace ckernel {
enum DstSync : uint8_t { SyncHalf = 0, SyncFull = 1 };
enum MathFidelity : uint8_t { LoFi = 0, HiFi2 = 2, HiFi3 = 3, HiFi4 = 4 };
enum VectorMode : int { None = 0, R = 1, C = 2, RC = 4, RC_custom = 5, Invalid = 0xFF };
enum class DstRoundingMode : uint8_t { Default = 0, NearestEven = 1 };
enum class InputClamping : uint8_t { ClampToNegative = 1, None = 0 };
enum EltwiseBinaryType : uint8_t { ELWMUL, ELWDIV, ELWADD, ELWSUB, ELWLESS };
enum class EltwiseBinaryReuseDestType : uint8_t { NONE = 0, DEST_TO_SRCA = 1, DEST_TO_SRCB = 2 };
enum class SrcOrder : uint8_t { Default = 0, Reverse = 1 };
// Values as tt-metal's LLK layer numbers them (compute_ops.h mirrors them).
enum class BroadcastType : uint8_t { NONE = 0, COL = 1, ROW = 2, SCALAR = 3 };
enum class PoolType : uint8_t { SUM = 0, AVG = 1, MAX = 2 };
enum class ReduceDim : uint8_t { REDUCE_ROW = 0, REDUCE_COL = 1, REDUCE_SCALAR = 2 };
enum class PackMode : uint8_t { Default = 0, Untilize = 1, Tilize = 2 };
// Whether an unpacker reconfiguration also reprograms the face dim/stride.
enum class p_dim_stride_target { IGNORE, FACE_ROW_MAJOR };
// The packer's ReLU, as its 2-bit RELU_MODE field encodes it.
enum class ReluType : uint8_t { NO_RELU = 0, ZERO_RELU, MIN_THRESHOLD_RELU, MAX_THRESHOLD_RELU };
// Packer ReLU mode and its 16-bit threshold (a bf16 bit pattern).
class ReluConfig {
 public:
  static constexpr ReluConfig none() { return {ReluType::NO_RELU}; }
  static constexpr ReluConfig zero() { return {ReluType::ZERO_RELU}; }
  static constexpr ReluConfig min_threshold(uint32_t t) { return {ReluType::MIN_THRESHOLD_RELU, t}; }
  static constexpr ReluConfig max_threshold(uint32_t t) { return {ReluType::MAX_THRESHOLD_RELU, t}; }
  // Mode in bits 0-1, threshold in bits 16-31 (the hardware register's layout).
  static constexpr ReluConfig from_packed(uint32_t packed) {
    return {static_cast<ReluType>(packed & 0x3), (packed >> 16) & 0xFFFF};
  }
  constexpr ReluType get_mode() const { return mode_; }
  constexpr uint32_t get_threshold() const { return threshold_; }

 private:
  constexpr ReluConfig(ReluType m, uint32_t t = 0) : mode_(m), threshold_(t & 0xFFFF) {}
  ReluType mode_;
  uint32_t threshold_;
};
}  // namespace ckernel
