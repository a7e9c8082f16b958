// One recorded zyx session (a corpus case) and its replay against the real
// runtime, with the case's own inputs and expected output.
#pragma once

#include <filesystem>

#include "corpus_location.h"
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace zyxtt::testing {

struct ReplayResult {
  std::vector<std::string> errors;  // error answers, "cmd: answer"
  std::optional<std::vector<std::byte>> final_read;
};

struct CorpusCase {
  std::filesystem::path dir;
  std::string name;  // version/case
  std::string dtype;
  std::string tolerance_hint;
  std::string expression;  // zyx's tensor expression
  uint32_t max_grid_rows = 1, max_grid_cols = 1;

  static std::vector<CorpusCase> discover();  // the cases whose status is ok
  // Replays the session against a runtime started with `runtime_args` and
  // `env` added to its environment.
  ReplayResult replay(const std::vector<std::string>& runtime_args,
                      const std::vector<std::pair<std::string, std::string>>& env = {}) const;
  // The expected output, decoded to doubles.
  std::vector<double> expected() const;
  // Empty when `actual` matches `want` within the case's tolerance, else
  // what differs.
  std::string compare(const std::vector<std::byte>& actual, const std::vector<double>& want) const;
  std::string writer_source() const;  // of the first program
  std::vector<std::vector<double>> inputs() const;  // decoded, in order
};

// gtest prints a parameter through this instead of its bytes.
inline void PrintTo(const CorpusCase& c, std::ostream* os) { *os << c.name; }

}  // namespace zyxtt::testing
