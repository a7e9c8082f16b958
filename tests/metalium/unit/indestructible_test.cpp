// ttsl::Indestructible builds its value from the arguments given and never
// destroys it.
#include <gtest/gtest.h>

#include <string>

#include <tt_stl/indestructible.hpp>

namespace {

struct Counted {
  Counted(std::string n, int* d) : name(std::move(n)), destroyed(d) {}
  ~Counted() { ++*destroyed; }
  std::string name;
  int* destroyed;
};

TEST(Indestructible, BuildsFromItsArgumentsAndNeverDestroys) {
  int destroyed = 0;
  {
    ttsl::Indestructible<Counted> held(std::string("held"), &destroyed);
    EXPECT_EQ(held.get().name, std::string("held"));
    held.get().name = "changed";
    const auto& view = held;
    EXPECT_EQ(view.get().name, "changed");
  }
  EXPECT_EQ(destroyed, 0);
  { Counted plain("plain", &destroyed); }
  EXPECT_EQ(destroyed, 1);  // the counter works
}

}  // namespace
