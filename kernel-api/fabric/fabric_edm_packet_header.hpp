// tt-metal's kernels include the packet header as "fabric/..." (tt_metal/ on the path) too.
#pragma once
#include "tt_metal/fabric/fabric_edm_packet_header.hpp"
