#include "device/emu/worker/program_plan.h"

#include <algorithm>
#include <fmt/format.h>

#include "common/error.h"
#include "device/arch.h"
#include "program/program.h"

namespace zyxtt::emu {
namespace {

template <typename Fn>
void for_each_core(const std::vector<program::CoreRange>& rects, Fn&& fn) {
  for (const program::CoreRange& r : rects)
    program::for_each_core(r, program::CoreOrder::kRowMajor, [&](program::Core c) { fn(c.x, c.y); });
}

const char* const kProcessors[kRoles] = {"RISCV_0", "RISCV_1", "compute"};  // by krt::Role

}  // namespace

bool idle(const CorePlan& p) {
  return p.kernel[0] < 0 && p.kernel[1] < 0 && p.kernel[2] < 0 && p.cbs.empty() && p.semaphores.empty();
}

PreparedProgram prepare_program(ProgramSpec spec, const std::vector<std::string>& names) {
  auto name = [&](size_t i) { return i < names.size() ? names[i] : fmt::format("kernel {}", i); };
  PreparedProgram p;
  auto grow = [&](const std::vector<program::CoreRange>& rects) {
    for (const program::CoreRange& r : rects) {
      p.cols = std::max(p.cols, r.end.x + 1);
      p.rows = std::max(p.rows, r.end.y + 1);
    }
  };
  for (const KernelSlot& k : spec.kernels)
    if (!k.ethernet) grow(k.cores);
  for (const CbSpec& cb : spec.cbs) grow(cb.cores);
  for (const SemaphoreSlot& s : spec.semaphores) grow(s.cores);
  if (uint64_t{p.rows} * p.cols > kMaxPlannedCores) {
    throw Error(Code::kInvalidArgument,
                fmt::format("the program spans {} x {} cores; at most {} cores", p.cols, p.rows, kMaxPlannedCores));
  }
  p.plans.resize(size_t{p.rows} * p.cols);
  auto plan = [&](uint32_t x, uint32_t y) -> CorePlan& { return p.plans[size_t{y} * p.cols + x]; };
  for (size_t i = 0; i < spec.kernels.size(); ++i) {
    const auto role = static_cast<uint32_t>(spec.kernels[i].role);
    const bool eth = spec.kernels[i].ethernet;
    uint32_t position = 0;
    for_each_core(spec.kernels[i].cores, [&](uint32_t x, uint32_t y) {
      if (eth && (x != 0 || y >= kEthChannels || role == static_cast<uint32_t>(krt::Role::kCompute)))
        throw Error(Code::kInvalidArgument, fmt::format("{} names ethernet core ({}, {}) or processor {}, which do not "
                                                        "exist", name(i), x, y, kProcessors[role]));
      if (eth && p.eth_plans.empty()) p.eth_plans.resize(kEthChannels);
      CorePlan& c = eth ? p.eth_plans[y] : plan(x, y);
      if (c.kernel[role] >= 0) {
        throw Error(Code::kInvalidArgument,
                    fmt::format("kernels {} and {} both run on {} of {}core ({}, {}); a core takes one kernel per "
                                "processor",
                                name(c.kernel[role]), name(i), kProcessors[role], eth ? "ethernet " : "", x, y));
      }
      c.kernel[role] = static_cast<int32_t>(i);
      c.position[role] = position++;
    });
  }
  for (size_t i = 0; i < spec.cbs.size(); ++i) {
    for_each_core(spec.cbs[i].cores, [&](uint32_t x, uint32_t y) {
      CorePlan& c = plan(x, y);
      for (uint16_t other : c.cbs) {
        if (spec.cbs[other].index == spec.cbs[i].index) {
          throw Error(Code::kInvalidArgument,
                      fmt::format("circular buffer {} is configured twice on core ({}, {})", spec.cbs[i].index, x, y));
        }
      }
      c.cbs.push_back(static_cast<uint16_t>(i));
      c.cb_mask |= uint64_t{1} << spec.cbs[i].index;
    });
  }
  for (size_t i = 0; i < spec.semaphores.size(); ++i) {
    for_each_core(spec.semaphores[i].cores, [&](uint32_t x, uint32_t y) {
      CorePlan& c = plan(x, y);
      for (uint16_t other : c.semaphores) {
        if (spec.semaphores[other].id == spec.semaphores[i].id) {
          throw Error(Code::kInvalidArgument,
                      fmt::format("semaphore {} is given twice on core ({}, {})", spec.semaphores[i].id, x, y));
        }
      }
      c.semaphores.push_back(static_cast<uint16_t>(i));
    });
  }
  for (uint32_t i = 0; i < p.plans.size(); ++i)
    if (!idle(p.plans[i])) p.used.push_back(i);
  for (uint32_t i = 0; i < p.eth_plans.size(); ++i)
    if (!idle(p.eth_plans[i])) p.eth_used.push_back(i);
  p.spec = std::move(spec);
  return p;
}

}  // namespace zyxtt::emu
