#include "CliContext.h"
#include "Commands.h"
#include "OptionParser.h"

#include "DatasetStore.h"
#include "ImportController.h"
#include "LegendLayout.h"
#include "ReportWriter.h"
#include "ViewSettingsLimits.h"
#include "WorkspaceSession.h"
#include "files/WorkspaceFile.h"

#include <QEventLoop>
#include <QJsonObject>

namespace wb::cli {

namespace {

struct ReportOptions {
    QString workspace;
    QString output;
    QJsonObject figures; // ReportSource::kFigureSettings
};

bool parseReportOptions(const QStringList& args, CliContext& context, ReportOptions* options) {
    OptionParser parser("report", context);
    parser.on(QStringLiteral("--output"), &options->output);
    parser.on(QStringLiteral("--legend"), [&](const QString& value) {
        bool known = false;
        LegendLayout::fromName(value, &known);
        if (!known)
            context.usageError(QStringLiteral("--legend must be one of %1")
                                   .arg(LegendLayout::names().join(QStringLiteral(", "))));
        options->figures.insert(QStringLiteral("legend"), value);
        return known;
    });
    parser.on(QStringLiteral("--font"), [&](const QString& value) {
        options->figures.insert(QStringLiteral("fontFamily"), value);
        return true;
    });
    double fontSize = 0; // not given
    parser.on(QStringLiteral("--font-size"), &fontSize, ViewSettingsLimits::kMinFontSize,
              ViewSettingsLimits::kMaxFontSize, QStringLiteral("points"));
    QStringList workspaces;
    if (!parser.parse(args, &workspaces))
        return false;
    if (fontSize > 0)
        options->figures.insert(QStringLiteral("fontSize"), fontSize);
    if (workspaces.size() > 1) {
        context.usageError(QStringLiteral("report takes one WORKSPACE (got %1 and %2)")
                               .arg(workspaces[0], workspaces[1]));
        return false;
    }
    options->workspace = workspaces.value(0);
    if (options->workspace.isEmpty() || options->output.isEmpty()) {
        context.usageError(QStringLiteral("report needs a WORKSPACE and -o REPORT.pdf|.html"));
        return false;
    }
    if (ReportWriter::formatOf(options->output).isEmpty()) {
        context.usageError(
            QStringLiteral("%1: the report must end in .pdf or .html").arg(options->output));
        return false;
    }
    return true;
}

} // namespace

int runReport(const QStringList& args, CliContext& context) {
    ReportOptions options;
    if (!parseReportOptions(args, context, &options))
        return context.exitCode();
    // Missing logs are left to the importer, which says why each was not read.
    WorkspaceSession::Read read;
    read.workspace = WorkspaceFile::load(options.workspace, &read.error);
    if (!read.workspace) {
        context.fileProblem(options.workspace,
                            read.error.isEmpty() ? QStringLiteral("not readable") : read.error);
        return UsageOrNothingUsable;
    }
    QMap<QString, QJsonObject> viewSettings = read.workspace->viewSettings;
    QJsonObject figures = viewSettings.value(ReportSource::kFigureSettings);
    for (auto it = options.figures.begin(); it != options.figures.end(); ++it)
        figures.insert(it.key(), it.value()); // the command line's over the workspace's
    if (!figures.isEmpty())
        viewSettings.insert(ReportSource::kFigureSettings, figures);
    for (const QString& warning : ViewSettingsLimits::clamp(&viewSettings))
        context.fileWarning(options.workspace, warning);
    // Its raw logs re-imported as the workbench opens a workspace, waiting for the end.
    DatasetStore store;
    ImportController importer(&store);
    WorkspaceSession session(&store, &importer);
    QEventLoop loop;
    QObject::connect(
        &importer, &ImportController::fileFailed,
        [&](const QString& file, const QString& why) { context.fileProblem(file, why); });
    QObject::connect(&importer, &ImportController::finished, &loop, &QEventLoop::quit);
    session.open(options.workspace, *read.workspace);
    session.import(read, true);
    loop.exec();
    if (store.entries().empty()) {
        context.fileProblem(options.workspace,
                            QStringLiteral("none of its raw logs could be read"));
        return UsageOrNothingUsable;
    }
    QString error;
    if (!ReportWriter::write(&store, session.reportSource(viewSettings), options.output, &error)) {
        context.fileProblem(options.output, error);
        return UsageOrNothingUsable;
    }
    context.fileReported();
    return context.exitCode();
}

} // namespace wb::cli
