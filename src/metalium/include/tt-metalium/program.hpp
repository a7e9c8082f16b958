// A program: kernels, circular buffers and semaphores on cores, with their
// runtime args (tt-metal's program.hpp). Move-only.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <memory>
#include <vector>

namespace tt::tt_metal {

namespace detail {
class ProgramImpl;
}  // namespace detail

struct ProgramDescriptor;
class CircularBuffer;

using ProgramId = std::uint64_t;

class Program {
 public:
  Program();
  // Its kernels, in order (their handles are their indices), with their
  // runtime args, its circular buffers and its semaphores (program_descriptors.hpp).
  explicit Program(const ProgramDescriptor& descriptor);
  ~Program() noexcept;
  Program(const Program& other) = delete;
  Program& operator=(const Program& other) = delete;
  Program(Program&& other) noexcept;
  Program& operator=(Program&& other) noexcept;

  void set_runtime_id(ProgramId id);
  ProgramId get_runtime_id() const;

  // Its circular buffers in the order they were made (views the program owns).
  std::vector<std::shared_ptr<CircularBuffer>> circular_buffers() const;

  detail::ProgramImpl& impl() { return *internal_; }
  const detail::ProgramImpl& impl() const { return *internal_; }

 private:
  std::shared_ptr<detail::ProgramImpl> internal_;
};

}  // namespace tt::tt_metal
