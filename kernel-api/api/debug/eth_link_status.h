// The watcher's Ethernet link check runs only on ERISC cores, which the
// emulator has none of: the check is empty and reported disabled.
#pragma once

#define WATCHER_CHECK_ETH_LINK_STATUS()
#define WATCHER_ETH_LINK_STATUS_ENABLED 0
