#include "AppTheme.h"
#include "MainWindow.h"
#include "Settings.h"

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Wirebench"));
    QApplication::setOrganizationName(QStringLiteral("Wirebench"));
    QApplication::setApplicationVersion(QStringLiteral(WIREBENCH_VERSION));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Workbench for ping, fping, iperf and iperf3 measurements"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("files"),
                                 QStringLiteral("Logs or folders of logs to open"),
                                 QStringLiteral("[FILE|FOLDER...]"));
    parser.process(app);

    wb::AppTheme::apply(wb::Settings().theme());
    wb::MainWindow window;
    window.closeOnStopSignals();
    window.show();
    if (!parser.positionalArguments().isEmpty())
        window.importPaths(parser.positionalArguments());
    return QApplication::exec();
}
