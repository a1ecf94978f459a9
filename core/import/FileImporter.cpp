#include "import/FileImporter.h"
#include "import/StreamImport.h"

#include "files/RunSidecar.h"
#include "files/StepRecord.h"
#include "import/AbandonableReader.h"
#include "import/CompressedInput.h"
#include "import/FileKind.h"
#include "import/NativePath.h"
#include "import/ParallelFeeder.h"
#include "parse/BlockScanner.h"
#include "parse/FormatRegistry.h"
#include "parse/LineEnds.h"
#include "parse/QjumpCompatParser.h"
#include "parse/TextScan.h"

#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>

#include <algorithm>
#include <optional>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

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

// Reads the text of a log as UTF-8 whatever its byte-order mark says: Windows PowerShell
// writes `ping > file` as UTF-16LE with a BOM, and some editors put a UTF-8 BOM in front.
// Parsers only ever see UTF-8 without a BOM, cut anywhere (the decoder keeps a character
// split between two pieces). Without a BOM the bytes pass through untouched.
class TextDecoder {
public:
    explicit TextDecoder(std::string_view head) {
        struct Mark {
            std::string_view bytes;
            std::optional<QStringConverter::Encoding> encoding;
        };
        const Mark marks[] = {{"\xEF\xBB\xBF", std::nullopt},
                              {"\xFF\xFE", QStringConverter::Utf16LE},
                              {"\xFE\xFF", QStringConverter::Utf16BE}};
        for (const Mark& mark : marks) {
            if (head.substr(0, mark.bytes.size()) != mark.bytes)
                continue;
            m_bomLeft = mark.bytes.size();
            if (mark.encoding)
                m_decoder.emplace(*mark.encoding);
            return;
        }
    }

    bool hasByteOrderMark() const { return m_bomLeft > 0 || m_bomSkipped; }
    // True when the parser gets the file's bytes as they are.
    bool passesThrough() const { return !hasByteOrderMark(); }

    // The next piece of the file as UTF-8; valid until the next call.
    std::string_view toUtf8(std::string_view bytes) {
        const std::size_t skip = std::min(m_bomLeft, bytes.size());
        bytes.remove_prefix(skip);
        m_bomLeft -= skip;
        m_bomSkipped = m_bomSkipped || skip > 0;
        if (!m_decoder)
            return bytes;
        const QString text =
            m_decoder->decode(QByteArrayView(bytes.data(), qsizetype(bytes.size())));
        m_utf8 = text.toUtf8();
        return {m_utf8.constData(), static_cast<std::size_t>(m_utf8.size())};
    }

private:
    std::size_t m_bomLeft = 0;
    bool m_bomSkipped = false;
    std::optional<QStringDecoder> m_decoder;
    QByteArray m_utf8;
};

// The file name without the extensions logs usually get (and a compressor's after them), so
// labels read "cubic-P30".
QString defaultLabel(const QString& path) {
    const QFileInfo info(CompressedInput::withoutSuffix(path));
    static const QStringList logSuffixes = {"txt", "log", "out", "csv", "json", "jsonl", "flent"};
    return logSuffixes.contains(info.suffix().toLower()) ? info.completeBaseName()
                                                         : info.fileName();
}

// Throughput logs hold several sections (client and server, -d, --bidir) whose lines look
// like other iperf flavours; a ping log has no such lines, so the lines a ping dialect
// ignores are asked whether they start a log of another format.
LogParser::OtherLogCheck otherLogCheck(const FormatEntry* format) {
    return [format](std::string_view line) {
        const FormatEntry* other = FormatRegistry::detect(line);
        if (!other || other == format)
            return QString();
        return QStringLiteral("a log of another format (%1) starts here")
            .arg(QString::fromLatin1(other->description));
    };
}

