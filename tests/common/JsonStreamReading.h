#pragma once

// How tst_jsonstream and the fuzz_jsonstream target read bytes with JsonStream and write down
// everything it does, so that a reading with the flat-object replay on and one with it off
// can be compared: every handler event with the line and depth during it, every feed()
// result, every error, and the state at the end.

#include "parse/JsonStream.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wb::test {

// Every event with the line and depth the stream reports during it, one per line.
class Recorder : public JsonStream::Handler {
public:
    const JsonStream* stream = nullptr;
    std::string transcript;
    int flatObjects = 0; // objects closed that held members but no container

    void note(const char* what, std::string_view text = {}) {
        transcript += what;
        transcript += ' ';
        transcript.append(text);
        transcript +=
            " @" + std::to_string(stream->line()) + '/' + std::to_string(stream->depth()) + '\n';
    }

    void beginObject() override {
        open(true);
        note("{");
    }
    void endObject() override {
        flatObjects += m_flat.back() == Flat::WithMembers;
        m_flat.pop_back();
        note("}");
    }
    void beginArray() override {
        open(false);
        note("[");
    }
    void endArray() override {
        m_flat.pop_back();
        note("]");
    }
    void key(std::string_view name) override {
        if (m_flat.back() == Flat::Empty)
            m_flat.back() = Flat::WithMembers;
        note("key", name);
    }
    void string(std::string_view value) override { note("string", value); }
    void number(JsonStream::Number value) override { note("number", value.text); }
    void boolean(bool value) override { note(value ? "true" : "false"); }
    void null() override { note("null"); }

private:
    // What each open container is so far.
    enum class Flat { No, Empty, WithMembers };

    void open(bool isObject) {
        if (!m_flat.empty())
            m_flat.back() = Flat::No; // a container inside makes its parent not flat
        m_flat.push_back(isObject ? Flat::Empty : Flat::No);
    }

    std::vector<Flat> m_flat;
};

struct Reading {
    std::string transcript;
    std::size_t replayedObjects = 0;
    int flatObjects = 0;
};

// How the bytes reach feed(): in the pieces that `cuts` (ascending positions) makes, or line by
// line without the newlines and with newlineAfter, as a reader of lines would.
struct Feeding {
    std::vector<std::size_t> cuts;
    bool byLines = false;
};

inline std::vector<std::pair<std::string_view, bool>> pieces(std::string_view input,
                                                             const Feeding& feeding) {
    std::vector<std::pair<std::string_view, bool>> out; // bytes, newlineAfter
    if (feeding.byLines) {
        for (std::size_t at = 0; at <= input.size();) {
            const std::size_t newline = std::min(input.find('\n', at), input.size());
            out.emplace_back(input.substr(at, newline - at), newline < input.size());
            at = newline + 1;
        }
        return out;
    }
    std::size_t from = 0;
    for (std::size_t cut : feeding.cuts) {
        out.emplace_back(input.substr(from, cut - from), false);
        from = cut;
    }
    out.emplace_back(input.substr(from), false);
    return out;
}

// Reads `input` as Iperf3JsonParser does: feed() until a piece is consumed, again after each
// top-level value; after an error, reset() and go on after the byte it stopped at. Every
// feed() result and error, and the state at the end, are noted among the handler's events.
inline Reading read(std::string_view input, const Feeding& feeding, bool replay) {
    Recorder recorder;
    JsonStream stream(recorder);
    recorder.stream = &stream;
    stream.setFlatObjectReplay(replay);
    for (const auto& [bytes, newlineAfter] : pieces(input, feeding)) {
        // Each piece in a buffer of its own, so that reading past it is caught by ASan.
        const std::string copy(bytes);
        const std::string_view piece = copy;
        int idleFeeds = 0; // feed() may consume nothing once: it only finished a cut token
        for (std::size_t at = 0; at < piece.size() && idleFeeds < 2;) {
            const std::size_t used = stream.feed(piece.substr(at), newlineAfter);
            at += used;
            idleFeeds = used == 0 ? idleFeeds + 1 : 0;
            recorder.note("fed", std::to_string(used) + (stream.inValue() ? " in value" : ""));
            if (stream.failed()) {
                recorder.note("error",
                              stream.error() + (stream.failedInString() ? " (string)" : ""));
                stream.reset();
                at += at < piece.size();
                idleFeeds = 0;
            }
        }
        if (idleFeeds >= 2)
            recorder.note("stuck");
        if (piece.empty())
            recorder.note("fed", std::to_string(stream.feed(piece, newlineAfter)));
    }
    recorder.note("end", stream.inValue() ? "in value" : "");
    return {std::move(recorder.transcript), stream.replayedObjects(), recorder.flatObjects};
}

} // namespace wb::test
