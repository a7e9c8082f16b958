#include "metalium/command_queue_executor.h"

#include <cstdlib>
#include <utility>

namespace zyxtt::metalium {

CommandQueueExecutor::CommandQueueExecutor() : state_(std::make_shared<State>()) {}

CommandQueueExecutor::~CommandQueueExecutor() {
  std::unique_lock lock(state_->mutex);
  stop_thread(lock);
}

void CommandQueueExecutor::stop_thread(std::unique_lock<std::mutex>& lock) {
  state_->stop = true;
  state_->changed.notify_all();
  lock.unlock();
  if (thread_.joinable()) {
    // The thread itself gets here when its command held the last reference
    // to the queue's device: it finishes what is queued on its own.
    if (thread_.get_id() == std::this_thread::get_id()) {
      thread_.detach();
    } else {
      thread_.join();
    }
  }
  lock.lock();
}

void CommandQueueExecutor::run_one(State& s, std::unique_lock<std::mutex>& lock, Command command) {
  s.busy = true;
  lock.unlock();
  std::exception_ptr failed;
  try {
    command();
  } catch (...) {
    failed = std::current_exception();
  }
  command = nullptr;  // what it held goes now, outside the lock
  lock.lock();
  if (failed && !s.failure) s.failure = failed;
  s.busy = false;
  ++s.completed;
  s.changed.notify_all();
}

void CommandQueueExecutor::loop(const std::shared_ptr<State>& state) {
  State& s = *state;
  std::unique_lock lock(s.mutex);
  for (;;) {
    s.changed.wait(lock, [&] { return !s.busy && (!s.commands.empty() || s.stop); });
    if (s.commands.empty()) return;
    Command command = std::move(s.commands.front());
    s.commands.pop_front();
    run_one(s, lock, std::move(command));
  }
}

void CommandQueueExecutor::rethrow_failure(State& s) {
  if (!s.failure) return;
  std::exception_ptr failure = std::exchange(s.failure, nullptr);
  std::rethrow_exception(failure);
}

namespace {
std::atomic<bool> fast_dispatch_session = false;
}  // namespace

bool slow_dispatch() {
  if (fast_dispatch_session) return false;
  const char* slow = std::getenv("TT_METAL_SLOW_DISPATCH_MODE");
  return slow != nullptr && *slow != '\0';
}
void set_fast_dispatch_session(bool open) { fast_dispatch_session = open; }

void CommandQueueExecutor::enqueue(Command command, bool blocking) {
  if (slow_dispatch() && !async_slow_dispatch_) blocking = true;
  const std::shared_ptr<State> state = state_;  // the command may hold the last reference to this queue's device
  State& s = *state;
  std::unique_lock lock(s.mutex);
  if (blocking && s.commands.empty() && !s.busy) {
    ++s.enqueued;
    run_one(s, lock, std::move(command));
    rethrow_failure(s);
    return;
  }
  s.commands.push_back(std::move(command));
  const uint64_t mine = ++s.enqueued;
  if (!thread_.joinable()) {
    s.stop = false;
    thread_ = std::thread(loop, state_);
  }
  s.changed.notify_all();
  if (!blocking) return;
  s.changed.wait(lock, [&] { return s.completed >= mine; });
  rethrow_failure(s);
}

bool CommandQueueExecutor::run_if_idle(const Command& command) {
  const std::shared_ptr<State> state = state_;
  State& s = *state;
  std::unique_lock lock(s.mutex);
  if (!s.commands.empty() || s.busy) return false;
  ++s.enqueued;
  run_one(s, lock, command);
  return true;
}

void CommandQueueExecutor::finish() {
  State& s = *state_;
  std::unique_lock lock(s.mutex);
  const uint64_t all = s.enqueued;
  s.changed.wait(lock, [&] { return s.completed >= all; });
  rethrow_failure(s);
}

std::exception_ptr CommandQueueExecutor::drain() {
  std::unique_lock lock(state_->mutex);
  state_->changed.wait(lock, [&] { return state_->completed >= state_->enqueued; });
  stop_thread(lock);
  thread_ = std::thread();
  return std::exchange(state_->failure, nullptr);
}

uint64_t CommandQueueExecutor::mark() const {
  std::lock_guard lock(state_->mutex);
  return state_->enqueued;
}

bool CommandQueueExecutor::reached(uint64_t mark) const {
  std::lock_guard lock(state_->mutex);
  return state_->completed >= mark;
}

void CommandQueueExecutor::wait_for(uint64_t mark) const {
  std::unique_lock lock(state_->mutex);
  state_->changed.wait(lock, [&] { return state_->completed >= mark; });
}

CommandQueueExecutor::Command CommandQueueExecutor::waiter(uint64_t mark) const {
  return [state = state_, mark] {
    std::unique_lock lock(state->mutex);
    state->changed.wait(lock, [&] { return state->completed >= mark; });
  };
}

}  // namespace zyxtt::metalium
