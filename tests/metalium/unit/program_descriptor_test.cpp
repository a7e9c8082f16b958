// Programs built from ProgramDescriptors run as described: runtime args,
// semaphores at their ids, CBs placed in a buffer at an offset; patching a
// built program for other buffers reaches its kernels; descriptors hash by
// shape and merge only on distinct cores.
#include <gtest/gtest.h>

#include "one_device.h"
#include "what_of.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <tt-metalium/circular_buffer.hpp>
#include <tt-metalium/experimental/program_descriptor_patching.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/program.hpp>
#include <tt-metalium/program_descriptors.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace {

using namespace tt::tt_metal;

const CoreCoord kCore{1, 1};

// A kernel of inline source on kCore.
KernelDescriptor inline_kernel(const char* source, KernelDescriptor::ConfigDescriptor config) {
  KernelDescriptor kd;
  kd.kernel_source = source;
  kd.source_type = KernelDescriptor::SourceType::SOURCE_CODE;
  kd.core_ranges = CoreRangeSet(CoreRange(kCore));
  kd.config = std::move(config);
  return kd;
}

// Writes common arg 0 at the L1 address of per-core arg 0.
KernelDescriptor store_kernel() {
  return inline_kernel(R"(
      void kernel_main() {
        *reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_arg_val<uint32_t>(0)) = get_common_arg_val<uint32_t>(0);
      })",
                       WriterConfigDescriptor{});
}

uint32_t word_at(IDevice* device, uint32_t address) {
  std::vector<uint32_t> word;
  EXPECT_TRUE(detail::ReadFromDeviceL1(device, kCore, address, sizeof(uint32_t), word));
  return word.at(0);
}

void zero_word(IDevice* device, uint32_t address) {
  std::vector<uint32_t> zero{0};
  ASSERT_TRUE(detail::WriteToDeviceL1(device, kCore, address, zero));
}

using ProgramDescriptorOnChip = metalium_test::OneDevice;

// Built for buffer a, patched for b (and a new value): the kernel writes b's word, not a's.
TEST_F(ProgramDescriptorOnChip, APatchedProgramWritesTheNewBuffer) {
  auto a = Buffer::create(device, 64, 64, BufferType::L1);
  auto b = Buffer::create(device, 64, 64, BufferType::L1);
  KernelDescriptor kd = store_kernel();
  kd.emplace_runtime_args(kCore, {a.get()});
  kd.emplace_common_runtime_args({7u});
  ASSERT_EQ(kd.buffer_bindings.size(), 1u);
  ProgramDescriptor desc;
  desc.kernels = {kd};
  Program program(desc);

  const std::vector<Buffer*> first{a.get()};
  const ResolvedBindings resolved = resolve_bindings(program, desc, first);
  ASSERT_EQ(resolved.rt_args.size(), 1u);
  const std::vector<Buffer*> second{b.get()};
  apply_resolved_bindings(program, resolved, second);
  const std::vector<DynamicRuntimeArg> value{{.kernel_idx = 0, .arg_idx = 0, .value = 9, .is_common = true}};
  apply_dynamic_runtime_args(program, value);

  zero_word(device, a->address());
  zero_word(device, b->address());
  detail::LaunchProgram(device, program);
  EXPECT_EQ(word_at(device, b->address()), 9u);
  EXPECT_EQ(word_at(device, a->address()), 0u);
}

// A semaphore at the id the descriptor gives, holding its initial value.
TEST_F(ProgramDescriptorOnChip, ASemaphoreHasItsIdAndInitialValue) {
  auto out = Buffer::create(device, 64, 64, BufferType::L1);
  KernelDescriptor kd = inline_kernel(R"(
      void kernel_main() {
        *reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_arg_val<uint32_t>(0)) =
            *reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_semaphore(3));
      })",
      DataMovementConfigDescriptor{.processor = DataMovementProcessor::RISCV_1, .noc = NOC::RISCV_1_default});
  kd.emplace_runtime_args(kCore, {static_cast<uint32_t>(out->address())});
  ProgramDescriptor desc;
  desc.kernels = {kd};
  desc.semaphores.push_back(SemaphoreDescriptor{.id = 3, .core_ranges = CoreRangeSet(CoreRange(kCore)), .initial_value = 42});
  Program program(desc);
  zero_word(device, out->address());
  detail::LaunchProgram(device, program);
  EXPECT_EQ(word_at(device, out->address()), 42u);
  EXPECT_EQ(desc.find_available_semaphore_id(kCore, desc.semaphores[0].core_type), 0u);  // 3 is taken, 0 is not
}

