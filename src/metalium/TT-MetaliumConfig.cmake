# find_package(TT-Metalium) gives TT::Metalium: libtt_metal, its headers,
# C++20 and fmt, as tt-metal's package does.
include(CMakeFindDependencyMacro)
find_dependency(fmt)
include("${CMAKE_CURRENT_LIST_DIR}/TT-MetaliumTargets.cmake")
