// Global semaphores: one L1 word at one address on every core of their core
// range set, holding the value the host set, that kernels read and increment.
#include <gtest/gtest.h>

#include "one_device.h"
#include "what_of.h"

#include <cstdint>
#include <functional>
#include <sstream>
#include <string>
#include <vector>
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/global_semaphore.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace {

using namespace tt::tt_metal;

// Two ranges, one of them a single core away from the others.
const CoreRangeSet kCores(std::vector{CoreRange({0, 0}, {1, 1}), CoreRange({3, 2}, {3, 2})});

uint32_t word_at(IDevice* device, const CoreCoord& core, DeviceAddr address) {
  std::vector<uint32_t> word;
  EXPECT_TRUE(detail::ReadFromDeviceL1(device, core, static_cast<uint32_t>(address), sizeof(uint32_t), word));
  return word.at(0);
}

std::vector<uint32_t> words_on(IDevice* device, const CoreRangeSet& cores, DeviceAddr address) {
  std::vector<uint32_t> words;
  for (const CoreCoord& core : corerange_to_cores(cores)) words.push_back(word_at(device, core, address));
  return words;
}

using GlobalSemaphoreOnChip = metalium_test::OneDevice;

TEST_F(GlobalSemaphoreOnChip, EveryCoreHoldsTheInitialValueAtOneAddress) {
  const GlobalSemaphore sem = CreateGlobalSemaphore(device, kCores, 7);
  EXPECT_EQ(sem.device(), device);
  EXPECT_EQ(sem.address() % sizeof(uint32_t), 0u);
  EXPECT_GE(sem.address(), device->allocator()->get_base_allocator_addr(HalMemType::L1));
  EXPECT_EQ(words_on(device, kCores, sem.address()), std::vector<uint32_t>(5, 7));
}

// A second semaphore takes other words: resetting one leaves the other.
TEST_F(GlobalSemaphoreOnChip, ResetWritesEveryCoreAndOnlyItsOwnWords) {
  const GlobalSemaphore a = CreateGlobalSemaphore(device, kCores, 1);
  const GlobalSemaphore b = CreateGlobalSemaphore(device, CoreRangeSet(CoreRange({0, 0}, {3, 2})), 2);
  EXPECT_NE(a.address(), b.address());
  a.reset_semaphore_value(0xC0FFEE);
  EXPECT_EQ(words_on(device, kCores, a.address()), std::vector<uint32_t>(5, 0xC0FFEE));
  EXPECT_EQ(words_on(device, CoreRangeSet(CoreRange({0, 0}, {3, 2})), b.address()), std::vector<uint32_t>(12, 2));
}

// Each core's kernel adds its own amount to its word at the address it is given.
TEST_F(GlobalSemaphoreOnChip, KernelsIncrementTheirCoresWord) {
  const GlobalSemaphore sem = CreateGlobalSemaphore(device, kCores, 100);
  Program program = CreateProgram();
  const KernelHandle k = CreateKernelFromString(program, R"(
      void kernel_main() {
        auto* sem = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_arg_val<uint32_t>(0));
        *sem += get_arg_val<uint32_t>(1);
      })",
                                                kCores, DataMovementConfig{});
  const std::vector<CoreCoord> cores = corerange_to_cores(kCores);
  for (uint32_t i = 0; i < cores.size(); ++i)
    SetRuntimeArgs(program, k, cores[i], {static_cast<uint32_t>(sem.address()), i + 1});
  detail::LaunchProgram(device, program);
  EXPECT_EQ(words_on(device, kCores, sem.address()), (std::vector<uint32_t>{101, 102, 103, 104, 105}));
}

