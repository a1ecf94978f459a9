#include "import/ParallelFeeder.h"

#include "import/AbandonableReader.h"
#include "parse/LineEnds.h"
#include "parse/LogParser.h"

#include <QScopeGuard>
#include <QThread>
#include <QThreadPool>

namespace wb {

namespace {

// Files below this are read on one thread: the pool's start-up and the first and last pieces,
// which nothing overlaps, would outweigh what the workers save.
constexpr std::int64_t kParallelFrom = std::int64_t{4} << 20;

// The scans' own pool: an importer waiting for its scans never waits for a pool that its own
// task (a GUI import runs on a pool thread) keeps busy.
QThreadPool& scanPool() {
    static QThreadPool* const pool = [] {
        auto* created = new QThreadPool;
        created->setMaxThreadCount(QThread::idealThreadCount());
        return created;
    }();
    return *pool;
}

// The last of the spares the workers share, or a fresh one.
template <typename T> T takeSpare(std::vector<T>& spares, std::mutex& mutex) {
    const std::lock_guard<std::mutex> lock(mutex);
    if (spares.empty())
        return {};
    T spare = std::move(spares.back());
    spares.pop_back();
    return spare;
}

} // namespace

ParallelFeeder::ParallelFeeder(LogParser& parser, BlockScanner& scanner, std::int64_t inputSize)
    : m_parser(parser), m_scanner(scanner) {
    // One piece per worker being scanned while the oldest is applied.
    m_inFlightLimit = static_cast<std::size_t>(scanPool().maxThreadCount()) + 1;
    m_scanner.expectInput(inputSize);
}

ParallelFeeder::~ParallelFeeder() {
    for (std::future<Piece>& piece : m_inFlight)
        piece.wait(); // a worker still reads or scans it
}

bool ParallelFeeder::pays(std::int64_t inputSize) {
    return inputSize >= kParallelFrom && QThread::idealThreadCount() > 1;
}

void ParallelFeeder::feed(QByteArray bytes) {
    submit([this, bytes = std::move(bytes)]() mutable { return scanned(std::move(bytes)); });
}

void ParallelFeeder::feedFromFile(int fd, std::int64_t offset, std::int64_t size) {
    submit([this, fd, offset, size] {
        // An applied piece's buffer, whose pages are already the process's: fresh ones cost a
        // page fault per 4 KiB when first written.
        QByteArray bytes = takeSpare(m_spare, m_spareMutex);
        // A read that waits too long for data (a network mount that died) is given up, so the
        // piece comes back with the reason instead of never.
        AbandonableReader reader(fd);
        QString why;
        if (reader.readAt(bytes, offset, size, &why) != AbandonableReader::Status::Read) {
            Piece failed;
            failed.readError = why;
            return failed;
        }
        const auto got = static_cast<qint64>(bytes.size()); // less: the file ends sooner now
        Piece piece = scanned(std::move(bytes));
        piece.readShort = got < size;
        return piece;
    });
}

ParallelFeeder::Piece ParallelFeeder::scanned(QByteArray bytes) {
    Piece piece;
    piece.bytes = std::move(bytes);
    const std::string_view text(piece.bytes.constData(),
                                static_cast<std::size_t>(piece.bytes.size()));
    piece.firstNewline = text.find('\n');
    if (piece.firstNewline == std::string_view::npos)
        return piece; // a line longer than the piece goes on
    piece.lastNewline = text.rfind('\n');
    const std::string_view wholeLines =
        text.substr(piece.firstNewline + 1, piece.lastNewline - piece.firstNewline);
    // The scanners cut lines at LF only; lines that end at a lone CR go through feed().
    if (LineEnds::hasLoneCarriageReturn(wholeLines)) {
        piece.firstNewline = std::string_view::npos;
        return piece;
    }
    piece.scan = m_scanner.scan(wholeLines, takeSpare(m_spareScans, m_spareMutex));
    return piece;
}

void ParallelFeeder::submit(std::function<Piece()> load) {
    auto task = std::make_shared<std::packaged_task<Piece()>>(std::move(load));
    m_inFlight.push_back(task->get_future());
    scanPool().start([task] { (*task)(); });
    while (m_inFlight.size() > m_inFlightLimit)
        applyOldest();
}

void ParallelFeeder::applyOldest() {
    Piece piece = m_inFlight.front().get();
    m_inFlight.pop_front();
    const auto recycle = qScopeGuard([this, &piece] {
        const std::lock_guard<std::mutex> lock(m_spareMutex);
        m_spare.push_back(std::move(piece.bytes));
        if (piece.scan)
            m_spareScans.push_back(std::move(piece.scan));
    });
    if (!m_readError.isEmpty())
        return; // nothing after a piece that could not be read
    m_readError = piece.readError;
    m_readShort = m_readShort || piece.readShort;
    const std::string_view text(piece.bytes.constData(),
                                static_cast<std::size_t>(piece.bytes.size()));
    if (piece.firstNewline == std::string_view::npos) {
        // A line longer than the piece (the parser keeps as much of it as it keeps of any), or
        // lines ending at a lone CR.
        m_parser.feed(m_cutLine);
        m_parser.feed(text);
        m_cutLine.clear();
        return;
    }
    // The line the previous pieces cut, completed by this piece's first line, goes through
    // the line path; the whole lines after it were scanned.
    m_cutLine.append(text.substr(0, piece.firstNewline + 1));
    m_parser.feed(m_cutLine);
    m_scanner.apply(text.substr(piece.firstNewline + 1, piece.lastNewline - piece.firstNewline),
                    *piece.scan);
    m_cutLine.assign(text.substr(piece.lastNewline + 1));
}

void ParallelFeeder::finish() {
    while (!m_inFlight.empty())
        applyOldest();
    m_parser.feed(m_cutLine);
    m_cutLine.clear();
}

} // namespace wb
