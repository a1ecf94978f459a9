#include "AppTheme.h"
#include "MainWindow.h"
#include "Settings.h"

#include <QApplication>
#include <QCommandLineParser>

namespace {

void describe(QCoreApplication& app, QCommandLineParser& parser) {
    QCoreApplication::setApplicationName(QStringLiteral("Wirebench"));
    QCoreApplication::setOrganizationName(QStringLiteral("Wirebench"));
    QCoreApplication::setApplicationVersion(QStringLiteral(WIREBENCH_VERSION));
    parser.setApplicationDescription(
        QStringLiteral("Workbench for ping, fping, iperf and iperf3 measurements"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("files"),
                                 QStringLiteral("Logs or folders of logs to open"),
                                 QStringLiteral("[FILE|FOLDER...]"));
    parser.process(app);
}

// --help and --version only print: answered before the QApplication, which needs a display,
// so that they work over ssh and in a package's smoke test.
bool onlyPrints(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        for (const char* option : {"-h", "--help", "--help-all", "-v", "--version"})
            if (qstrcmp(argv[i], option) == 0)
                return true;
    return false;
}

} // namespace

int main(int argc, char** argv) {
    if (onlyPrints(argc, argv)) {
        QCoreApplication app(argc, argv);
        QCommandLineParser parser;
        describe(app, parser); // prints and exits
        return 0;
    }
    QApplication app(argc, argv);
    QCommandLineParser parser;
    describe(app, parser);

    wb::AppTheme::apply(wb::Settings().theme());
    wb::MainWindow window;
    window.closeOnStopSignals();
    window.show();
    if (!parser.positionalArguments().isEmpty())
        window.importPaths(parser.positionalArguments());
    return QApplication::exec();
}
