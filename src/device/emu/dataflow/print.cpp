// DPRINT / DEVICE_PRINT output: whole lines, one write(2) each, tagged with
// the core and role that printed them.
#include <unistd.h>

#include <cstring>
#include <string>

#include <fmt/format.h>

#include "device/emu/run_context.h"
#include "device/emu/dataflow/dataflow_internal.h"
#include "device/emu/krt_impl.h"

namespace zyxtt::emu::krt_impl {
using namespace zyxtt::emu;

void print_line(const char* text, size_t length) {
  const KernelInstance& k = current();
  if (length != 0 && text[length - 1] == '\n') --length;
  std::string line = fmt::format("[core ({},{}) {}] ", k.core->x, k.core->y, role_name(k.role));
  line.append(text, length);
  line.push_back('\n');
  [[maybe_unused]] ssize_t n = ::write(2, line.data(), line.size());
}

void print_text(const char* text, size_t length) {
  if (!current_run().dprint_enabled) return;
  KernelInstance& k = current();
  std::string& pending = k.print_buffer;
  const char* end = text + length;
  while (text < end) {
    const char* nl = static_cast<const char*>(std::memchr(text, '\n', size_t(end - text)));
    if (nl == nullptr) {
      pending.append(text, end);
      return;
    }
    if (pending.empty()) {
      print_line(text, size_t(nl - text));
    } else {
      pending.append(text, nl);
      print_line(pending.data(), pending.size());
      pending.clear();
    }
    text = nl + 1;
  }
}

}  // namespace zyxtt::emu::krt_impl
