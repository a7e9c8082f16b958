// The FIFO behind TT-Metalium's command queues (src/metalium/command_queue_executor.h).
// Commands here wait on promises the test fulfils, so nothing depends on timing.
#include "metalium/command_queue_executor.h"

#include <gtest/gtest.h>

#include "scoped_env.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <future>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using zyxtt::metalium::CommandQueueExecutor;

std::string failure_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no throw";
}

TEST(CommandQueueExecutor, ABlockingCommandOnAnIdleQueueRunsOnTheCallersThread) {
  CommandQueueExecutor queue;
  std::thread::id ran_on;
  queue.enqueue([&] { ran_on = std::this_thread::get_id(); }, true);
  EXPECT_EQ(ran_on, std::this_thread::get_id());
}

TEST(CommandQueueExecutor, ANonBlockingEnqueueReturnsBeforeItsCommandRunsAndCommandsKeepTheirOrder) {
  CommandQueueExecutor queue;
  std::promise<void> gate;
  std::shared_future<void> open = gate.get_future().share();
  std::vector<int> order;
  queue.enqueue([&, open] { open.wait(); order.push_back(1); }, false);
  const uint64_t first = queue.mark();
  queue.enqueue([&] { order.push_back(2); }, false);
  const uint64_t second = queue.mark();
  EXPECT_FALSE(queue.reached(first));  // held by the gate: the enqueue returned without it
  EXPECT_FALSE(queue.run_if_idle([&] { order.push_back(99); }));
  gate.set_value();
  queue.wait_for(second);
  EXPECT_TRUE(queue.reached(first));
  // A blocking command behind queued ones waits for them.
  queue.enqueue([&] { order.push_back(3); }, true);
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3}));
  EXPECT_TRUE(queue.run_if_idle([&] { order.push_back(4); }));
  EXPECT_EQ(order.back(), 4);
}

// tt-metal's slow dispatch runs each command before the enqueue returns
// (test_banked reads non-blocking and compares at once).
TEST(CommandQueueExecutor, InSlowDispatchEveryEnqueueHasRunWhenItReturns) {
  const test_support::ScopedEnv slow("TT_METAL_SLOW_DISPATCH_MODE", "1");
  CommandQueueExecutor queue;
  std::vector<int> order;
  queue.enqueue([&] { std::this_thread::sleep_for(std::chrono::milliseconds(50)); order.push_back(1); }, false);
  EXPECT_EQ(order, std::vector<int>{1});
  queue.enqueue([&] { order.push_back(2); }, false);
  EXPECT_EQ(order, (std::vector<int>{1, 2}));
  slow.set(std::nullopt);
  std::promise<void> gate;
  std::shared_future<void> open = gate.get_future().share();
  queue.enqueue([&, open] { open.wait(); order.push_back(3); }, false);
  EXPECT_EQ(order.size(), 2u);  // fast dispatch: returned before it ran
  gate.set_value();
  queue.finish();
  EXPECT_EQ(order.back(), 3);
}

// Whether a non-blocking enqueue of `queue` returned before its command ran
// (the command waits for a gate opened only after the enqueue returned).
bool returns_before_running(CommandQueueExecutor& queue) {
  std::promise<void> gate;
  std::shared_future<void> open = gate.get_future().share();
  std::atomic<bool> ran = false;
  std::thread opener;
  // In slow dispatch the enqueue runs the command before it returns, so the
  // gate must open from elsewhere: a thread opens it after a while.
  opener = std::thread([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    gate.set_value();
  });
  queue.enqueue([&, open] { open.wait(); ran = true; }, false);
  const bool early = !ran;
  queue.finish();
  opener.join();
  return early;
}

