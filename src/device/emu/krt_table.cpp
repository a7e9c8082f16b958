#include "device/emu/krt_table.h"

#include "device/emu/krt_impl.h"

namespace zyxtt::emu {

const zyxtt_krt_table& krt_table() {
  static const zyxtt_krt_table table = [] {
    zyxtt_krt_table t{};
    t.size = sizeof(zyxtt_krt_table);
    t.version = krt::kKrtAbiVersion;
#define ZYXTT_KRT_BIND(ret, name, params, args) t.name = &krt_impl::name;
    ZYXTT_KRT_CALLS(ZYXTT_KRT_BIND)
#undef ZYXTT_KRT_BIND
    return t;
  }();
  return table;
}

}  // namespace zyxtt::emu