const char* const kCutShort = "the file was cut short while it was read";

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
        m_decoder.emplace(head);
        QString why;
        if (m_options.format.isEmpty()) {
            m_result.format = FileImporter::detect(head, &why);
        } else {
            m_result.format = FormatRegistry::find(m_options.format.toStdString());
            why = QStringLiteral("unknown format \"%1\"").arg(m_options.format);
        }
        // Decoded only for --compat qjump (the decoder lives to the end of the condition).
        qsizetype nulAt = 0;
        if (m_options.qjumpCompat && !looksBinary(TextDecoder(head).toUtf8(head), &nulAt)) {
            // The artifact greps any text for "time=", whatever tool wrote it.
            m_parser = std::make_unique<QjumpCompatParser>();
            return true;
        }
        if (!m_result.format) {
            m_result.error = why;
            return false;
        }
        m_parser = m_result.format->create();
        if (m_result.format->kind == Dataset::Kind::Latency)
            m_parser->setOtherLogCheck(otherLogCheck(m_result.format));
        return true;
    }

    // A big file whose parser scans blocks (BlockScanner) is read on every core.
    void readInParallelIfItPays(qint64 total) {
        auto* scanner = dynamic_cast<BlockScanner*>(m_parser.get());
        if (scanner && m_decoder->passesThrough() && ParallelFeeder::pays(total))
            m_parallel.emplace(*m_parser, *scanner, total);
    }

    bool parallel() const { return m_parallel.has_value(); }
    // The parser while it reads (datasets not finished yet); null before start().
    const LogParser* parser() const { return m_parser.get(); }
    // The next piece of the file, read and scanned by a worker of the parallel feeder.
    bool feedFromFile(const QFile& file, qint64 offset, qint64 size, qint64 total) {
        m_parallel->feedFromFile(file.handle(), offset, size);
        return askToGoOn(offset + size, total);
    }

    // The next piece; the parallel feeder keeps what it is given until it has applied it.
    bool feed(QByteArray& bytes, qint64 done, qint64 total) {
        if (!m_parallel)
            return feed(std::string_view(bytes.constData(), std::size_t(bytes.size())), done,
                        total);
        m_parallel->feed(std::exchange(bytes, QByteArray()));
        return askToGoOn(done, total);
    }

    bool feed(std::string_view bytes, qint64 done, qint64 total) {
        for (std::size_t at = 0; at < bytes.size();) {
            const std::size_t size = std::max<std::size_t>(
                1, m_options.nextChunkSize ? m_options.nextChunkSize() : m_options.chunkSize);
            m_parser->feed(m_decoder->toUtf8(bytes.substr(at, size)));
            at += size;
        }
        return askToGoOn(done, total);
    }

    bool askToGoOn(qint64 done, qint64 total) {
        if (m_options.progress && !m_options.progress(done, total)) {
            m_result.cancelled = true;
            return false;
        }
        return true;
    }

    // `cutShort`: the file shrank while it was read. A line it cut may be any prefix of the
    // line that was there ("time=12.3" of "time=12.35"), so it is dropped as after a cancel;
    // `lastLineCut`: the same for the end of a truncated or damaged compressed stream.
    void finish(bool cutShort = false, bool lastLineCut = false) {
        if (m_parallel) {
            m_parallel->finish();
            if (!m_parallel->readError().isEmpty())
                m_result.error = QStringLiteral("cannot read: %1").arg(m_parallel->readError());
            cutShort = cutShort || m_parallel->readShort();
            m_parallel.reset();
        }
        if (cutShort && m_result.ok())
            m_result.error = QString::fromLatin1(kCutShort);
        if (m_result.cancelled || cutShort || lastLineCut)
            m_parser->abandonPartialLine();
        m_parser->finish();
        m_result.report = m_parser->report();
        m_result.datasets = m_parser->takeDatasets();
        for (Dataset& dataset : m_result.datasets)
            name(dataset, m_result.file, m_result.datasets.size());
    }

    // The source and label of one of `count` datasets of `file`.
    static void name(Dataset& dataset, const QString& file, std::size_t count) {
        dataset.sourceFile = file;
        if (dataset.label.isEmpty())
            dataset.label = defaultLabel(file);
        else if (count > 1)
            dataset.label = defaultLabel(file) + QStringLiteral(" · ") + dataset.label;
    }

