# The metal device plugin's targets, shared by the runtime's build (against
# the project's own TT-Metalium) and the plugin's own build (standalone/,
# against a real one, away from the runtime's Debian fmt and spdlog).
# Needs ZYXTT_SOURCE_DIR, ZYXTT_PLUGIN_OUTPUT_DIR, ZYXTT_DEVICE_ABI,
# ZYXTT_TT_METALIUM_KIND / _ROOT / _TARGET.
set(_zyxtt_metal_dir ${ZYXTT_SOURCE_DIR}/src/device/metal)

# The TT-Metalium-free part (the program model onto card.h, message cleaning,
# the device probe), which the unit tests use too. No fmt or spdlog: the
# plugin's TT-Metalium brings its own versions. kernel-api mirrors tt-metal's
# include layout (tt-metalium/, hostdevcommon/): it must never reach the
# TT-Metalium sources, so it is private here.
if(NOT TARGET zyxtt_metal_model)
  add_library(zyxtt_metal_model STATIC
    ${_zyxtt_metal_dir}/card_probe.cpp
    ${_zyxtt_metal_dir}/card_text.cpp
    ${_zyxtt_metal_dir}/metal_device.cpp
    ${ZYXTT_SOURCE_DIR}/src/common/fd_io.cpp
    ${ZYXTT_SOURCE_DIR}/src/common/option_hint.cpp)
  target_include_directories(zyxtt_metal_model PUBLIC ${ZYXTT_SOURCE_DIR}/src PRIVATE ${ZYXTT_SOURCE_DIR}/kernel-api)
  set_target_properties(zyxtt_metal_model PROPERTIES POSITION_INDEPENDENT_CODE ON)
endif()

if(ZYXTT_TT_METALIUM_TARGET)
  # card*.cpp are the only sources that include TT-Metalium.
  add_library(zyxtt_metal_device MODULE
    ${_zyxtt_metal_dir}/card.cpp ${_zyxtt_metal_dir}/card_program.cpp ${_zyxtt_metal_dir}/plugin_entry.cpp)
  # Beside the runtime, in the build tree as once installed; installed, it
  # keeps finding TT-Metalium's libraries where it was linked.
  set_target_properties(zyxtt_metal_device PROPERTIES
    OUTPUT_NAME zyxtt-metal-device
    LIBRARY_OUTPUT_DIRECTORY ${ZYXTT_PLUGIN_OUTPUT_DIR}
    INSTALL_RPATH_USE_LINK_PATH ON)
  target_include_directories(zyxtt_metal_device PRIVATE ${ZYXTT_SOURCE_DIR}/src)
  # Only plugin_entry.cpp (the program model's tt::DataFormat) sees kernel-api.
  set_source_files_properties(${_zyxtt_metal_dir}/plugin_entry.cpp PROPERTIES
    INCLUDE_DIRECTORIES ${ZYXTT_SOURCE_DIR}/kernel-api)
  set(_zyxtt_tt_metalium_description "${ZYXTT_TT_METALIUM_KIND}")
  if(ZYXTT_TT_METALIUM_ROOT)
    string(APPEND _zyxtt_tt_metalium_description " ${ZYXTT_TT_METALIUM_ROOT}")
  endif()
  target_compile_definitions(zyxtt_metal_device PRIVATE
    ZYXTT_DEVICE_ABI="${ZYXTT_DEVICE_ABI}"
    ZYXTT_TT_METALIUM_DESCRIPTION="${_zyxtt_tt_metalium_description}")
  if(ZYXTT_TT_METALIUM_KIND STREQUAL "own")
    # The emulator behind it takes the runtime's options (metalium/emulator_options.h).
    target_compile_definitions(zyxtt_metal_device PRIVATE ZYXTT_OWN_TT_METALIUM=1)
  endif()
  if(ZYXTT_TT_METALIUM_KIND STREQUAL "tree")
    target_compile_definitions(zyxtt_metal_device PRIVATE ZYXTT_TT_METAL_ROOT_DEFAULT="${ZYXTT_TT_METALIUM_ROOT}")
  endif()
  find_package(Threads REQUIRED)
  target_link_libraries(zyxtt_metal_device PRIVATE zyxtt_metal_model ${ZYXTT_TT_METALIUM_TARGET} Threads::Threads)
  target_link_options(zyxtt_metal_device PRIVATE -Wl,--no-undefined)
endif()
