#include "device/emu/sched/progress.h"

namespace zyxtt::emu {
namespace {
// Where counts go outside a scheduler thread (unit tests calling the kernel
// runtime directly); atomic, so several such threads may share it.
std::atomic<uint64_t> g_progress_sink{0};
}  // namespace

constinit thread_local std::atomic<uint64_t>* t_progress = &g_progress_sink;

void stop_counting_progress() { t_progress = &g_progress_sink; }

}  // namespace zyxtt::emu