private:
    ImportResult& m_result;
    const ImportOptions& m_options;
    std::optional<TextDecoder> m_decoder;
    std::unique_ptr<LogParser> m_parser;
    std::optional<ParallelFeeder> m_parallel;
};

// A compressed log on its way to the run: the file's bytes are decompressed as they are read,
// and the decompressed bytes are held until they fill what a plain file's first read gives the
// sniffers (`headSize`), then fed as they come. Progress counts the file's (compressed) bytes.
// What went wrong in the compressed data is said as the run finishes: damage is an error, a
// truncated stream a warning, and either way what was read before it is kept (the line it
// cut is dropped, as a line of a file cut short is).
class DecompressedFeed {
public:
    DecompressedFeed(ImportRun& run, ImportResult& result, CompressedInput::Format format,
                     std::size_t headSize)
        : m_run(run), m_result(result), m_input(format), m_headSize(headSize) {}

    // The next bytes read from the file, which has `done` of its `total` bytes read with them.
    // False when the import goes no further: refused, cancelled or damaged data.
    bool feed(std::string_view bytes, qint64 done, qint64 total) {
        m_done = done;
        m_total = total;
        return m_input.decompress(bytes, [this](std::string_view piece) { return take(piece); });
    }

    // The end of the file was read.
    void end() {
        m_input.finish([this](std::string_view piece) { return take(piece); });
    }

    // Finishes the run (see ImportRun::finish for `cutShort`); false when no parser started,
    // with the reason in the result.
    bool finish(bool cutShort) {
        // All there is, or all that was read before a read failed, is shorter than a head.
        if (!m_started && !m_result.cancelled && (m_result.ok() || !m_head.isEmpty()))
            start();
        const QString compression = CompressedInput::name(m_input.format());
        if (!m_started || m_refused) {
            if (!m_input.damage().isEmpty())
                m_result.error = m_input.damage();
            else if (m_refused && m_head.isEmpty() && m_input.truncated())
                m_result.error =
                    QStringLiteral("the file is truncated: its %1 data ends before any of its "
                                   "content")
                        .arg(compression);
            else if (m_refused && m_head.isEmpty())
                m_result.error =
                    QStringLiteral("the %1 data holds nothing (an empty log)").arg(compression);
            else if (m_refused)
                m_result.error = refusal(compression);
            else if (m_result.cancelled && m_result.ok())
                m_result.error = QStringLiteral("cancelled before the file's content was read");
            return false;
        }
        if (!m_input.damage().isEmpty() && m_result.ok())
            m_result.error = m_input.damage() + QStringLiteral("; what was read before it is kept");
        m_run.finish(cutShort, m_input.truncated() || !m_input.damage().isEmpty());
        if (m_input.truncated())
            m_result.report.warnings.add(
                0,
                QStringLiteral("the file is truncated: its %1 data ends before the end of the "
                               "stream; what was read before the cut is kept")
                    .arg(compression),
                QString());
        if (!m_input.note().isEmpty())
            m_result.report.warnings.add(0, m_input.note(), QString());
        return true;
    }

private:
    bool take(std::string_view piece) {
        if (m_started)
            return m_run.feed(piece, m_done, m_total);
        m_head.append(piece.data(), static_cast<qsizetype>(piece.size()));
        if (static_cast<std::size_t>(m_head.size()) >= m_headSize)
            return start();
        return m_run.askToGoOn(m_done, m_total);
    }

    bool start() {
        m_started = true;
        const std::string_view head(m_head.constData(), static_cast<std::size_t>(m_head.size()));
        if (!m_run.start(head)) {
            m_refused = true;
            return false;
        }
        const bool goOn = m_run.feed(head, m_done, m_total);
        m_head = QByteArray();
        return goOn;
    }

