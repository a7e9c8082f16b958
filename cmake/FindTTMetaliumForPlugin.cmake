# Which TT-Metalium the metal device plugin links, in this order:
#   1. an installed package: find_package(TT-Metalium) (target TT::Metalium);
#   2. a built tt-metal tree under $TT_METAL_RUNTIME_ROOT or $TT_METAL_ROOT
#      (as zyx's own build uses it): its package config, else its headers and
#      build_Release/lib/libtt_metal.so;
#   3. the project's own TT-Metalium on the emulator, when it is part of this
#      build (target TT::Metalium defined in-tree).
# Sets ZYXTT_TT_METALIUM_TARGET (empty: none found), ZYXTT_TT_METALIUM_KIND
# (installed, tree, own) and ZYXTT_TT_METALIUM_ROOT (trees: the root).
set(ZYXTT_TT_METALIUM_TARGET "")
set(ZYXTT_TT_METALIUM_KIND "")
set(ZYXTT_TT_METALIUM_ROOT "")

if(TARGET TT::Metalium)
  get_target_property(_zyxtt_imported TT::Metalium IMPORTED)
  if(NOT _zyxtt_imported)
    set(ZYXTT_TT_METALIUM_TARGET TT::Metalium)
    set(ZYXTT_TT_METALIUM_KIND own)
    return()
  endif()
endif()

find_package(TT-Metalium CONFIG QUIET)
if(TARGET TT::Metalium)
  set(ZYXTT_TT_METALIUM_TARGET TT::Metalium)
  set(ZYXTT_TT_METALIUM_KIND installed)
  return()
endif()

foreach(_zyxtt_root IN ITEMS "$ENV{TT_METAL_RUNTIME_ROOT}" "$ENV{TT_METAL_ROOT}")
  if(_zyxtt_root STREQUAL "" OR NOT EXISTS "${_zyxtt_root}/tt_metal/api/tt-metalium/host_api.hpp")
    continue()
  endif()
  find_package(TT-Metalium CONFIG QUIET NO_DEFAULT_PATH
    PATHS "${_zyxtt_root}/build_Release" "${_zyxtt_root}/build")
  if(TARGET TT::Metalium)
    set(ZYXTT_TT_METALIUM_TARGET TT::Metalium)
  else()
    find_library(_zyxtt_tt_metal_lib tt_metal NO_DEFAULT_PATH
      PATHS "${_zyxtt_root}/build_Release/lib" "${_zyxtt_root}/build/lib")
    if(NOT _zyxtt_tt_metal_lib)
      continue()
    endif()
    # The headers as metal-headers.md lists them; fmt, spdlog, enchantum and
    # tt-logger come from the tree's CPM cache.
    file(GLOB _zyxtt_cpm LIST_DIRECTORIES true
      "${_zyxtt_root}/.cpmcache/fmt/*/include" "${_zyxtt_root}/.cpmcache/spdlog/*/include"
      "${_zyxtt_root}/.cpmcache/enchantum/*/enchantum/include" "${_zyxtt_root}/.cpmcache/tt-logger/*/include")
    add_library(zyxtt_tt_metal_tree INTERFACE IMPORTED)
    target_include_directories(zyxtt_tt_metal_tree SYSTEM INTERFACE
      "${_zyxtt_root}/tt_metal/api" "${_zyxtt_root}/tt_stl" "${_zyxtt_root}/tt_metal/hostdevcommon/api"
      "${_zyxtt_root}/tt_metal/third_party/umd/device/api" "${_zyxtt_root}/build_Release/include" ${_zyxtt_cpm})
    target_compile_definitions(zyxtt_tt_metal_tree INTERFACE SPDLOG_FMT_EXTERNAL)
    get_filename_component(_zyxtt_libdir "${_zyxtt_tt_metal_lib}" DIRECTORY)
    file(GLOB _zyxtt_libs "${_zyxtt_libdir}/libtt_stl.so" "${_zyxtt_libdir}/libtt-umd.so"
      "${_zyxtt_libdir}/libdevice.so")
    target_link_libraries(zyxtt_tt_metal_tree INTERFACE "${_zyxtt_tt_metal_lib}" ${_zyxtt_libs})
    set(ZYXTT_TT_METALIUM_TARGET zyxtt_tt_metal_tree)
  endif()
  set(ZYXTT_TT_METALIUM_KIND tree)
  set(ZYXTT_TT_METALIUM_ROOT "${_zyxtt_root}")
  return()
endforeach()
