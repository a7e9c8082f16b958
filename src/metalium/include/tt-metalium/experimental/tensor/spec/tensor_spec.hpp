// A tensor's layout on a device (tt-metal's experimental TensorSpec). The
// tensor library behind it (TensorLayout, MemoryConfig, MeshTensor) is not
// provided yet: the type exists so that Metal 2.0 specs can name it, and no
// TensorSpec can be made, so a ProgramSpec declares no tensor parameters.
#pragma once

namespace tt::tt_metal {

class TensorSpec final {
 public:
  TensorSpec(const TensorSpec&) = default;
  TensorSpec(TensorSpec&&) noexcept = default;
  TensorSpec& operator=(const TensorSpec&) = default;
  TensorSpec& operator=(TensorSpec&&) noexcept = default;
  bool operator==(const TensorSpec&) const = default;

 private:
  TensorSpec() = default;
};

}  // namespace tt::tt_metal
