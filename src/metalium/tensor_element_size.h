// Bytes one element of a tensor of `dtype` takes in host memory (block
// floats: one byte each), shared by MeshTensor and HostTensor.
#pragma once

#include <cstddef>

#include <tt-metalium/experimental/tensor/tensor_types.hpp>

namespace tt::tt_metal::detail {
std::size_t host_element_size(DataType dtype);
}  // namespace tt::tt_metal::detail
