// DistributedContext's process-wide part: starting MPI, the world and current
// contexts, the launcher's split of the job, and ending the job when a rank fails.
#include <tt-metalium/distributed_context.hpp>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <sstream>
#include <tt_stl/assert.hpp>

#include "metalium/mpi_context.h"

namespace tt::tt_metal::distributed::multihost {

namespace {

std::mutex contexts_mutex;
ContextPtr world_context;    // MPI_COMM_WORLD
ContextPtr current_context;  // what get_current_world() answers
LauncherSplit the_launcher_split;

std::terminate_handler previous_terminate = nullptr;

// Ranks of a job of more than one; none when MPI is not running.
std::optional<std::pair<int, int>> rank_and_size_of_job() {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (!initialized || finalized) return std::nullopt;
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size < 2) return std::nullopt;
  return std::pair{rank, size};
}

// An uncaught exception on one rank would leave the others waiting for it
// forever: end the whole job, saying which rank failed and why.
[[noreturn]] void end_job_on_terminate() {
  if (auto job = rank_and_size_of_job()) {
    std::string reason = "no exception";
    if (auto e = std::current_exception()) {
      try {
        std::rethrow_exception(e);
      } catch (const std::exception& ex) {
        reason = ex.what();
      } catch (...) {
        reason = "an exception that is not a std::exception";
      }
    }
    std::fprintf(stderr, "zyx-tt: rank %d of %d ends the job: uncaught exception: %s\n", job->first, job->second,
                 reason.c_str());
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (previous_terminate) previous_terminate();
  std::abort();
}

// At exit: MPI_Finalize waits for every rank, so a rank that fails (non-zero
// status) while others wait for its messages must end the job instead.
void end_mpi(int status, void*) {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized) return;
  if (auto job = rank_and_size_of_job(); job && status != 0) {
    std::fprintf(stderr, "zyx-tt: rank %d of %d ends the job: it exits with status %d\n", job->first, job->second,
                 status);
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, status);
  }
  MPI_Finalize();
}

}  // namespace

void start_mpi(int argc, char** argv) {
  static std::once_flag once;
  std::call_once(once, [&] {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (initialized) return;  // the program's own MPI: it also ends it
    int provided = 0;
    const int rc = argv ? MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided)
                        : MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &provided);
    TT_FATAL(rc == MPI_SUCCESS, "MPI_Init_thread failed with code {}", rc);
    on_exit(end_mpi, nullptr);
    previous_terminate = std::set_terminate(end_job_on_terminate);
  });
}

LauncherSplit read_launcher_split(int world_size) {
  LauncherSplit split;
  const char* id = std::getenv("TT_RUN_SUBCONTEXT_ID");
  if (id == nullptr || *id == '\0') {
    split.sizes = {world_size};
    split.first_rank = {0};
    return split;
  }
  const char* sizes = std::getenv("TT_RUN_SUBCONTEXT_SIZES");
  TT_FATAL(sizes != nullptr && *sizes != '\0', "TT_RUN_SUBCONTEXT_ID is set without TT_RUN_SUBCONTEXT_SIZES");
  try {
    split.id = std::stoi(id);
    std::stringstream list(sizes);
    for (std::string item; std::getline(list, item, ',');) split.sizes.push_back(std::stoi(item));
  } catch (const std::logic_error&) {
    TT_THROW("TT_RUN_SUBCONTEXT_ID={} or TT_RUN_SUBCONTEXT_SIZES={} is not integers", id, sizes);
  }
  int total = 0;
  for (int size : split.sizes) {
    TT_FATAL(size > 0, "TT_RUN_SUBCONTEXT_SIZES={} holds a size below 1", sizes);
    split.first_rank.push_back(total);
    total += size;
  }
  TT_FATAL(*split.id >= 0 && *split.id < static_cast<int>(split.sizes.size()),
           "TT_RUN_SUBCONTEXT_ID={} names none of the {} sub-contexts", *split.id, split.sizes.size());
  TT_FATAL(total == world_size, "TT_RUN_SUBCONTEXT_SIZES={} adds up to {} ranks; the job has {}", sizes, total,
           world_size);
  return split;
}

const LauncherSplit& launcher_split() { return the_launcher_split; }
void set_launcher_split(LauncherSplit split) { the_launcher_split = std::move(split); }

void DistributedContext::create(int argc, char** argv) {
  std::lock_guard lock(contexts_mutex);
  if (current_context) return;
  start_mpi(argc, argv);
  auto world = std::make_shared<MpiContext>(MPI_COMM_WORLD);
  set_launcher_split(read_launcher_split(*world->size()));
  const auto& split = launcher_split();
  if (split.id) {
    current_context = world->split(Color(*split.id), Key(*world->rank()));
    TT_FATAL(*current_context->size() == split.sizes[*split.id], "sub-context {} holds {} ranks, not {}",
             *split.id, *current_context->size(), split.sizes[*split.id]);
  } else {
    // A copy of the world, so the program's messages never match those of
    // code that talks on MPI_COMM_WORLD itself.
    current_context = world->duplicate();
  }
  world_context = std::move(world);
}

const ContextPtr& DistributedContext::get_current_world() {
  if (!current_context) create(0, nullptr);
  return current_context;
}

ContextPtr DistributedContext::get_world_context() {
  if (!world_context) create(0, nullptr);
  return world_context;
}

void DistributedContext::set_current_world(const ContextPtr& ctx) {
  TT_FATAL(dynamic_cast<const MpiContext*>(ctx.get()) != nullptr,
           "set_current_world takes a context of this library's (MPI), not {}", ctx ? "another kind" : "none");
  std::lock_guard lock(contexts_mutex);
  current_context = ctx;
}

bool DistributedContext::is_initialized() {
  int initialized = 0;
  MPI_Initialized(&initialized);
  return initialized != 0;
}

DistributedContextId DistributedContext::id() const { return id_; }

DistributedContextId DistributedContext::generate_unique_id() {
  static int next = 0;
  return DistributedContextId(next++);
}

// An unsplit job: one sub-context, this one.
Size DistributedContext::subcontext_size(SubcontextId subcontext_id) const {
  TT_FATAL(*subcontext_id == 0, "sub-context {} of an unsplit job", *subcontext_id);
  return size();
}

tt::stl::Span<const int> DistributedContext::subcontext_sizes() const {
  thread_local int one_size = 0;
  one_size = *size();
  return {&one_size, 1};
}

Rank DistributedContext::local_to_world_rank(SubcontextId subcontext_id, Rank local_rank) const {
  TT_FATAL(*subcontext_id == 0, "sub-context {} of an unsplit job", *subcontext_id);
  TT_FATAL(*local_rank >= 0 && *local_rank < *size(), "rank {} of {}", *local_rank, *size());
  return local_rank;
}

}  // namespace tt::tt_metal::distributed::multihost
