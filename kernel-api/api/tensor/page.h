// A page of a tensor as the page iterators yield it: where it is on the NOC
// and its id in the whole tensor (row-major over the tensor's page shape).
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

namespace tensor_accessor {
class Page {
 public:
  Page(uint64_t noc_addr, uint32_t global_page_id) : noc_addr_(noc_addr), page_id_(global_page_id) {}
  uint64_t noc_addr() const { return noc_addr_; }
  uint32_t page_id() const { return page_id_; }

 private:
  uint64_t noc_addr_;
  uint32_t page_id_;
};
}  // namespace tensor_accessor
