// C = A x B with A multicast (tt-metal's matmul_multicore_reuse_mcast, one
// row of cores): core (0,0) reads each tile of A once and multicasts it to
// cores (1,0)..(3,0) under a semaphore handshake; core (i,0) computes column
// i of C from its own tiles of B.
#include "../matmul/matmul_common.hpp"

using namespace tt::tt_metal;

int main() {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  metalium_test::Matmul m = metalium_test::matmul_inputs(*mesh, 64, 96, 128);
  const uint32_t n_cores = m.Nt();
  const CoreCoord sender = {0, 0};
  const CoreRange receivers({1, 0}, {n_cores - 1, 0});
  const CoreRange all(sender, receivers.end_coord);

  Program program = CreateProgram();
  metalium_test::matmul_cbs(program, all);
  const uint32_t ready = CreateSemaphore(program, all, 0);
  const uint32_t valid = CreateSemaphore(program, all, INVALID);
  std::vector<uint32_t> reader_cta, writer_cta;
  TensorAccessorArgs(*m.a).append_to(reader_cta);
  TensorAccessorArgs(*m.b).append_to(reader_cta);
  TensorAccessorArgs(*m.c).append_to(writer_cta);
  auto reader_config = [&](const char* is_sender) {
    return DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                              .noc = NOC::RISCV_1_default,
                              .compile_args = reader_cta,
                              .defines = {{"IS_SENDER", is_sender}}};
  };
  auto send = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "matmul/kernels/mm_mcast_reader.cpp", sender, reader_config("1"));
  auto recv = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "matmul/kernels/mm_mcast_reader.cpp", receivers, reader_config("0"));
  auto writer = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "matmul/kernels/write_tile_column.cpp", all,
                             DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                .noc = NOC::RISCV_0_default,
                                                .compile_args = writer_cta});
  auto compute = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "matmul/kernels/mm_tiles.cpp", all, ComputeConfig{});

  const CoreCoord first = mesh->worker_core_from_logical_core(receivers.start_coord);
  const CoreCoord last = mesh->worker_core_from_logical_core(receivers.end_coord);
  const CoreCoord tx = mesh->worker_core_from_logical_core(sender);
  for (const CoreCoord& core : all) {
    const uint32_t nt = core.x;
    std::vector<uint32_t> args = {m.a->address(), m.b->address(), m.Mt(), m.Kt(), m.Nt(), nt, ready, valid};
    if (core == sender) {
      args.insert(args.end(), {first.x, first.y, last.x, last.y, n_cores - 1});
      SetRuntimeArgs(program, send, core, args);
    } else {
      args.insert(args.end(), {tx.x, tx.y});
      SetRuntimeArgs(program, recv, core, args);
    }
    SetRuntimeArgs(program, writer, core, {m.c->address(), m.Mt(), nt, m.Nt()});
    SetRuntimeArgs(program, compute, core, {m.Kt(), m.Mt()});
  }
  metalium_test::run(*mesh, std::move(program));
  metalium_test::check_matmul(*mesh, m);
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
