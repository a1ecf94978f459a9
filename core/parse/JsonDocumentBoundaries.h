#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace wb {

// Where the JSON documents in a log begin and where a broken one ends, for a reader of several
// documents one after the other (iperf3 -J runs, --json-stream lines). Text between documents (the
// "^C" of an interrupted run, a shell prompt) is handed to the listener a whole line at a time, so
// a warning can quote it however the chunks fall. After a syntax error the rest of the broken
// document is skipped by counting its braces, so that the documents after it are read.
//
// Bytes inside documents go to the JSON reader, not through here; newlines() counts only the line
// breaks read here, and the reader adds its own.
class JsonDocumentBoundaries {
public:
    class Listener {
    public:
        virtual ~Listener() = default;
        // A line with text outside any document, without its line break and CR, cut to
        // LogParser::kMaxLineLength. Called while the line is the current one: newlines() has not
        // counted its line break yet.
        virtual void textOutsideDocuments(std::string_view line) = 0;
    };

    explicit JsonDocumentBoundaries(Listener& listener) : m_listener(listener) {}

    // Before anything else of a chunk: the rest of a line of text that a document began on and that
    // the previous chunk cut.
    void continueLine(std::string_view chunk) {
        if (m_junkOpen)
            collectJunk(chunk, 0);
    }
    // Reads from *at up to the '{' of the next document. Returns true when one begins there (at
    // *at), false when the chunk ends first (*at is its size).
    bool skipToDocument(std::string_view chunk, std::size_t* at);
    // The input has ended: hands on a line of text not finished by a line break.
    void finish() {
        if (m_junkLine)
            flushJunk();
    }

    // A syntax error `depth` containers deep (inside a string when `inString`): the rest of the
    // document is skipped.
    void startRecovery(std::size_t depth, bool inString);
    bool recovering() const { return m_recovering; }
    // Skips from *at through the end of the broken document. Returns true when it ends (*at just
    // after it), false when the chunk ends first.
    bool recover(std::string_view chunk, std::size_t* at);

    std::int64_t newlines() const { return m_newlines; }

private:
    void collectJunk(std::string_view chunk, std::size_t from);
    void flushJunk();

    Listener& m_listener;
    std::int64_t m_newlines = 0;
    // A line with text outside documents, quoted whole.
    std::string m_lineText; // its part before a document began
    std::string m_junkText; // its part from there
    bool m_junkLine = false;
    bool m_junkOpen = false; // the line goes on in the next chunk
    // Counting braces after a syntax error.
    bool m_recovering = false;
    int m_depth = 0;
    bool m_inString = false;
    bool m_escaped = false;
};

} // namespace wb
