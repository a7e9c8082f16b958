// NOC transfer-size histograms (tt-metal's NOC_LOGGING_ENABLED) live in the
// device print buffer for a host tool the emulator lacks: the hooks are empty.
#pragma once

#define LOG_LEN(l)
#define LOG_READ_LEN_FROM_STATE(noc_id)
#define LOG_WRITE_LEN_FROM_STATE(noc_id)
