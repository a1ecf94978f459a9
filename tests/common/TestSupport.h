#pragma once

// Helpers shared by the Qt Test executables: where test data lives, how to parse a log in
// odd chunk sizes, and how to find a Python with numpy for reference computations.

#include "import/FileImporter.h"
#include "report/DatasetJson.h"

#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

namespace wb::test {

// How much longer code may take in this build: ASan and UBSan make it several times slower,
// so a speed bound meant for a release build is scaled, not dropped.
#ifdef WIREBENCH_SANITIZED
constexpr int kSlowdown = 10;
#else
constexpr int kSlowdown = 1;
#endif

inline QString dataPath(const QString& relative) {
    return QStringLiteral(WIREBENCH_TEST_DATA_DIR "/") + relative;
}

inline QString samplePath(const QString& name) {
    return QStringLiteral(WIREBENCH_SAMPLES_DIR "/") + name;
}

inline QString toolPath(const QString& name) {
    return QStringLiteral(WIREBENCH_TOOLS_DIR "/") + name;
}

// The five QJump Table 1 configurations, idle first, as recorded by samples/record-qjump.sh.
inline const char* const kQjumpSamples[] = {"ping18_np", "ping18_iperf16_np", "ping18_iperf68_np",
                                            "ping18_iperf18_np", "ping18_iperf18_iperf68_np"};

inline QStringList qjumpSamplePaths() {
    QStringList files;
    for (const char* name : kQjumpSamples)
        files << samplePath(QString::fromLatin1(name));
    return files;
}

// What one run of wirebench-cli printed (exit code -1 when it did not finish).
struct CliRun {
    int exitCode = -1;
    QString out;
    QString err;
};

// wirebench-cli with a deadline (scaled by kSlowdown): one that hangs or crashes is killed and
// fails its test instead of blocking it. `prefix` runs it through another command (setpriv).
inline CliRun runCliWithin(const QStringList& arguments, int milliseconds,
                           const QStringList& prefix = {}) {
    const QStringList command = prefix + QStringList{QStringLiteral(WIREBENCH_CLI)};
    QProcess process;
    process.start(command.front(), command.mid(1) + arguments);
    CliRun run;
    if (!process.waitForFinished(milliseconds * kSlowdown)) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    if (process.exitStatus() != QProcess::NormalExit)
        return run;
    run.exitCode = process.exitCode();
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

inline CliRun runCli(const QStringList& arguments) {
    return runCliWithin(arguments, 120000 / kSlowdown);
}

// A clean 200-reply iputils log with its summary, for tests that damage, cut or wrap it.
inline QByteArray cleanPingLog() {
    QByteArray log = "PING 198.18.0.8 (198.18.0.8) 56(84) bytes of data.\n";
    for (int seq = 1; seq <= 200; ++seq)
        log += QByteArray("64 bytes from 198.18.0.8: icmp_seq=") + QByteArray::number(seq) +
               " ttl=64 time=0." + QByteArray::number(100 + seq) + " ms\n";
    log += "\n--- 198.18.0.8 ping statistics ---\n"
           "200 packets transmitted, 200 received, 0% packet loss, time 215ms\n"
           "rtt min/avg/max/mdev = 0.101/0.200/0.300/0.058 ms\n";
    return log;
}

// Writes bytes to folder/name; a test that cannot write its input has nothing to test.
inline QString writeTestFile(const QString& folder, const QString& name, const QByteArray& bytes) {
    const QString path = folder + QLatin1Char('/') + name;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

inline QByteArray readAll(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// A null study: the idle QJump ping's (ping18_np) replies 1–4,800 cut into six logs of 800
// consecutive replies, each under the log's first line, written to `folder`: six runs of one
// distribution. Empty when the sample holds fewer replies.
inline QStringList nullStudyParts(const QString& folder) {
    constexpr int kParts = 6;
    constexpr int kReplies = 800;
    const QList<QByteArray> lines = readAll(samplePath(QStringLiteral("ping18_np"))).split('\n');
    if (lines.size() <= kParts * kReplies)
        return {};
    QStringList parts;
    for (int part = 0; part < kParts; ++part) {
        QByteArray log = lines.front() + '\n';
        for (int i = 1 + part * kReplies; i <= (part + 1) * kReplies; ++i)
            log += lines[i] + '\n';
        parts << writeTestFile(folder, QStringLiteral("part-%1.txt").arg(part), log);
    }
    return parts;
}

inline ImportResult parseBytes(const QByteArray& bytes, const QString& name,
                               std::size_t chunkSize = 1 << 20, const QString& format = {}) {
    ImportOptions options;
    options.chunkSize = chunkSize;
    options.format = format;
    return FileImporter::importBytes(
        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), name, options);
}

// The import as JSON text, for comparing two parses of the same log exactly.
inline QByteArray describe(const ImportResult& result) {
    return QJsonDocument(DatasetJson::describe(result)).toJson(QJsonDocument::Indented);
}

// The import of a log as JSON when read whole and in each of the chunk sizes; the same text
// every time proves the parser does not care where chunk boundaries fall.
inline QByteArrayList describeInChunks(const QString& path,
                                       std::initializer_list<std::size_t> chunkSizes) {
    QByteArrayList parses{describe(FileImporter::importFile(path))};
    for (std::size_t chunk : chunkSizes) {
        ImportOptions options;
        options.chunkSize = chunk;
        parses << describe(FileImporter::importFile(path, options));
    }
    return parses;
}

// The import of a log converted to CRLF line endings, as JSON (compare with the LF import).
inline QByteArray describeWithCrlf(const QString& path) {
    QByteArray crlf = readAll(path);
    crlf.replace("\n", "\r\n");
    return describe(parseBytes(crlf, path));
}

// A python3 that can import numpy (Debian's python3-numpy lives in /usr/bin/python3, which
// may not be the first python3 on PATH), or an empty string.
inline QString pythonWithNumpy() {
    for (const QString& candidate : {QStringLiteral("/usr/bin/python3"),
                                     QStandardPaths::findExecutable(QStringLiteral("python3"))}) {
        if (candidate.isEmpty())
            continue;
        QProcess probe;
        probe.start(candidate, {QStringLiteral("-c"), QStringLiteral("import numpy")});
        if (probe.waitForFinished(30000) && probe.exitStatus() == QProcess::NormalExit &&
            probe.exitCode() == 0)
            return candidate;
    }
    return {};
}

// The first dataset of a log, read as the workbench reads it; fails the test binary when the
// log cannot be read (a missing test file).
inline Dataset firstDatasetOf(const QString& path) {
    ImportResult result = FileImporter::importFile(path);
    if (!result.ok() || result.datasets.empty())
        qFatal("cannot read %s", qPrintable(path));
    return std::move(result.datasets.front());
}

} // namespace wb::test
