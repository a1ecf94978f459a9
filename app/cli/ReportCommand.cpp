#include "CliContext.h"
#include "Commands.h"

#include "DatasetStore.h"
#include "ImportController.h"
#include "ReportWriter.h"
#include "io/WorkspaceFile.h"

#include <QEventLoop>
#include <QFileInfo>

namespace wb::cli {

namespace {

struct ReportOptions {
    QString workspace;
    QString output;
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
