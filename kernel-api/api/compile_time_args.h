// tt-metal's home of get_compile_time_arg_val, kernel_compile_time_args and
// get_named_compile_time_arg_val; every kernel already sees them.
#pragma once
#include "zyxtt/kernel_base.h"
