// Corpus cases whose kernels, as zyx generated them, do not compute zyx's
// expected output on silicon either. For each, what the kernels do compute,
// derived from the expected output (so the check stays independent of the
// emulator), and why.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "corpus_case.h"

namespace zyxtt::testing {

struct KnownDefect {
  std::string why;
  // What the kernels compute, given zyx's expected output and the inputs.
  std::function<std::vector<double>(const std::vector<double>& expected,
                                    const std::vector<std::vector<double>>& inputs)>
      computes;
};

std::optional<KnownDefect> known_defect(const CorpusCase& c);

// zyx 0.16's writer addresses its CB with the global element index instead of
// the index inside the tile; harmless only where the two coincide.
bool writer_uses_global_cb_offset(const CorpusCase& c);

}  // namespace zyxtt::testing
