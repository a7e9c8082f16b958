// What every writer kernel is given first: the standard headers and the
// prelude (the dataflow API). The kernel compiler precompiles it once per
// user, compiler and kernel-API tree, with the writer's own defines (see
// src/device/emu/jit/precompiled_headers.h); a kernel whose defines differ
// where this reads them simply parses it.
#pragma once

#include "zyxtt/kernel_std_dataflow.h"
#include "zyxtt/prelude.h"
