// The runtime's side of the device worker: starts it (lazily), sends runs,
// watches its progress, and restarts it when a kernel killed it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <unordered_set>

#include "device/emu/sched/scheduler.h"
#include "device/emu/worker/frame_io.h"
#include "device/emu/worker/run_job.h"

namespace zyxtt::emu {

class WorkerClient {
 public:
  // `stop_fd` becomes readable when the runtime is asked to stop (-1: none);
  // a run in progress is then abandoned. `regions_fd` is the SharedRegions
  // table; `options` reach each worker once, when it starts.
  WorkerClient(std::string worker_path, std::string arch_name, int dram_fd, int regions_fd,
               const WorkerOptions& options, std::chrono::milliseconds run_timeout, int stop_fd);
  ~WorkerClient();
  WorkerClient(const WorkerClient&) = delete;
  WorkerClient& operator=(const WorkerClient&) = delete;

  // Runs `job` (without its program); `program` gives the program the first
  // time this worker runs job.program_id. Throws Error for a run that
  // failed, crashed or stalled.
  void run(RunJob& job, const std::function<ProgramSpec()>& program, const std::string& what);

 private:
  void start();
  void stop();
  std::string whereabouts(int crashed_thread) const;

  std::string worker_path_;
  std::string arch_name_;
  int dram_fd_;
  int regions_fd_;
  WorkerOptions options_;
  std::chrono::milliseconds run_timeout_;
  int stop_fd_;
  pid_t pid_ = -1;
  int socket_ = -1;
  int control_fd_ = -1;
  ControlBlock* control_ = nullptr;
  std::unique_ptr<FrameReader> reader_;
  std::unordered_set<uint64_t> programs_;  // program ids the running worker holds
};

}  // namespace zyxtt::emu