    // Why the decompressed content is not read, said of the compressed file.
    QString refusal(const QString& compression) const {
        // A tar header names its format at offset 257.
        if (m_head.mid(257, 5) == "ustar")
            return QStringLiteral("a %1-compressed tar archive, not a log: unpack it (tar -xf) "
                                  "and read the logs it holds")
                .arg(compression);
        return QStringLiteral("%1 (in its %2-compressed content)").arg(m_result.error, compression);
    }

    ImportRun& m_run;
    ImportResult& m_result;
    CompressedInput m_input;
    std::size_t m_headSize;
    QByteArray m_head;
    bool m_started = false;
    bool m_refused = false;
    qint64 m_done = 0;
    qint64 m_total = 0;
};

// The longest byte-order mark (TextDecoder): with the format known, the parser can start
// once this much has arrived.
constexpr std::size_t kLongestByteOrderMark = 3;

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
    // Left "running" by a Wirebench that has gone: say so on disk too, where we may.
    if (record->status == QLatin1String("interrupted"))
        RunSidecar::settle(sidecar);
    for (Dataset& dataset : result.datasets) {
        RunSidecar::applyTo(*record, dataset);
        StepRecord::applyTo(logPath, dataset);
    }
}

// Which reader a ping format needs: the Unix dialects share one, Windows and fping have
// their own. Two logs of one reader in a file are told apart by the reader itself (a second
// header); two of different readers by the sniffers, as below.
bool sameReader(const FormatEntry& a, const FormatEntry& b) {
    const auto windows = [](const FormatEntry& f) {
        return std::string_view(f.dialect) == "windows";
    };
    return std::string_view(a.tool) == b.tool && windows(a) == windows(b);
}

// The format of a latency log whose head holds two logs (say Windows ping output followed by
// iputils output): the sniffers score the whole head, so the later log may win. The first
// line that names a format by itself tells which log comes first; when its reader differs,
// the head up to the first line of the winning format decides, so the first log is read and
// the parser reports where the other one starts.
const FormatEntry* firstLogFormat(std::string_view text) {
    // Two Unix ping runs (iputils, then BSD): the first run's lines decide.
    for (std::size_t at = text.find("\nPING"); at != std::string_view::npos;
         at = text.find("\nPING", at + 1)) {
        const std::string_view before = text.substr(0, at + 1);
        if (scan::contains(before, "PING") && FormatRegistry::detect(before)) {
            text = before;
            break;
        }
    }
    const FormatEntry* best = FormatRegistry::detect(text);
    if (!best || best->kind != Dataset::Kind::Latency)
        return best;
    const auto lineFormat = [](std::string_view line) { return FormatRegistry::detect(line); };
    std::size_t at = 0;
    const FormatEntry* first = nullptr;
    while (at < text.size() && !first) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        first = lineFormat(text.substr(at, end - at));
        at = end + 1;
    }
    if (!first || sameReader(*first, *best))
        return best;
    for (at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const FormatEntry* format = lineFormat(text.substr(at, end - at));
        if (format && sameReader(*format, *best))
            break;
        at = end + 1;
    }
    const FormatEntry* before = FormatRegistry::detect(text.substr(0, at));
    return before ? before : best;
}

// Bytes read from a file at a time.
constexpr std::size_t kReadSize = std::size_t{1} << 20;

const FormatEntry* reasonIfUnknown(const FormatEntry* format, QString* why) {
    if (!format && why)
        *why = QStringLiteral("not a ping, fping or iperf log this version can read");
    return format;
}

// Whether the open file is now shorter than `expected` bytes. A file of /proc or /sys whose
// size says more than a read gives (4096 for a few bytes) has not shrunk.
bool shrank(const QFile& file, qint64 expected) {
    struct stat info {};
    return ::fstat(file.handle(), &info) == 0 && static_cast<qint64>(info.st_size) < expected;
}

} // namespace

