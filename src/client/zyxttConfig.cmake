# find_package(zyxtt): the C++ client library of zyx-tt-runtime, target zyxtt::client.
include("${CMAKE_CURRENT_LIST_DIR}/zyxttTargets.cmake")
