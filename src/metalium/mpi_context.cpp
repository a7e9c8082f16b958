#include "metalium/mpi_context.h"

#include <mpi-ext.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <tt_stl/assert.hpp>

// OpenMPI declares the ULFM extension (revoke, shrink) in mpi-ext.h only when
// built with it; Debian's 4.1 is not.
#if defined(OPEN_MPI) && defined(MPIX_ERR_PROC_FAILED)
#define ZYXTT_MPI_ULFM 1
#else
#define ZYXTT_MPI_ULFM 0
#endif

namespace tt::tt_metal::distributed::multihost {

namespace {

int world_rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

int world_size() {
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

bool mpi_finalized() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  return finalized != 0;
}

MPI_Op mpi_op(ReduceOp op) {
  switch (op) {
    case ReduceOp::SUM: return MPI_SUM;
    case ReduceOp::MAX: return MPI_MAX;
    case ReduceOp::MIN: return MPI_MIN;
    case ReduceOp::PROD: return MPI_PROD;
    case ReduceOp::LAND: return MPI_LAND;
    case ReduceOp::LOR: return MPI_LOR;
    case ReduceOp::BAND: return MPI_BAND;
    case ReduceOp::BOR: return MPI_BOR;
  }
  TT_THROW("unknown ReduceOp {}", static_cast<int>(op));
}

MPI_Datatype mpi_type(DType type) {
  switch (type) {
    case DType::INT8: return MPI_INT8_T;
    case DType::UINT8: return MPI_UINT8_T;
    case DType::INT16: return MPI_INT16_T;
    case DType::UINT16: return MPI_UINT16_T;
    case DType::INT32: return MPI_INT32_T;
    case DType::UINT32: return MPI_UINT32_T;
    case DType::INT64: return MPI_INT64_T;
    case DType::UINT64: return MPI_UINT64_T;
    case DType::FLOAT32: return MPI_FLOAT;
    case DType::FLOAT64: return MPI_DOUBLE;
    case DType::BOOL: return MPI_C_BOOL;
    case DType::BYTE: return MPI_BYTE;
    case DType::COMPLEX_FLOAT: return MPI_C_FLOAT_COMPLEX;
    case DType::COMPLEX_DOUBLE: return MPI_C_DOUBLE_COMPLEX;
  }
  TT_THROW("unknown DType {}", static_cast<int>(type));
}

// MPI counts are ints.
int count_of(std::size_t bytes, const char* what) {
  TT_FATAL(bytes <= static_cast<std::size_t>(INT_MAX), "{}: {} bytes is more than MPI counts", what, bytes);
  return static_cast<int>(bytes);
}

// Elements of `type` in `bytes`, which must be a whole number of them.
int elements_of(std::size_t bytes, DType type, const char* what) {
  int element = 0;
  MPI_Type_size(mpi_type(type), &element);
  TT_FATAL(bytes % element == 0, "{}: {} bytes are not whole elements of {} bytes", what, bytes, element);
  return count_of(bytes / element, what);
}

bool same_buffer(ttsl::Span<std::byte> a, ttsl::Span<std::byte> b) { return a.data() == b.data(); }

Status status_of(const MPI_Status& s) {
  int count = 0;
  MPI_Get_count(&s, MPI_BYTE, &count);
  return Status{Rank(s.MPI_SOURCE), Tag(s.MPI_TAG), count};
}

}  // namespace

MpiException::MpiException(Rank rank, int error_code, const std::string& call) :
    rank_(rank), error_code_(error_code) {
  char text[MPI_MAX_ERROR_STRING] = {};
  int length = 0;
  MPI_Error_string(error_code, text, &length);
  error_string_.assign(text, length);
  message_ = "rank " + std::to_string(*rank) + ": " + call + " failed: " + error_string_;
}

/* ------------------------------- requests ------------------------------ */

MpiRequest::~MpiRequest() {
  // A request dropped in flight completes on its own; MPI must not keep the handle.
  if (request_ != MPI_REQUEST_NULL && !mpi_finalized()) MPI_Request_free(&request_);
}

Status MpiRequest::wait() {
  if (status_ || cancelled_) return status_.value_or(Status{});
  MPI_Status s{};
  int rc = MPI_Wait(&request_, &s);
  if (rc != MPI_SUCCESS) throw MpiException(Rank(world_rank()), rc, "MPI_Wait");
  status_ = status_of(s);
  return *status_;
}

std::optional<Status> MpiRequest::test() {
  if (status_ || cancelled_) return status_;
  MPI_Status s{};
  int done = 0;
  int rc = MPI_Test(&request_, &done, &s);
  if (rc != MPI_SUCCESS) throw MpiException(Rank(world_rank()), rc, "MPI_Test");
  if (done) status_ = status_of(s);
  return status_;
}

void MpiRequest::cancel() {
  if (!active()) return;
  int rc = MPI_Cancel(&request_);
  if (rc != MPI_SUCCESS) throw MpiException(Rank(world_rank()), rc, "MPI_Cancel");
  // Waiting completes the cancellation, so the buffer is free again when cancel() returns.
  MPI_Status s{};
  rc = MPI_Wait(&request_, &s);
  if (rc != MPI_SUCCESS) throw MpiException(Rank(world_rank()), rc, "MPI_Wait");
  int was_cancelled = 0;
  MPI_Test_cancelled(&s, &was_cancelled);
  if (was_cancelled) cancelled_ = true;
  else status_ = status_of(s);  // it had completed before the cancel reached it
}

/* ------------------------------- contexts ------------------------------ */

MpiContext::MpiContext(MPI_Comm comm) {
  adopt(comm);
  id_ = generate_unique_id();
}

void MpiContext::adopt(MPI_Comm comm) {
  comm_ = comm;
  // Errors come back as exceptions instead of ending the process.
  MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN);
  check(MPI_Comm_group(comm_, &group_), "MPI_Comm_group");
  check(MPI_Comm_rank(comm_, &rank_), "MPI_Comm_rank");
  check(MPI_Comm_size(comm_, &size_), "MPI_Comm_size");
}

