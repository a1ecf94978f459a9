#include "CliContext.h"
#include "Commands.h"
#include "OptionParser.h"

#include "files/OutputFile.h"
#include "files/WorkspaceFile.h"
#include "report/TidyExport.h"

#include <QFileInfo>

#include <unistd.h>

#include <map>

namespace wb::cli {

namespace {

struct ExportOptions {
    TidyExport::Table table = TidyExport::Table::Samples;
    TidyExport::Format format = TidyExport::Format::Csv;
    QString output; // empty: standard output
    CommonOptions common;
};

bool parseExportOptions(const QStringList& args, CliContext& context, ExportOptions* options) {
    OptionParser parser("export", context);
    parser.on(QStringLiteral("--format"), [&](const QString& name) {
        if (TidyExport::parseFormat(name, &options->format))
            return true;
        context.usageError(QStringLiteral("unknown export format \"%1\" (csv, jsonl)").arg(name));
        return false;
    });
    parser.on(QStringLiteral("--what"), [&](const QString& name) {
        if (TidyExport::parseTable(name, &options->table))
            return true;
        context.usageError(
            QStringLiteral("unknown table \"%1\" (samples, intervals, flows, runs)").arg(name));
        return false;
    });
    for (const char* name : {"-o", "--output"})
        parser.on(QLatin1String(name), &options->output);
    bindMetadataOptions(parser, context, &options->common.metadata);
    if (!parser.parse(args, &options->common.files))
        return false;
    if (options->common.files.isEmpty())
        context.usageError(QStringLiteral("no FILE given"));
    return !options->common.files.isEmpty();
}

// The datasets to export and what the user says of them.
struct Input {
    std::vector<std::unique_ptr<Dataset>> datasets;
    std::vector<GroupMember> members;
};

bool isWorkspace(const QString& path) {
    return QFileInfo(path).suffix() == QLatin1String(WorkspaceFile::kSuffix) &&
           QFileInfo(path).isFile();
}

// A workspace's datasets as the workbench opens them: each log re-imported (with the format
// the workspace names), with the workspace's labels, tags and metadata; hidden ones too, the
// data being the user's whatever a view shows. A log that cannot be read is named.
void readWorkspace(const QString& path, CliContext& context, Input* input) {
    QString error;
    const std::optional<Workspace> workspace = WorkspaceFile::load(path, &error);
    if (!workspace) {
        context.fileProblem(path, error);
        return;
    }
    std::map<std::pair<QString, QString>, ImportResult> imported;
    for (const WorkspaceDataset& entry : workspace->datasets) {
        const auto key = std::make_pair(entry.absoluteSource, entry.formatId);
        auto it = imported.find(key);
        if (it == imported.end()) {
            ImportOptions options;
            options.format = entry.formatId;
            it = imported.emplace(key, FileImporter::importFile(entry.absoluteSource, options))
                     .first;
            if (!it->second.ok())
                context.fileProblem(entry.absoluteSource, it->second.error);
            context.reportIssues(it->second);
        }
        const ImportResult& result = it->second;
        if (entry.indexInFile < 0 ||
            static_cast<std::size_t>(entry.indexInFile) >= result.datasets.size()) {
            if (result.ok())
                context.fileProblem(entry.absoluteSource,
                                    QStringLiteral("has no dataset %1").arg(entry.indexInFile));
            continue;
        }
        input->datasets.push_back(std::make_unique<Dataset>(
            result.datasets[static_cast<std::size_t>(entry.indexInFile)]));
        input->members.push_back(
            {input->datasets.back().get(), entry.tags, entry.label, entry.metadata});
        context.fileReported();
    }
}

Input readInput(const ExportOptions& options, CliContext& context) {
    Input input;
    CommonOptions logs = options.common;
    logs.files.clear();
    for (const QString& file : options.common.files) {
        if (isWorkspace(file))
            readWorkspace(file, context, &input);
        else
            logs.files << file;
    }
    if (logs.files.isEmpty())
        return input;
    std::vector<const Dataset*> read;
    forEachImport(logs, context, [&](ImportResult& result) {
        if (result.report.hasProblems())
            context.markProblem();
        context.fileReported();
        for (Dataset& dataset : result.datasets) {
            input.datasets.push_back(std::make_unique<Dataset>(std::move(dataset)));
            read.push_back(input.datasets.back().get());
        }
    });
    for (GroupMember& member : groupMembers(logs, read, context))
        input.members.push_back(std::move(member));
    return input;
}

} // namespace

int runExport(const QStringList& args, CliContext& context) {
    ExportOptions options;
    if (!parseExportOptions(args, context, &options))
        return context.exitCode();
    const Input input = readInput(options, context);
    if (input.members.empty())
        return context.exitCode();
    const auto produce = [&](OutputSink& sink, QString* why) {
        return TidyExport::write(sink, options.table, options.format, input.members, {}, why);
    };
    QString why;
    bool written = false;
    if (options.output.isEmpty()) {
        OutputSink out(STDOUT_FILENO);
        written = produce(out, &why);
    } else {
        written = OutputFile::stream(options.output, produce, &why);
    }
    if (!written) {
        context.fileProblem(options.output.isEmpty() ? QStringLiteral("standard output")
                                                     : options.output,
                            QStringLiteral("cannot write: %1").arg(why));
        return UsageOrNothingUsable;
    }
    return context.exitCode();
}

} // namespace wb::cli
