# The OpenSHMEM profiling interface without touching any source file: after
# the library's objects are compiled, every global function shmem_X (also
# shmemx_X and the legacy names) gets a twin pshmem_X at the same address,
# and shmem_X becomes weak. A profiling library then defines shmem_putmem,
# counts, and calls pshmem_putmem; with libmishmem.a its strong definition
# wins over the weak one instead of clashing. Functions added later are
# covered automatically.

set(MISHMEM_PROFILING_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/profiling_names.cmake)

# mishmem_add_profiling_names(<object library> <libraries linking its objects>...)
function(mishmem_add_profiling_names objects)
  if(NOT CMAKE_OBJCOPY OR NOT CMAKE_OBJDUMP)
    message(WARNING "objcopy/objdump not found: the pshmem_* profiling names are not built")
    return()
  endif()
  set(list_file ${CMAKE_CURRENT_BINARY_DIR}/${objects}_objects.txt)
  file(GENERATE OUTPUT ${list_file} CONTENT "$<JOIN:$<TARGET_OBJECTS:${objects}>,\n>\n")
  set(stamp ${CMAKE_CURRENT_BINARY_DIR}/${objects}_profiling.stamp)
  add_custom_command(OUTPUT ${stamp}
    COMMAND ${CMAKE_COMMAND} -DOBJCOPY=${CMAKE_OBJCOPY} -DOBJDUMP=${CMAKE_OBJDUMP}
            -DLIST_FILE=${list_file} -DSTAMP=${stamp} -P ${MISHMEM_PROFILING_SCRIPT}
    DEPENDS $<TARGET_OBJECTS:${objects}> ${MISHMEM_PROFILING_SCRIPT}
    COMMENT "Adding pshmem_* profiling names"
    VERBATIM)
  # One step for all libraries, so that two links never edit an object at once.
  add_custom_target(${objects}_profiling DEPENDS ${stamp})
  add_dependencies(${objects}_profiling ${objects})
  foreach(lib ${ARGN})
    add_dependencies(${lib} ${objects}_profiling)
  endforeach()
endfunction()