// A CB in a buffer at an offset starts there (the kernel's write at the CB's
// write pointer lands at that L1 address); re-applying the descriptor with
// another buffer moves it.
TEST_F(ProgramDescriptorOnChip, ACbInABufferStartsAtItsOffset) {
  auto first = Buffer::create(device, 4096, 4096, BufferType::L1);
  auto second = Buffer::create(device, 4096, 4096, BufferType::L1);
  KernelDescriptor kd = store_kernel();
  kd.kernel_source = R"(
      void kernel_main() {
        *reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_write_ptr(2)) = get_arg_val<uint32_t>(0);
      })";
  kd.emplace_runtime_args(kCore, {0xC0FFEEu});
  ProgramDescriptor desc;
  desc.kernels = {kd};
  desc.cbs.push_back(CBDescriptor{
      .total_size = 2048,
      .core_ranges = CoreRangeSet(CoreRange(kCore)),
      .format_descriptors = {{CBFormatDescriptor{.buffer_index = 2, .data_format = tt::DataFormat::Float16_b,
                                                 .page_size = 1024}}},
      .buffer = first.get(),
      .address_offset = 1024,
  });
  Program program(desc);
  const auto cbs = program.circular_buffers();
  ASSERT_EQ(cbs.size(), 1u);
  EXPECT_EQ(cbs[0]->size(), 2048u);
  EXPECT_EQ(cbs[0]->num_pages(2), 2u);
  EXPECT_EQ(cbs[0]->data_format(2), tt::DataFormat::Float16_b);
  EXPECT_TRUE(cbs[0]->globally_allocated());
  EXPECT_EQ(GetCircularBufferConfig(program, cbs[0]->id()).globally_allocated_address(), first->address() + 1024);
  for (uint32_t at : {first->address(), first->address() + 1024, second->address() + 1024}) zero_word(device, at);
  detail::LaunchProgram(device, program);
  EXPECT_EQ(word_at(device, first->address() + 1024), 0xC0FFEEu);
  EXPECT_EQ(word_at(device, first->address()), 0u);

  ProgramDescriptor moved = desc;
  moved.cbs[0].buffer = second.get();
  moved.kernels[0].runtime_args[0].second = {0xBEEFu};
  apply_descriptor_runtime_args(program, moved);
  detail::LaunchProgram(device, program);
  EXPECT_EQ(word_at(device, second->address() + 1024), 0xBEEFu);
  EXPECT_EQ(word_at(device, first->address() + 1024), 0xC0FFEEu);

  desc.cbs[0].address_offset = 8;  // not L1-aligned
  EXPECT_NE(what_of([&] { Program p(desc); }).find("must be aligned to L1 alignment"), std::string::npos);
}

// Ambiguous enumerations resolve to nothing (the caller rebuilds), except an
// output that is an input; bindings come per core first, then common.
TEST_F(ProgramDescriptorOnChip, BindingsResolveInOrderUnlessAmbiguous) {
  auto a = Buffer::create(device, 64, 64, BufferType::L1);
  auto b = Buffer::create(device, 64, 64, BufferType::L1);
  KernelDescriptor kd = store_kernel();
  kd.emplace_common_runtime_args({a.get()});
  kd.emplace_runtime_args(kCore, {5u, b.get(), a.get()});
  ProgramDescriptor desc;
  desc.kernels = {kd};
  Program program(desc);

  const std::vector<Buffer*> buffers{a.get(), b.get()};
  const ResolvedBindings r = resolve_bindings(program, desc, buffers);
  ASSERT_EQ(r.rt_args.size(), 3u);
  EXPECT_EQ((std::vector<uint32_t>{r.rt_args[0].arg_idx, r.rt_args[1].arg_idx, r.rt_args[2].arg_idx}),
            (std::vector<uint32_t>{1, 2, 0}));
  EXPECT_EQ(r.rt_args[0].tensor_buffer_idx, 1u);
  EXPECT_TRUE(r.rt_args[2].is_common);

  const std::vector<Buffer*> twice_as_input{a.get(), b.get(), a.get()};
  EXPECT_TRUE(resolve_bindings(program, desc, twice_as_input).empty());
  EXPECT_FALSE(resolve_bindings(program, desc, twice_as_input, 2).empty());  // the output is input a

  // An arg no longer holding its buffer's address is a factory's mistake.
  GetRuntimeArgs(program, 0, kCore)[1] = 0;
  EXPECT_NE(what_of([&] { resolve_bindings(program, desc, buffers); }).find("does not match buffer->address()"),
            std::string::npos);
}

TEST(ProgramDescriptorHash, RuntimeArgValuesDoNotCountButTheirNumberDoes) {
  KernelDescriptor kd = store_kernel();
  kd.emplace_runtime_args(kCore, {1u, 2u});
  ProgramDescriptor one;
  one.kernels = {kd};
  ProgramDescriptor other = one;
  other.kernels[0].runtime_args[0].second = {8u, 9u};
  const std::hash<ProgramDescriptor> hash;
  EXPECT_EQ(hash(one), hash(other));
  other.kernels[0].emplace_runtime_args({2, 2}, {1u});
  EXPECT_NE(hash(one), hash(other));
  ProgramDescriptor defined = one;
  defined.kernels[0].defines.emplace_back("X", "1");
  EXPECT_NE(hash(one), hash(defined));
  defined.custom_program_hash = 1234;
  EXPECT_EQ(hash(defined), 1234u);
}

TEST(ProgramDescriptorMerge, KernelsOfTwoDescriptorsMayNotShareACore) {
  ProgramDescriptor left, right;
  left.kernels = {store_kernel()};
  right.kernels = {store_kernel()};
  EXPECT_NE(what_of([&] { merge_program_descriptors({left, right}); }).find("overlapping kernel core ranges"),
            std::string::npos);
  right.kernels[0].core_ranges = CoreRangeSet(CoreRange({2, 1}, {3, 1}));
  right.custom_program_hash = 5;
  const ProgramDescriptor merged = merge_program_descriptors({left, right});
  ASSERT_EQ(merged.kernels.size(), 2u);
  EXPECT_EQ(merged.kernels[1].core_ranges, right.kernels[0].core_ranges);
  EXPECT_FALSE(merged.custom_program_hash.has_value());
}

}  // namespace
