#include "CliContext.h"
#include "Commands.h"

#include "DatasetStore.h"
#include "ImportController.h"
#include "LegendLayout.h"
#include "ReportWriter.h"
#include "ViewSettingsLimits.h"
#include "io/WorkspaceFile.h"

#include <QEventLoop>
#include <QFileInfo>
#include <QJsonObject>

namespace wb::cli {

namespace {

struct ReportOptions {
    QString workspace;
    QString output;
    QJsonObject figures; // ReportSource::kFigureSettings
};

bool parseReportOptions(const QStringList& args, CliContext& context, ReportOptions* options) {
    for (int i = 0; i < args.size(); ++i) {
        const QString& arg = args[i];
        if (arg == QLatin1String("-o") || arg == QLatin1String("--output")) {
            if (i + 1 >= args.size()) {
                context.usageError(QStringLiteral("%1 needs a value").arg(arg));
                return false;
            }
            options->output = args[++i];
        } else if (arg == QLatin1String("--legend") || arg == QLatin1String("--font") ||
                   arg == QLatin1String("--font-size")) {
            if (i + 1 >= args.size()) {
                context.usageError(QStringLiteral("%1 needs a value").arg(arg));
                return false;
            }
            const QString value = args[++i];
            if (arg == QLatin1String("--legend")) {
                bool known = false;
                LegendLayout::fromName(value, &known);
                if (!known) {
                    context.usageError(QStringLiteral("--legend must be one of %1")
                                           .arg(LegendLayout::names().join(QStringLiteral(", "))));
                    return false;
                }
                options->figures.insert(QStringLiteral("legend"), value);
            } else if (arg == QLatin1String("--font")) {
                options->figures.insert(QStringLiteral("fontFamily"), value);
            } else {
                const std::optional<double> size = numberOption(
                    arg, value, ViewSettingsLimits::kMinFontSize, ViewSettingsLimits::kMaxFontSize,
                    QStringLiteral("points"), context);
                if (!size)
                    return false;
                options->figures.insert(QStringLiteral("fontSize"), *size);
            }
        } else if (arg.startsWith(QLatin1String("-"))) {
            context.usageError(QStringLiteral("unknown option %1").arg(arg));
            return false;
        } else if (options->workspace.isEmpty()) {
            options->workspace = arg;
        } else {
            context.usageError(QStringLiteral("report takes one WORKSPACE (got %1 and %2)")
                                   .arg(options->workspace, arg));
            return false;
        }
    }
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

// Re-imports the workspace's raw logs the way the workbench opens a workspace (the same
// ImportController: labels, colours, visibility and tags restored), waiting for the end.
std::vector<ReportProblem> importWorkspace(const Workspace& workspace, DatasetStore* store,
                                           CliContext& context) {
    std::vector<ReportProblem> problems;
    ImportController importer(store);
    QEventLoop loop;
    QObject::connect(&importer, &ImportController::fileFailed,
                     [&](const QString& file, const QString& why) {
                         context.fileProblem(file, why);
                         problems.push_back({file, why});
                     });
    QObject::connect(&importer, &ImportController::finished, &loop, &QEventLoop::quit);
    importer.importWorkspace(workspace);
    loop.exec();
    return problems;
}

} // namespace

int runReport(const QStringList& args, CliContext& context) {
    ReportOptions options;
    if (!parseReportOptions(args, context, &options))
        return context.exitCode();
    QString error;
    const std::optional<Workspace> workspace = WorkspaceFile::load(options.workspace, &error);
    if (!workspace) {
        context.fileProblem(options.workspace,
                            error.isEmpty() ? QStringLiteral("not readable") : error);
        return UsageOrNothingUsable;
    }
    DatasetStore store;
    ReportSource source;
    source.title =
        workspace->title.isEmpty() ? QFileInfo(options.workspace).fileName() : workspace->title;
    source.viewSettings = workspace->viewSettings;
    QJsonObject figures = source.viewSettings.value(ReportSource::kFigureSettings);
    for (auto it = options.figures.begin(); it != options.figures.end(); ++it)
        figures.insert(it.key(), it.value()); // the command line's over the workspace's
    if (!figures.isEmpty())
        source.viewSettings.insert(ReportSource::kFigureSettings, figures);
    for (const QString& warning : ViewSettingsLimits::clamp(&source.viewSettings))
        context.fileWarning(options.workspace, warning);
    source.problems = importWorkspace(*workspace, &store, context);
    // The grouping the workbench had when the workspace was saved, as its own report uses it.
    store.setGroupKey(workspace->extra.value(QLatin1String("groupBy")).toString());
    if (store.entries().empty()) {
        context.fileProblem(options.workspace,
                            QStringLiteral("none of its raw logs could be read"));
        return UsageOrNothingUsable;
    }
    if (!ReportWriter::write(&store, source, options.output, &error)) {
        context.fileProblem(options.output, error);
        return UsageOrNothingUsable;
    }
    context.fileReported();
    return context.exitCode();
}

} // namespace wb::cli
