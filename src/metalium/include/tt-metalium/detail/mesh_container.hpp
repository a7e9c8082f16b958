// MeshContainer: one value per coordinate of a mesh shape, stored row-major;
// iterating yields (coordinate, value) pairs that structured bindings split
// (tt-metal's, from mesh_coord.hpp, which includes this file).
#pragma once

#include <cstddef>
#include <iterator>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <tt-metalium/maybe_remote.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal::distributed {

namespace detail {

// A coordinate and a pointer to its value. get<1>() on a proxy held by value
// (`auto [c, v]`) copies the value, as a pair would; by reference it refers
// to the container's element.
template <typename T>
class MeshCoordinateValueProxy {
 public:
  MeshCoordinateValueProxy(const MeshCoordinate& coord, T* value_ptr) : coord_(coord), value_ptr_(value_ptr) {}

  const MeshCoordinate& coord() const { return coord_; }
  T& value() { return *value_ptr_; }
  const T& value() const { return *value_ptr_; }

  template <std::size_t I>
  decltype(auto) get() & {
    static_assert(I < 2);
    if constexpr (I == 0) return coord();
    else return value();
  }
  template <std::size_t I>
  decltype(auto) get() const& {
    static_assert(I < 2);
    if constexpr (I == 0) return coord();
    else return value();
  }
  template <std::size_t I>
  auto get() const&& {
    return get<I>();
  }

 private:
  MeshCoordinate coord_;
  T* value_ptr_ = nullptr;
};

}  // namespace detail

template <typename T>
class MeshContainer {
  // Iterator and ConstIterator differ only in constness.
  template <typename Container, typename Value>
  class BasicIterator {
   public:
    using ValueProxy = detail::MeshCoordinateValueProxy<Value>;
    using iterator_category = std::forward_iterator_tag;
    using value_type = ValueProxy;
    using difference_type = std::ptrdiff_t;
    using pointer = std::conditional_t<std::is_const_v<Value>, const ValueProxy*, ValueProxy*>;
    using reference = std::conditional_t<std::is_const_v<Value>, const ValueProxy&, ValueProxy&>;

    BasicIterator& operator++() {
      ++index_;
      ++coord_iter_;
      refresh();
      return *this;
    }
    BasicIterator operator++(int) {
      BasicIterator before = *this;
      ++*this;
      return before;
    }
    reference operator*() { return proxy_; }
    const ValueProxy& operator*() const { return proxy_; }
    pointer operator->() { return &proxy_; }
    const ValueProxy* operator->() const { return &proxy_; }
    bool operator==(const BasicIterator& other) const {
      return container_ == other.container_ && coord_iter_ == other.coord_iter_ && index_ == other.index_;
    }
    bool operator!=(const BasicIterator& other) const { return !(*this == other); }

   private:
    friend class MeshContainer;
    BasicIterator(Container* container, const MeshCoordinateRange::Iterator& coord_iter, size_t index)
        : container_(container),
          coord_iter_(coord_iter),
          index_(index),
          proxy_(MeshCoordinate::zero_coordinate(container->shape().dims()), nullptr) {
      refresh();
    }
    // An end iterator's proxy has a zero coordinate and no value.
    void refresh() {
      if (index_ < container_->values_.size()) proxy_ = ValueProxy(*coord_iter_, &container_->values_[index_]);
      else proxy_ = ValueProxy(MeshCoordinate::zero_coordinate(container_->shape().dims()), nullptr);
    }

    Container* container_ = nullptr;
    MeshCoordinateRange::Iterator coord_iter_;
    size_t index_ = 0;
    ValueProxy proxy_;
  };

 public:
  using Iterator = BasicIterator<MeshContainer, T>;
  using ConstIterator = BasicIterator<const MeshContainer, const T>;

  MeshContainer(const MeshShape& shape, const T& fill_value)
      : shape_(shape), coord_range_(shape), values_(shape.mesh_size(), fill_value) {}
  MeshContainer(const MeshShape& shape, std::vector<T> values)
      : shape_(shape), coord_range_(shape), values_(std::move(values)) {
    TT_FATAL(shape.mesh_size() == values_.size(), "Shape and values size mismatch; shape mesh_size: {}, values size: {}",
             shape.mesh_size(), values_.size());
  }

  const MeshShape& shape() const { return shape_; }
  const MeshCoordinateRange& coord_range() const { return coord_range_; }
  size_t size() const { return values_.size(); }

  // Throws for a coordinate outside the shape.
  T& at(const MeshCoordinate& coord) { return values_.at(coord.to_linear_index(shape_)); }
  const T& at(const MeshCoordinate& coord) const { return values_.at(coord.to_linear_index(shape_)); }

  Iterator begin() { return Iterator(this, coord_range_.begin(), 0); }
  Iterator end() { return Iterator(this, coord_range_.end(), shape_.mesh_size()); }
  ConstIterator begin() const { return ConstIterator(this, coord_range_.begin(), 0); }
  ConstIterator end() const { return ConstIterator(this, coord_range_.end(), shape_.mesh_size()); }

  std::vector<T>& values() { return values_; }
  const std::vector<T>& values() const { return values_; }

  friend bool operator==(const MeshContainer& lhs, const MeshContainer& rhs) {
    return lhs.shape_ == rhs.shape_ && lhs.coord_range_ == rhs.coord_range_ && lhs.values_ == rhs.values_;
  }
  friend bool operator!=(const MeshContainer& lhs, const MeshContainer& rhs) { return !(lhs == rhs); }

 private:
  MeshShape shape_;
  MeshCoordinateRange coord_range_;
  std::vector<T> values_;
};

// A MeshContainer whose values this process may or may not hold (a mesh over
// several hosts): every value starts remote unless given.
template <typename T>
class DistributedMeshContainer : public MeshContainer<MaybeRemote<T>> {
 public:
  explicit DistributedMeshContainer(const MeshShape& global_shape)
      : MeshContainer<MaybeRemote<T>>(global_shape, MaybeRemote<T>::remote()) {}
  explicit DistributedMeshContainer(const MeshShape& global_shape, std::vector<MaybeRemote<T>> values)
      : MeshContainer<MaybeRemote<T>>(global_shape, std::move(values)) {}

  bool is_local(const MeshCoordinate& coord) const { return this->at(coord).is_local(); }
};

}  // namespace tt::tt_metal::distributed

template <typename T>
struct std::tuple_size<tt::tt_metal::distributed::detail::MeshCoordinateValueProxy<T>>
    : std::integral_constant<std::size_t, 2> {};
template <typename T>
struct std::tuple_element<0, tt::tt_metal::distributed::detail::MeshCoordinateValueProxy<T>> {
  using type = const tt::tt_metal::distributed::MeshCoordinate;
};
template <typename T>
struct std::tuple_element<1, tt::tt_metal::distributed::detail::MeshCoordinateValueProxy<T>> {
  using type = T;
};