MpiContext::~MpiContext() {
  if (mpi_finalized()) return;
  if (group_ != MPI_GROUP_NULL) MPI_Group_free(&group_);
  if (comm_ != MPI_COMM_WORLD && comm_ != MPI_COMM_NULL) MPI_Comm_free(&comm_);
}

void MpiContext::check(int rc, const char* call) const {
  if (rc != MPI_SUCCESS) throw MpiException(Rank(world_rank()), rc, call);
}

bool MpiContext::supports_fault_tolerance() const { return ZYXTT_MPI_ULFM != 0; }

std::optional<SubcontextId> MpiContext::subcontext_id() const {
  const auto& split = launcher_split();
  if (!split.id) return std::nullopt;
  return SubcontextId(*split.id);
}

int MpiContext::subcontext_count() const { return static_cast<int>(launcher_split().sizes.size()); }

Size MpiContext::subcontext_size(SubcontextId subcontext_id) const {
  const auto& sizes = launcher_split().sizes;
  TT_FATAL(*subcontext_id >= 0 && *subcontext_id < static_cast<int>(sizes.size()),
           "sub-context {} of {}", *subcontext_id, sizes.size());
  return Size(sizes[*subcontext_id]);
}

tt::stl::Span<const int> MpiContext::subcontext_sizes() const { return launcher_split().sizes; }

Rank MpiContext::local_to_world_rank(SubcontextId subcontext_id, Rank local_rank) const {
  const int size = *subcontext_size(subcontext_id);
  TT_FATAL(*local_rank >= 0 && *local_rank < size, "rank {} of sub-context {} holding {}", *local_rank,
           *subcontext_id, size);
  return Rank(launcher_split().first_rank[*subcontext_id] + *local_rank);
}

void MpiContext::barrier() const { check(MPI_Barrier(comm_), "MPI_Barrier"); }

void MpiContext::send(ttsl::Span<std::byte> buffer, Rank dest, Tag tag) const {
  check(MPI_Send(buffer.data(), count_of(buffer.size(), "send"), MPI_BYTE, *dest, *tag, comm_), "MPI_Send");
}

void MpiContext::ssend(ttsl::Span<std::byte> buffer, Rank dest, Tag tag) const {
  check(MPI_Ssend(buffer.data(), count_of(buffer.size(), "ssend"), MPI_BYTE, *dest, *tag, comm_), "MPI_Ssend");
}

void MpiContext::recv(ttsl::Span<std::byte> buffer, Rank source, Tag tag) const {
  check(MPI_Recv(buffer.data(), count_of(buffer.size(), "recv"), MPI_BYTE, *source, *tag, comm_,
                 MPI_STATUS_IGNORE),
        "MPI_Recv");
}

RequestPtr MpiContext::isend(ttsl::Span<std::byte> buffer, Rank dest, Tag tag) const {
  MPI_Request request = MPI_REQUEST_NULL;
  check(MPI_Isend(buffer.data(), count_of(buffer.size(), "isend"), MPI_BYTE, *dest, *tag, comm_, &request),
        "MPI_Isend");
  return std::make_shared<MpiRequest>(request);
}

