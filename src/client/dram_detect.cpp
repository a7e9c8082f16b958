#include <fstream>
#include <string>

#include "zyxtt/client.h"

namespace zyxtt::client {
namespace {

constexpr uint64_t kGiB = 1ull << 30;

// Blackhole boards by PCI subsystem id (zyx's table).
struct BoardDram {
  uint16_t subsystem;
  uint64_t bytes;
};
constexpr BoardDram kBoards[] = {
    {0x0036, 28 * kGiB},  // p100
    {0x0040, 32 * kGiB},  // p150a
    {0x0041, 32 * kGiB},  // p150b
    {0x0042, 32 * kGiB},  // p150c
    {0x0043, 28 * kGiB},  // p100a
    {0x0044, 64 * kGiB},  // p300b
    {0x0045, 64 * kGiB},  // p300a
    {0x0046, 64 * kGiB},  // p300c
};

std::string read_trimmed(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string text;
  std::getline(in, text);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\r')) text.pop_back();
  return text;
}

}  // namespace

uint64_t detect_dram_bytes(const std::filesystem::path& pci_devices) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(pci_devices, ec)) {
    if (read_trimmed(entry.path() / "vendor") != "0x1e52") continue;
    std::string subsystem = read_trimmed(entry.path() / "subsystem_device");
    if (subsystem.rfind("0x", 0) == 0) subsystem = subsystem.substr(2);
    try {
      size_t used = 0;
      unsigned long id = std::stoul(subsystem, &used, 16);
      if (used != subsystem.size()) continue;
      for (const BoardDram& board : kBoards)
        if (board.subsystem == id) return board.bytes;
    } catch (const std::exception&) {
      continue;
    }
  }
  return 64 * kGiB;
}

}  // namespace zyxtt::client
