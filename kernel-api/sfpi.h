// SFPI, the SFPU's vector language, on the host. A vector is 32 lanes; lane
// L of dst_reg[k] is DST row 4 * (k / 2) + L / 8, column 2 * (L % 8) + k % 2
// (SFPLOAD's layout: four rows, even or odd columns), so a 32 x 32 tile is
// 32 vectors and a face 8. v_if / v_elseif / v_else / v_endif predicate lanes
// as the SFPU's condition codes do: expressions compute every lane, and only
// assignments (to vector variables and to dst_reg) honour the enabled lanes.
// dst_reg works on the core's DST in place (krt sfpu_dst_open); the LLK
// params wrappers (below) bind it for a pass over one tile's faces.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include "zyxtt/cmath.h"  // <cmath> without the POSIX M_* macros
#include <cstdint>
#include <cstring>

#include "zyxtt/krt.h"

namespace zyxtt::sfpu {

inline constexpr int kLanes = 32;
inline constexpr uint32_t kVectorsPerTile = 32;
inline constexpr uint32_t kVectorsPerFace = 8;

// The DST window of the pass under way: base == nullptr outside a pass, when
// every access asks the emulator afresh (a thread may run other cores between
// passes). `offset` is the vector dst_reg[0] names (faces, dst_reg++).
struct Window {
  float* base = nullptr;
  uint32_t vectors = 0;
  uint32_t offset = 0;
};
inline thread_local Window t_window;
// Lanes enabled by the v_if blocks under way (bit L: lane L).
inline thread_local uint32_t t_enabled = ~0u;

inline float* dst_base(uint32_t& vectors) {
  if (t_window.base != nullptr) {
    vectors = t_window.vectors;
    return t_window.base;
  }
  krt::SfpuDstView view;
  zyxtt_krt_bound->sfpu_dst_open(&view);
  vectors = view.tiles * kVectorsPerTile;
  return view.base;
}

// DST word index of lane `lane` of vector k.
inline uint32_t lane_word(uint32_t k, int lane) {
  return (4 * (k / 2) + uint32_t(lane) / 8) * 16 + 2 * (uint32_t(lane) % 8) + k % 2;
}

[[noreturn]] inline void fail_index(uint32_t k, uint32_t vectors) {
  (void)k, (void)vectors;
  krt::fail("dst_reg: vector index past the DST tiles in force (32 vectors a tile; DST capacity follows "
            "fp32_dest_acc_en and the sync mode)");
}

inline float* words_of(uint32_t index) {
  uint32_t vectors = 0;
  float* base = dst_base(vectors);
  const uint32_t k = t_window.offset + index;
  if (k >= vectors) fail_index(k, vectors);
  return base;
}

template <class T>
inline T pick(uint32_t bit, T on, T off) { return (t_enabled & bit) ? on : off; }

inline uint32_t f2u(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float u2f(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
// The SFPU's multiply: 0 times anything (inf and NaN too) is 0.
inline float mul(float a, float b) { return (a == 0.0f || b == 0.0f) ? 0.0f : a * b; }

}  // namespace zyxtt::sfpu

namespace sfpi {

// A lane mask: the result of a vector comparison.
struct vCond {
  uint32_t mask = 0;
};
inline vCond operator&&(vCond a, vCond b) { return {a.mask & b.mask}; }
inline vCond operator||(vCond a, vCond b) { return {a.mask | b.mask}; }
inline vCond operator!(vCond a) { return {~a.mask}; }

// Lanes of one element type, assigned under the enabled-lane mask.
template <class Elem, class Self>
struct vBase {
  Elem v[zyxtt::sfpu::kLanes];
  Self& self() { return static_cast<Self&>(*this); }
  const Self& self_c() const { return static_cast<const Self&>(*this); }
  void fill(Elem x) {
    for (int i = 0; i < zyxtt::sfpu::kLanes; ++i) v[i] = x;
  }
  void assign(const Elem* src) {
    for (int i = 0; i < zyxtt::sfpu::kLanes; ++i) v[i] = zyxtt::sfpu::pick(1u << i, src[i], v[i]);
  }
};

class vFloat;
class vInt;
class vUInt;

class vFloat : public vBase<float, vFloat> {
 public:
  vFloat() { fill(0.0f); }
  vFloat(float x) { fill(x); }
  vFloat(const vFloat& o) = default;
  vFloat& operator=(const vFloat& o) {
    assign(o.v);
    return *this;
  }
  vFloat& operator=(float x) { return *this = vFloat(x); }
  vFloat& operator+=(const vFloat& o);
  vFloat& operator-=(const vFloat& o);
  vFloat& operator*=(const vFloat& o);
  vFloat operator-() const {
    vFloat r;
    for (int i = 0; i < zyxtt::sfpu::kLanes; ++i) r.v[i] = -v[i];
    return r;
  }
  // Per lane: an expression in `x`.
  template <class F>
  static vFloat map(const vFloat& a, const vFloat& b, F f) {
    vFloat r;
    for (int i = 0; i < zyxtt::sfpu::kLanes; ++i) r.v[i] = f(a.v[i], b.v[i]);
    return r;
  }
};

inline vFloat operator+(const vFloat& a, const vFloat& b) { return vFloat::map(a, b, [](float x, float y) { return x + y; }); }
inline vFloat operator-(const vFloat& a, const vFloat& b) { return vFloat::map(a, b, [](float x, float y) { return x - y; }); }
inline vFloat operator*(const vFloat& a, const vFloat& b) { return vFloat::map(a, b, zyxtt::sfpu::mul); }
inline vFloat& vFloat::operator+=(const vFloat& o) { return *this = *this + o; }
inline vFloat& vFloat::operator-=(const vFloat& o) { return *this = *this - o; }
inline vFloat& vFloat::operator*=(const vFloat& o) { return *this = *this * o; }

template <class F>
inline vCond compare(const vFloat& a, const vFloat& b, F f) {
  vCond c;
  for (int i = 0; i < zyxtt::sfpu::kLanes; ++i) c.mask |= uint32_t(f(a.v[i], b.v[i])) << i;
  return c;
}
inline vCond operator<(const vFloat& a, const vFloat& b) { return compare(a, b, [](float x, float y) { return x < y; }); }
inline vCond operator>(const vFloat& a, const vFloat& b) { return compare(a, b, [](float x, float y) { return x > y; }); }
inline vCond operator<=(const vFloat& a, const vFloat& b) { return compare(a, b, [](float x, float y) { return x <= y; }); }
inline vCond operator>=(const vFloat& a, const vFloat& b) { return compare(a, b, [](float x, float y) { return x >= y; }); }
inline vCond operator==(const vFloat& a, const vFloat& b) { return compare(a, b, [](float x, float y) { return x == y; }); }
inline vCond operator!=(const vFloat& a, const vFloat& b) { return compare(a, b, [](float x, float y) { return x != y; }); }

// 32-bit integer lanes, two's complement (vInt) or unsigned (vUInt).
template <class Elem, class Self>
class vIntBase : public vBase<Elem, Self> {
 public:
  vIntBase() { this->fill(0); }
  vIntBase(Elem x) { this->fill(x); }
  template <class F>
  static Self map(const Self& a, const Self& b, F f) {
    Self r;
    for (int i = 0; i < zyxtt::sfpu::kLanes; ++i) r.v[i] = Elem(f(a.v[i], b.v[i]));
    return r;
  }
  friend Self operator+(const Self& a, const Self& b) { return map(a, b, [](Elem x, Elem y) { return uint32_t(x) + uint32_t(y); }); }
  friend Self operator-(const Self& a, const Self& b) { return map(a, b, [](Elem x, Elem y) { return uint32_t(x) - uint32_t(y); }); }
  friend Self operator&(const Self& a, const Self& b) { return map(a, b, [](Elem x, Elem y) { return x & y; }); }
  friend Self operator|(const Self& a, const Self& b) { return map(a, b, [](Elem x, Elem y) { return x | y; }); }
  friend Self operator^(const Self& a, const Self& b) { return map(a, b, [](Elem x, Elem y) { return x ^ y; }); }
  friend Self operator<<(const Self& a, int n) { return map(a, a, [n](Elem x, Elem) { return uint32_t(x) << (n & 31); }); }
  friend Self operator>>(const Self& a, int n) { return map(a, a, [n](Elem x, Elem) { return x >> (n & 31); }); }
  Self operator~() const { return map(this->self_c(), this->self_c(), [](Elem x, Elem) { return ~x; }); }
  Self& operator+=(const Self& o) { return this->self() = this->self_c() + o; }
  Self& operator-=(const Self& o) { return this->self() = this->self_c() - o; }
  Self& operator&=(const Self& o) { return this->self() = this->self_c() & o; }
  Self& operator|=(const Self& o) { return this->self() = this->self_c() | o; }
  Self& operator^=(const Self& o) { return this->self() = this->self_c() ^ o; }
  Self& operator<<=(int n) { return this->self() = this->self_c() << n; }
  Self& operator>>=(int n) { return this->self() = this->self_c() >> n; }
  template <class F>
  static vCond cmp(const Self& a, const Self& b, F f) {
    vCond c;
    for (int i = 0; i < zyxtt::sfpu::kLanes; ++i) c.mask |= uint32_t(f(a.v[i], b.v[i])) << i;
    return c;
  }
  friend vCond operator<(const Self& a, const Self& b) { return cmp(a, b, [](Elem x, Elem y) { return x < y; }); }
  friend vCond operator>(const Self& a, const Self& b) { return cmp(a, b, [](Elem x, Elem y) { return x > y; }); }
  friend vCond operator<=(const Self& a, const Self& b) { return cmp(a, b, [](Elem x, Elem y) { return x <= y; }); }
  friend vCond operator>=(const Self& a, const Self& b) { return cmp(a, b, [](Elem x, Elem y) { return x >= y; }); }
  friend vCond operator==(const Self& a, const Self& b) { return cmp(a, b, [](Elem x, Elem y) { return x == y; }); }
  friend vCond operator!=(const Self& a, const Self& b) { return cmp(a, b, [](Elem x, Elem y) { return x != y; }); }
};

class vInt : public vIntBase<int32_t, vInt> {
 public:
  vInt() = default;
  vInt(int x) : vIntBase(int32_t(x)) {}
  vInt(const vInt&) = default;
  vInt& operator=(const vInt& o) {
    assign(o.v);
    return *this;
  }
  vInt& operator=(int x) { return *this = vInt(x); }
};

class vUInt : public vIntBase<uint32_t, vUInt> {
 public:
  vUInt() = default;
  vUInt(unsigned x) : vIntBase(uint32_t(x)) {}
  vUInt(int x) : vIntBase(uint32_t(x)) {}
  vUInt(const vUInt&) = default;
  vUInt& operator=(const vUInt& o) {
    assign(o.v);
    return *this;
  }
  vUInt& operator=(unsigned x) { return *this = vUInt(x); }
};

// The same 32 bits per lane seen as another vector type.
template <class To, class From>
inline To reinterpret(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "SFPI vectors are 32 lanes of 32 bits");
  To to;
  std::memcpy(to.v, from.v, sizeof to.v);
  return to;
}

// dst_reg[i]: the vector i after the pass's current position.
class DstRef {
 public:
  explicit DstRef(uint32_t index) : index_(index) {}
  operator vFloat() const {
    const float* w = zyxtt::sfpu::words_of(index_);
    const uint32_t k = zyxtt::sfpu::t_window.offset + index_;
    vFloat r;
    for (int l = 0; l < zyxtt::sfpu::kLanes; ++l) r.v[l] = w[zyxtt::sfpu::lane_word(k, l)];
    return r;
  }
  // Integer data: the words as they are (SFPLOAD's int32 mode on a 32-bit DST).
  operator vInt() const { return reinterpret<vInt>(vFloat(*this)); }
  operator vUInt() const { return reinterpret<vUInt>(vFloat(*this)); }
  const DstRef& operator=(const vFloat& x) const {
    store(x.v);
    return *this;
  }
  const DstRef& operator=(const DstRef& o) const { return *this = vFloat(o); }
  const DstRef& operator=(float x) const { return *this = vFloat(x); }
  const DstRef& operator=(const vInt& x) const { return *this = reinterpret<vFloat>(x); }
  const DstRef& operator=(const vUInt& x) const { return *this = reinterpret<vFloat>(x); }

 private:
  void store(const float* lanes) const {
    float* w = zyxtt::sfpu::words_of(index_);
    const uint32_t k = zyxtt::sfpu::t_window.offset + index_;
    for (int l = 0; l < zyxtt::sfpu::kLanes; ++l) {
      float& d = w[zyxtt::sfpu::lane_word(k, l)];
      d = zyxtt::sfpu::pick(1u << l, lanes[l], d);
    }
  }
  uint32_t index_;
};

struct DstReg {
  DstRef operator[](uint32_t index) const { return DstRef(index); }
  // dst_reg++: the pass moves on by one vector (two DST rows).
  const DstReg& operator++() const {
    ++zyxtt::sfpu::t_window.offset;
    return *this;
  }
  const DstReg& operator++(int) const { return ++*this; }
  const DstReg& operator+=(uint32_t n) const {
    zyxtt::sfpu::t_window.offset += n;
    return *this;
  }
};
inline constexpr DstReg dst_reg{};

// The constant registers; the programmable ones are set by an op's init.
struct ConstReg {
  float value;
  operator vFloat() const { return vFloat(value); }
};
inline constexpr ConstReg vConst0{0.0f};
inline constexpr ConstReg vConst1{1.0f};
inline constexpr ConstReg vConstNeg1{-1.0f};
inline constexpr ConstReg vConst0p8373{0.8373f};
inline constexpr ConstReg vConstNeg0p6729{-0.6729f};
struct PrgmConstReg {
  float value = 0.0f;
  operator vFloat() const { return vFloat(value); }
  PrgmConstReg& operator=(float x) {
    value = x;
    return *this;
  }
  PrgmConstReg& operator=(const vFloat& x) {
    value = x.v[0];
    return *this;
  }
};
inline PrgmConstReg vConstFloatPrgm0, vConstFloatPrgm1, vConstFloatPrgm2;
// For ops on a ConstReg, where both operands would need a conversion.
inline vFloat operator+(ConstReg a, const vFloat& b) { return vFloat(a) + b; }
inline vFloat operator-(ConstReg a, const vFloat& b) { return vFloat(a) - b; }
inline vFloat operator*(ConstReg a, const vFloat& b) { return vFloat(a) * b; }

// ---- the sfpi functions custom kernels call ----------------------------------------
template <class V, class F>
inline V lanes(const V& a, F f) {
  V r;
  for (int i = 0; i < zyxtt::sfpu::kLanes; ++i) r.v[i] = f(a.v[i]);
  return r;
}
inline vFloat abs(const vFloat& a) { return lanes(a, [](float x) { return std::fabs(x); }); }
inline vInt abs(const vInt& a) { return lanes(a, [](int32_t x) { return x < 0 ? int32_t(0u - uint32_t(x)) : x; }); }
// Sign of a from the sign bit of s (setsgn(a, 0): |a|, setsgn(a, 1): -|a|).
inline vFloat setsgn(const vFloat& a, int s) {
  return lanes(a, [s](float x) { return zyxtt::sfpu::u2f((zyxtt::sfpu::f2u(x) & 0x7fffffffu) | (uint32_t(s & 1) << 31)); });
}
inline vFloat setsgn(const vFloat& a, const vFloat& s) {
  vFloat r;
  for (int i = 0; i < zyxtt::sfpu::kLanes; ++i)
    r.v[i] = zyxtt::sfpu::u2f((zyxtt::sfpu::f2u(a.v[i]) & 0x7fffffffu) | (zyxtt::sfpu::f2u(s.v[i]) & 0x80000000u));
  return r;
}
// Exponent field, unbiased (exexp) or raw (exexp_nodebias).
inline vInt exexp(const vFloat& a) {
  vInt r;
  for (int i = 0; i < zyxtt::sfpu::kLanes; ++i) r.v[i] = int32_t((zyxtt::sfpu::f2u(a.v[i]) >> 23) & 0xff) - 127;
  return r;
}
inline vInt exexp_nodebias(const vFloat& a) {
  vInt r;
  for (int i = 0; i < zyxtt::sfpu::kLanes; ++i) r.v[i] = int32_t((zyxtt::sfpu::f2u(a.v[i]) >> 23) & 0xff);
  return r;
}
// Mantissa with the hidden one at bit 23 (exman8) or without it (exman9).
inline vInt exman8(const vFloat& a) {
  vInt r;
  for (int i = 0; i < zyxtt::sfpu::kLanes; ++i) r.v[i] = int32_t((zyxtt::sfpu::f2u(a.v[i]) & 0x7fffffu) | 0x800000u);
  return r;
}
inline vInt exman9(const vFloat& a) {
  vInt r;
  for (int i = 0; i < zyxtt::sfpu::kLanes; ++i) r.v[i] = int32_t(zyxtt::sfpu::f2u(a.v[i]) & 0x7fffffu);
  return r;
}
// a with its biased exponent field replaced by e (low 8 bits).
inline vFloat setexp(const vFloat& a, const vInt& e) {
  vFloat r;
  for (int i = 0; i < zyxtt::sfpu::kLanes; ++i)
    r.v[i] = zyxtt::sfpu::u2f((zyxtt::sfpu::f2u(a.v[i]) & 0x807fffffu) | ((uint32_t(e.v[i]) & 0xffu) << 23));
  return r;
}
inline vFloat setexp(const vFloat& a, uint32_t e) { return setexp(a, vInt(int(e))); }
inline vFloat setman(const vFloat& a, const vInt& m) {
  vFloat r;
  for (int i = 0; i < zyxtt::sfpu::kLanes; ++i)
    r.v[i] = zyxtt::sfpu::u2f((zyxtt::sfpu::f2u(a.v[i]) & 0xff800000u) | (uint32_t(m.v[i]) & 0x7fffffu));
  return r;
}
// a * 2^n by adding to the exponent field.
inline vFloat addexp(const vFloat& a, int n) {
  return lanes(a, [n](float x) {
    const uint32_t u = zyxtt::sfpu::f2u(x);
    return zyxtt::sfpu::u2f((u & 0x807fffffu) | ((((u >> 23) + uint32_t(n)) & 0xffu) << 23));
  });
}
// Leading zeros of each lane's 32-bit word (32 for 0).
inline vInt lz(const vInt& a) { return lanes(a, [](int32_t x) { return x == 0 ? 32 : __builtin_clz(uint32_t(x)); }); }
inline vInt lz(const vFloat& a) { return lz(reinterpret<vInt>(a)); }
inline vFloat int32_to_float(const vInt& a, int /*round_mode*/ = 0) {
  vFloat r;
  for (int i = 0; i < zyxtt::sfpu::kLanes; ++i) r.v[i] = float(a.v[i]);
  return r;
}
// fp32 -> bf16 precision (round to nearest even), kept as fp32.
inline vFloat float_to_fp16b(const vFloat& a, int /*round_mode*/ = 0) {
  return lanes(a, [](float x) {
    const uint32_t u = zyxtt::sfpu::f2u(x);
    if ((u & 0x7fffffffu) > 0x7f800000u) return x;
    return zyxtt::sfpu::u2f((u + 0x7fffu + ((u >> 16) & 1u)) & 0xffff0000u);
  });
}
// Lane-wise a = min(a, b), b = max(a, b).
inline void vec_min_max(vFloat& a, vFloat& b) {
  const vFloat lo = vFloat::map(a, b, [](float x, float y) { return y < x ? y : x; });
  const vFloat hi = vFloat::map(a, b, [](float x, float y) { return y < x ? x : y; });
  a = lo;
  b = hi;
}
// Scalars given as bf16 bits (s2vFloat16b) or as a float rounded to bf16.
inline float s2vFloat16b(uint32_t bf16_bits) { return zyxtt::sfpu::u2f(bf16_bits << 16); }
inline float s2vFloat16b(float x) { return x; }

}  // namespace sfpi

namespace zyxtt::sfpu {

// One v_if block: the lanes enabled when it began, and those a branch took.
class CcScope {
 public:
  CcScope() : parent_(t_enabled) {}
  ~CcScope() { t_enabled = parent_; }
  CcScope(const CcScope&) = delete;
  CcScope& operator=(const CcScope&) = delete;
  void on_if(sfpi::vCond c) { take(c.mask); }
  void on_elseif(sfpi::vCond c) { take(c.mask & ~taken_); }
  void on_else() { take(~taken_); }
  // v_and: narrows the current branch further.
  void on_and(sfpi::vCond c) { t_enabled &= c.mask; }

