// tt-metal's low-level runtime header, which its test fixtures include for
// the cluster, the HAL and the run-time options it brings.
#pragma once

#include "hal.hpp"
#include "rtoptions.hpp"
#include "tt_cluster.hpp"