RequestPtr MpiContext::irecv(ttsl::Span<std::byte> buffer, Rank source, Tag tag) const {
  MPI_Request request = MPI_REQUEST_NULL;
  check(MPI_Irecv(buffer.data(), count_of(buffer.size(), "irecv"), MPI_BYTE, *source, *tag, comm_, &request),
        "MPI_Irecv");
  return std::make_shared<MpiRequest>(request);
}

void MpiContext::broadcast(ttsl::Span<std::byte> buffer, Rank root) const {
  check(MPI_Bcast(buffer.data(), count_of(buffer.size(), "broadcast"), MPI_BYTE, *root, comm_), "MPI_Bcast");
}

void MpiContext::gather(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, Rank root) const {
  const int block = count_of(send_buf.size(), "gather");
  if (rank_ == *root)
    TT_FATAL(recv_buf.size() == send_buf.size() * size_, "gather: the root receives {} bytes into {}",
             send_buf.size() * size_, recv_buf.size());
  check(MPI_Gather(send_buf.data(), block, MPI_BYTE, recv_buf.data(), block, MPI_BYTE, *root, comm_),
        "MPI_Gather");
}

void MpiContext::scatter(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, Rank root) const {
  const int block = count_of(recv_buf.size(), "scatter");
  if (rank_ == *root)
    TT_FATAL(send_buf.size() == recv_buf.size() * size_, "scatter: the root sends {} bytes from {}",
             recv_buf.size() * size_, send_buf.size());
  check(MPI_Scatter(send_buf.data(), block, MPI_BYTE, recv_buf.data(), block, MPI_BYTE, *root, comm_),
        "MPI_Scatter");
}

void MpiContext::all_gather(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf) const {
  const int block = count_of(send_buf.size(), "all_gather");
  TT_FATAL(recv_buf.size() == send_buf.size() * size_, "all_gather: {} bytes arrive into {}",
           send_buf.size() * size_, recv_buf.size());
  // In place: this rank's block is already in its slot of recv_buf.
  const void* send = same_buffer(send_buf, recv_buf) ? MPI_IN_PLACE : send_buf.data();
  check(MPI_Allgather(send, block, MPI_BYTE, recv_buf.data(), block, MPI_BYTE, comm_), "MPI_Allgather");
}

void MpiContext::all_to_all(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf) const {
  TT_FATAL(send_buf.size() == recv_buf.size() && send_buf.size() % size_ == 0,
           "all_to_all: {} bytes sent and {} received are not equal blocks for {} ranks", send_buf.size(),
           recv_buf.size(), size_);
  const int block = count_of(send_buf.size() / size_, "all_to_all");
  check(MPI_Alltoall(send_buf.data(), block, MPI_BYTE, recv_buf.data(), block, MPI_BYTE, comm_), "MPI_Alltoall");
}

void MpiContext::all_reduce(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op,
                            DType dtype) const {
  TT_FATAL(send_buf.size() == recv_buf.size(), "all_reduce: {} bytes reduce into {}", send_buf.size(),
           recv_buf.size());
  const int count = elements_of(send_buf.size(), dtype, "all_reduce");
  const void* send = same_buffer(send_buf, recv_buf) ? MPI_IN_PLACE : send_buf.data();
  check(MPI_Allreduce(send, recv_buf.data(), count, mpi_type(dtype), mpi_op(op), comm_), "MPI_Allreduce");
}

void MpiContext::reduce(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op,
                        DType dtype, Rank root) const {
  const int count = elements_of(send_buf.size(), dtype, "reduce");
  const bool at_root = rank_ == *root;
  if (at_root)
    TT_FATAL(recv_buf.size() == send_buf.size(), "reduce: {} bytes reduce into {}", send_buf.size(),
             recv_buf.size());
  // MPI allows in place only at the root; elsewhere recv_buf is not used.
  const void* send = at_root && same_buffer(send_buf, recv_buf) ? MPI_IN_PLACE : send_buf.data();
  check(MPI_Reduce(send, at_root ? recv_buf.data() : nullptr, count, mpi_type(dtype), mpi_op(op), *root, comm_),
        "MPI_Reduce");
}

void MpiContext::reduce_scatter(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op,
                                DType dtype) const {
  TT_FATAL(send_buf.size() == recv_buf.size() * size_, "reduce_scatter: {} bytes reduce into {} per rank of {}",
           send_buf.size(), recv_buf.size(), size_);
  const int count = elements_of(recv_buf.size(), dtype, "reduce_scatter");
  check(MPI_Reduce_scatter_block(send_buf.data(), recv_buf.data(), count, mpi_type(dtype), mpi_op(op), comm_),
        "MPI_Reduce_scatter_block");
}

