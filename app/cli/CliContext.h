#pragma once

#include "files/UserMetadata.h"
#include "import/FileImporter.h"
#include "model/LatencyMetric.h"
#include "report/TableWriter.h"
#include "stats/DatasetGroups.h"

#include <QStringList>
#include <QTextStream>

#include <functional>

#include <vector>

namespace wb::cli {

struct GroupOptions;
class OptionParser;

// Exit status of the command-line contract (README: Exit status).
enum ExitCode { Success = 0, SomeFilesFailed = 1, UsageOrNothingUsable = 2 };

// Output streams and the bookkeeping that decides the exit status: which files were
// reported and which had problems. Every message about a file goes through here so they
// all read `wirebench-cli: FILE: line N: what is wrong`.
class CliContext {
public:
    CliContext();

    QTextStream& out() { return m_out; }
    void fileProblem(const QString& file, const QString& what);
    // Worth telling, but the file was read fine: does not change the exit status.
    void fileWarning(const QString& file, const QString& what);
    void lineProblem(const QString& file, std::int64_t line, const QString& what);
    // Reports the parse and range errors of an import (the first few) to stderr.
    void reportIssues(const ImportResult& result);
    void usageError(const QString& what);
    // What a long command is doing, for the person watching (stderr, not the report).
    void progress(const QString& what);

    void fileReported() { ++m_reported; }
    void markProblem() { m_problem = true; }
    int exitCode() const;

private:
    // "wirebench-cli: FILE: [line N: ]KIND WHAT" on stderr; line 0: the file as a whole.
    void say(const QString& file, std::int64_t line, const char* kind, const QString& what);

    QTextStream m_out;
    QTextStream m_err;
    int m_reported = 0;
    bool m_problem = false;
    bool m_usage = false;
};

// Options most subcommands share.
struct CommonOptions {
    TableWriter::Format table = TableWriter::Format::Text;
    bool json = false;
    std::vector<double> percentiles;
    bool qjumpCompat = false;
    LatencyMetric metric = LatencyMetric::Rtt; // --metric
    // The user's values for the logs (--set KEY=VALUE, --metadata FILE).
    UserMetadata metadata;
    QStringList files;
};

// Reads the arguments after the subcommand: the shared options its help declares (and the
// group options when `group` is given, the command's own ones `bindOwn` binds) and its FILEs;
// false (with a usage error reported) when they are wrong.
bool parseCommonOptions(const char* command, const QStringList& args, CliContext& context,
                        CommonOptions* options, GroupOptions* group = nullptr,
                        const std::function<void(OptionParser&)>& bindOwn = {});

// Reads --set KEY=VALUE and --metadata FILE, the user's values for the logs, through the
// command's parser: every command that takes them (parseCommonOptions, plot) reads them here.
void bindMetadataOptions(OptionParser& parser, CliContext& context, UserMetadata* metadata);

// The datasets as grouping sees them, each with the user's values for its log (--set,
// --metadata); warns of the logs a metadata file names that none of the datasets came from.
// Every command that groups or labels builds its members here.
std::vector<GroupMember> groupMembers(const CommonOptions& options,
                                      const std::vector<const Dataset*>& datasets,
                                      CliContext& context);
// The warning of groupMembers for a command that reads the user's values otherwise: the logs
// a metadata file names that are not among `read` (the logs' paths as imported).
void warnOfUnreadLogs(const UserMetadata& metadata, const QStringList& read, CliContext& context);

// The logs the operands name, folders searched as the workbench searches them (LogFiles);
// what a folder holds that is not read is reported as a file problem.
QStringList expandLogs(const QStringList& paths, CliContext& context);

// "latency" or "throughput", as outputs name a dataset's kind.
QString kindName(Dataset::Kind kind);

// Imports each file (every log of each folder) in turn, reporting refused files; calls
// use(ImportResult&) for each one that loaded (use may move the result away).
template <typename Use>
void forEachImport(const CommonOptions& options, CliContext& context, Use use) {
    ImportOptions importOptions;
    importOptions.qjumpCompat = options.qjumpCompat;
    for (const QString& file : expandLogs(options.files, context)) {
        ImportResult result = FileImporter::importFile(file, importOptions);
        if (!result.ok()) {
            context.fileProblem(file, result.error);
            if (result.datasets.empty())
                continue;
        }
        context.reportIssues(result);
        use(result);
    }
}

} // namespace wb::cli
