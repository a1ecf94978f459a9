# Fails when a file under SOURCES (widgets/) includes a core statistics header that is not on
# the allow-list below, or calls a statistics algorithm itself: widgets draw what core
# computed (CONTRIBUTING: Dependency rules). Allowed are headers of results and of what a
# figure shows (core computes it, the header declares its type), and the per-pixel reducers
# a plot calls when its range or size changes.
cmake_policy(SET CMP0057 NEW) # if(IN_LIST)
set(allowed
  CdfReducer.h           # a drawn CDF reduced per pixel column
  Comparison.h           # comparison results
  DatasetAnalysis.h      # the analysis of a dataset
  DatasetGroups.h        # group keys and values
  Estimate.h             # a figure with its bootstrap interval
  LatencyDistributions.h # histograms and boxes of the Distributions figure
  LatencySummary.h       # percentile levels and summaries
  LoadPhases.h           # a load step's ping by phase, placed on its LoadTimeline
  LoadTimeline.h         # runs placed on the load-time axis, with their matched TCP state
  LossStructure.h        # loss figures
  Measured.h             # which datasets are runs, which ss logs only TCP state
  RunsOverTime.h         # a group's line and band across its runs over time
  TcpComparison.h        # TCP comparison results
  TcpState.h             # TCP metrics and their series
  TcpStateLines.h        # matched TCP state lines per dataset
  TimelineReducer.h      # a drawn timeline reduced per pixel column
  WindowedPercentiles.h) # band windows
# Algorithms that only core may call, whatever header brings them in.
set(forbidden_calls "Bootstrap::[a-z]+\\(" "Histogram::of\\(" "BoxSummary::of\\("
  "TcpState::statesOf\\(" "[^A-Za-z]Percentiles::[a-z]+\\(" "Comparison::of\\("
  "GroupSummaries::of\\(" "WindowedPercentiles::(of|windowFor)\\(" "TcpStateLines::of\\(")

file(GLOB_RECURSE sources "${SOURCES}/*.h" "${SOURCES}/*.cpp")
if(NOT sources)
  message(FATAL_ERROR "no sources under ${SOURCES}")
endif()
set(problems "")
foreach(source IN LISTS sources)
  file(STRINGS "${source}" includes REGEX "^#include \"stats/")
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "^#include \"stats/([^\"]+)\".*" "\\1" header "${line}")
    if(NOT header IN_LIST allowed)
      string(APPEND problems "${source}: includes stats/${header}, a statistics algorithm: "
        "compute in core and include only the result's header\n")
    endif()
  endforeach()
  file(READ "${source}" text)
  foreach(call IN LISTS forbidden_calls)
    string(REGEX MATCH "${call}" found "${text}")
    if(found)
      string(APPEND problems "${source}: calls ${found}, a statistics algorithm: compute it in core\n")
    endif()
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "${problems}")
endif()
message(STATUS "widgets include only result headers of core/stats")
