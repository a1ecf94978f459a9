#pragma once

#include "import/StreamImport.h"

#include <QByteArray>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

namespace wb {

// A StreamImport on a thread of its own, for a running tool's output: the thread that hands
// over the bytes (a run's event loop) never waits for the parser, neither for a big piece nor
// while the parser's storage grows (moving millions of samples to a larger block takes tens
// of milliseconds). Pieces are read in the order they were appended.
class StreamParseThread {
public:
    StreamParseThread(QString name, ImportOptions options);
    // Stops the thread; what is still queued is not read.
    ~StreamParseThread();
    StreamParseThread(const StreamParseThread&) = delete;
    StreamParseThread& operator=(const StreamParseThread&) = delete;

    void append(QByteArray bytes);
    std::int64_t bytesAppended() const { return m_appended; }
    // What the parser gained since the previous snapshot; nothing while it is reading a piece
    // (ask again later), so the caller never waits.
    std::optional<LiveSnapshot> trySnapshot();
    // Waits until everything appended is read and finishes: exactly what
    // FileImporter::importBytes() gives for the bytes appended. Once only.
    ImportResult finish();
    // CPU time spent parsing (on the parser's thread) and cutting snapshots.
    double cpuSeconds();

private:
    void readQueue();

    StreamImport m_import;
    std::int64_t m_appended = 0;

    std::mutex m_queueMutex; // guards the members below it to m_parserMutex
    std::condition_variable m_wake;
    std::deque<QByteArray> m_queue;
    bool m_stop = false;  // no more pieces will come
    bool m_drain = false; // read what is queued before stopping

    std::mutex m_parserMutex; // held while m_import is used; guards m_cpuSeconds
    double m_cpuSeconds = 0;

    std::thread m_thread; // last: starts once everything above exists
};

} // namespace wb
