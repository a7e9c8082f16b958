#include "metalium/chip_guard.h"

namespace zyxtt::metalium {

void ChipGuard::open(const std::string& cache_dir) {
  std::unique_lock lock(buffers_);
  chip_->open(cache_dir);
}

uint64_t ChipGuard::free_bytes(program::MemoryKind memory) const {
  std::shared_lock lock(buffers_);
  return chip_->free_bytes(memory);
}

BankStatistics ChipGuard::bank_statistics(program::MemoryKind memory) const {
  std::shared_lock lock(buffers_);
  return chip_->bank_statistics(memory);
}

program::PlacedBuffer ChipGuard::allocate(const program::BufferSpec& spec) {
  std::scoped_lock lock(runs_, buffers_);
  return chip_->allocate(spec);
}

program::PlacedBuffer ChipGuard::allocate_at(const program::BufferSpec& spec, uint64_t address) {
  std::scoped_lock lock(runs_, buffers_);
  return chip_->allocate_at(spec, address);
}

void ChipGuard::free(const program::PlacedBuffer& buffer) {
  std::scoped_lock lock(runs_, buffers_);
  chip_->free(buffer);
}

void ChipGuard::write(const program::PlacedBuffer& buffer, uint64_t offset, std::span<const std::byte> bytes) {
  std::shared_lock lock(buffers_);
  chip_->write(buffer, offset, bytes);
}

void ChipGuard::read(const program::PlacedBuffer& buffer, uint64_t offset, std::span<std::byte> bytes) {
  std::shared_lock lock(buffers_);
  chip_->read(buffer, offset, bytes);
}

// The fd transfers note each buffer's first one: they change the bookkeeping.
void ChipGuard::write_from_fd(const program::PlacedBuffer& buffer, int fd, uint64_t length) {
  std::unique_lock lock(buffers_);
  chip_->write_from_fd(buffer, fd, length);
}

void ChipGuard::read_to_fd(const program::PlacedBuffer& buffer, int fd, uint64_t length) {
  std::unique_lock lock(buffers_);
  chip_->read_to_fd(buffer, fd, length);
}

void ChipGuard::write_raw(const RawAddress& at, std::span<const std::byte> bytes) {
  std::shared_lock lock(buffers_);
  chip_->write_raw(at, bytes);
}

void ChipGuard::read_raw(const RawAddress& at, std::span<std::byte> bytes) {
  std::shared_lock lock(buffers_);
  chip_->read_raw(at, bytes);
}

std::shared_ptr<CompiledProgram> ChipGuard::compile(const program::Program& program) {
  std::shared_lock lock(buffers_);
  return chip_->compile(program);
}

void ChipGuard::run(CompiledProgram& program, const program::Run& run, const std::string& what) {
  run_in_lane(program, run, what, 0);
}

void ChipGuard::run_in_lane(CompiledProgram& program, const program::Run& run, const std::string& what,
                            uint32_t lane) {
  if (lane >= chip_->lanes()) lane = 0;
  std::shared_lock running(runs_);
  std::lock_guard turn(turns_[lane]);
  chip_->run_in_lane(program, run, what, lane);
}

}  // namespace zyxtt::metalium
