# Which TT-Metalium the metal device plugin links, in this order:
#   1. the project's own TT-Metalium on the emulator, when it is part of this
#      build (target TT::Metalium defined in-tree);
#   2. an installed package (tt-metalium-config.cmake under CMAKE_PREFIX_PATH,
#      /usr, /usr/local or /opt);
#   3. a built tt-metal tree under $TT_METAL_RUNTIME_ROOT or $TT_METAL_ROOT (as
#      zyx's own build uses it): its package config, else its headers and
#      build_Release/lib/libtt_metal.so.
# Sets ZYXTT_TT_METALIUM_KIND (own, installed, tree; empty: none) and
# ZYXTT_TT_METALIUM_ROOT (a tree's root, or the package's config folder).
# With ZYXTT_LOAD_TT_METALIUM set (the plugin's own build, which must not see
# the runtime's Debian fmt and spdlog) it also loads the package and sets
# ZYXTT_TT_METALIUM_TARGET.
set(ZYXTT_TT_METALIUM_KIND "")
set(ZYXTT_TT_METALIUM_ROOT "")
set(ZYXTT_TT_METALIUM_TARGET "")

if(TARGET TT::Metalium AND NOT ZYXTT_LOAD_TT_METALIUM)
  get_target_property(_zyxtt_imported TT::Metalium IMPORTED)
  if(NOT _zyxtt_imported)
    set(ZYXTT_TT_METALIUM_KIND own)
    set(ZYXTT_TT_METALIUM_TARGET TT::Metalium)
    return()
  endif()
endif()

find_path(_zyxtt_tt_config NAMES tt-metalium-config.cmake TT-MetaliumConfig.cmake NO_CACHE
  PATHS ${CMAKE_PREFIX_PATH} /usr /usr/local /opt/tt-metalium
  PATH_SUFFIXES lib/cmake/tt-metalium lib/cmake/TT-Metalium lib64/cmake/tt-metalium
                lib/x86_64-linux-gnu/cmake/tt-metalium
  NO_DEFAULT_PATH)
if(_zyxtt_tt_config)
  set(ZYXTT_TT_METALIUM_KIND installed)
  set(ZYXTT_TT_METALIUM_ROOT "${_zyxtt_tt_config}")
  if(ZYXTT_LOAD_TT_METALIUM)
    find_package(TT-Metalium REQUIRED CONFIG PATHS "${_zyxtt_tt_config}" NO_DEFAULT_PATH)
    set(ZYXTT_TT_METALIUM_TARGET TT::Metalium)
  endif()
  return()
endif()

# ZYXTT_TT_METALIUM_TREE: the tree the runtime's configure found (the
# plugin's own build runs later, maybe without those variables).
foreach(_zyxtt_root IN ITEMS "${ZYXTT_TT_METALIUM_TREE}" "$ENV{TT_METAL_RUNTIME_ROOT}" "$ENV{TT_METAL_ROOT}")
  if(_zyxtt_root STREQUAL "" OR NOT EXISTS "${_zyxtt_root}/tt_metal/api/tt-metalium/host_api.hpp")
    continue()
  endif()
  find_library(_zyxtt_tt_metal_lib tt_metal NO_CACHE NO_DEFAULT_PATH
    PATHS "${_zyxtt_root}/build_Release/lib" "${_zyxtt_root}/build/lib")
  if(NOT _zyxtt_tt_metal_lib)
    continue()
  endif()
  set(ZYXTT_TT_METALIUM_KIND tree)
  set(ZYXTT_TT_METALIUM_ROOT "${_zyxtt_root}")
  if(NOT ZYXTT_LOAD_TT_METALIUM)
    return()
  endif()
  find_package(TT-Metalium CONFIG QUIET NO_DEFAULT_PATH
    PATHS "${_zyxtt_root}/build_Release" "${_zyxtt_root}/build")
  if(TARGET TT::Metalium)
    set(ZYXTT_TT_METALIUM_TARGET TT::Metalium)
    return()
  endif()
  # The headers as metal-headers.md lists them; fmt, spdlog, enchantum and
  # tt-logger come from the tree's CPM cache.
  file(GLOB _zyxtt_cpm LIST_DIRECTORIES true
    "${_zyxtt_root}/.cpmcache/fmt/*/include" "${_zyxtt_root}/.cpmcache/spdlog/*/include"
    "${_zyxtt_root}/.cpmcache/enchantum/*/enchantum/include" "${_zyxtt_root}/.cpmcache/tt-logger/*/include")
  set(_zyxtt_includes)
  foreach(_dir IN ITEMS "${_zyxtt_root}/tt_metal/api" "${_zyxtt_root}/tt_stl" "${_zyxtt_root}/tt_metal/hostdevcommon/api"
                        "${_zyxtt_root}/tt_metal/third_party/umd/device/api" "${_zyxtt_root}/build_Release/include"
                        ${_zyxtt_cpm})
    if(EXISTS "${_dir}")
      list(APPEND _zyxtt_includes "${_dir}")
    endif()
  endforeach()
  add_library(zyxtt_tt_metal_tree INTERFACE IMPORTED)
  target_include_directories(zyxtt_tt_metal_tree SYSTEM INTERFACE ${_zyxtt_includes})
  target_compile_definitions(zyxtt_tt_metal_tree INTERFACE SPDLOG_FMT_EXTERNAL)
  get_filename_component(_zyxtt_libdir "${_zyxtt_tt_metal_lib}" DIRECTORY)
  file(GLOB _zyxtt_libs "${_zyxtt_libdir}/libtt_stl.so" "${_zyxtt_libdir}/libtt-umd.so" "${_zyxtt_libdir}/libdevice.so")
  target_link_libraries(zyxtt_tt_metal_tree INTERFACE "${_zyxtt_tt_metal_lib}" ${_zyxtt_libs})
  set(ZYXTT_TT_METALIUM_TARGET zyxtt_tt_metal_tree)
  return()
endforeach()
