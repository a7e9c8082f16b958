// Where the tests find ../shared/corpus (the kernels zyx generated, read at
// test time, never copied into the repo): $ZYXTT_CORPUS_DIR, else the folder
// beside the checkout. Empty when neither exists.
#pragma once

#include <cstdlib>
#include <filesystem>

namespace zyxtt::testing {

inline std::filesystem::path corpus_root() {
  const char* env = std::getenv("ZYXTT_CORPUS_DIR");
  std::filesystem::path root = env != nullptr ? env : ZYXTT_CORPUS_DEFAULT;
  return std::filesystem::is_directory(root / "zyx") ? root : std::filesystem::path();
}

}  // namespace zyxtt::testing
