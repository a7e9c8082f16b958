// The runtime's side of the device worker: starts it (lazily), sends runs,
// watches its progress, and restarts it when a kernel killed it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <list>
#include <unordered_map>
#include <vector>

#include "device/emu/cluster_memory.h"
#include "device/emu/sched/scheduler.h"
#include "device/emu/worker/frame_io.h"
#include "device/emu/worker/run_job.h"

namespace zyxtt::emu {

// Programs a worker keeps; the runtime tells it which to drop.
inline constexpr size_t kWorkerPrograms = 256;

class WorkerClient {
 public:
  // `stop_fd` becomes readable when the runtime is asked to stop (-1: none);
  // a run in progress is then abandoned. `l1_fd` holds the cores' L1, `regions_fd` is the SharedRegions
  // table; `options` reach each worker once, when it starts.
  WorkerClient(std::string worker_path, std::string arch_name, int dram_fd, int l1_fd, int regions_fd,
               const WorkerOptions& options, std::chrono::milliseconds run_timeout, int stop_fd);
  ~WorkerClient();
  WorkerClient(const WorkerClient&) = delete;
  WorkerClient& operator=(const WorkerClient&) = delete;

  // Limits the private memory of workers started from now on (0: none).
  void set_memory_limit(uint64_t bytes) { memory_limit_ = bytes; }
  // Bounds a run's whole time, progress or not (--max-run-time; 0: none).
  void set_max_run_time(std::chrono::milliseconds limit) { max_run_time_ = limit; }
  // Makes the worker chip `chip` of `cluster` (interconnect.h): it gets
  // every chip's memory and the link block, and runs mark its slot of the
  // link block busy (the chip's own, or a sub-device lane's: lane_slot).
  void set_cluster(std::shared_ptr<ClusterMemory> cluster, uint32_t slot) {
    cluster_ = std::move(cluster);
    slot_ = slot;
  }

  // Runs `job` (without its program); `program` gives the program the first
  // time this worker runs job.program_id. Throws Error for a run that
  // failed, crashed or stalled.
  void run(RunJob& job, const std::function<ProgramSpec()>& program, const std::string& what);
  // What the last run recorded when the worker traces (WorkerOptions::trace),
  // whether it succeeded or failed; empty when the worker died.
  std::vector<TraceRecord> take_trace(uint64_t& dropped) {
    dropped = trace_dropped_;
    return std::move(trace_);
  }
  // The profiler marker sites those records index (RunOutcome::profile_sites).
  std::vector<std::string> take_profile_sites() { return std::move(profile_sites_); }
  // The last run's model time in cycles (timing/model.h); 0 when the worker died.
  uint64_t model_cycles() const { return model_cycles_; }

 private:
  void start();
  void stop();
  // Before the watchdog stops a traced run: asks the worker for its records.
  void take_records_of_stopped_run();
  void reap_if_died_idle();
  // Sends `job` and waits; the worker's wait status when it died meanwhile.
  std::optional<int> run_once(RunJob& job, const std::function<ProgramSpec()>& program, const std::string& what);
  // "core (x=.., y=..) role" of the kernel a thread was running, "" for none.
  std::string whereabouts(int crashed_thread) const;
  [[noreturn]] void report_death(int status, const std::string& what);
  std::string l1_address_hint(int status) const;

  std::string worker_path_;
  std::string arch_name_;
  int dram_fd_;
  int l1_fd_;
  int regions_fd_;
  WorkerOptions options_;
  std::chrono::milliseconds run_timeout_;
  std::chrono::milliseconds max_run_time_{0};
  int stop_fd_;
  uint64_t memory_limit_ = 0;
  std::shared_ptr<ClusterMemory> cluster_;
  uint32_t slot_ = 0;
  pid_t pid_ = -1;
  int socket_ = -1;
  int control_fd_ = -1;
  ControlBlock* control_ = nullptr;
  std::unique_ptr<FrameReader> reader_;
  // Program ids the running worker holds, most recently run first: at most
  // kWorkerPrograms, so that a long-lived worker's program table stays bounded.
  std::list<uint64_t> programs_;
  std::unordered_map<uint64_t, std::list<uint64_t>::iterator> program_slots_;
  std::vector<TraceRecord> trace_;
  uint64_t trace_dropped_ = 0;
  std::vector<std::string> profile_sites_;
  uint64_t model_cycles_ = 0;
};

}  // namespace zyxtt::emu
