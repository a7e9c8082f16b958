// Runs work on one thread that lasts as long as the process. Children started
// there outlive the thread that asked for them: PR_SET_PDEATHSIG (the device
// worker's tie to the runtime) fires when the thread that forked a child ends,
// not its process, and a mesh's chips run on short-lived threads.
#pragma once

#include <functional>

namespace zyxtt {

// Runs `work` there and returns when it is done; what it throws is thrown here.
void run_on_lasting_thread(const std::function<void()>& work);

}  // namespace zyxtt
