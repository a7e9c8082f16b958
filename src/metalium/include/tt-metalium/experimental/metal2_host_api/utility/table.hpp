// Table<K, V>: a map with unique keys and no ordering requirement on K
// (tt-metal's Metal 2.0 utility/table.hpp): keys only need ==, so variants of
// core ranges can be keys. Entries iterate as std::pair<const K, V>, in
// insertion order (tt-metal leaves the order unspecified).
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <list>
#include <ranges>
#include <type_traits>
#include <utility>

#include <tt_stl/assert.hpp>
#include <tt_stl/optional_reference.hpp>

namespace tt::tt_metal::experimental {

template <typename K, typename V>
class Table {
  static_assert(!std::is_reference_v<V>, "Table does not support reference mapped types (V)");
  // A list: its nodes hold const-key pairs and erase never assigns them.
  using Storage = std::list<std::pair<const K, V>>;

 public:
  using key_type = K;
  using mapped_type = V;
  using value_type = std::pair<const K, V>;
  using size_type = std::size_t;
  using iterator = typename Storage::iterator;
  using const_iterator = typename Storage::const_iterator;

  Table() noexcept = default;
  Table(const Table&) = default;
  Table(Table&&) noexcept = default;
  // By swap: a list's copy assignment would assign the const keys in place.
  Table& operator=(Table other) noexcept {
    entries_.swap(other.entries_);
    return *this;
  }

  // {{k, v}, ...}; a key given twice throws.
  Table(std::initializer_list<value_type> entries) {
    for (const auto& e : entries) {
      const bool inserted = insert(e).second;
      TT_FATAL(inserted, "Table: duplicate key in initializer list");
    }
  }

  // From any range of entries (another Table, a std::map, a vector of pairs);
  // a key given twice throws.
  template <std::ranges::input_range R>
    requires std::convertible_to<std::ranges::range_reference_t<R>, value_type>
  explicit Table(const R& entries) {
    for (const auto& e : entries) {
      const bool inserted = insert(value_type(e)).second;
      TT_FATAL(inserted, "Table: duplicate key in input range");
    }
  }

  [[nodiscard]] iterator begin() { return entries_.begin(); }
  [[nodiscard]] iterator end() { return entries_.end(); }
  [[nodiscard]] const_iterator begin() const { return entries_.begin(); }
  [[nodiscard]] const_iterator end() const { return entries_.end(); }
  [[nodiscard]] const_iterator cbegin() const { return entries_.cbegin(); }
  [[nodiscard]] const_iterator cend() const { return entries_.cend(); }

  [[nodiscard]] bool empty() const noexcept { return entries_.empty(); }
  [[nodiscard]] size_type size() const noexcept { return entries_.size(); }
  void clear() noexcept { entries_.clear(); }

  [[nodiscard]] iterator find(const K& key) {
    return std::find_if(entries_.begin(), entries_.end(), [&](const value_type& e) { return e.first == key; });
  }
  [[nodiscard]] const_iterator find(const K& key) const {
    return std::find_if(entries_.begin(), entries_.end(), [&](const value_type& e) { return e.first == key; });
  }

  // Adds the entry when its key is absent: {the entry, true}; else {the existing one, false}.
  std::pair<iterator, bool> insert(const value_type& entry) {
    if (auto it = find(entry.first); it != end()) return {it, false};
    return {entries_.insert(entries_.end(), entry), true};
  }
  std::pair<iterator, bool> insert(value_type&& entry) {
    if (auto it = find(entry.first); it != end()) return {it, false};
    return {entries_.insert(entries_.end(), std::move(entry)), true};
  }
  template <typename... Args>
    requires std::constructible_from<value_type, Args...>
  std::pair<iterator, bool> emplace(Args&&... args) {
    return insert(value_type(std::forward<Args>(args)...));
  }

  // How many entries went: 0 or 1.
  size_type erase(const K& key) {
    auto it = find(key);
    if (it == end()) return 0;
    entries_.erase(it);
    return 1;
  }

  // The value of `key`, a default one added when absent.
  V& operator[](const K& key) {
    if (auto it = find(key); it != end()) return it->second;
    return insert(value_type{key, V{}}).first->second;
  }

  // The value of `key`, or none; never adds.
  [[nodiscard]] ttsl::optional_reference<V> get(const K& key) noexcept {
    if (auto it = find(key); it != end()) return it->second;
    return std::nullopt;
  }
  [[nodiscard]] ttsl::optional_reference<const V> get(const K& key) const noexcept {
    if (auto it = find(key); it != end()) return it->second;
    return std::nullopt;
  }

  // The same entries, in any order.
  [[nodiscard]] friend bool operator==(const Table& a, const Table& b) {
    if (a.size() != b.size()) return false;
    return std::all_of(a.begin(), a.end(), [&](const value_type& e) {
      const auto it = b.find(e.first);
      return it != b.end() && it->second == e.second;
    });
  }

 private:
  Storage entries_;
};

}  // namespace tt::tt_metal::experimental
