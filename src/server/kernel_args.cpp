#include "server/kernel_args.h"

#include <fmt/format.h>

#include "common/error.h"

namespace zyxtt::server {
namespace {

using protocol::ParamLayout;
using protocol::Run;

std::vector<uint32_t> addresses(const std::vector<program::PlacedBuffer>& buffers) {
  std::vector<uint32_t> out;
  out.reserve(buffers.size());
  for (const program::PlacedBuffer& b : buffers) out.push_back(static_cast<uint32_t>(b.address));
  return out;
}

// One parameter as a run binds it.
struct Bound {
  uint32_t value = 0;  // a Variable's value or a buffer's address
  bool buffer = false;
};

std::vector<Bound> bind_params(const Run& run, const ParamLayout& layout, const std::vector<program::PlacedBuffer>& srcs,
                               const std::vector<program::PlacedBuffer>& dsts) {
  const auto& vars = run.vars ? *run.vars : std::vector<std::pair<uint32_t, uint32_t>>{};
  const uint64_t n_params = layout.n_params;
  const uint64_t first_output = n_params - std::min<uint64_t>(n_params, dsts.size());
  for (size_t i = 0; i < vars.size(); ++i) {
    const uint32_t ordinal = vars[i].first;
    if (ordinal >= n_params) {
      throw Error(Code::kOutOfRange, fmt::format("run: vord{} is {}, but program {} has {} parameters (n_params); "
                                                 "ordinals are 0 to {}",
                                                 i, ordinal, run.id, n_params, n_params == 0 ? 0 : n_params - 1));
    }
    if (ordinal >= first_output) {
      throw Error(Code::kInvalidArgument,
                  fmt::format("run: vord{} is {}, an output's ordinal (the last {} of {} are dst0 to dst{}); a "
                              "Variable precedes the outputs",
                              i, ordinal, dsts.size(), n_params, dsts.size() - 1));
    }
  }
  if (srcs.size() + vars.size() + dsts.size() != n_params) {
    throw Error(Code::kInvalidArgument,
                fmt::format("run: program {} has {} parameters (n_params), but the run gives {} inputs, {} "
                            "variables and {} outputs; every parameter is one src, one vord/vval pair or one dst",
                            run.id, n_params, srcs.size(), vars.size(), dsts.size()));
  }
  std::vector<Bound> bound(n_params);
  std::vector<bool> is_var(n_params, false);
  for (const auto& [ordinal, value] : vars) {
    is_var[ordinal] = true;
    bound[ordinal] = Bound{value, false};
  }
  // Inputs fill the non-Variable ordinals below the outputs in order: src[k]
  // is the k-th such ordinal, wherever the Variables sit.
  size_t k = 0;
  for (uint64_t p = 0; p < n_params; ++p) {
    if (is_var[p]) continue;
    const program::PlacedBuffer& b = p >= first_output ? dsts[p - first_output] : srcs[k++];
    bound[p] = Bound{static_cast<uint32_t>(b.address), true};
  }
  return bound;
}

}  // namespace

std::array<ZyxSectionArgs, protocol::kSections> bind_kernel_args(const Run& run,
                                                                 const std::optional<ParamLayout>& params,
                                                                 const std::vector<program::PlacedBuffer>& srcs,
                                                                 const std::vector<program::PlacedBuffer>& dsts) {
  std::array<ZyxSectionArgs, protocol::kSections> kernels;
  if (!params) {
    if (run.vars && !run.vars->empty()) {
      throw Error(Code::kInvalidArgument,
                  fmt::format("run: {} variables given, but program {} was compiled without parameters "
                              "(n_params); compile it with n_params and rp/cp/wp lists to pass variables",
                              run.vars->size(), run.id));
    }
    // V1 (protocol.md): reader the inputs, writer the outputs, compute nothing.
    kernels[size_t(protocol::Section::kReader)] =
        ZyxSectionArgs{addresses(srcs), true, static_cast<uint32_t>(srcs.size())};
    kernels[size_t(protocol::Section::kCompute)] = ZyxSectionArgs{{}, false, 0};
    kernels[size_t(protocol::Section::kWriter)] =
        ZyxSectionArgs{addresses(dsts), true, static_cast<uint32_t>(dsts.size())};
    return kernels;
  }
  const std::vector<Bound> bound = bind_params(run, *params, srcs, dsts);
  for (uint32_t s = 0; s < protocol::kSections; ++s) {
    ZyxSectionArgs& k = kernels[s];
    for (uint32_t ordinal : params->sections[s]) {
      k.runtime.push_back(bound[ordinal].value);
      // Compute gets no compile-time args (zyx-newer-protocol.md).
      if (s != uint32_t(protocol::Section::kCompute) && bound[ordinal].buffer) ++k.accessor_buffers;
    }
    k.coords = true;
  }
  return kernels;
}

}  // namespace zyxtt::server