const FormatEntry* FileImporter::detect(std::string_view head, QString* why) {
    head = head.substr(0, FormatRegistry::kSniffBytes);
    TextDecoder decoder(head);
    std::string_view text = decoder.toUtf8(head);
    // The sniffers cut lines at LF; a log of CR-only lines is shown to them as the parser
    // will read it.
    std::string withLineFeeds;
    if (LineEnds::hasLoneCarriageReturn(text)) {
        withLineFeeds = LineEnds::withLineFeeds(text);
        text = withLineFeeds;
    }
    if (text.empty() && decoder.hasByteOrderMark()) {
        if (why)
            *why = QStringLiteral("the file holds only a byte-order mark, no text");
        return nullptr;
    }
    qsizetype nulAt = 0;
    if (!looksBinary(text, &nulAt))
        return reasonIfUnknown(firstLogFormat(text), why);
    // A log damaged by a crash (a block of NULs where the last lines were) is still a log:
    // when the text before the first NUL is one, it is read and the NUL lines are reported.
    const std::string_view beforeNul = text.substr(0, std::size_t(nulAt));
    if (const FormatEntry* format = firstLogFormat(beforeNul))
        return format;
    if (why) {
        const auto line = std::count(text.begin(), text.begin() + nulAt, '\n') + 1;
        *why = QStringLiteral("binary data (NUL byte at offset %1, line %2), not a text log")
                   .arg(nulAt)
                   .arg(line);
    }
    return nullptr;
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
    const int fd = FileKind::openRegular(path, &result.error);
    if (fd < 0)
        return result;
    QFile file;
    if (!file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        result.error = QStringLiteral("cannot open: %1").arg(file.errorString());
        return result;
    }
    // The one read loop: the file is read in pieces until read() finds its end, so a file
    // that grows while it is read is read to its new end. When it is read on every core, the
    // pieces up to the size it had at the start are read by the workers that scan them, and
    // any that it grew by here. A file that is shorter at the end than what was read from it,
    // or than it was at the start, was cut short (`: > log`) while it was read: what was read
    // is kept, but the import is not complete and says so. A read that waits too long for
    // data (a dead network mount) or is cancelled meanwhile is given up (AbandonableReader).
    // A compressed file (told by its first bytes) is read the same way and decompressed as it
    // is read (DecompressedFeed).
    const qint64 total = file.size();
    ImportRun run(result, options);
    AbandonableReader reader(file.handle());
    QByteArray bytes;
    qint64 done = 0;
    qint64 offset = 0; // of the descriptor, which the parallel workers' pread() leave alone
    bool started = false;
    std::optional<DecompressedFeed> decompressed;
    for (;;) {
        if (run.parallel() && done < total) {
            const qint64 size = std::min<qint64>(static_cast<qint64>(kReadSize), total - done);
            if (!run.feedFromFile(file, done, size, total))
                break;
            done += size;
            continue;
        }
        if (offset != done)
            offset = ::lseek(file.handle(), static_cast<off_t>(done), SEEK_SET);
        QString why;
        const AbandonableReader::Status status = reader.read(
            bytes, static_cast<qint64>(std::max<std::size_t>(options.chunkSize, kReadSize)), &why,
            [&] { return run.askToGoOn(done, total); });
        if (status == AbandonableReader::Status::Cancelled) {
            if (!started)
                result.error = QStringLiteral("cancelled while waiting for the file's data");
            break;
        }
        if (status == AbandonableReader::Status::Stalled) {
            result.error = why;
            break;
        }
        if (status == AbandonableReader::Status::Failed) {
            result.error = QStringLiteral("cannot read: %1").arg(why);
            break;
        }
        const auto got = static_cast<qint64>(bytes.size());
        offset += got;
        const std::string_view piece(bytes.constData(), static_cast<std::size_t>(got));
        if (!started && !decompressed) {
            if (got == 0 && shrank(file, total)) {
                result.error = QString::fromLatin1(kCutShort);
                return result;
            }
            if (const auto compression = CompressedInput::detect(piece)) {
                decompressed.emplace(run, result, *compression,
                                     std::max<std::size_t>(options.chunkSize, kReadSize));
            } else {
                // Sniffed on the first piece; a file shorter than it is sniffed whole.
                if (!run.start(piece))
                    return result;
                started = true;
                run.readInParallelIfItPays(total);
            }
        }
        if (decompressed) {
            done += got;
            if (got == 0)
                decompressed->end();
            if (got == 0 || !decompressed->feed(piece, done, total))
                break;
            continue;
        }
        if (got == 0)
            break;
        done += got;
        if (!run.feed(bytes, done, total))
            break;
    }
    // Keep whatever was read, even after a read error, a cancel or a cut.
    const bool cutShort = !result.cancelled && shrank(file, std::max(done, total));
    if (decompressed) {
        if (!decompressed->finish(cutShort))
            return result;
    } else if (started) {
        run.finish(cutShort);
    } else {
        return result; // the first read failed: there is nothing to finish
    }
    if (!NativePath::isUtf8(path))
        result.report.warnings.add(
            0,
            QStringLiteral("the file name is not valid UTF-8 (%1); the file was read by the bytes "
                           "of its name")
                .arg(NativePath::display(QFileInfo(path).fileName())),
            QString());
    applySidecar(path, result);
    return result;
}

