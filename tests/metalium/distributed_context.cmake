# DistributedContext over MPI: every call checked value by value alone (no
# mpirun: a singleton), on 2 and on 4 ranks; a rank that fails ends the job.
find_package(MPI REQUIRED COMPONENTS CXX)
# Whether this MPI has fault tolerance (ULFM), found independently of the library.
set(CMAKE_REQUIRED_INCLUDES ${MPI_CXX_INCLUDE_DIRS})
include(CheckCXXSymbolExists)
check_cxx_symbol_exists(MPIX_ERR_PROC_FAILED "mpi.h;mpi-ext.h" ZYXTT_MPI_HAS_ULFM)
unset(CMAKE_REQUIRED_INCLUDES)

add_executable(metalium_distributed_context programs/distributed_context/distributed_context.cpp)
target_link_libraries(metalium_distributed_context PRIVATE TT::Metalium)
target_compile_definitions(metalium_distributed_context PRIVATE
  ZYXTT_TEST_MPI_HAS_ULFM=$<BOOL:${ZYXTT_MPI_HAS_ULFM}>)

# OpenMPI refuses to run as root (CI containers) unless told both of these.
set(ZYXTT_MPI_TEST_ENV "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")
set(_program $<TARGET_FILE:metalium_distributed_context>)

add_test(NAME metalium.distributed_context.OneRankWithoutMpirun COMMAND ${_program})
foreach(ranks_and_name 2:TwoRanks 4:FourRanks)
  string(REPLACE ":" ";" pair "${ranks_and_name}")
  list(GET pair 0 ranks)
  list(GET pair 1 name)
  add_test(NAME metalium.distributed_context.${name}
    COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${ranks} --oversubscribe ${_program})
endforeach()

# Split as tt-run splits a job: ranks 0 and 1..3 in sub-contexts 0 and 1.
add_test(NAME metalium.distributed_context.SplitByTheLauncher
  COMMAND ${MPIEXEC_EXECUTABLE} --oversubscribe
    -np 1 -x TT_RUN_SUBCONTEXT_SIZES=1,3 -x TT_RUN_SUBCONTEXT_ID=0 ${_program} launcher_split :
    -np 3 -x TT_RUN_SUBCONTEXT_SIZES=1,3 -x TT_RUN_SUBCONTEXT_ID=1 ${_program} launcher_split)

set(_ends ${CMAKE_CURRENT_SOURCE_DIR}/programs/distributed_context/ends_the_job.sh ${MPIEXEC_EXECUTABLE} ${_program} 4)
add_test(NAME metalium.distributed_context.ARankThatThrowsEndsTheJob
  COMMAND ${_ends} throw "rank 1 of 4 ends the job: uncaught exception: deliberate failure on rank 1")
add_test(NAME metalium.distributed_context.ARankThatExitsWithAnErrorEndsTheJob
  COMMAND ${_ends} exit "rank 1 of 4 ends the job: it exits with status 3")
add_test(NAME metalium.distributed_context.ARankThatAbortsEndsTheJob
  COMMAND ${_ends} abort "rank 1 of 4 aborts the job with code 7")

get_property(_tests DIRECTORY PROPERTY TESTS)
list(FILTER _tests INCLUDE REGEX "^metalium\\.distributed_context\\.")
# Seconds each; the timeout only guards against a hang.
set_tests_properties(${_tests} PROPERTIES TIMEOUT 90 ENVIRONMENT "${ZYXTT_MPI_TEST_ENV}")
