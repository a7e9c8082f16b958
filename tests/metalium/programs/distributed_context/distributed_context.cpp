// DistributedContext on every rank of an mpirun job, or alone: each call's
// result checked on every rank against what the ranks' numbers make it.
//   distributed_context         every call; exits 0 only if every check held on every rank
//   distributed_context launcher_split   the current world of a job split by TT_RUN_SUBCONTEXT_*
//   distributed_context throw   rank 1 throws while rank 0 waits for it
//   distributed_context exit    rank 1 returns 3 while rank 0 waits for it
//   distributed_context abort   rank 1 calls abort(7) while rank 0 waits for it
// (the last three must end the whole job: see ends_the_job.sh).
#include <chrono>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <tt-metalium/distributed_context.hpp>

using namespace tt::tt_metal::distributed::multihost;

namespace {

int failures = 0;
int me = 0;  // world rank, for messages

#define CHECK(cond)                                                                         \
  do {                                                                                      \
    if (!(cond)) {                                                                          \
      ++failures;                                                                           \
      std::fprintf(stderr, "rank %d: line %d: check failed: %s\n", me, __LINE__, #cond);    \
    }                                                                                       \
  } while (0)

template <class T>
ttsl::Span<std::byte> bytes(std::vector<T>& v) {
  return std::as_writable_bytes(std::span(v));
}
template <class T>
ttsl::Span<std::byte> bytes(T& x) {
  return {reinterpret_cast<std::byte*>(&x), sizeof x};
}

int env_int(const char* name, int otherwise) {
  const char* v = std::getenv(name);
  return v ? std::atoi(v) : otherwise;
}

void topology(const ContextPtr& ctx, const ContextPtr& world) {
  // mpirun tells each rank who it is; alone, a program is rank 0 of 1.
  CHECK(*world->rank() == env_int("OMPI_COMM_WORLD_RANK", 0));
  CHECK(*world->size() == env_int("OMPI_COMM_WORLD_SIZE", 1));
  CHECK(DistributedContext::is_initialized());
  CHECK(ctx->rank() == world->rank());
  CHECK(ctx->size() == world->size());
  CHECK(ctx->id() != world->id());  // the current world is a copy of the world
  CHECK(DistributedContext::get_world_context() == world);

  CHECK(!ctx->subcontext_id().has_value());
  CHECK(ctx->subcontext_count() == 1);
  CHECK(ctx->subcontext_sizes().size() == 1 && ctx->subcontext_sizes()[0] == *ctx->size());
  CHECK(ctx->subcontext_size(SubcontextId(0)) == ctx->size());
  CHECK(ctx->local_to_world_rank(SubcontextId(0), ctx->rank()) == world->rank());

  CHECK(ctx->supports_fault_tolerance() == (ZYXTT_TEST_MPI_HAS_ULFM != 0));
  if (!ctx->supports_fault_tolerance()) {
    bool threw = false;
    try {
      (void)ctx->is_revoked();
    } catch (const std::exception&) {
      threw = true;
    }
    CHECK(threw);
  }
}

void point_to_point(const ContextPtr& ctx) {
  const int r = *ctx->rank(), n = *ctx->size();
  const int right = (r + 1) % n, left = (r + n - 1) % n;
  auto payload = [](int rank) { return std::vector<int>{rank, rank * rank, 42}; };

  // send and ssend around the ring, each into a receive posted first.
  for (int tag : {1, 2}) {
    std::vector<int> in(3, -1), out = payload(r);
    auto request = ctx->irecv(bytes(in), Rank(left), Tag(tag));
    if (tag == 1) ctx->send(bytes(out), Rank(right), Tag(tag));
    else ctx->ssend(bytes(out), Rank(right), Tag(tag));
    const Status status = request->wait();
    CHECK(in == payload(left));
    CHECK(*status.source == left && *status.tag == tag && status.count == 12);
    CHECK(!request->active());
  }

  // isend, then a blocking recv.
  {
    std::vector<int> in(3, -1), out = payload(r);
    auto request = ctx->isend(bytes(out), Rank(right), Tag(3));
    ctx->recv(bytes(in), Rank(left), Tag(3));
    (void)request->wait();
    CHECK(in == payload(left));
  }

  // test() answers nothing until the message is sent (only after the barrier).
  {
    std::vector<int> in(3, -1), out = payload(r);
    auto request = ctx->irecv(bytes(in), Rank(left), Tag(4));
    CHECK(!request->test().has_value());
    CHECK(request->active());
    ctx->barrier();
    auto sent = ctx->isend(bytes(out), Rank(right), Tag(4));
    std::optional<Status> status;
    while (!(status = request->test())) std::this_thread::yield();
    CHECK(status->count == 12 && *status->source == left);
    CHECK(in == payload(left));
    CHECK(!request->active());
    (void)sent->wait();
  }

  // A receive nobody answers, cancelled.
  {
    std::vector<int> in(3, -1);
    auto request = ctx->irecv(bytes(in), Rank(left), Tag(99));
    request->cancel();
    CHECK(!request->active());
    CHECK(in == std::vector<int>(3, -1));
  }

  // Snooping sees the size of a message not yet received.
  {
    std::vector<std::uint8_t> out(20, static_cast<std::uint8_t>(r)), in(20, 0xff);
    auto request = ctx->isend(bytes(out), Rank(right), Tag(5));
    CHECK(ctx->snoop_incoming_msg_size(Rank(left), Tag(5)) == 20);
    ctx->recv(bytes(in), Rank(left), Tag(5));
    (void)request->wait();
    CHECK(in == std::vector<std::uint8_t>(20, static_cast<std::uint8_t>(left)));
  }

  // A failed call is a DistributedException naming this rank.
  {
    int x = 0;
    bool threw = false;
    try {
      ctx->send(bytes(x), Rank(n + 5), Tag(0));
    } catch (const DistributedException& e) {
      threw = true;
      CHECK(*e.rank() == me);
      CHECK(e.error_code() != 0);
      CHECK(!e.error_string().empty() && std::string(e.what()).find("MPI_Send") != std::string::npos);
    }
    CHECK(threw);
  }
}

// all_reduce SUM of (rank + 1) in each element type tt-metal names.
template <class T>
void sum_of(const ContextPtr& ctx) {
  const int n = *ctx->size();
  std::vector<T> in{static_cast<T>(*ctx->rank() + 1)}, out{T{}};
  ctx->all_reduce(ttsl::Span<T>(in), ttsl::Span<T>(out), ReduceOp::SUM);
  CHECK(out[0] == static_cast<T>(n * (n + 1) / 2));
}

void collectives(const ContextPtr& ctx) {
  const int r = *ctx->rank(), n = *ctx->size();
  const int ranks_sum = n * (n - 1) / 2;

  // Nobody leaves the barrier before rank 0 arrives, late.
  {
    if (r == 0) std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto start = std::chrono::steady_clock::now();
    ctx->barrier();
    if (r != 0) CHECK(std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(200));
  }
  {
    std::vector<int> v(16, 0);
    if (r == n - 1) for (int i = 0; i < 16; ++i) v[i] = 7 * i + 1;
    ctx->broadcast(bytes(v), Rank(n - 1));
    for (int i = 0; i < 16; ++i) CHECK(v[i] == 7 * i + 1);
  }
  {
    std::vector<int> mine{r, r * r}, all(r == 0 ? 2 * n : 0);
    ctx->gather(bytes(mine), bytes(all), Rank(0));
    if (r == 0)
      for (int k = 0; k < n; ++k) CHECK(all[2 * k] == k && all[2 * k + 1] == k * k);
  }
  {
    std::vector<int> all, mine(3, -1);
    if (r == n - 1) for (int i = 0; i < 3 * n; ++i) all.push_back(10 * i);
    ctx->scatter(bytes(all), bytes(mine), Rank(n - 1));
    CHECK((mine == std::vector<int>{30 * r, 30 * r + 10, 30 * r + 20}));
  }
  {
    std::vector<int> mine{r + 100, -r}, all(2 * n, 0);
    ctx->all_gather(bytes(mine), bytes(all));
    for (int k = 0; k < n; ++k) CHECK(all[2 * k] == k + 100 && all[2 * k + 1] == -k);
  }
  {
    std::vector<int> out(n), in(n, -1);
    for (int j = 0; j < n; ++j) out[j] = 1000 * r + j;
    ctx->all_to_all(bytes(out), bytes(in));
    for (int j = 0; j < n; ++j) CHECK(in[j] == 1000 * j + r);
  }

  // Reductions: every operation, the expectation folded over the ranks here.
  {
    std::vector<std::uint32_t> bit{1u << r}, any{0};
    ctx->all_reduce(ttsl::Span<std::uint32_t>(bit), ttsl::Span<std::uint32_t>(any), ReduceOp::BOR);
    CHECK(any[0] == (1u << n) - 1);
    std::vector<std::uint8_t> mask{static_cast<std::uint8_t>(0xf0 | (r + 1))}, both{0};
    ctx->all_reduce(ttsl::Span<std::uint8_t>(mask), ttsl::Span<std::uint8_t>(both), ReduceOp::BAND);
    std::uint8_t expected = 0xff;
    for (int k = 0; k < n; ++k) expected &= static_cast<std::uint8_t>(0xf0 | (k + 1));
    CHECK(both[0] == expected);

    std::byte b{static_cast<unsigned char>(1u << (r % 8))}, bits{0};
    ctx->all_reduce(bytes(b), bytes(bits), ReduceOp::BOR, DType::BYTE);
    unsigned expected_bits = 0;
    for (int k = 0; k < n; ++k) expected_bits |= 1u << (k % 8);
    CHECK(std::to_integer<unsigned>(bits) == expected_bits);

    std::vector<double> x{1.5 * r}, top{0};
    ctx->all_reduce(ttsl::Span<double>(x), ttsl::Span<double>(top), ReduceOp::MAX);
    CHECK(top[0] == 1.5 * (n - 1));
    std::vector<std::int64_t> neg{-r - (std::int64_t{1} << 40)}, low{0};
    ctx->all_reduce(ttsl::Span<std::int64_t>(neg), ttsl::Span<std::int64_t>(low), ReduceOp::MIN);
    CHECK(low[0] == -(n - 1) - (std::int64_t{1} << 40));
    std::vector<float> f{static_cast<float>(r + 1)}, product{0};
    ctx->all_reduce(ttsl::Span<float>(f), ttsl::Span<float>(product), ReduceOp::PROD);
    float factorial = 1;
    for (int k = 1; k <= n; ++k) factorial *= static_cast<float>(k);
    CHECK(product[0] == factorial);

    bool not_one = r != 1, all_not_one = false, last = r == n - 1, any_last = false;
    ctx->all_reduce(bytes(not_one), bytes(all_not_one), ReduceOp::LAND, DType::BOOL);
    ctx->all_reduce(bytes(last), bytes(any_last), ReduceOp::LOR, DType::BOOL);
    CHECK(all_not_one == (n < 2));
    CHECK(any_last);

    std::vector<std::complex<double>> z{{double(r), -double(r)}}, zs{{0, 0}};
    ctx->all_reduce(ttsl::Span<std::complex<double>>(z), ttsl::Span<std::complex<double>>(zs), ReduceOp::SUM);
    CHECK(zs[0] == std::complex<double>(ranks_sum, -ranks_sum));

    sum_of<std::int8_t>(ctx), sum_of<std::uint8_t>(ctx), sum_of<std::int16_t>(ctx), sum_of<std::uint16_t>(ctx);
    sum_of<std::int32_t>(ctx), sum_of<std::uint32_t>(ctx), sum_of<std::int64_t>(ctx), sum_of<std::uint64_t>(ctx);
    sum_of<float>(ctx), sum_of<double>(ctx), sum_of<std::complex<float>>(ctx);

    // In place: the same buffer in and out.
    std::vector<int> v{r, 2 * r};
    ctx->all_reduce(ttsl::Span<int>(v), ttsl::Span<int>(v), ReduceOp::SUM);
    CHECK((v == std::vector<int>{ranks_sum, 2 * ranks_sum}));
  }
  {
    std::vector<int> mine{r, 1}, total{-7, -7};
    ctx->reduce(ttsl::Span<int>(mine), ttsl::Span<int>(total), ReduceOp::SUM, Rank(n - 1));
    if (r == n - 1) CHECK((total == std::vector<int>{ranks_sum, n}));
    else CHECK((total == std::vector<int>{-7, -7}));  // only the root receives
  }
  {
    std::vector<int> mine(2 * n), part(2, -1);
    for (int i = 0; i < 2 * n; ++i) mine[i] = 100 * r + i;
    ctx->reduce_scatter(ttsl::Span<int>(mine), ttsl::Span<int>(part), ReduceOp::SUM);
    for (int j = 0; j < 2; ++j) CHECK(part[j] == 100 * ranks_sum + n * (2 * r + j));
  }
  {
    std::vector<int> mine{r + 1, r % 2 ? 100 + r : r}, prefix(2, -1);
    ctx->scan(ttsl::Span<int>(mine), ttsl::Span<int>(prefix), ReduceOp::SUM);
    CHECK(prefix[0] == (r + 1) * (r + 2) / 2);
    int sum_second = 0;
    for (int k = 0; k <= r; ++k) sum_second += k % 2 ? 100 + k : k;
    CHECK(prefix[1] == sum_second);
    std::vector<int> top{r % 2 ? 100 - r : r};
    ctx->scan(ttsl::Span<int>(top), ttsl::Span<int>(top), ReduceOp::MAX);  // in place
    int expected = 0;
    for (int k = 0; k <= r; ++k) expected = std::max(expected, k % 2 ? 100 - k : k);
    CHECK(top[0] == expected);
  }
}

void contexts(const ContextPtr& ctx) {
  const int r = *ctx->rank(), n = *ctx->size();
  const int right = (r + 1) % n, left = (r + n - 1) % n;

  // A duplicate's messages never match the original's, even with the same tag:
  // the duplicate's send goes first, into the original's receive were they one.
  {
    ContextPtr dup = ctx->duplicate();
    CHECK(dup->rank() == ctx->rank() && dup->size() == ctx->size() && dup->id() != ctx->id());
    int on_ctx = -1, on_dup = -1, a = 1000 + r, b = 2000 + r;
    auto from_ctx = ctx->irecv(bytes(on_ctx), Rank(left), Tag(7));
    auto from_dup = dup->irecv(bytes(on_dup), Rank(left), Tag(7));
    dup->send(bytes(a), Rank(right), Tag(7));
    ctx->send(bytes(b), Rank(right), Tag(7));
    (void)from_ctx->wait(), (void)from_dup->wait();
    CHECK(on_ctx == 2000 + left);
    CHECK(on_dup == 1000 + left);
  }

  // Split by parity, ordered by descending rank.
  ContextPtr parity = ctx->split(Color(r % 2), Key(-r));
  CHECK(parity != nullptr);
  int parity_size = 0, parity_rank = 0, parity_sum = 0;
  for (int k = 0; k < n; ++k)
    if (k % 2 == r % 2) ++parity_size, parity_sum += k, parity_rank += k > r;
  CHECK(*parity->size() == parity_size);
  CHECK(*parity->rank() == parity_rank);
  {
    int mine = r, sum = -1;
    parity->all_reduce(ttsl::Span<int>(&mine, 1), ttsl::Span<int>(&sum, 1), ReduceOp::SUM);
    CHECK(sum == parity_sum);
  }
  // Translated ranks: the split's order where present, none elsewhere.
  {
    std::vector<int> all(n), there(n, 12345);
    std::iota(all.begin(), all.end(), 0);
    ctx->translate_ranks_to_other_ctx(ttsl::Span<int>(all), parity, ttsl::Span<int>(there));
    for (int k = 0; k < n; ++k) {
      if (k % 2 != r % 2) {
        CHECK(there[k] < 0 || there[k] >= parity_size);
        continue;
      }
      int position = 0;
      for (int j = k + 1; j < n; ++j) position += j % 2 == r % 2;
      CHECK(there[k] == position);
    }
  }
  // Ranks with no color get no context.
  {
    ContextPtr evens = ctx->split(Color(r % 2 ? DistributedContext::SPLIT_COLOR_UNDEFINED : 0), Key(r));
    CHECK((evens == nullptr) == (r % 2 == 1));
    if (evens) CHECK(*evens->size() == (n + 1) / 2 && *evens->rank() == r / 2);
  }
  // A sub-context of the last and the first rank, in that order.
  {
    std::vector<int> members = n == 1 ? std::vector<int>{0} : std::vector<int>{n - 1, 0};
    const bool member = r == 0 || r == n - 1;
    if (member) {
      ContextPtr ends = ctx->create_sub_context(ttsl::Span<int>(members));
      CHECK(*ends->size() == static_cast<int>(members.size()));
      CHECK(*ends->rank() == (r == n - 1 ? 0 : 1));
      int mine = r, sum = -1;
      ends->all_reduce(ttsl::Span<int>(&mine, 1), ttsl::Span<int>(&sum, 1), ReduceOp::SUM);
      CHECK(sum == (n == 1 ? 0 : n - 1));
    } else {
      bool threw = false;  // and did not wait for the members
      try {
        (void)ctx->create_sub_context(ttsl::Span<int>(members));
      } catch (const std::exception&) {
        threw = true;
      }
      CHECK(threw);
    }
  }
  // The current world is whichever the program sets.
  {
    const ContextPtr before = DistributedContext::get_current_world();
    DistributedContext::set_current_world(parity);
    CHECK(DistributedContext::get_current_world() == parity);
    DistributedContext::set_current_world(before);
    CHECK(DistributedContext::get_current_world() == ctx);
    bool threw = false;
    try {
      DistributedContext::set_current_world(nullptr);
    } catch (const std::exception&) {
      threw = true;
    }
    CHECK(threw && DistributedContext::get_current_world() == ctx);
  }
}

// A job split as tt-run splits it: TT_RUN_SUBCONTEXT_SIZES blocks of
// consecutive ranks, each rank told its block in TT_RUN_SUBCONTEXT_ID.
void launcher_split(const ContextPtr& ctx, const ContextPtr& world) {
  const int id = env_int("TT_RUN_SUBCONTEXT_ID", -1);
  std::vector<int> sizes, first;
  int total = 0;
  std::string list = std::getenv("TT_RUN_SUBCONTEXT_SIZES") ? std::getenv("TT_RUN_SUBCONTEXT_SIZES") : "";
  for (std::size_t at = 0; at < list.size();) {
    const std::size_t comma = std::min(list.find(',', at), list.size());
    sizes.push_back(std::stoi(list.substr(at, comma - at)));
    first.push_back(total);
    total += sizes.back();
    at = comma + 1;
  }
  CHECK(id >= 0 && id < static_cast<int>(sizes.size()));
  if (id < 0 || id >= static_cast<int>(sizes.size())) return;

  CHECK(*world->size() == total);
  CHECK(ctx->subcontext_id().has_value() && **ctx->subcontext_id() == id);
  CHECK(ctx->subcontext_count() == static_cast<int>(sizes.size()));
  CHECK(std::vector<int>(ctx->subcontext_sizes().begin(), ctx->subcontext_sizes().end()) == sizes);
  CHECK(*ctx->size() == sizes[id]);
  CHECK(*ctx->rank() == *world->rank() - first[id]);
  CHECK(ctx->local_to_world_rank(SubcontextId(id), ctx->rank()) == world->rank());
  for (std::size_t s = 0; s < sizes.size(); ++s) {
    CHECK(*ctx->subcontext_size(SubcontextId(static_cast<int>(s))) == sizes[s]);
    CHECK(*ctx->local_to_world_rank(SubcontextId(static_cast<int>(s)), Rank(sizes[s] - 1)) == first[s] + sizes[s] - 1);
  }
  // A collective on the current world reaches only this block.
  int mine = *world->rank(), sum = -1;
  ctx->all_reduce(ttsl::Span<int>(&mine, 1), ttsl::Span<int>(&sum, 1), ReduceOp::SUM);
  CHECK(sum == sizes[id] * first[id] + sizes[id] * (sizes[id] - 1) / 2);
}

// Rank 1 fails while rank 0 waits for a message from it.
int fail(const ContextPtr& ctx, const std::string& how) {
  if (*ctx->size() < 2) {
    std::fprintf(stderr, "'%s' needs 2 ranks or more\n", how.c_str());
    return 2;
  }
  if (*ctx->rank() == 1) {
    if (how == "throw") throw std::runtime_error("deliberate failure on rank 1");
    if (how == "abort") ctx->abort(7);
    return 3;  // "exit"
  }
  int never = 0;
  if (*ctx->rank() == 0) ctx->recv(bytes(never), Rank(1), Tag(1));
  ctx->barrier();
  std::fprintf(stderr, "rank %d outlived the failed rank\n", *ctx->rank());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  DistributedContext::create(argc, argv);
  const ContextPtr& ctx = DistributedContext::get_current_world();
  const ContextPtr world = DistributedContext::get_world_context();
  me = *world->rank();
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "launcher_split") {
    launcher_split(ctx, world);
  } else if (!mode.empty()) {
    return fail(ctx, mode);
  } else {
    topology(ctx, world);
    point_to_point(ctx);
    collectives(ctx);
    contexts(ctx);
  }

  int total = 0;
  world->all_reduce(ttsl::Span<int>(&failures, 1), ttsl::Span<int>(&total, 1), ReduceOp::SUM);
  if (me == 0)
    std::printf("distributed_context: %d rank(s), %s\n", *world->size(),
                total == 0 ? "every check held on every rank" : "checks failed");
  return total == 0 ? 0 : 1;
}
