// tt-metal's DistributedContext: the ranks of a multi-process (multi-host)
// job, their messages and collectives. libtt_metal implements it over MPI;
// this header does not include mpi.h, so programs need no MPI to compile.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <tt_stl/span.hpp>
#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::distributed::multihost {

enum class ReduceOp : std::uint8_t { SUM, MAX, MIN, PROD, LAND, LOR, BAND, BOR };

enum class DType : std::uint8_t {
  INT8,
  UINT8,
  INT16,
  UINT16,
  INT32,
  UINT32,
  INT64,
  UINT64,
  FLOAT32,
  FLOAT64,
  BOOL,
  BYTE,
  COMPLEX_FLOAT,
  COMPLEX_DOUBLE,
};

// The DType of a C++ element type; left undefined for others so that a wrong
// type fails to compile.
template <typename T, typename = void>
struct dtype_of;

#define ZYXTT_DTYPE_OF(type, tag)                \
  template <>                                    \
  struct dtype_of<type> {                        \
    static constexpr DType value = DType::tag;   \
  };
ZYXTT_DTYPE_OF(std::int8_t, INT8)
ZYXTT_DTYPE_OF(std::uint8_t, UINT8)
ZYXTT_DTYPE_OF(std::int16_t, INT16)
ZYXTT_DTYPE_OF(std::uint16_t, UINT16)
ZYXTT_DTYPE_OF(std::int32_t, INT32)
ZYXTT_DTYPE_OF(std::uint32_t, UINT32)
ZYXTT_DTYPE_OF(std::int64_t, INT64)
ZYXTT_DTYPE_OF(std::uint64_t, UINT64)
ZYXTT_DTYPE_OF(float, FLOAT32)
ZYXTT_DTYPE_OF(double, FLOAT64)
ZYXTT_DTYPE_OF(bool, BOOL)
ZYXTT_DTYPE_OF(std::complex<float>, COMPLEX_FLOAT)
ZYXTT_DTYPE_OF(std::complex<double>, COMPLEX_DOUBLE)
#undef ZYXTT_DTYPE_OF

template <typename T>
inline constexpr DType dtype_of_v = dtype_of<T>::value;

template <typename T, typename = void>
struct is_supported_dtype : std::false_type {};
template <typename T>
struct is_supported_dtype<T, std::void_t<decltype(dtype_of_v<T>)>> : std::true_type {};
template <typename T>
inline constexpr bool is_supported_dtype_v = is_supported_dtype<T>::value;

using Rank = ttsl::StrongType<int, struct RankTag>;
using Tag = ttsl::StrongType<int, struct TagTag>;
using Color = ttsl::StrongType<int, struct ColorTag>;
using Key = ttsl::StrongType<int, struct KeyTag>;
using Size = ttsl::StrongType<int, struct SizeTag>;
using SubcontextId = ttsl::StrongType<int, struct SubcontextIdTag>;
using DistributedContextId = ttsl::StrongType<int, struct DistributedContextIdTag>;

// A failed call of the transport: the rank that saw it, the transport's code
// and its text.
class DistributedException : public std::exception {
 public:
  virtual Rank rank() const noexcept = 0;
  virtual int error_code() const noexcept = 0;
  virtual const std::string& message() const noexcept = 0;
  virtual const std::string& error_string() const noexcept = 0;

  const char* what() const noexcept override { return message().c_str(); }
  ~DistributedException() override = default;
};

// What a completed receive got: its sender, tag and byte count.
struct Status {
  Rank source = Rank(0);
  Tag tag = Tag(0);
  int count = 0;
};

// A non-blocking send or receive in flight.
class Request {
 public:
  virtual ~Request() = default;
  [[nodiscard]] virtual Status wait() = 0;                 // blocks until done
  [[nodiscard]] virtual std::optional<Status> test() = 0;  // nullopt while pending
  virtual void cancel() = 0;
  [[nodiscard]] virtual bool active() const = 0;  // neither completed nor cancelled
};

class DistributedContext;

using RequestPtr = std::shared_ptr<Request>;
using ContextPtr = std::shared_ptr<DistributedContext>;

class DistributedContext {
 public:
  constexpr static const int SPLIT_COLOR_UNDEFINED = -1;

  // Starts the transport once per process (a single rank when not launched by mpirun).
  static void create(int argc, char** argv);
  // The context programs use: the world, or this rank's part of it when the
  // launcher splits the job (TT_RUN_SUBCONTEXT_ID / TT_RUN_SUBCONTEXT_SIZES).
  static const ContextPtr& get_current_world();
  // Every rank of the job, never split.
  static ContextPtr get_world_context();
  static void set_current_world(const ContextPtr& ctx);
  static bool is_initialized();

  DistributedContextId id() const;

