#include "device/emu/jit/krt_contract.h"

#include <xxhash.h>

#include <fstream>
#include <iterator>

namespace zyxtt::emu {

std::optional<uint32_t> krt_contract_version(const std::string& kernel_api_dir) {
  std::string contract;  // each header's name, a NUL, its bytes, a NUL
  for (std::string_view header : kKrtContractHeaders) {
    std::ifstream in(kernel_api_dir + "/" + std::string(header), std::ios::binary);
    if (!in) return std::nullopt;
    contract.append(header).push_back('\0');
    contract.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) return std::nullopt;
    contract.push_back('\0');
  }
  const uint64_t hash = XXH3_64bits(contract.data(), contract.size());
  const auto version = static_cast<uint32_t>(hash ^ (hash >> 32));
  return version == 0 ? 1 : version;
}

}  // namespace zyxtt::emu
