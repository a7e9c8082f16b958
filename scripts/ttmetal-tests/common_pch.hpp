// What tt-metal's test targets see before their first line: the headers of
// its precompiled header (metal_common_pch, reused by every test target),
// force-included here (-include) rather than precompiled.
#pragma once

#include <fmt/core.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

#include <tt_stl/reflection.hpp>
