#pragma once

#include <QStringList>

namespace wb::cli {

class CliContext;

// Each subcommand takes the arguments after its name and returns the exit status.
int runDetect(const QStringList& args, CliContext& context);
int runStats(const QStringList& args, CliContext& context);
int runTable(const QStringList& args, CliContext& context);
int runFlows(const QStringList& args, CliContext& context);
// Needs a QApplication (the offscreen platform is enough).
int runPlot(const QStringList& args, CliContext& context);

} // namespace wb::cli
