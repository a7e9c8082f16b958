// tt-metal's noc_overlay_parameters.h, as far as kernels use the stream
// registers: their addresses, the flow-control registers the emulator gives
// side effects (zyxtt/noc_regs.h), and the read / write macros, which go to
// the emulator instead of dereferencing the register's address.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "zyxtt/krt.h"
#include "zyxtt/noc_regs.h"

#define NOC_NUM_STREAMS (::zyxtt::noc_regs::kTensixStreams)
#define ETH_NOC_NUM_STREAMS (::zyxtt::noc_regs::kEthStreams)
#define DRAM_NOC_NUM_STREAMS (::zyxtt::noc_regs::kDramStreams)
#define NOC_OVERLAY_START_ADDR (::zyxtt::noc_regs::kOverlayStart)
#define NOC_STREAM_REG_SPACE_SIZE (::zyxtt::noc_regs::kStreamSpace)
#define MEM_WORD_ADDR_WIDTH (::zyxtt::noc_regs::kWordsFreeWidth)

#define STREAM_REG_ADDR(stream_id, reg_id) \
  ((NOC_OVERLAY_START_ADDR) + (((uint32_t)(stream_id)) * (NOC_STREAM_REG_SPACE_SIZE)) + (((uint32_t)(reg_id)) << 2))

#define STREAM_REMOTE_SRC_REG_INDEX (::zyxtt::noc_regs::kRemoteSrc)
#define STREAM_REMOTE_DEST_BUF_START_REG_INDEX (::zyxtt::noc_regs::kRemoteDestBufStart)
#define STREAM_REMOTE_DEST_BUF_SIZE_REG_INDEX (::zyxtt::noc_regs::kRemoteDestBufSize)
#define STREAM_REMOTE_DEST_BUF_SPACE_AVAILABLE_UPDATE_REG_INDEX (::zyxtt::noc_regs::kRemoteDestBufSpaceAvailableUpdate)
#define STREAM_REMOTE_DEST_BUF_SPACE_AVAILABLE_REG_INDEX (::zyxtt::noc_regs::kRemoteDestBufSpaceAvailable)
#define REMOTE_DEST_BUF_WORDS_FREE_INC (::zyxtt::noc_regs::kWordsFreeInc)
#define REMOTE_DEST_BUF_WORDS_FREE_INC_WIDTH MEM_WORD_ADDR_WIDTH
#define REMOTE_DEST_WORDS_FREE 0
#define REMOTE_DEST_WORDS_FREE_WIDTH MEM_WORD_ADDR_WIDTH

#define NOC_STREAM_WRITE_REG(stream_id, reg_id, val) \
  (::zyxtt::krt::stream_reg_write((uint32_t)(stream_id), (uint32_t)(reg_id), (uint32_t)(val)))
#define NOC_STREAM_READ_REG(stream_id, reg_id) (::zyxtt::krt::stream_reg_read((uint32_t)(stream_id), (uint32_t)(reg_id)))
