#include "common/lasting_thread.h"

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

namespace zyxtt {
namespace {

struct Job {
  const std::function<void()>* work;
  std::exception_ptr failure;
  bool done = false;
};

// Never destroyed: the thread may still wait on it while statics go away.
struct LastingThread {
  std::mutex mutex;
  std::condition_variable wake;
  std::deque<Job*> jobs;

  LastingThread() {
    std::thread([this] {
      for (;;) {
        std::unique_lock lock(mutex);
        wake.wait(lock, [this] { return !jobs.empty(); });
        Job* job = jobs.front();
        jobs.pop_front();
        lock.unlock();
        try {
          (*job->work)();
        } catch (...) {
          job->failure = std::current_exception();
        }
        lock.lock();
        job->done = true;
        wake.notify_all();
      }
    }).detach();
  }
};

LastingThread& lasting_thread() {
  static LastingThread* thread = new LastingThread;
  return *thread;
}

}  // namespace

void run_on_lasting_thread(const std::function<void()>& work) {
  LastingThread& t = lasting_thread();
  Job job{&work, nullptr};
  std::unique_lock lock(t.mutex);
  t.jobs.push_back(&job);
  t.wake.notify_all();
  t.wake.wait(lock, [&] { return job.done; });
  lock.unlock();
  if (job.failure) std::rethrow_exception(job.failure);
}

}  // namespace zyxtt
