#include "CliContext.h"
#include "Commands.h"
#include "OptionParser.h"

#include "WorkspaceInput.h"

#include "DatasetStore.h"
#include "LegendLayout.h"
#include "ReportWriter.h"
#include "ViewSettingsLimits.h"
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
    DatasetStore store;
    WorkspaceInput input(&store);
    if (!input.read(options.workspace, context))
        return UsageOrNothingUsable;
    QMap<QString, QJsonObject> viewSettings = input.workspace().viewSettings;
    QJsonObject figures = viewSettings.value(ReportSource::kFigureSettings);
    for (auto it = options.figures.begin(); it != options.figures.end(); ++it)
        figures.insert(it.key(), it.value()); // the command line's over the workspace's
    if (!figures.isEmpty())
        viewSettings.insert(ReportSource::kFigureSettings, figures);
    for (const QString& warning : ViewSettingsLimits::clamp(&viewSettings))
        context.fileWarning(options.workspace, warning);
    // Its raw logs re-imported as the workbench opens a workspace.
    if (!input.import(context))
        return UsageOrNothingUsable;
    QString error;
    if (!ReportWriter::write(&store, input.session().reportSource(viewSettings), options.output,
                             &error)) {
        context.fileProblem(options.output, error);
        return UsageOrNothingUsable;
    }
    context.fileReported();
    return context.exitCode();
}

} // namespace wb::cli
