// Iteration over a tensor's pages by page id (TensorAccessor::pages): from a
// start id up to an end id, every stride-th page, each yielded as a Page with
// its NOC address. Sharded and interleaved accessors each have their iterator
// type, as in tt-metal; a sharded one ends at the tensor's volume.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "api/dataflow/dataflow_api.h"
#include "api/tensor/page.h"

namespace tensor_accessor {
namespace detail {
// One iterator for both kinds: the end is the tensor's volume when sharded.
template <typename Accessor>
class PagesIterator {
 public:
  using value_type = Page;
  using difference_type = std::ptrdiff_t;
  using reference = const Page&;
  using pointer = const Page*;

  PagesIterator(const Accessor& accessor, uint32_t start_page_id, uint32_t end_page_id, uint32_t stride, uint8_t noc)
      : acc_(&accessor), id_(start_page_id), end_(end_page_id), stride_(stride), noc_(noc) {
    if (id_ >= end_) id_ = end_;
    update();
  }

  uint32_t page_id() const { return id_; }
  reference operator*() const { return page_; }
  pointer operator->() const { return &page_; }

  PagesIterator& operator++() { return *this += 1; }
  PagesIterator operator++(int) {
    PagesIterator old = *this;
    *this += 1;
    return old;
  }
  PagesIterator& operator+=(difference_type steps) {
    if (id_ >= end_ || steps <= 0) return *this;
    const uint64_t next = uint64_t(id_) + uint64_t(steps) * stride_;
    id_ = next >= end_ ? end_ : uint32_t(next);
    update();
    return *this;
  }
  PagesIterator operator+(difference_type steps) const {
    PagesIterator it = *this;
    it += steps;
    return it;
  }
  Page operator[](difference_type n) const { return *(*this + n); }

  bool operator==(const PagesIterator& o) const { return id_ == o.id_; }
  bool operator!=(const PagesIterator& o) const { return id_ != o.id_; }
  bool operator<(const PagesIterator& o) const { return id_ < o.id_; }
  bool operator>(const PagesIterator& o) const { return o.id_ < id_; }
  bool operator<=(const PagesIterator& o) const { return id_ <= o.id_; }
  bool operator>=(const PagesIterator& o) const { return id_ >= o.id_; }

 private:
  const Accessor* acc_;
  uint32_t id_, end_, stride_;
  uint8_t noc_;
  Page page_{0, 0};

  void update() {
    if (id_ < end_) page_ = Page(acc_->get_noc_addr(id_, 0, noc_), id_);
  }
};
}  // namespace detail

template <typename Accessor>
class PagesAddressIteratorSharded : public detail::PagesIterator<Accessor> {
 public:
  PagesAddressIteratorSharded(const Accessor& accessor, uint32_t start_page_id = 0, uint32_t stride = 1,
                              uint8_t noc = noc_index)
      : detail::PagesIterator<Accessor>(accessor, start_page_id, Accessor::tensor_volume(), stride, noc) {}
  PagesAddressIteratorSharded(const detail::PagesIterator<Accessor>& it) : detail::PagesIterator<Accessor>(it) {}
};

template <typename Accessor>
class PagesAddressIteratorInterleaved : public detail::PagesIterator<Accessor> {
 public:
  PagesAddressIteratorInterleaved(const Accessor& accessor, uint32_t start_page_id, uint32_t end_page_id,
                                  uint32_t stride, uint8_t noc)
      : detail::PagesIterator<Accessor>(accessor, start_page_id, end_page_id, stride, noc) {}
  PagesAddressIteratorInterleaved(const detail::PagesIterator<Accessor>& it) : detail::PagesIterator<Accessor>(it) {}
};

// A range over pages [start, end) by stride, for range-based for.
template <typename Accessor>
class Pages {
 public:
  using iterator = std::conditional_t<Accessor::DSpec::is_interleaved, PagesAddressIteratorInterleaved<Accessor>,
                                      PagesAddressIteratorSharded<Accessor>>;
  using const_iterator = iterator;

  Pages(const Accessor& accessor, uint32_t start_page_id, uint32_t end_page_id, uint32_t stride = 1,
        uint8_t noc = noc_index)
      : acc_(&accessor), start_(start_page_id), end_(end_page_id), stride_(stride), noc_(noc) {}

  iterator begin() const { return detail::PagesIterator<Accessor>(*acc_, start_, end_, stride_, noc_); }
  iterator end() const { return detail::PagesIterator<Accessor>(*acc_, end_, end_, stride_, noc_); }
  const_iterator cbegin() const { return begin(); }
  const_iterator cend() const { return end(); }

 private:
  const Accessor* acc_;
  uint32_t start_, end_, stride_;
  uint8_t noc_;
};

}  // namespace tensor_accessor
