// Iteration over the pages of one shard (TensorAccessor::shard_pages): in the
// shard's own row-major order, which is the order they lie in its bank, from
// a start to an end offset within the shard. Slots of an edge shard that fall
// outside the tensor are skipped: ++ moves to the next page inside the
// tensor, += n keeps stepping by n until it lands inside (as tt-metal's).
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstddef>
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/tensor/page.h"

namespace tensor_accessor {

template <typename Accessor>
class ShardPagesAddressIterator {
 public:
  using PageMapping = typename Accessor::PageMapping;
  using value_type = Page;
  using difference_type = std::ptrdiff_t;
  using reference = const Page&;
  using pointer = const Page*;

  ShardPagesAddressIterator(const Accessor& accessor, uint32_t shard_id = 0, uint32_t start_page_offset = 0,
                            uint32_t end_page_offset = 0, uint8_t noc = noc_index)
      : acc_(&accessor), shard_(shard_id), offset_(start_page_offset), end_(end_page_offset), noc_(noc) {
    if (offset_ < end_ && !locate()) advance(1);
  }

  // The current page's id in the whole tensor.
  uint32_t page_id() const { return page_.page_id(); }
  reference operator*() const { return page_; }
  pointer operator->() const { return &page_; }

  ShardPagesAddressIterator& operator++() {
    advance(1);
    return *this;
  }
  ShardPagesAddressIterator operator++(int) {
    ShardPagesAddressIterator old = *this;
    advance(1);
    return old;
  }
  ShardPagesAddressIterator& operator+=(difference_type steps) {
    if (steps > 0) advance(uint32_t(steps));
    return *this;
  }
  ShardPagesAddressIterator operator+(difference_type steps) const {
    ShardPagesAddressIterator it = *this;
    it += steps;
    return it;
  }
  Page operator[](difference_type n) const { return *(*this + n); }

  bool operator==(const ShardPagesAddressIterator& o) const { return shard_ == o.shard_ && offset_ == o.offset_; }
  bool operator!=(const ShardPagesAddressIterator& o) const { return !(*this == o); }
  bool operator<(const ShardPagesAddressIterator& o) const { return shard_ == o.shard_ && offset_ < o.offset_; }
  bool operator>(const ShardPagesAddressIterator& o) const { return o < *this; }
  bool operator<=(const ShardPagesAddressIterator& o) const { return *this < o || *this == o; }
  bool operator>=(const ShardPagesAddressIterator& o) const { return !(*this < o); }

 private:
  const Accessor* acc_;
  uint32_t shard_, offset_, end_;
  uint8_t noc_;
  Page page_{0, 0};

  void advance(uint32_t step) {
    if (offset_ >= end_) return;
    do {
      offset_ += step;
      if (offset_ >= end_) {
        offset_ = end_;
        return;
      }
    } while (!locate());
  }

  // Places offset_ of shard_ in the tensor; false if it is outside (padding).
  bool locate() {
    uint32_t shard = shard_, in_shard = offset_, id = 0, stride = 1;
    for (uint32_t d = Accessor::rank(); d-- > 0;) {
      const uint32_t grid = Accessor::shard_grid_dim(d), sdim = Accessor::shard_dim(d);
      const uint32_t c = shard % grid * sdim + in_shard % sdim;
      if (c >= Accessor::tensor_dim(d)) return false;
      shard /= grid;
      in_shard /= sdim;
      id += c * stride;
      stride *= Accessor::tensor_dim(d);
    }
    const PageMapping m{shard_ % Accessor::num_banks(),
                        shard_ / Accessor::num_banks() * Accessor::shard_volume() + offset_};
    page_ = Page(acc_->get_noc_addr(m, 0, noc_), id);
    return true;
  }
};

// A range over one shard's pages, for range-based for.
template <typename Accessor>
class ShardPages {
 public:
  using iterator = ShardPagesAddressIterator<Accessor>;
  using const_iterator = iterator;

  ShardPages(const Accessor& accessor, uint32_t shard_id, uint32_t start_page_offset, uint32_t end_page_offset,
             uint8_t noc = noc_index)
      : acc_(&accessor), shard_(shard_id), start_(start_page_offset), end_(end_page_offset), noc_(noc) {}

  iterator begin() const { return iterator(*acc_, shard_, start_, end_, noc_); }
  iterator end() const { return iterator(*acc_, shard_, end_, end_, noc_); }
  const_iterator cbegin() const { return begin(); }
  const_iterator cend() const { return end(); }

 private:
  const Accessor* acc_;
  uint32_t shard_, start_, end_;
  uint8_t noc_;
};

}  // namespace tensor_accessor
