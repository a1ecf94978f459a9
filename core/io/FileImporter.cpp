#include "FileImporter.h"

#include "RunSidecar.h"
#include "parse/FormatRegistry.h"
#include "parse/QjumpCompatParser.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <vector>

namespace wb {

namespace {

// Text logs never contain NUL; a NUL in the first block means a binary (or UTF-16) file.
bool looksBinary(std::string_view head, qsizetype* offset) {
    const std::size_t nul = head.find('\0');
    if (nul == std::string_view::npos)
        return false;
    *offset = static_cast<qsizetype>(nul);
    return true;
}

// The file name without the extensions logs usually get, so labels read "cubic-P30".
QString defaultLabel(const QString& path) {
    const QFileInfo info(path);
    static const QStringList logSuffixes = {"txt", "log", "out", "csv", "json", "jsonl"};
    return logSuffixes.contains(info.suffix().toLower()) ? info.completeBaseName()
                                                         : info.fileName();
}

class ImportRun {
public:
    ImportRun(ImportResult& result, const ImportOptions& options)
        : m_result(result), m_options(options) {}

    // Returns false when the file is refused; the reason is in the result.
    bool start(std::string_view head) {
        if (head.empty()) {
            m_result.error = QStringLiteral("the file is empty");
            return false;
        }
        QString why;
        if (m_options.format.isEmpty()) {
            m_result.format = FileImporter::detect(head, &why);
        } else {
            m_result.format = FormatRegistry::find(m_options.format.toStdString());
            why = QStringLiteral("unknown format \"%1\"").arg(m_options.format);
        }
        qsizetype nulAt = 0;
        if (m_options.qjumpCompat && !looksBinary(head, &nulAt)) {
            // The artifact greps any text for "time=", whatever tool wrote it.
            m_parser = std::make_unique<QjumpCompatParser>();
            return true;
        }
        if (!m_result.format) {
            m_result.error = why;
            return false;
        }
        m_parser = m_result.format->create();
        return true;
    }

    bool feed(std::string_view bytes, qint64 done, qint64 total) {
        for (std::size_t at = 0; at < bytes.size(); at += m_options.chunkSize)
            m_parser->feed(bytes.substr(at, m_options.chunkSize));
        if (m_options.progress && !m_options.progress(done, total)) {
            m_result.cancelled = true;
            return false;
        }
        return true;
    }

    void finish() {
        m_parser->finish();
        m_result.report = m_parser->report();
        m_result.datasets = m_parser->takeDatasets();
        const QString label = defaultLabel(m_result.file);
        for (Dataset& dataset : m_result.datasets) {
            dataset.sourceFile = m_result.file;
            if (dataset.label.isEmpty())
                dataset.label = label;
            else if (m_result.datasets.size() > 1)
                dataset.label = label + QStringLiteral(" · ") + dataset.label;
        }
    }

private:
    ImportResult& m_result;
    const ImportOptions& m_options;
    std::unique_ptr<LogParser> m_parser;
};

// A log recorded by Wirebench has its run description beside it: label, command line and
// the plan's parameters come back with the log.
void applySidecar(const QString& logPath, ImportResult& result) {
    const QString sidecar = RunSidecar::pathFor(logPath);
    if (RunSidecar::isRunCompanion(logPath) || !QFileInfo::exists(sidecar))
        return;
    QString why;
    const std::optional<RunRecord> record = RunSidecar::read(sidecar, &why);
    if (!record) {
        result.report.warnings.add(
            0, QStringLiteral("run description %1 not used: %2").arg(sidecar, why), QString());
        return;
    }
    for (Dataset& dataset : result.datasets)
        RunSidecar::applyTo(*record, dataset);
}

} // namespace

const FormatEntry* FileImporter::detect(std::string_view head, QString* why) {
    qsizetype nulAt = 0;
    if (looksBinary(head.substr(0, FormatRegistry::kSniffBytes), &nulAt)) {
        if (why)
            *why = QStringLiteral("binary data (NUL byte at offset %1), not a text log").arg(nulAt);
        return nullptr;
    }
    const FormatEntry* format = FormatRegistry::detect(head);
    if (!format && why)
        *why = QStringLiteral("not a ping, fping or iperf log this version can read");
    return format;
}

ImportResult FileImporter::importBytes(std::string_view bytes, const QString& name,
                                       const ImportOptions& options) {
    ImportResult result;
    result.file = name;
    ImportRun run(result, options);
    if (!run.start(bytes.substr(0, FormatRegistry::kSniffBytes)))
        return result;
    const auto total = static_cast<qint64>(bytes.size());
    if (run.feed(bytes, total, total))
        run.finish();
    return result;
}

ImportResult FileImporter::importFile(const QString& path, const ImportOptions& options) {
    ImportResult result;
    result.file = path;
    const QFileInfo info(path);
    if (!info.exists()) {
        result.error = QStringLiteral("no such file");
        return result;
    }
    if (info.isDir()) {
        result.error = QStringLiteral("is a directory, not a log file");
        return result;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        result.error = QStringLiteral("cannot open: %1").arg(file.errorString());
        return result;
    }
    const qint64 total = file.size();
    std::vector<char> buffer(std::max<std::size_t>(options.chunkSize, 1 << 20));
    ImportRun run(result, options);
    qint64 done = 0;
    bool started = false;
    for (;;) {
        const qint64 got = file.read(buffer.data(), static_cast<qint64>(buffer.size()));
        if (got < 0) {
            result.error = QStringLiteral("read error: %1").arg(file.errorString());
            break;
        }
        const std::string_view block(buffer.data(), static_cast<std::size_t>(got));
        if (!started) {
            // Sniff on the first block; a file shorter than a block is sniffed whole.
            if (!run.start(block))
                return result;
            started = true;
        }
        if (got == 0)
            break;
        done += got;
        if (!run.feed(block, done, total))
            break;
    }
    run.finish(); // keep whatever was read, even after a read error or a cancel
    applySidecar(path, result);
    return result;
}

} // namespace wb