struct StreamImport::State {
    State(QString name, ImportOptions importOptions)
        : options(std::move(importOptions)), run(result, options) {
        result.file = std::move(name);
    }

    // The parser starts once the head can be sniffed as importBytes() sniffs it: the first
    // kSniffBytes, or only what tells a byte-order mark when the format is given.
    bool headIsEnough() const {
        const auto have = static_cast<std::size_t>(head.size());
        if (have >= FormatRegistry::kSniffBytes)
            return true;
        return !options.format.isEmpty() && !options.qjumpCompat && have >= kLongestByteOrderMark;
    }

    void start() {
        started = true;
        const std::string_view bytes(head.constData(), static_cast<std::size_t>(head.size()));
        refused = !run.start(bytes.substr(0, FormatRegistry::kSniffBytes));
        if (!refused)
            feed(bytes);
        head.clear();
    }

    void feed(std::string_view bytes) { run.feed(bytes, appended, 0); }

    ImportResult result;
    ImportOptions options;
    ImportRun run;
    QByteArray head; // bytes kept until the parser starts
    bool started = false;
    bool refused = false;
    std::int64_t appended = 0;
    std::vector<DatasetGrowthCutter> cutters; // by dataset index
};

StreamImport::StreamImport(QString name, ImportOptions options)
    : m(std::make_unique<State>(std::move(name), std::move(options))) {}

StreamImport::~StreamImport() = default;

void StreamImport::append(std::string_view bytes) {
    m->appended += static_cast<std::int64_t>(bytes.size());
    if (m->refused)
        return;
    if (m->started) {
        m->feed(bytes);
        return;
    }
    m->head.append(bytes.data(), static_cast<qsizetype>(bytes.size()));
    if (m->headIsEnough())
        m->start();
}

std::int64_t StreamImport::bytesAppended() const {
    return m->appended;
}

LiveSnapshot StreamImport::snapshot() {
    LiveSnapshot snapshot;
    snapshot.file = m->result.file;
    snapshot.format = m->result.format;
    snapshot.bytesRead = m->appended;
    const LogParser* parser = m->run.parser();
    if (!m->started || m->refused || !parser)
        return snapshot;
    snapshot.report = parser->report();
    const std::vector<Dataset>& datasets = parser->datasets();
    m->cutters.resize(std::max(m->cutters.size(), datasets.size()));
    for (std::size_t i = 0; i < datasets.size(); ++i) {
        DatasetGrowth growth = m->cutters[i].cut(datasets[i]);
        ImportRun::name(growth.part, snapshot.file, datasets.size());
        snapshot.datasets.push_back(std::move(growth));
    }
    return snapshot;
}

ImportResult StreamImport::finish() {
    if (!m->started)
        m->start();
    if (!m->refused)
        m->run.finish();
    return std::move(m->result);
}

} // namespace wb