  // Topology.
  [[nodiscard]] virtual Rank rank() const = 0;
  [[nodiscard]] virtual Size size() const = 0;
  [[nodiscard]] virtual bool supports_fault_tolerance() const = 0;

  // The launcher's split of the job into sub-contexts (one when unsplit).
  [[nodiscard]] virtual std::optional<SubcontextId> subcontext_id() const { return std::nullopt; }
  [[nodiscard]] virtual int subcontext_count() const { return 1; }
  [[nodiscard]] virtual Size subcontext_size(SubcontextId subcontext_id) const;
  [[nodiscard]] virtual tt::stl::Span<const int> subcontext_sizes() const;
  [[nodiscard]] virtual Rank local_to_world_rank(SubcontextId subcontext_id, Rank local_rank) const;

  virtual void barrier() const = 0;

  // Blocking point to point; ssend returns only once the receive has started.
  virtual void send(ttsl::Span<std::byte> buffer, Rank dest, Tag tag) const = 0;
  virtual void ssend(ttsl::Span<std::byte> buffer, Rank dest, Tag tag) const = 0;
  virtual void recv(ttsl::Span<std::byte> buffer, Rank source, Tag tag) const = 0;

  // Non-blocking: the buffer must outlive the request.
  [[nodiscard]] virtual RequestPtr isend(ttsl::Span<std::byte> buffer, Rank dest, Tag tag) const = 0;
  [[nodiscard]] virtual RequestPtr irecv(ttsl::Span<std::byte> buffer, Rank source, Tag tag) const = 0;

  // Collectives: every rank of the context calls them in the same order.
  virtual void broadcast(ttsl::Span<std::byte> buffer, Rank root) const = 0;
  virtual void gather(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, Rank root) const = 0;
  virtual void scatter(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, Rank root) const = 0;
  virtual void all_gather(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf) const = 0;
  virtual void all_to_all(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf) const = 0;

  // Reductions of elements of `dtype`; send_buf == recv_buf reduces in place.
  virtual void all_reduce(
      ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op, DType dtype) const = 0;
  virtual void reduce(
      ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op, DType dtype, Rank root) const = 0;
  virtual void reduce_scatter(
      ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op, DType dtype) const = 0;
  virtual void scan(
      ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op, DType dtype) const = 0;

  // The same with the DType taken from the element type.
  template <class T>
    requires is_supported_dtype_v<T>
  void all_reduce(ttsl::Span<T> send_buf, ttsl::Span<T> recv_buf, ReduceOp op) const {
    all_reduce(as_writable_bytes(send_buf), as_writable_bytes(recv_buf), op, dtype_of_v<T>);
  }
  template <class T>
    requires is_supported_dtype_v<T>
  void reduce(ttsl::Span<T> send_buf, ttsl::Span<T> recv_buf, ReduceOp op, Rank root) const {
    reduce(as_writable_bytes(send_buf), as_writable_bytes(recv_buf), op, dtype_of_v<T>, root);
  }
  template <class T>
    requires is_supported_dtype_v<T>
  void scan(ttsl::Span<T> send_buf, ttsl::Span<T> recv_buf, ReduceOp op) const {
    scan(as_writable_bytes(send_buf), as_writable_bytes(recv_buf), op, dtype_of_v<T>);
  }
  template <class T>
    requires is_supported_dtype_v<T>
  void reduce_scatter(ttsl::Span<T> send_buf, ttsl::Span<T> recv_buf, ReduceOp op) const {
    reduce_scatter(as_writable_bytes(send_buf), as_writable_bytes(recv_buf), op, dtype_of_v<T>);
  }

  // New contexts over this one's ranks (messages of one never match another's).
  [[nodiscard]] virtual ContextPtr duplicate() const = 0;
  [[nodiscard]] virtual ContextPtr split(Color color, Key key) const = 0;
  [[nodiscard]] virtual ContextPtr create_sub_context(ttsl::Span<int> ranks) const = 0;
  virtual void translate_ranks_to_other_ctx(
      ttsl::Span<int> ranks, const ContextPtr& other_ctx, ttsl::Span<int> translated_ranks) const = 0;

  // Ends every rank of the job.
  virtual void abort(int error_code) const = 0;

  // Recovery from a lost rank: only where supports_fault_tolerance().
  virtual void revoke_and_shrink() = 0;
  [[nodiscard]] virtual bool is_revoked() = 0;

  // Waits for a message from `source` with `tag` and answers its size in bytes, leaving it unreceived.
  virtual std::size_t snoop_incoming_msg_size(Rank source, Tag tag) const = 0;

  virtual ~DistributedContext() = default;

 protected:
  // A process-wide counter (not thread-safe, as upstream).
  static DistributedContextId generate_unique_id();
  DistributedContextId id_{0};
};

}  // namespace tt::tt_metal::distributed::multihost
