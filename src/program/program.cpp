#include "program/program.h"

#include <algorithm>

namespace zyxtt::program {

bool CoreRangeSet::contains(Core c) const {
  return std::any_of(ranges.begin(), ranges.end(), [c](const CoreRange& r) { return r.contains(c); });
}

uint64_t CoreRangeSet::size() const {
  uint64_t n = 0;
  for (const CoreRange& r : ranges) n += r.size();
  return n;
}

std::vector<Core> CoreRangeSet::cores() const {
  std::vector<Core> out;
  out.reserve(size());
  for_each_core([&out](Core c) { out.push_back(c); });
  return out;
}

CoreRange CoreRangeSet::bounding_box() const {
  if (ranges.empty()) return CoreRange{};
  CoreRange box = ranges.front();
  for (const CoreRange& r : ranges) {
    box.start.x = std::min(box.start.x, r.start.x);
    box.start.y = std::min(box.start.y, r.start.y);
    box.end.x = std::max(box.end.x, r.end.x);
    box.end.y = std::max(box.end.y, r.end.y);
  }
  return box;
}

}  // namespace zyxtt::program
