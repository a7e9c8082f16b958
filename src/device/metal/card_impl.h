// What card.cpp and card_program.cpp share. Includes TT-Metalium: only those
// translation units include this header.
#pragma once

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/mesh_workload.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "common/error.h"
#include "device/metal/card.h"

namespace zyxtt::metal {

namespace dist = tt::tt_metal::distributed;

struct CardBuffer {
  std::shared_ptr<dist::MeshBuffer> mesh;
};

class MetalCard final : public Card {
 public:
  MetalCard(std::shared_ptr<dist::MeshDevice> mesh, const CardOptions& options);
  ~MetalCard() override;

  const CardInfo& info() const override { return info_; }
  uint64_t free_bytes(bool dram) const override;
  std::shared_ptr<CardBuffer> allocate(uint64_t size, uint32_t page_size, bool dram) override;
  uint64_t address(const CardBuffer& buffer) const override;
  uint32_t aligned_page_size(const CardBuffer& buffer) const override;
  std::vector<uint32_t> accessor_args(const CardBuffer& buffer) const override;
  void write(CardBuffer& buffer, const std::vector<uint8_t>& bytes) override;
  void read(CardBuffer& buffer, std::vector<uint8_t>& bytes) override;
  std::unique_ptr<CardProgram> build(const CardProgramSpec& spec) override;

  dist::MeshDevice& mesh() { return *mesh_; }
  dist::MeshCommandQueue& queue() { return *queue_; }
  // Throws FAILED_PRECONDITION once a run outlived the run timeout: the card
  // may still be executing it.
  void check_usable() const;
  // launch() (enqueues) then Finish(queue), within the run timeout; past it
  // DEADLINE_EXCEEDED.
  void launch_and_finish(const std::string& what, std::function<void()> launch);
  void log(int level, const std::string& message) const {
    if (options_.log) options_.log(level, message.c_str());
  }

 private:
  std::shared_ptr<dist::MeshDevice> mesh_;
  dist::MeshCommandQueue* queue_ = nullptr;
  CardOptions options_;
  CardInfo info_;
  std::optional<std::string> stuck_;  // the run that did not finish
  struct RunThread;
  std::shared_ptr<RunThread> run_thread_;  // started by the first run
  uint64_t allocated_dram_ = 0;  // bytes of live buffers
  uint64_t allocated_l1_ = 0;
};

// Runs `body`; a TT-Metalium exception becomes Error(code, context: text),
// an Error gets the context in front.
template <typename F>
auto translating(Code code, const std::string& context, F&& body) -> decltype(body()) {
  try {
    return body();
  } catch (const Error& e) {
    throw Error(e.code(), context + ": " + e.what());
  } catch (const std::exception& e) {
    throw Error(code, context + ": " + clean_message(e.what()));
  }
}

}  // namespace zyxtt::metal
