// Lock<F>: calls F when the scope ends (tt-metal's scoped release); neither
// copied nor moved, so the release runs exactly once.
#pragma once

template <typename ReleaseFunc>
class Lock {
 public:
  inline __attribute__((always_inline)) Lock(ReleaseFunc release) : release_(release) {}
  inline __attribute__((always_inline)) ~Lock() { release_(); }
  Lock(const Lock&) = delete;
  Lock(Lock&&) = delete;
  Lock& operator=(const Lock&) = delete;
  Lock& operator=(Lock&&) = delete;

 private:
  ReleaseFunc release_;
};
