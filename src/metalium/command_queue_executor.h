// One command queue's FIFO: commands run in the order they were enqueued, on
// a thread of the queue's own (started at the first command that has to
// wait), as a card's command queue runs them after the host moved on.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace zyxtt::metalium {

// tt-metal's dispatch mode: slow while TT_METAL_SLOW_DISPATCH_MODE is set,
// except during a fast-dispatch session experimental::DispatchContext opened.
bool slow_dispatch();
void set_fast_dispatch_session(bool open);

class CommandQueueExecutor {
 public:
  using Command = std::function<void()>;

  CommandQueueExecutor();
  // Runs what is queued, then stops the thread.
  ~CommandQueueExecutor();
  CommandQueueExecutor(const CommandQueueExecutor&) = delete;
  CommandQueueExecutor& operator=(const CommandQueueExecutor&) = delete;

  // Runs `command` after every command enqueued before it. A blocking
  // enqueue waits for it, then throws the first failure of this queue not
  // yet reported; on an idle queue it runs on the caller's thread (no thread
  // hop for the common blocking call). A command that fails is kept, not
  // lost: the next blocking call or finish() throws it. In tt-metal's slow
  // dispatch (TT_METAL_SLOW_DISPATCH_MODE set) every enqueue blocks, as there
  // the host runs each command before it returns.
  // tt-metal's asynchronous slow dispatch (experimental::DispatchContext)
  // lets this queue's enqueues in slow dispatch return before they ran.
  void enqueue(Command command, bool blocking);
  void set_asynchronous_slow_dispatch(bool on) { async_slow_dispatch_ = on; }
  bool asynchronous_slow_dispatch() const { return async_slow_dispatch_; }
  // Runs `command` on the caller's thread if nothing is queued or running,
  // as the queue would have run it next, and returns true; else false and
  // does nothing. A failure is kept as for a queued command.
  bool run_if_idle(const Command& command);
  // Waits for everything enqueued so far; throws the first failure not yet reported.
  void finish();
  // Waits for everything enqueued and stops the thread (a later enqueue starts
  // it again); returns the failure not yet reported, if any, instead of throwing.
  std::exception_ptr drain();

  // Where the queue stands: a mark taken now is reached once every command
  // enqueued before it has run (an event recorded now).
  uint64_t mark() const;
  bool reached(uint64_t mark) const;
  void wait_for(uint64_t mark) const;
  // A command, for another queue, that waits until this queue reached `mark`.
  Command waiter(uint64_t mark) const;

 private:
  struct State {
    mutable std::mutex mutex;
    mutable std::condition_variable changed;  // a command queued or done, or stop
    std::deque<Command> commands;
    uint64_t enqueued = 0;
    uint64_t completed = 0;  // in order: command n has run once completed >= n
    bool busy = false;       // a command runs (the thread's, or inline on a caller's)
    bool stop = false;
    std::exception_ptr failure;  // the first not yet reported
  };
  static void loop(const std::shared_ptr<State>& state);
  // Runs `command` on this thread; records its completion (and failure).
  static void run_one(State& s, std::unique_lock<std::mutex>& lock, Command command);
  void stop_thread(std::unique_lock<std::mutex>& lock);
  static void rethrow_failure(State& s);

  // Shared with the thread, which may outlive this object when the last
  // command's destruction destroys the queue's device (then it is detached).
  std::shared_ptr<State> state_;
  std::thread thread_;
  std::atomic<bool> async_slow_dispatch_ = false;
};

}  // namespace zyxtt::metalium
