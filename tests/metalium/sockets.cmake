# MeshSocket: sockets between cores of one chip (FIFOs that wrap, one not a
# whole number of pages), between the two chips of a P300 over the fabric
# (within one mesh, and between two submeshes), along a 2 x 2 mesh's
# diagonals over a 2-D fabric, the configs refused, and a socket between
# two ranks' chips.
metalium_program(sockets one_chip)
metalium_program_case(sockets two_chips p300)
metalium_program_case(sockets mesh_2d 4xp150)
metalium_program_case(sockets submeshes p300)
metalium_program_case(sockets errors p300)
add_test(NAME metalium.program.sockets.ranks.OneRank COMMAND metalium_sockets ranks
  WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
add_test(NAME metalium.program.sockets.ranks.TwoRanks
  COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} 2 --oversubscribe $<TARGET_FILE:metalium_sockets> ranks
  WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(metalium.program.sockets.ranks.OneRank PROPERTIES
  ENVIRONMENT "${ZYXTT_MPI_TEST_ENV};${ZYXTT_METALIUM_TEST_ENV}" TIMEOUT 120 FIXTURES_REQUIRED test_kernel_cache)
set_tests_properties(metalium.program.sockets.ranks.TwoRanks PROPERTIES
  ENVIRONMENT "ZYX_TT_CLUSTER=p300;TT_METAL_HOME=${CMAKE_CURRENT_SOURCE_DIR};${ZYXTT_MPI_TEST_ENV};${ZYXTT_METALIUM_TEST_ENV}"
  TIMEOUT 120 FIXTURES_REQUIRED test_kernel_cache)
# tt-metal's own socket kernels, from a checkout at the pin (skipped without one).
add_test(NAME metalium.program.sockets.ttmetal_kernels
  COMMAND metalium_sockets ttmetal_kernels "${ZYXTT_TTMETAL_CHECKOUT}" WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(metalium.program.sockets.ttmetal_kernels PROPERTIES
  ENVIRONMENT "${ZYXTT_METALIUM_TEST_ENV}" TIMEOUT 300 SKIP_RETURN_CODE 77 FIXTURES_REQUIRED test_kernel_cache)
