# Fails when a headless library (NAME: wirebench_core, wirebench_workbench) depends on the GUI
# toolkit, in any of three ways: the link interface, an include of a GUI header, or a GUI
# symbol in the built archive.
string(REGEX MATCH "Qt6?::(Gui|Widgets|PrintSupport|OpenGL)|QCustomPlot" bad_link "${LINKS}")
if(bad_link)
  message(FATAL_ERROR "${NAME} links ${bad_link}: it must use Qt6::Core and Boost only")
endif()

file(GLOB_RECURSE sources "${SOURCES}/*.h" "${SOURCES}/*.cpp")
foreach(source IN LISTS sources)
  file(STRINGS "${source}" includes REGEX "#include *<(QtGui|QtWidgets|QWidget|QPainter|QImage|QColor|qcustomplot)")
  if(includes)
    message(FATAL_ERROR "${source} includes a GUI header: ${includes}")
  endif()
endforeach()

find_program(NM nm REQUIRED)
execute_process(COMMAND ${NM} -C --undefined-only "${LIBRARY}" OUTPUT_VARIABLE undefined RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${LIBRARY}")
endif()
string(REGEX MATCH "(QGuiApplication|QWidget|QPainter|QImage|QPixmap|QColor|QCustomPlot)[^\n]*" gui_symbol "${undefined}")
if(gui_symbol)
  message(FATAL_ERROR "${NAME} references a GUI symbol: ${gui_symbol}")
endif()
message(STATUS "${NAME} is headless: links ${LINKS}")
