# Optional parts (the libfabric transport, the MPI and PMIx bootstrap
# plugins): MISHMEM_WITH_<PART> = AUTO (built when the dependency is
# found), ON (configure fails without it) or OFF (never built).

# Declares the option; sets MISHMEM_WANT_<PART> to TRUE unless it is OFF.
function(mishmem_optional_part part what)
  set(MISHMEM_WITH_${part} AUTO CACHE STRING "Build ${what}: AUTO, ON or OFF")
  set_property(CACHE MISHMEM_WITH_${part} PROPERTY STRINGS AUTO ON OFF)
  string(TOUPPER "${MISHMEM_WITH_${part}}" choice)
  if(choice STREQUAL "TRUE" OR choice STREQUAL "YES" OR choice STREQUAL "1")
    set(choice ON)
  elseif(choice STREQUAL "FALSE" OR choice STREQUAL "NO" OR choice STREQUAL "0")
    set(choice OFF)
  endif()
  if(NOT choice MATCHES "^(AUTO|ON|OFF)$")
    message(FATAL_ERROR "MISHMEM_WITH_${part}=${MISHMEM_WITH_${part}}: use AUTO, ON or OFF")
  endif()
  set(MISHMEM_WITH_${part}_CHOICE ${choice} PARENT_SCOPE)
  if(choice STREQUAL "OFF")
    set(MISHMEM_WANT_${part} FALSE PARENT_SCOPE)
  else()
    set(MISHMEM_WANT_${part} TRUE PARENT_SCOPE)
  endif()
endfunction()

# After the search: stops configure when the part was required and its
# dependency is missing, else says what was decided.
function(mishmem_optional_part_result part found what hint)
  if(found)
    message(STATUS "mishmem: ${what}: built")
  elseif(MISHMEM_WITH_${part}_CHOICE STREQUAL "ON")
    message(FATAL_ERROR "MISHMEM_WITH_${part}=ON but ${hint}")
  elseif(MISHMEM_WITH_${part}_CHOICE STREQUAL "OFF")
    message(STATUS "mishmem: ${what}: not built (MISHMEM_WITH_${part}=OFF)")
  else()
    message(STATUS "mishmem: ${what}: not built, ${hint}")
  endif()
endfunction()
