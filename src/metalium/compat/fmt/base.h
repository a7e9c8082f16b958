// fmt 11 split <fmt/core.h> and named its core <fmt/base.h>; tt-metal's
// package brings fmt 11 and its programs include <fmt/base.h>. Installed only
// when the fmt this build uses is older (Debian 12 has fmt 9).
#pragma once
#include <fmt/core.h>
