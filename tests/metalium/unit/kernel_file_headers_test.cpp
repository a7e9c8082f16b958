// A kernel file's own headers are part of its object: edited between two
// programs, the second program runs the edit (the kernel cache keys an object
// on the bytes of what it included from outside the kernel API).
#include <gtest/gtest.h>

#include "one_device.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace {

using namespace tt::tt_metal;
namespace fs = std::filesystem;

using KernelFileHeaders = metalium_test::OneDevice;

TEST_F(KernelFileHeaders, AnEditedHeaderOfTheKernelsFolderIsWhatTheNextProgramRuns) {
  const fs::path folder = fs::temp_directory_path() / ("metalium-kernel-headers-" + std::to_string(::getpid()));
  fs::create_directories(folder / "include");
  std::ofstream(folder / "store_value.cpp") << "#include \"include/value.h\"\n"
                                               "void kernel_main() { *get_arg_val<volatile uint32_t*>(0) = kValue; }\n";
  const uint32_t address = device->allocator()->get_base_allocator_addr(HalMemType::L1) + 64 * 1024;
  const CoreCoord core{1, 1};
  auto run_with = [&](uint32_t value) {
    std::ofstream(folder / "include" / "value.h", std::ios::trunc) << "constexpr uint32_t kValue = " << value << ";\n";
    Program program = CreateProgram();
    CreateKernel(program, (folder / "store_value.cpp").string(), core, DataMovementConfig{});
    SetRuntimeArgs(program, 0, core, {address});
    detail::LaunchProgram(device, program);
    std::vector<uint32_t> out;
    EXPECT_TRUE(detail::ReadFromDeviceL1(device, core, address, 4, out));
    return out.at(0);
  };
  EXPECT_EQ(run_with(17), 17u);
  EXPECT_EQ(run_with(18), 18u);
  EXPECT_EQ(run_with(17), 17u);  // the first object, found again
  fs::remove_all(folder);
}

}  // namespace
