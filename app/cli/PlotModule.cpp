#include "CliContext.h"
#include "Commands.h"

#include <QApplication>

// The entry points of the plot module (see CMakeLists.txt): the only part of wirebench-cli
// that needs QtWidgets, QtGui and QCustomPlot. main() resolves them by name.
extern "C" {

// plot draws with the workbench's views: it needs a GUI application, but no display.
Q_DECL_EXPORT QCoreApplication* wirebenchPlotApplication(int& argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    return new QApplication(argc, argv);
}

Q_DECL_EXPORT int wirebenchRunPlot(const QStringList& args, wb::cli::CliContext& context) {
    return wb::cli::runPlot(args, context);
}

Q_DECL_EXPORT int wirebenchRunReport(const QStringList& args, wb::cli::CliContext& context) {
    return wb::cli::runReport(args, context);
}

} // extern "C"
