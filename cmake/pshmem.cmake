# pshmem.h, the profiling interface's header: generated at build time from
# the C preprocessor's expansion of <shmemx.h> (which includes <shmem.h>)
# by cmake/gen_pshmem.py, so that every function declared there, typed
# families included, is declared again under its pshmem_* name (the
# twins cmake/profiling.cmake adds to the objects). Installed beside
# shmem.h; without a Python 3 interpreter it is not made (with a warning).

find_package(Python3 COMPONENTS Interpreter QUIET)

# mishmem_add_pshmem_header(<libraries whose users get it>...)
function(mishmem_add_pshmem_header)
  if(NOT Python3_Interpreter_FOUND)
    message(WARNING "python3 not found: pshmem.h (the profiling header) is not generated")
    return()
  endif()
  set(out_dir ${PROJECT_BINARY_DIR}/generated/include)
  set(input ${PROJECT_BINARY_DIR}/generated/pshmem_input.c)
  set(expanded ${PROJECT_BINARY_DIR}/generated/pshmem_expanded.c)
  file(WRITE ${input} "#include <shmemx.h>\n")
  file(GLOB_RECURSE headers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/include/*.h)
  add_custom_command(OUTPUT ${out_dir}/pshmem.h
    COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
    COMMAND ${CMAKE_C_COMPILER} -E -P -std=gnu11 -I${PROJECT_SOURCE_DIR}/include ${input} -o ${expanded}
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/cmake/gen_pshmem.py ${expanded} ${out_dir}/pshmem.h
    DEPENDS ${headers} ${PROJECT_SOURCE_DIR}/cmake/gen_pshmem.py
    COMMENT "Generating pshmem.h"
    VERBATIM)
  add_custom_target(mishmem_pshmem_header ALL DEPENDS ${out_dir}/pshmem.h)
  foreach(lib ${ARGN})
    add_dependencies(${lib} mishmem_pshmem_header)
    target_include_directories(${lib} PUBLIC $<BUILD_INTERFACE:${out_dir}>)
  endforeach()
  install(FILES ${out_dir}/pshmem.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endfunction()
