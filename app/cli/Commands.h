#pragma once

#include <QStringList>

namespace wb::cli {

class CliContext;

// Each subcommand takes the arguments after its name and returns the exit status.
int runDetect(const QStringList& args, CliContext& context);
int runStats(const QStringList& args, CliContext& context);
int runTable(const QStringList& args, CliContext& context);
int runFlows(const QStringList& args, CliContext& context);
// Runs a measurement or an experiment plan; needs a QCoreApplication (event loop).
int runRun(const QStringList& args, CliContext& context);
// Needs a QApplication (the offscreen platform is enough).
int runPlot(const QStringList& args, CliContext& context);

} // namespace wb::cli
