#include "ParallelFeeder.h"

#include "parse/LogParser.h"

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

} // namespace

ParallelFeeder::ParallelFeeder(LogParser& parser, BlockScanner& scanner, std::int64_t inputSize)
    : m_parser(parser), m_scanner(scanner) {
    // One piece per worker being scanned while the oldest is applied.
    m_inFlightLimit = static_cast<std::size_t>(scanPool().maxThreadCount()) + 1;
    m_scanner.expectInput(inputSize);
}

ParallelFeeder::~ParallelFeeder() {
    for (Piece& piece : m_inFlight)
        piece.scan.wait(); // a scan still reads its piece's bytes
}

bool ParallelFeeder::pays(std::int64_t inputSize) {
    return inputSize >= kParallelFrom && QThread::idealThreadCount() > 1;
}

void ParallelFeeder::feed(QByteArray bytes) {
    Piece piece;
    piece.bytes = std::move(bytes);
    const std::string_view text(piece.bytes.constData(),
                                static_cast<std::size_t>(piece.bytes.size()));
    const std::size_t firstNewline = text.find('\n');
    if (firstNewline == std::string_view::npos) { // a line longer than the piece goes on
        m_cutLine.append(text);
        return;
    }
    const std::size_t lastNewline = text.rfind('\n');
    piece.completedLine = std::move(m_cutLine);
    piece.completedLine.append(text.substr(0, firstNewline + 1));
    piece.wholeLines = text.substr(firstNewline + 1, lastNewline - firstNewline);
    m_cutLine.assign(text.substr(lastNewline + 1));
    auto task = std::make_shared<std::packaged_task<std::unique_ptr<BlockScanner::Scan>()>>(
        [this, lines = piece.wholeLines] { return m_scanner.scan(lines); });
    piece.scan = task->get_future();
    m_inFlight.push_back(std::move(piece));
    scanPool().start([task] { (*task)(); });
    while (m_inFlight.size() > m_inFlightLimit)
        applyOldest();
}

void ParallelFeeder::applyOldest() {
    Piece& oldest = m_inFlight.front();
    const std::unique_ptr<BlockScanner::Scan> scan = oldest.scan.get();
    m_parser.feed(oldest.completedLine);
    m_scanner.apply(oldest.wholeLines, *scan);
    m_inFlight.pop_front();
}

void ParallelFeeder::finish() {
    while (!m_inFlight.empty())
        applyOldest();
    m_parser.feed(m_cutLine);
    m_cutLine.clear();
}

} // namespace wb
