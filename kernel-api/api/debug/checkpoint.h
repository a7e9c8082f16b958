// DEBUG_CHECKPOINT*: tt-metal halts every RISC of a core (and, for GLOBAL,
// every core) at a shared L1 barrier, then dumps CB state. The emulator has
// no cross-RISC halt, so the checkpoints are empty even with
// DEBUG_CHECKPOINT_ENABLED; api/debug/dump.h prints CBs and L1 where called.
#pragma once

#include "api/debug/waypoint.h"

#define DEBUG_CHECKPOINT(name)
#define DEBUG_CHECKPOINT_EX(name, num_cbs, words_per_cb, dump_dest)
#define DEBUG_CHECKPOINT_GLOBAL(name, sem_id, barrier_coord_x, barrier_coord_y, num_cores)
