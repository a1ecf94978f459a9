#pragma once

// How tst_jsonstream and the fuzz_jsonstream target read bytes with JsonStream and write down
// everything it does, so that a reading with the flat-object replay on and one with it off
// can be compared: every handler event with the line and depth during it, every feed()
// result, every error, and the state at the end. A third reading takes the replayed objects
// whole (Handler::flatObject) and writes down their members as events; during that call
// line() is the '{' line, so it is compared with a general reading that notes every member
// event with the line of its object's '{'.

#include "parse/JsonStream.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wb::test {

// How a reading is made.
enum class Reader {
    General,     // the replay off: every object token by token
    Replay,      // the replay on, the handler taking each replayed object's members as events
    WholeObjects // the replay on, the handler taking each replayed object whole
};

// Every event with the line and depth the stream reports during it, one per line.
class Recorder : public JsonStream::Handler {
public:
    const JsonStream* stream = nullptr;
    std::string transcript;
    int flatObjects = 0; // objects closed that held members but no container
    bool takeWholeObjects = false;
    // Keys and values in an object noted with the line of its '{'.
    bool membersAtObjectLine = false;

    void note(const char* what, std::string_view text = {}, bool member = false) {
        transcript += what;
        transcript += ' ';
        transcript.append(text);
        const bool inObject = !m_open.empty() && m_open.back().isObject;
        const std::int64_t line =
            member && membersAtObjectLine && inObject ? m_open.back().line : stream->line();
        transcript += " @" + std::to_string(line) + '/' + std::to_string(stream->depth()) + '\n';
    }

    void beginObject() override {
        open(true);
        note("{");
    }
    void endObject() override {
        flatObjects += m_open.back().flat == Flat::WithMembers;
        m_open.pop_back();
        note("}");
    }
    void beginArray() override {
        open(false);
        note("[");
    }
    void endArray() override {
        m_open.pop_back();
        note("]");
    }
    void key(std::string_view name) override {
        if (m_open.back().flat == Flat::Empty)
            m_open.back().flat = Flat::WithMembers;
        note("key", name, true);
    }
    void string(std::string_view value) override { note("string", value, true); }
    // A number with what it converts to (the shortest text of the double, which tells every
    // double apart, and the exact integer), so that a replayed object's members, converted from
    // the digits read with their grammar, are compared with those of the general path.
    void number(JsonStream::Number value) override {
        char real[32];
        const auto written = std::to_chars(real, real + sizeof real, value.toDouble());
        std::string noted = std::string(value.text) + " = " + std::string(real, written.ptr);
        if (const auto integer = value.exactInteger())
            noted += " = int " + std::to_string(*integer);
        note("number", noted, true);
    }
    void boolean(bool value) override { note(value ? "true" : "false", {}, true); }
    void null() override { note("null", {}, true); }
    bool flatObject(const JsonStream::FlatObject& object) override {
        if (!takeWholeObjects)
            return false;
        using Kind = JsonStream::ValueKind;
        for (std::size_t i = 0; i < object.size(); ++i) {
            key(object.key(i));
            switch (object.kind(i)) {
            case Kind::String:
                string(object.text(i));
                break;
            case Kind::Number:
                number(object.number(i));
                break;
            case Kind::True:
            case Kind::False:
                boolean(object.kind(i) == Kind::True);
                break;
            case Kind::Null:
                null();
                break;
            case Kind::Invalid:
                note("invalid value in a replayed object", object.text(i));
                break;
            }
        }
        return true;
    }

private:
    // What each open container is so far.
    enum class Flat { No, Empty, WithMembers };
    struct Open {
        bool isObject;
        Flat flat;
        std::int64_t line; // of its bracket
    };

    void open(bool isObject) {
        if (!m_open.empty())
            m_open.back().flat = Flat::No; // a container inside makes its parent not flat
        m_open.push_back({isObject, isObject ? Flat::Empty : Flat::No, stream->line()});
    }

    std::vector<Open> m_open;
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
inline Reading read(std::string_view input, const Feeding& feeding, Reader reader,
                    bool membersAtObjectLine = false) {
    Recorder recorder;
    JsonStream stream(recorder);
    recorder.stream = &stream;
    recorder.takeWholeObjects = reader == Reader::WholeObjects;
    recorder.membersAtObjectLine = membersAtObjectLine || reader == Reader::WholeObjects;
    stream.setFlatObjectReplay(reader != Reader::General);
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

// Where a replaying reading differs from the general reading noted the same way.
struct Disagreement {
    const char* reader;
    std::string replayed;
    std::string general;
};

// Reads `input` the three ways; each replaying reading must write down exactly what the general
// path does (the whole-object one counting its objects as replayed too). *replay gets the
// Replay reading.
inline std::optional<Disagreement> compareReaders(std::string_view input, const Feeding& feeding,
                                                  Reading* replay) {
    *replay = read(input, feeding, Reader::Replay);
    const Reading general = read(input, feeding, Reader::General);
    if (replay->transcript != general.transcript)
        return Disagreement{"the replay reads as the general path", replay->transcript,
                            general.transcript};
    Reading whole = read(input, feeding, Reader::WholeObjects);
    const Reading generalByObject = read(input, feeding, Reader::General, true);
    if (whole.replayedObjects != replay->replayedObjects)
        whole.transcript += "replayed objects: " + std::to_string(whole.replayedObjects) + '\n';
    if (whole.transcript != generalByObject.transcript)
        return Disagreement{"objects taken whole read as the general path", whole.transcript,
                            generalByObject.transcript};
    return std::nullopt;
}

} // namespace wb::test
