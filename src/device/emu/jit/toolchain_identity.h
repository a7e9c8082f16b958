// What a kernel object depends on besides its command and source: the
// compiler (its `-E -v` report) and the kernel-API headers. Both go into every
// cache key, so a new compiler or an edited header rebuilds; both are cheap
// to learn again in a new process (a warm start must not read 300 headers or
// start the compiler).
#pragma once

#include <functional>
#include <future>
#include <string>

namespace zyxtt::emu {

// A hash of every file under `dir`: relative name, device, inode, size,
// modification and change times (as make and ninja judge a file changed;
// every write moves the change time, which no user can set back).
std::string tree_fingerprint(const std::string& dir);

// tree_fingerprint(dir) on a thread of its own, from now on: a runtime starts
// it before init names the cache folder, so that a warm start's first compile
// finds it done (the walk is about 400 system calls).
std::shared_future<std::string> start_tree_fingerprint(const std::string& dir);

// The compiler's report: what it prints preprocessing an empty file with
// `-v` (version, configuration and the folders it searches for <...>).
// `run_v` starts `program -E -v ...` and returns what it printed; it runs only when `memo_dir` has no report remembered for the
// executable `program` resolves to (through PATH and symlinks) as it is now
// (device, inode, size, modification and change times); a new report is
// written through `temp_path` and renamed into place. A wrapper script whose
// target changes is not seen: touch the script, or clear the memo.
std::string compiler_report(const std::string& program, const std::string& memo_dir, const std::string& temp_path,
                            const std::function<std::string()>& run_v);

}  // namespace zyxtt::emu
