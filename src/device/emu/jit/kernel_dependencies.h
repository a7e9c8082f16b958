// Headers a kernel includes from outside the kernel API: from its own folder,
// an extra include folder or the working directory. The cache key covers the
// kernel API (its fingerprint) but not these, so an object that read any is
// filed under its key extended by their contents, and the key's manifest
// lists them for the next lookup (ccache's "direct mode", in small).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zyxtt::emu {

// The prerequisites of the one rule in a dependency file as GCC writes it
// (-MD -MF): backslash-newline continuations, "\ " and "\#" escapes, "$$".
std::vector<std::string> make_prerequisites(std::string_view rule);

// Of `prerequisites` (relative ones taken from `working_dir`), the files
// under none of `excluded` (the kernel API, the compiler's own folders),
// precompiled headers aside, normalised, each once, in order.
std::vector<std::string> tracked_headers(const std::vector<std::string>& prerequisites, const std::string& working_dir,
                                         const std::vector<std::string>& excluded);

// The folders a compiler searches for <...> on its own, from what it prints
// for `-E -v` (GCC's and Clang's "#include <...> search starts here:" list).
std::vector<std::string> system_include_dirs(std::string_view verbose_output);

// `key` extended by the present contents of `files` (a file that cannot be
// read counts as such): an edit to any of them gives another key.
std::string key_with_contents(const std::string& key, const std::vector<std::string>& files);

// The list written by write_manifest, when `path` is a private regular file.
std::optional<std::vector<std::string>> read_manifest(const std::string& path);
// Writes `files` to `tmp` (0600) and renames it to `path`. False on failure:
// the manifest is only a cache (without it the next lookup misses).
bool write_manifest(const std::string& tmp, const std::string& path, const std::vector<std::string>& files);

}  // namespace zyxtt::emu
