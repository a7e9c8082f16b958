#include "device/emu/jit/kernel_record.h"

#include <elf.h>

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "common/error.h"

namespace zyxtt::emu {
namespace {

// The bytes [offset, offset + size) of `file`, when they lie inside it.
std::optional<std::string_view> slice(std::string_view file, uint64_t offset, uint64_t size) {
  if (offset > file.size() || size > file.size() - offset) return std::nullopt;
  return file.substr(offset, size);
}

template <typename T>
std::optional<T> read_at(std::string_view file, uint64_t offset) {
  const auto bytes = slice(file, offset, sizeof(T));
  if (!bytes) return std::nullopt;
  T value;
  std::memcpy(&value, bytes->data(), sizeof value);
  return value;
}

}  // namespace

std::optional<zyxtt_kernel_info> find_kernel_record(std::string_view elf) {
  const auto header = read_at<Elf64_Ehdr>(elf, 0);
  if (!header || std::memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 || header->e_ident[EI_CLASS] != ELFCLASS64 ||
      header->e_ident[EI_DATA] != ELFDATA2LSB || header->e_shentsize != sizeof(Elf64_Shdr)) {
    return std::nullopt;
  }
  const auto section = [&](uint32_t index) {
    return read_at<Elf64_Shdr>(elf, header->e_shoff + uint64_t{index} * sizeof(Elf64_Shdr));
  };
  const auto names = section(header->e_shstrndx);
  if (!names) return std::nullopt;
  const auto name_table = slice(elf, names->sh_offset, names->sh_size);
  if (!name_table) return std::nullopt;
  const std::string_view wanted(ZYXTT_KERNEL_RECORD_SECTION);
  for (uint32_t i = 0; i < header->e_shnum; ++i) {
    const auto s = section(i);
    if (!s || s->sh_type != SHT_PROGBITS || s->sh_name >= name_table->size()) continue;
    const std::string_view rest = name_table->substr(s->sh_name);
    if (rest.substr(0, rest.find('\0')) != wanted) continue;
    const auto bytes = slice(elf, s->sh_offset, s->sh_size);
    if (!bytes || bytes->size() < 2 * sizeof(uint32_t)) return std::nullopt;  // not even size and version
    zyxtt_kernel_info record{};
    std::memcpy(&record, bytes->data(), std::min(bytes->size(), sizeof record));
    return record;
  }
  return std::nullopt;
}

zyxtt_kernel_info checked_record(const std::optional<zyxtt_kernel_info>& record, const std::string& path) {
  if (!record) {
    throw Error(Code::kFailedPrecondition,
                fmt::format("kernel '{}' carries no kernel ABI record: it was not built by this runtime's kernel "
                            "compiler (ABI {:#010x}); remove it from the cache to rebuild",
                            path, krt::kKrtAbiVersion));
  }
  if (record->abi_version != krt::kKrtAbiVersion || record->size != sizeof(zyxtt_kernel_info)) {
    throw Error(Code::kFailedPrecondition,
                fmt::format("kernel '{}' was built for kernel ABI {:#010x}, this runtime speaks ABI {:#010x}: remove it "
                            "from the cache to rebuild",
                            path, record->abi_version, krt::kKrtAbiVersion));
  }
  return *record;
}

}  // namespace zyxtt::emu
