// stdout: answers and keep-alive lines only. While a command runs longer
// than `first_after`, a background thread prints
// "# zyx-tt-runtime: <what> (<s> s)" every `every`, and keeps the 200 ms gap
// that zyx's buffered reader needs between such a line and the answer.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace zyxtt::server {

struct KeepAliveTiming {
  std::chrono::milliseconds first_after{2000};
  std::chrono::milliseconds every{4000};
  std::chrono::milliseconds gap{200};
};

class OutputChannel {
 public:
  OutputChannel(int fd, KeepAliveTiming timing);
  ~OutputChannel();
  OutputChannel(const OutputChannel&) = delete;
  OutputChannel& operator=(const OutputChannel&) = delete;

  // A command starts; `what` names it in keep-alive lines.
  void begin(std::string what);
  // Updates the description of the running command.
  void describe(std::string what);
  // Ends the command with its answer, written as one line in one write.
  void answer(const std::string& line);

 private:
  using Clock = std::chrono::steady_clock;
  void keep_alive_loop();
  void write_all(const std::string& text);

  int fd_;
  KeepAliveTiming timing_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool busy_ = false;
  bool quit_ = false;
  std::string what_;
  Clock::time_point started_;
  Clock::time_point next_due_;
  Clock::time_point last_line_;
  bool printed_ = false;
  std::thread thread_;
};

}  // namespace zyxtt::server
