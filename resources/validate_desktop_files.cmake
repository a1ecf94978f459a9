# Runs the freedesktop validators over the .desktop file and the AppStream metainfo.
# cmake -DDESKTOP_FILE=... -DMETAINFO=... -P validate_desktop_files.cmake
# A validator that is not installed is skipped with a note; when neither is, the test prints
# "SKIPPED:", which CTest reports as skipped (SKIP_REGULAR_EXPRESSION) rather than passed.

find_program(DESKTOP_FILE_VALIDATE desktop-file-validate)
find_program(APPSTREAMCLI appstreamcli)

set(ran 0)
set(failed "")

if(DESKTOP_FILE_VALIDATE)
  execute_process(COMMAND ${DESKTOP_FILE_VALIDATE} ${DESKTOP_FILE} RESULT_VARIABLE result)
  math(EXPR ran "${ran} + 1")
  if(NOT result EQUAL 0)
    list(APPEND failed "desktop-file-validate ${DESKTOP_FILE}")
  endif()
else()
  message(STATUS "desktop-file-validate not installed (Debian: desktop-file-utils); not checked")
endif()

if(APPSTREAMCLI)
  # --no-net: the test must not depend on the network (it would check the homepage URL).
  execute_process(COMMAND ${APPSTREAMCLI} validate --no-net ${METAINFO} RESULT_VARIABLE result)
  math(EXPR ran "${ran} + 1")
  if(NOT result EQUAL 0)
    list(APPEND failed "appstreamcli validate ${METAINFO}")
  endif()
else()
  message(STATUS "appstreamcli not installed (Debian: appstream); not checked")
endif()

if(failed)
  message(FATAL_ERROR "invalid desktop integration files: ${failed}")
elseif(ran EQUAL 0)
  message("SKIPPED: neither desktop-file-validate nor appstreamcli is installed")
endif()
