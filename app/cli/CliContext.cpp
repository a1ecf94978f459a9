#include "CliContext.h"

#include "GroupOptions.h"
#include "OptionParser.h"

#include "import/LogFiles.h"
#include "report/LatencyReport.h"

#include <cstdio>

namespace wb::cli {

CliContext::CliContext() : m_out(stdout), m_err(stderr) {}

void CliContext::say(const QString& file, std::int64_t line, const char* kind,
                     const QString& what) {
    m_err << "wirebench-cli: " << file << ": ";
    if (line > 0)
        m_err << "line " << line << ": ";
    m_err << kind << what << '\n';
    m_err.flush();
}

void CliContext::fileProblem(const QString& file, const QString& what) {
    say(file, 0, "", what);
    m_problem = true;
}

void CliContext::fileWarning(const QString& file, const QString& what) {
    say(file, 0, "warning: ", what);
}

void CliContext::lineProblem(const QString& file, std::int64_t line, const QString& what) {
    say(file, line, "", what);
    m_problem = true;
}

void CliContext::reportIssues(const ImportResult& result) {
    constexpr std::size_t kShown = 20; // enough to find the pattern; the count says the rest
    for (const IssueList* issues : {&result.report.parseErrors, &result.report.rangeErrors}) {
        const auto& kept = issues->kept();
        for (std::size_t i = 0; i < kept.size() && i < kShown; ++i)
            lineProblem(result.file, kept[i].line,
                        kept[i].message + QStringLiteral(": \"") + kept[i].text + QLatin1Char('"'));
        if (issues->count() > static_cast<std::int64_t>(kShown))
            fileProblem(result.file, QStringLiteral("%1 more like these not shown")
                                         .arg(issues->count() - static_cast<std::int64_t>(kShown)));
    }
    // Warnings (a line cut, losses not listed, timestamps dropped) change no exit status, but
    // a user reading only the numbers should still learn about them.
    const IssueList& warnings = result.report.warnings;
    for (std::size_t i = 0; i < warnings.kept().size() && i < kShown; ++i)
        say(result.file, warnings.kept()[i].line, "warning: ", warnings.kept()[i].message);
    if (warnings.count() > static_cast<std::int64_t>(kShown))
        fileWarning(result.file, QStringLiteral("%1 more warnings not shown")
                                     .arg(warnings.count() - static_cast<std::int64_t>(kShown)));
}

void CliContext::usageError(const QString& what) {
    m_err << "wirebench-cli: " << what << "\nTry 'wirebench-cli --help'.\n";
    m_err.flush();
    m_usage = true;
}

void CliContext::progress(const QString& what) {
    if (m_err.status() != QTextStream::Ok)
        return; // nobody reads it any more (a closed pipe)
    m_err << what << '\n';
    m_err.flush();
}

int CliContext::exitCode() const {
    if (m_usage || m_reported == 0)
        return UsageOrNothingUsable;
    return m_problem ? SomeFilesFailed : Success;
}

std::vector<GroupMember> groupMembers(const CommonOptions& options,
                                      const std::vector<const Dataset*>& datasets,
                                      CliContext& context) {
    std::vector<GroupMember> members;
    QStringList read;
    for (const Dataset* dataset : datasets) {
        members.push_back({dataset, {}, {}, options.metadata.of(dataset->sourceFile)});
        read << dataset->sourceFile;
    }
    warnOfUnreadLogs(options.metadata, read, context);
    return members;
}

void warnOfUnreadLogs(const UserMetadata& metadata, const QStringList& read, CliContext& context) {
    for (const UserMetadata::NamedLog& log : metadata.notAmong(read))
        context.fileWarning(log.metadataFile,
                            QStringLiteral("line %1: %2 is not among the logs read; its values "
                                           "are not used")
                                .arg(log.line)
                                .arg(log.path));
}

QStringList expandLogs(const QStringList& paths, CliContext& context) {
    LogFiles::List list = LogFiles::expand(paths);
    for (const RefusedPath& refused : list.refused)
        context.fileProblem(refused.path, refused.why);
    return std::move(list.files);
}

void bindMetadataOptions(OptionParser& parser, CliContext& context, UserMetadata* metadata) {
    parser.on(QStringLiteral("--set"), [&context, metadata](const QString& assignment) {
        const int eq = static_cast<int>(assignment.indexOf(QLatin1Char('=')));
        if (eq <= 0 || assignment.left(eq).trimmed().isEmpty()) {
            context.usageError(QStringLiteral("--set \"%1\": needs KEY=VALUE").arg(assignment));
            return false;
        }
        metadata->setForAll(assignment.left(eq), assignment.mid(eq + 1).trimmed());
        return true;
    });
    parser.on(QStringLiteral("--metadata"), [&context, metadata](const QString& file) {
        const auto error = metadata->readFile(file);
        if (error)
            context.lineProblem(error->file, error->line, error->what);
        return !error;
    });
}

bool parseCommonOptions(const char* command, const QStringList& args, CliContext& context,
                        CommonOptions* options, GroupOptions* group,
                        const std::function<void(OptionParser&)>& bindOwn) {
    OptionParser parser(command, context);
    if (group)
        bindGroupOptions(parser, context, group);
    parser.on(QStringLiteral("--format"), [&](const QString& format) {
        options->json = format == QLatin1String("json");
        if (options->json || TableWriter::parseFormat(format, &options->table))
            return true;
        context.usageError(
            QStringLiteral("unknown format \"%1\" (text, json, csv, markdown, latex)").arg(format));
        return false;
    });
    if (parser.declares(QStringLiteral("--percentiles")))
        parser.on(QStringLiteral("--percentiles"), [&](const QString& list) {
            if (!LatencyReport::parseLevels(list, &options->percentiles)) {
                context.usageError(QStringLiteral("--percentiles \"%1\": each level must be a "
                                                  "number between 0 and 100")
                                       .arg(list));
                return false;
            }
            if (options->percentiles.empty())
                context.usageError(QStringLiteral("--percentiles needs at least one value"));
            return !options->percentiles.empty();
        });
    if (parser.declares(QStringLiteral("--metric")))
        parser.on(QStringLiteral("--metric"), [&](const QString& id) {
            const std::optional<LatencyMetric> metric = latencyMetricFromId(id);
            if (!metric) {
                context.usageError(
                    QStringLiteral("unknown metric \"%1\" (rtt, send-delay, receive-delay, ipdv)")
                        .arg(id));
                return false;
            }
            options->metric = *metric;
            return true;
        });
    if (parser.declares(QStringLiteral("--compat")))
        parser.on(QStringLiteral("--compat"), [&](const QString& mode) {
            options->qjumpCompat = mode == QLatin1String("qjump");
            if (!options->qjumpCompat)
                context.usageError(QStringLiteral("unknown compat mode \"%1\" (qjump)").arg(mode));
            return options->qjumpCompat;
        });
    // After the common ones: a command's own meaning of an option (sweep's --metric) wins.
    if (bindOwn)
        bindOwn(parser);
    bindMetadataOptions(parser, context, &options->metadata);
    if (!parser.parse(args, &options->files))
        return false;
    if (options->files.isEmpty())
        context.usageError(QStringLiteral("no FILE given"));
    return !options->files.isEmpty();
}

QString kindName(Dataset::Kind kind) {
    return kind == Dataset::Kind::Latency ? QStringLiteral("latency")
                                          : QStringLiteral("throughput");
}

} // namespace wb::cli
