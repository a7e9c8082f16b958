// The ethernet link of a hop between two devices of a mesh, agreed on by both
// ends' ranks when the mesh spans MPI ranks: `from`'s lowest socket towards
// `to` and the core at its far end, found from whichever end this rank holds
// (the other end's sockets towards it are the far ends of the same links).
#pragma once

#include <map>
#include <tuple>
#include <utility>

#include <tt-metalium/distributed.hpp>

namespace metalium_test {

// (sending core on `from`, receiving core on `to`), both logical.
inline std::pair<tt::tt_metal::CoreCoord, tt::tt_metal::CoreCoord> eth_link(
    tt::tt_metal::distributed::MeshDevice& mesh, const tt::tt_metal::distributed::MeshCoordinate& from,
    const tt::tt_metal::distributed::MeshCoordinate& to) {
  using tt::tt_metal::CoreCoord;
  auto chip_id = [&](const auto& c) { return mesh.get_view().get_fabric_node_id(c).chip_id; };
  std::map<CoreCoord, CoreCoord> out_to_in;
  if (mesh.is_local(from)) {
    auto* d = mesh.get_device(from);
    for (const CoreCoord& out : d->get_ethernet_sockets(chip_id(to)))
      out_to_in[out] = std::get<1>(d->get_connected_ethernet_core(out));
  } else {
    auto* d = mesh.get_device(to);
    for (const CoreCoord& in : d->get_ethernet_sockets(chip_id(from)))
      out_to_in[std::get<1>(d->get_connected_ethernet_core(in))] = in;
  }
  TT_FATAL(!out_to_in.empty(), "no ethernet link from {} to {}", from, to);
  return *out_to_in.begin();
}

}  // namespace metalium_test