// A fast-dispatch session (experimental::DispatchContext) in a slow-dispatch
// process makes enqueues return at once; asynchronous slow dispatch does so
// for one queue; neither outlives what opened it.
TEST(CommandQueueExecutor, AFastDispatchSessionAndAsynchronousSlowDispatchLetEnqueuesReturnEarly) {
  const test_support::ScopedEnv slow("TT_METAL_SLOW_DISPATCH_MODE", "1");
  CommandQueueExecutor queue;
  EXPECT_TRUE(zyxtt::metalium::slow_dispatch());
  EXPECT_FALSE(returns_before_running(queue));
  zyxtt::metalium::set_fast_dispatch_session(true);
  EXPECT_FALSE(zyxtt::metalium::slow_dispatch());
  EXPECT_TRUE(returns_before_running(queue));
  zyxtt::metalium::set_fast_dispatch_session(false);
  EXPECT_FALSE(returns_before_running(queue));
  queue.set_asynchronous_slow_dispatch(true);
  EXPECT_TRUE(returns_before_running(queue));
  CommandQueueExecutor other;
  EXPECT_FALSE(returns_before_running(other));
  queue.set_asynchronous_slow_dispatch(false);
  EXPECT_FALSE(returns_before_running(queue));
}

TEST(CommandQueueExecutor, AFailureIsThrownOnceByFinishAndLaterCommandsStillRun) {
  CommandQueueExecutor queue;
  bool later = false;
  queue.enqueue([] { throw std::runtime_error("core (2, 3) faulted"); }, false);
  queue.enqueue([] { throw std::runtime_error("a second failure"); }, false);
  queue.enqueue([&] { later = true; }, false);
  EXPECT_EQ(failure_of([&] { queue.finish(); }), "core (2, 3) faulted");
  EXPECT_TRUE(later);
  EXPECT_EQ(failure_of([&] { queue.finish(); }), "no throw");
}

TEST(CommandQueueExecutor, TheNextBlockingCallThrowsAnEarlierFailureAfterItsOwnCommandRan) {
  CommandQueueExecutor queue;
  std::promise<void> gate;
  std::shared_future<void> open = gate.get_future().share();
  queue.enqueue([open] { open.wait(); throw std::runtime_error("the queued run failed"); }, false);
  bool own = false;
  std::thread release([&] { gate.set_value(); });
  EXPECT_EQ(failure_of([&] { queue.enqueue([&] { own = true; }, true); }), "the queued run failed");
  release.join();
  EXPECT_TRUE(own);
  EXPECT_EQ(failure_of([&] { queue.enqueue([] { throw std::runtime_error("inline"); }, true); }), "inline");
}

TEST(CommandQueueExecutor, AWaiterHoldsAnotherQueueUntilTheMarkIsReached) {
  CommandQueueExecutor first;
  CommandQueueExecutor second;
  std::promise<void> gate;
  std::shared_future<void> open = gate.get_future().share();
  int value = 0;
  first.enqueue([&, open] { open.wait(); value = 10; }, false);
  const uint64_t written = first.mark();
  second.enqueue(first.waiter(written), false);
  second.enqueue([&] { value += 1; }, false);
  const uint64_t incremented = second.mark();
  EXPECT_FALSE(second.reached(incremented));
  gate.set_value();
  second.finish();
  EXPECT_EQ(value, 11);
  EXPECT_TRUE(first.reached(written));
}

TEST(CommandQueueExecutor, DrainRunsWhatIsQueuedAndHandsBackTheFailure) {
  CommandQueueExecutor queue;
  int runs = 0;
  queue.enqueue([&] { ++runs; }, false);
  queue.enqueue([] { throw std::runtime_error("unreported"); }, false);
  std::exception_ptr failure = queue.drain();
  EXPECT_EQ(runs, 1);
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure_of([&] { std::rethrow_exception(failure); }), "unreported");
  queue.enqueue([&] { ++runs; }, false);  // a drained queue starts again
  queue.finish();
  EXPECT_EQ(runs, 2);
}

TEST(CommandQueueExecutor, ACommandMayDestroyItsOwnQueue) {
  auto queue = std::make_shared<CommandQueueExecutor>();
  std::promise<void> done;
  std::future<void> finished = done.get_future();
  std::promise<void> gate;
  std::shared_future<void> open = gate.get_future().share();
  // The command holds the last reference: its destruction, on the queue's own thread, ends the queue.
  queue->enqueue([held = queue, open] { open.wait(); }, false);
  queue->enqueue([&] { done.set_value(); }, false);
  queue.reset();
  gate.set_value();
  finished.wait();  // the command queued after it still ran
  SUCCEED();
}

}  // namespace
