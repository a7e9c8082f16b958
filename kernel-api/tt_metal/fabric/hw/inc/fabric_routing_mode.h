// The ROUTING_MODE bits tt-metal's build defines for every kernel while the
// fabric is up (tt_metal/fabric/hw/inc/fabric_routing_mode.h): the fabric's
// dimension and topology. Host and kernels share these values.
#pragma once

#define ROUTING_MODE_UNDEFINED 0x0000
#define ROUTING_MODE_1D 0x0001
#define ROUTING_MODE_2D 0x0002
#define ROUTING_MODE_3D 0x0004
#define ROUTING_MODE_LINE 0x0008
#define ROUTING_MODE_RING 0x0010
#define ROUTING_MODE_MESH 0x0020
#define ROUTING_MODE_TORUS 0x0040
#define ROUTING_MODE_LOW_LATENCY 0x0080
#define ROUTING_MODE_NEIGHBOR_EXCHANGE 0x0200