 private:
  void take(uint32_t mask) {
    const uint32_t now = parent_ & mask;
    taken_ |= now;
    t_enabled = now;
  }
  uint32_t parent_;
  uint32_t taken_ = 0;
};

// A pass of SFPI code over DST: binds the window from `first_vector` and, at
// the end, narrows a 16-bit DST (SFPSTORE's conversion).
class Pass {
 public:
  explicit Pass(uint32_t first_vector) {
    krt::SfpuDstView view;
    zyxtt_krt_bound->sfpu_dst_open(&view);
    t_window = Window{view.base, view.tiles * kVectorsPerTile, first_vector};
    t_enabled = ~0u;
  }
  ~Pass() {
    t_window = Window{};
    t_enabled = ~0u;
    zyxtt_krt_bound->sfpu_dst_close();
  }
  Pass(const Pass&) = delete;
  Pass& operator=(const Pass&) = delete;
};

// Calls f once per face the vector mode covers (RC: all four, R: 0 and 1,
// C: 0 and 2, else once). Each face starts at its own first vector whatever
// dst_reg++ did in the face before, as the LLK's face step resets the DST
// counter from its carriage-return copy.
template <class F, class... Args>
inline void per_face(int vector_mode, F&& f, Args&&... args) {
  const uint32_t base = t_window.offset;
  auto face = [&](uint32_t index) {
    t_window.offset = base + index * kVectorsPerFace;
    f(args...);
  };
  if (vector_mode == 4 /* RC */) {
    for (uint32_t i = 0; i < 4; ++i) face(i);
  } else if (vector_mode == 1 /* R */) {
    face(0), face(1);
  } else if (vector_mode == 2 /* C */) {
    face(0), face(2);
  } else {
    f(args...);
  }
}

}  // namespace zyxtt::sfpu

#define v_if(cond) \
  {                \
    ::zyxtt::sfpu::CcScope zyxtt_cc; \
    zyxtt_cc.on_if(cond);            \
    {
#define v_elseif(cond)          \
  }                             \
  zyxtt_cc.on_elseif(cond);     \
  {
#define v_else        \
  }                   \
  zyxtt_cc.on_else(); \
  {
#define v_endif \
  }             \
  }
#define v_block                      \
  {                                  \
    ::zyxtt::sfpu::CcScope zyxtt_cc; \
    zyxtt_cc.on_else();              \
    {
#define v_and(cond) zyxtt_cc.on_and(cond)
#define v_endblock \
  }                \
  }

// The LLK's SFPU params wrappers custom SFPI kernels call (under MATH(...)):
// the face function runs once per face of the vector mode, the unary form
// from tile dst_index, the binary and ternary forms from tile 0 with the
// tiles as arguments. Both eras: with and without a leading APPROXIMATE.
template <class F, class... Args>
inline void _llk_math_eltwise_unary_sfpu_params_(F&& sfpu_func, uint32_t dst_index, int vector_mode = 4,
                                                  Args&&... args) {
  ::zyxtt::sfpu::Pass pass(dst_index * ::zyxtt::sfpu::kVectorsPerTile);
  ::zyxtt::sfpu::per_face(vector_mode, sfpu_func, args...);
}
template <bool APPROXIMATE, class F, class... Args>
inline void _llk_math_eltwise_unary_sfpu_params_(F&& sfpu_func, uint32_t dst_index, int vector_mode = 4,
                                                  Args&&... args) {
  _llk_math_eltwise_unary_sfpu_params_(sfpu_func, dst_index, vector_mode, args...);
}
template <class F, class... Args>
inline void _llk_math_eltwise_binary_sfpu_params_(F&& sfpu_func, uint32_t dst_index_in0, uint32_t dst_index_in1,
                                                   uint32_t dst_index_out, int vector_mode = 4, Args&&... args) {
  ::zyxtt::sfpu::Pass pass(0);
  ::zyxtt::sfpu::per_face(vector_mode, sfpu_func, dst_index_in0, dst_index_in1, dst_index_out, args...);
}
template <bool APPROXIMATE, class F, class... Args>
inline void _llk_math_eltwise_binary_sfpu_params_(F&& sfpu_func, uint32_t dst_index_in0, uint32_t dst_index_in1,
                                                   uint32_t dst_index_out, int vector_mode = 4, Args&&... args) {
  _llk_math_eltwise_binary_sfpu_params_(sfpu_func, dst_index_in0, dst_index_in1, dst_index_out, vector_mode, args...);
}
template <class F, class... Args>
inline void _llk_math_eltwise_ternary_sfpu_params_(F&& sfpu_func, uint32_t dst_index_in0, uint32_t dst_index_in1,
                                                    uint32_t dst_index_in2, uint32_t dst_index_out, int vector_mode = 4,
                                                    Args&&... args) {
  ::zyxtt::sfpu::Pass pass(0);
  ::zyxtt::sfpu::per_face(vector_mode, sfpu_func, dst_index_in0, dst_index_in1, dst_index_in2, dst_index_out, args...);
}
// The per-op inits custom kernels pair with them: nothing to configure here.
template <bool APPROXIMATE = false>
inline void _llk_math_eltwise_unary_sfpu_init_() {}
template <bool APPROXIMATE = false>
inline void _llk_math_eltwise_binary_sfpu_init_() {}

namespace ckernel {
using namespace sfpi;
}
