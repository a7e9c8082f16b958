// DistributedContext over MPI (OpenMPI): one context per MPI communicator.
// Internal to libtt_metal; the public header stays free of mpi.h.
#pragma once

#include <mpi.h>

#include <optional>
#include <string>
#include <vector>
#include <tt-metalium/distributed_context.hpp>

namespace tt::tt_metal::distributed::multihost {

class MpiException final : public DistributedException {
 public:
  MpiException(Rank rank, int error_code, const std::string& call);
  Rank rank() const noexcept override { return rank_; }
  int error_code() const noexcept override { return error_code_; }
  const std::string& message() const noexcept override { return message_; }
  const std::string& error_string() const noexcept override { return error_string_; }

 private:
  Rank rank_;
  int error_code_;
  std::string error_string_;
  std::string message_;
};

class MpiRequest final : public Request {
 public:
  explicit MpiRequest(MPI_Request request) : request_(request) {}
  ~MpiRequest() override;
  Status wait() override;
  std::optional<Status> test() override;
  void cancel() override;
  bool active() const override { return !status_ && !cancelled_; }

 private:
  MPI_Request request_;
  std::optional<Status> status_;  // kept, so waiting twice answers the same
  bool cancelled_ = false;
};

// How a launcher split the job (TT_RUN_SUBCONTEXT_ID, TT_RUN_SUBCONTEXT_SIZES):
// sub-context s holds world ranks first_rank[s] .. first_rank[s] + sizes[s] - 1.
struct LauncherSplit {
  std::optional<int> id;  // this rank's sub-context; none when unsplit
  std::vector<int> sizes;
  std::vector<int> first_rank;
};
LauncherSplit read_launcher_split(int world_size);
const LauncherSplit& launcher_split();
void set_launcher_split(LauncherSplit split);

class MpiContext final : public DistributedContext {
 public:
  // Takes ownership of comm (freed at the end unless it is MPI_COMM_WORLD).
  explicit MpiContext(MPI_Comm comm);
  ~MpiContext() override;
  MpiContext(const MpiContext&) = delete;
  MpiContext& operator=(const MpiContext&) = delete;

  Rank rank() const override { return Rank(rank_); }
  Size size() const override { return Size(size_); }
  bool supports_fault_tolerance() const override;

  std::optional<SubcontextId> subcontext_id() const override;
  int subcontext_count() const override;
  Size subcontext_size(SubcontextId subcontext_id) const override;
  tt::stl::Span<const int> subcontext_sizes() const override;
  Rank local_to_world_rank(SubcontextId subcontext_id, Rank local_rank) const override;

  void barrier() const override;
  void send(ttsl::Span<std::byte> buffer, Rank dest, Tag tag) const override;
  void ssend(ttsl::Span<std::byte> buffer, Rank dest, Tag tag) const override;
  void recv(ttsl::Span<std::byte> buffer, Rank source, Tag tag) const override;
  RequestPtr isend(ttsl::Span<std::byte> buffer, Rank dest, Tag tag) const override;
  RequestPtr irecv(ttsl::Span<std::byte> buffer, Rank source, Tag tag) const override;

  void broadcast(ttsl::Span<std::byte> buffer, Rank root) const override;
  void gather(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, Rank root) const override;
  void scatter(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, Rank root) const override;
  void all_gather(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf) const override;
  void all_to_all(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf) const override;
  void all_reduce(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op,
                  DType dtype) const override;
  void reduce(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op, DType dtype,
              Rank root) const override;
  void reduce_scatter(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op,
                      DType dtype) const override;
  void scan(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op,
            DType dtype) const override;
  using DistributedContext::all_reduce;
  using DistributedContext::reduce;
  using DistributedContext::reduce_scatter;
  using DistributedContext::scan;

  ContextPtr duplicate() const override;
  ContextPtr split(Color color, Key key) const override;
  ContextPtr create_sub_context(ttsl::Span<int> ranks) const override;
  void translate_ranks_to_other_ctx(ttsl::Span<int> ranks, const ContextPtr& other_ctx,
                                    ttsl::Span<int> translated_ranks) const override;

  void abort(int error_code) const override;
  void revoke_and_shrink() override;
  bool is_revoked() override;
  std::size_t snoop_incoming_msg_size(Rank source, Tag tag) const override;

  MPI_Comm comm() const { return comm_; }

 private:
  void check(int rc, const char* call) const;
  void adopt(MPI_Comm comm);

  MPI_Comm comm_ = MPI_COMM_NULL;
  MPI_Group group_ = MPI_GROUP_NULL;
  int rank_ = 0;
  int size_ = 0;
};

// Starts MPI once per process (threads may call it: MPI_THREAD_MULTIPLE) and
// arranges its end at exit; leaves MPI alone if the program started it itself.
void start_mpi(int argc, char** argv);

}  // namespace tt::tt_metal::distributed::multihost
