// The client is gone when it has closed our stdin and nothing it sent is left
// unread. A thread waits for that and then calls `on_gone` once, so that a run
// or compile in progress ends at once (the runtime treats it as SIGTERM)
// instead of running on for a client that will never read the answer. Input
// that cannot hang up (a regular file, /dev/null) never triggers it.
#pragma once

#include <functional>
#include <thread>

#include "server/input_reader.h"

namespace zyxtt::server {

class HangupWatch {
 public:
  HangupWatch(int fd, const InputReader& reader, std::function<void()> on_gone);
  ~HangupWatch();
  HangupWatch(const HangupWatch&) = delete;
  HangupWatch& operator=(const HangupWatch&) = delete;

 private:
  void watch();

  int fd_;
  const InputReader& reader_;
  std::function<void()> on_gone_;
  int quit_[2] = {-1, -1};
  std::thread thread_;
};

}  // namespace zyxtt::server