// The experimental form places it at an address and, without a value, writes nothing.
TEST_F(GlobalSemaphoreOnChip, TheExperimentalFormTakesAnAddressAndMayLeaveTheWords) {
  DeviceAddr address = 0;
  {
    const GlobalSemaphore first = CreateGlobalSemaphore(device, kCores, 55);
    address = first.address();
  }
  const GlobalSemaphore again = experimental::CreateGlobalSemaphore(device, kCores, std::nullopt, BufferType::L1, address);
  EXPECT_EQ(again.address(), address);
  EXPECT_EQ(words_on(device, kCores, address), std::vector<uint32_t>(5, 55));
  // L1 fills from the top down: below is free.
  const GlobalSemaphore set = experimental::CreateGlobalSemaphore(device, CoreRangeSet(CoreRange({5, 5}, {5, 5})), 9,
                                                                  BufferType::L1, address - 4096);
  EXPECT_EQ(word_at(device, {5, 5}, address - 4096), 9u);
}

TEST_F(GlobalSemaphoreOnChip, RefusesDramAndEmptyCoreSets) {
  EXPECT_NE(what_of([&] { CreateGlobalSemaphore(device, kCores, 0, BufferType::DRAM); }).find("L1"),
            std::string::npos);
  EXPECT_NE(what_of([&] { CreateGlobalSemaphore(device, CoreRangeSet(), 0); }).find("at least one core"),
            std::string::npos);
}

// Copies share the words; hash and text follow the cores and buffer type.
TEST_F(GlobalSemaphoreOnChip, CopiesShareTheWordsAndHashAlike) {
  const GlobalSemaphore sem = CreateGlobalSemaphore(device, kCores, 3);
  const GlobalSemaphore copy = sem;
  copy.reset_semaphore_value(4);
  EXPECT_EQ(copy.address(), sem.address());
  EXPECT_EQ(word_at(device, {3, 2}, sem.address()), 4u);
  const GlobalSemaphore other =
      CreateGlobalSemaphore(device, CoreRangeSet(CoreRange({0, 0}, {0, 0})), 3, BufferType::L1_SMALL);
  EXPECT_EQ(word_at(device, {0, 0}, other.address()), 3u);
  const std::hash<GlobalSemaphore> hash;
  EXPECT_EQ(hash(copy), hash(sem));
  EXPECT_NE(hash(other), hash(sem));
  std::ostringstream text;
  text << sem;
  EXPECT_NE(text.str().find("BufferType::L1"), std::string::npos) << text.str();
}

// On a mesh (what tt-metal's tests pass): a kernel on one core increments
// another core's word over the NOC, as sub-device syncing does.
TEST(GlobalSemaphoreOnMesh, AKernelIncrementsAnotherCoresWordOverTheNoc) {
  const auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  const CoreRangeSet cores(std::vector{CoreRange({0, 0}, {0, 0}), CoreRange({2, 1}, {2, 1})});
  const GlobalSemaphore sem = CreateGlobalSemaphore(mesh.get(), cores, 10);
  IDevice* chip = mesh->get_device(distributed::MeshCoordinate(0, 0));
  EXPECT_EQ(words_on(chip, cores, sem.address()), (std::vector<uint32_t>{10, 10}));
  Program program = CreateProgram();
  const KernelHandle k = CreateKernelFromString(program, R"(
      void kernel_main() {
        const uint32_t sem = get_arg_val<uint32_t>(0);
        noc_semaphore_inc(get_noc_addr(get_arg_val<uint32_t>(1), get_arg_val<uint32_t>(2), sem), 5);
        noc_async_atomic_barrier();
      })",
                                                CoreCoord{0, 0}, DataMovementConfig{});
  const CoreCoord target = mesh->worker_core_from_logical_core({2, 1});
  SetRuntimeArgs(program, k, CoreCoord{0, 0}, {static_cast<uint32_t>(sem.address()), static_cast<uint32_t>(target.x),
                                                  static_cast<uint32_t>(target.y)});
  distributed::MeshWorkload workload;
  workload.add_program(distributed::MeshCoordinateRange(mesh->shape()), std::move(program));
  distributed::EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, true);
  EXPECT_EQ(words_on(chip, cores, sem.address()), (std::vector<uint32_t>{10, 15}));
  sem.reset_semaphore_value(0);
  EXPECT_EQ(words_on(chip, cores, sem.address()), (std::vector<uint32_t>{0, 0}));
  mesh->close();
}

}  // namespace
