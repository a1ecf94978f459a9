#pragma once

#include "files/OutputFile.h"
#include "report/TidyExport.h"

#include <QString>
#include <QStringList>

#include <charconv>
#include <cmath>
#include <cstring>
#include <future>
#include <string>
#include <vector>

namespace wb {

// The rows of TidyExport as bytes: the formats' text cells and numbers, and the writer that
// hands them to the sink. Kept apart from what the rows hold (TidyExport.cpp).
namespace tidy {

// Rows go to the sink in pieces of about this size: large enough that the system calls cost
// nothing next to the formatting, small enough to stay in the caches.
constexpr std::size_t kFlushBytes = 1 << 20;
// Progress is told every so many rows.
constexpr std::int64_t kProgressRows = 1 << 16;

// A JSON string literal of text (RFC 8259: quote, backslash and control characters escaped).
std::string jsonString(const QString& text);
// A text cell as the format writes it: TextEscaping::csvField's, or a JSON string.
std::string encodedText(TidyExport::Format format, const QString& text);
// A double in the fewest digits after the point that read back as the same double, in fixed
// notation ("102000000", "0.039") where it is a measurement's size; the exponent form only
// for the far ends of the range. Writes at most 400 characters from out.
char* shortestFixed(char* out, char* last, double value);

// Bytes of rows, appended without the bookkeeping of std::string: the export's inner loop.
class RowBytes {
public:
    RowBytes() { m_data.resize(kFlushBytes + kSlack); }

    void append(const char* data, std::size_t size) {
        if (m_size + size > m_data.size())
            m_data.resize(std::max(m_data.size() * 2, m_size + size));
        std::memcpy(m_data.data() + m_size, data, size);
        m_size += size;
    }
    void append(const std::string& text) { append(text.data(), text.size()); }
    void append(char c) {
        if (m_size == m_data.size())
            m_data.resize(m_data.size() * 2);
        m_data[m_size++] = c;
    }
    // Room for `size` more bytes written in place through end(), then added by grow().
    char* reserve(std::size_t size) {
        if (m_size + size > m_data.size())
            m_data.resize(std::max(m_data.size() * 2, m_size + size));
        return m_data.data() + m_size;
    }
    void grow(std::size_t size) { m_size += size; }

    const char* data() const { return m_data.data(); }
    std::size_t size() const { return m_size; }
    void clear() { m_size = 0; }

private:
    static constexpr std::size_t kSlack = 1 << 16;
    std::vector<char> m_data;
    std::size_t m_size = 0;
};

// One table's rows in one format, handed to the sink in large pieces on a thread of their own,
// so that the next piece is formatted while the last one is written. A row is a prefix (the
// identity cells, the same for every row of a dataset), the table's own cells, and a suffix
// (the metadata cells, also the same for every row of a dataset).
class RowWriter {
public:
    RowWriter(OutputSink& sink, TidyExport::Format format, const TidyExport::Progress& progress)
        : m_sink(sink), m_format(format), m_progress(progress) {}
    ~RowWriter() { waitForWrite(); }

    void header(const QStringList& columns) {
        if (m_format == TidyExport::Format::Jsonl)
            return;
        for (qsizetype i = 0; i < columns.size(); ++i) {
            if (i > 0)
                m_buffer.append(',');
            m_buffer.append(encodedText(TidyExport::Format::Csv, columns[i]));
        }
        m_buffer.append('\n');
    }

    // The prefix and suffix of every row of one dataset (or run), and the JSON keys of the
    // table's own cells.
    void setDataset(const QStringList& identityNames, const QStringList& identity,
                    const QStringList& metadataNames, const QStringList& metadataValues,
                    const QStringList& ownColumns) {
        m_prefix.clear();
        m_suffix.clear();
        m_keys.clear();
        const bool json = m_format == TidyExport::Format::Jsonl;
        m_prefix = json ? "{" : "";
        for (qsizetype i = 0; i < identity.size(); ++i) {
            if (i > 0)
                m_prefix += ',';
            if (json)
                m_prefix += jsonString(identityNames[i]) + ':';
            m_prefix += encodedText(m_format, identity[i]);
        }
        for (const QString& column : ownColumns)
            m_keys.push_back(json ? ',' + jsonString(column) + ':' : std::string(","));
        for (qsizetype i = 0; i < metadataNames.size(); ++i) {
            m_suffix += ',';
            if (json) {
                m_suffix += jsonString(metadataNames[i]) + ':';
                m_suffix += metadataValues[i].isEmpty() ? std::string("null")
                                                        : jsonString(metadataValues[i]);
            } else {
                m_suffix += encodedText(m_format, metadataValues[i]);
            }
        }
        m_suffix += json ? "}\n" : "\n";
    }

    TidyExport::Format format() const { return m_format; }

    void beginRow() {
        m_buffer.append(m_prefix);
        m_cell = 0;
    }

    void empty() {
        key();
        if (m_format == TidyExport::Format::Jsonl)
            m_buffer.append("null", 4);
    }
    void number(double value) {
        if (!std::isfinite(value))
            return empty();
        key();
        constexpr std::size_t kRoom = 400; // the longest fixed double has 328 characters
        char* out = m_buffer.reserve(kRoom);
        m_buffer.grow(static_cast<std::size_t>(shortestFixed(out, out + kRoom, value) - out));
    }
    void integer(std::int64_t value) {
        key();
        char* out = m_buffer.reserve(24);
        m_buffer.grow(static_cast<std::size_t>(std::to_chars(out, out + 24, value).ptr - out));
    }
    template <typename T> void optional(const std::optional<T>& value) {
        if (!value)
            return empty();
        if constexpr (std::is_floating_point_v<T>)
            number(*value);
        else
            integer(*value);
    }
    // A text cell already in the format's encoding (encodedText).
    void encoded(const std::string& text) {
        key();
        m_buffer.append(text);
    }

    // False when the sink failed or progress asked to stop.
    bool endRow() {
        m_buffer.append(m_suffix);
        ++m_rows;
        if (m_buffer.size() >= kFlushBytes && !flush())
            return false;
        if (m_rows % kProgressRows == 0 && m_progress && !m_progress(m_rows)) {
            m_stopped = true;
            return false;
        }
        return true;
    }

    bool finish(QString* why) {
        const bool written = !m_stopped && flush() && waitForWrite();
        if (written && (!m_progress || m_progress(m_rows)))
            return true;
        waitForWrite();
        if (why)
            *why = m_sink.failed() ? m_sink.error() : QStringLiteral("cancelled");
        return false;
    }

private:
    void key() { m_buffer.append(m_keys[m_cell++]); }

    // Hands the rows so far to the writing thread, once it is done with the ones before.
    bool flush() {
        if (!waitForWrite())
            return false;
        std::swap(m_buffer, m_writing);
        m_buffer.clear();
        m_write = std::async(std::launch::async,
                             [this] { return m_sink.write(m_writing.data(), m_writing.size()); });
        return true;
    }
    bool waitForWrite() {
        if (!m_write.valid())
            return !m_sink.failed();
        return m_write.get();
    }

    OutputSink& m_sink;
    TidyExport::Format m_format;
    const TidyExport::Progress& m_progress;
    RowBytes m_buffer;
    RowBytes m_writing; // being written, on m_write's thread
    std::future<bool> m_write;
    std::string m_prefix;
    std::string m_suffix;
    std::vector<std::string> m_keys;
    std::size_t m_cell = 0;
    std::int64_t m_rows = 0;
    bool m_stopped = false;
};

} // namespace tidy

} // namespace wb
