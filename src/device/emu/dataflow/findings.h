// Sanitizer findings that silicon tolerates and computes right (a pack or
// push without cb_reserve_back into pages that are free, ...): a warning
// naming kernel, core and line, once per call site and run; an error under
// --strict. What silicon computes wrong never comes here: it fails the run.
#pragma once

#include <cstdint>
#include <string>

#include "device/emu/run_context.h"

namespace zyxtt::emu {

// `call` is the API call, `file` / `line` the kernel's call site (nullptr / 0
// when unknown); `what` says what happened and why it is harmless here.
// Under --strict it fails the run (fail_run: call it on k's own fiber).
void report_finding(const KernelInstance& k, const char* call, const char* file, uint32_t line,
                    const std::string& what);

// Forgets which call sites were reported, so every run warns afresh.
void reset_findings();

}  // namespace zyxtt::emu
