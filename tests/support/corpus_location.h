// Where the tests find ../shared/corpus (the kernels zyx generated, read at
// test time, never copied into the repo): $ZYXTT_CORPUS_DIR, else the folder
// beside the checkout. Empty when neither exists. And the one walk over it.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace zyxtt::testing {

inline std::filesystem::path corpus_root() {
  const char* env = std::getenv("ZYXTT_CORPUS_DIR");
  std::filesystem::path root = env != nullptr ? env : ZYXTT_CORPUS_DEFAULT;
  return std::filesystem::is_directory(root / "zyx") ? root : std::filesystem::path();
}

// zyx versions in the corpus, oldest first.
inline constexpr const char* kCorpusVersions[] = {"v016", "head"};

struct CorpusCaseDir {
  std::string version;
  std::filesystem::path dir;  // holds case.json and session/
};

// Every recorded case, by version then name; empty without a corpus.
inline std::vector<CorpusCaseDir> corpus_case_dirs() {
  std::vector<CorpusCaseDir> out;
  const std::filesystem::path root = corpus_root();
  if (root.empty()) return out;
  for (const char* version : kCorpusVersions) {
    std::vector<std::filesystem::path> dirs;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(root / "zyx" / version, ec))
      if (std::filesystem::exists(entry.path() / "case.json")) dirs.push_back(entry.path());
    std::sort(dirs.begin(), dirs.end());
    for (auto& d : dirs) out.push_back({version, std::move(d)});
  }
  return out;
}

}  // namespace zyxtt::testing