void MpiContext::scan(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op,
                      DType dtype) const {
  TT_FATAL(send_buf.size() == recv_buf.size(), "scan: {} bytes reduce into {}", send_buf.size(), recv_buf.size());
  const int count = elements_of(send_buf.size(), dtype, "scan");
  const void* send = same_buffer(send_buf, recv_buf) ? MPI_IN_PLACE : send_buf.data();
  check(MPI_Scan(send, recv_buf.data(), count, mpi_type(dtype), mpi_op(op), comm_), "MPI_Scan");
}

ContextPtr MpiContext::duplicate() const {
  MPI_Comm dup = MPI_COMM_NULL;
  check(MPI_Comm_dup(comm_, &dup), "MPI_Comm_dup");
  return std::make_shared<MpiContext>(dup);
}

ContextPtr MpiContext::split(Color color, Key key) const {
  const int mpi_color = *color == SPLIT_COLOR_UNDEFINED ? MPI_UNDEFINED : *color;
  MPI_Comm part = MPI_COMM_NULL;
  check(MPI_Comm_split(comm_, mpi_color, *key, &part), "MPI_Comm_split");
  // A rank that asked for no color belongs to no part: it gets no context.
  if (part == MPI_COMM_NULL) return nullptr;
  return std::make_shared<MpiContext>(part);
}

ContextPtr MpiContext::create_sub_context(ttsl::Span<int> ranks) const {
  // Only members may take part in MPI_Comm_create_group: a non-member calling it would wait forever.
  TT_FATAL(std::find(ranks.begin(), ranks.end(), rank_) != ranks.end(),
           "create_sub_context: rank {} is not among the ranks it lists", rank_);
  MPI_Group members = MPI_GROUP_NULL;
  check(MPI_Group_incl(group_, static_cast<int>(ranks.size()), ranks.data(), &members), "MPI_Group_incl");
  MPI_Comm sub = MPI_COMM_NULL;
  const int rc = MPI_Comm_create_group(comm_, members, 0, &sub);
  MPI_Group_free(&members);
  check(rc, "MPI_Comm_create_group");
  return std::make_shared<MpiContext>(sub);
}

void MpiContext::translate_ranks_to_other_ctx(ttsl::Span<int> ranks, const ContextPtr& other_ctx,
                                              ttsl::Span<int> translated_ranks) const {
  TT_FATAL(ranks.size() == translated_ranks.size(), "translate_ranks_to_other_ctx: {} ranks into {} slots",
           ranks.size(), translated_ranks.size());
  const auto* other = dynamic_cast<const MpiContext*>(other_ctx.get());
  TT_FATAL(other != nullptr, "translate_ranks_to_other_ctx: the other context is not an MPI one");
  // Ranks absent from the other context come back as MPI_UNDEFINED.
  check(MPI_Group_translate_ranks(group_, static_cast<int>(ranks.size()), ranks.data(), other->group_,
                                  translated_ranks.data()),
        "MPI_Group_translate_ranks");
}

void MpiContext::abort(int error_code) const {
  std::fprintf(stderr, "zyx-tt: rank %d of %d aborts the job with code %d\n", world_rank(), world_size(), error_code);
  MPI_Abort(comm_, error_code);
}

#if ZYXTT_MPI_ULFM
void MpiContext::revoke_and_shrink() {
  const int rc = MPIX_Comm_revoke(comm_);
  if (rc != MPI_SUCCESS && rc != MPI_ERR_REVOKED) check(rc, "MPIX_Comm_revoke");
  MPI_Comm shrunk = MPI_COMM_NULL;
  check(MPIX_Comm_shrink(comm_, &shrunk), "MPIX_Comm_shrink");
  MPI_Group_free(&group_);
  if (comm_ != MPI_COMM_WORLD) MPI_Comm_free(&comm_);
  adopt(shrunk);
}

bool MpiContext::is_revoked() {
  int revoked = 0;
  check(MPIX_Comm_is_revoked(comm_, &revoked), "MPIX_Comm_is_revoked");
  return revoked != 0;
}
#else
void MpiContext::revoke_and_shrink() {
  TT_THROW("revoke_and_shrink needs an MPI with fault tolerance (ULFM); this one has none");
}

bool MpiContext::is_revoked() { TT_THROW("is_revoked needs an MPI with fault tolerance (ULFM); this one has none"); }
#endif

std::size_t MpiContext::snoop_incoming_msg_size(Rank source, Tag tag) const {
  MPI_Status s{};
  check(MPI_Probe(*source, *tag, comm_, &s), "MPI_Probe");
  return static_cast<std::size_t>(status_of(s).count);
}

}  // namespace tt::tt_metal::distributed::multihost
