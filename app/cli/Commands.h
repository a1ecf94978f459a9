#pragma once

#include <QStringList>

namespace wb::cli {

class CliContext;

// Each subcommand takes the arguments after its name and returns the exit status.
int runDetect(const QStringList& args, CliContext& context);
int runStats(const QStringList& args, CliContext& context);
int runTable(const QStringList& args, CliContext& context);
int runFlows(const QStringList& args, CliContext& context);
// Two logs or groups side by side: percentiles, KS, Mann-Whitney, bootstrap intervals.
int runCompare(const QStringList& args, CliContext& context);
// Configured against measured: one row per value of a parameter (SweepTables).
int runSweep(const QStringList& args, CliContext& context);
// Runs a measurement or an experiment plan; needs a QCoreApplication (event loop).
int runRun(const QStringList& args, CliContext& context);
// The data as tidy tables (TidyExport): CSV or JSON lines.
int runExport(const QStringList& args, CliContext& context);
// Prints the bash or zsh completion script.
int runCompletion(const QStringList& args, CliContext& context);
// Needs a QApplication (the offscreen platform is enough).
int runPlot(const QStringList& args, CliContext& context);
// The report of a workspace as PDF or HTML; needs a QApplication like plot.
int runReport(const QStringList& args, CliContext& context);

} // namespace wb::cli
