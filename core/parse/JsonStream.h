#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wb {

// An incremental JSON reader in the SAX style: bytes arrive in chunks of any size (down to
// one byte) and every token is handed to a Handler as soon as it is complete. It keeps only
// the nesting of the open containers and the one token a chunk boundary cut, never a
// document, so a multi-gigabyte iperf3 -J log costs no more memory than a small one.
// A stream holds any number of top-level values one after the other (iperf3 appends runs).
// Repeated flat objects are read by comparison with the previous one (setFlatObjectReplay):
// that reads a long iperf3 -J log 1.9 times as fast (tests/bench/bench_iperf3_flows.sh).
class JsonStream {
public:
    // The digits of a number written without an exponent, as one integer: what its value is
    // made from. count 0: not read (a number with an exponent is converted from its text).
    struct Digits {
        std::uint64_t value = 0;   // wraps after 19 digits, which no conversion then uses
        std::int32_t count = 0;    // all of them, the integer part's included
        std::int32_t decimals = 0; // those after the point
    };

    // A number as written. Converting only what a reader uses keeps the hot path cheap;
    // the conversions allocate nothing and give what std::from_chars gives.
    struct Number {
        std::string_view text;
        // Read while the grammar was checked, where the stream did that (the members of a
        // replayed flat object): the conversions then read no byte of the text again.
        Digits digits{};

        double toDouble() const;
        // Written as an integer that fits in 64 bits.
        std::optional<std::int64_t> exactInteger() const;
        // As QJsonValue::toInteger(): the whole number it is, or nothing (fraction, out of range).
        std::optional<std::int64_t> toInteger() const;
        // As QJsonValue::toInt(): the value when it is a whole number that fits in an int, else 0.
        int toInt() const;
    };

    // What a complete value that is not a container is; Invalid: a token that is none.
    enum class ValueKind : std::uint8_t { Invalid, String, Number, True, False, Null };

private:
    struct FlatShape;
    struct ReplayedValue;

public:
    // A flat object (key:scalar members) read by comparing its bytes with the previous one's
    // at its depth (see setFlatObjectReplay()), offered to Handler::flatObject() whole.
    class FlatObject {
    public:
        // Objects with the same shape number have the same keys in the same order.
        std::uint64_t shape() const { return m_shape.number; }
        std::size_t size() const { return m_shape.members.size(); }
        std::string_view key(std::size_t i) const {
            return {m_shape.bytes.data() + m_shape.members[i].keyAt, m_shape.members[i].keyLength};
        }
        ValueKind kind(std::size_t i) const { return m_values[i].kind; }
        // The value as written; a string without its quotes (a flat object has no escapes).
        std::string_view text(std::size_t i) const { return m_values[i].text; }
        // A member of kind Number, its digits already read.
        Number number(std::size_t i) const { return {m_values[i].text, m_values[i].digits}; }

    private:
        friend class JsonStream;
        FlatObject(const FlatShape& shape, const ReplayedValue* values)
            : m_shape(shape), m_values(values) {}
        const FlatShape& m_shape;
        const ReplayedValue* m_values;
    };

    class Handler {
    public:
        virtual ~Handler() = default;
        virtual void beginObject() = 0;
        virtual void endObject() = 0;
        virtual void beginArray() = 0;
        virtual void endArray() = 0;
        // Keys and strings arrive unescaped (UTF-8); the view is valid during the call only.
        virtual void key(std::string_view name) = 0;
        virtual void string(std::string_view value) = 0;
        virtual void number(Number value) = 0;
        virtual void boolean(bool value) = 0;
        virtual void null() = 0;
        // A replayed flat object, between its beginObject() and endObject(): true when the
        // handler took its members from `object`, false (the default) to have them arrive as
        // key() and value events, as on the general path. A handler that takes them spares
        // two calls per member and can look its keys up once per shape; line() during the
        // call is that of the object's '{'.
        virtual bool flatObject(const FlatObject& object) {
            (void)object;
            return false;
        }
        // An object inside a value (an element of an array, or the value of a key) that
        // begins at `at` (its '{'), asked only while setReadAhead() is on: a handler that
        // already has what the object's events would give it (read ahead from these same
        // bytes on another thread) takes that instead, and returns where the object ends,
        // with the line breaks in it in `lines`. nullptr (the default): the object is read
        // here. The object must end within the bytes of the current feed().
        virtual const char* readAhead(const char* at, std::int64_t* lines) {
            (void)at;
            (void)lines;
            return nullptr;
        }
    };

    static constexpr std::size_t kMaxDepth = 1024;

    // JSON's whitespace between tokens.
    static bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

    explicit JsonStream(Handler& handler) : m_handler(handler) {}

    // Reads bytes until they run out or a top-level value ends, and returns how many it
    // consumed: the caller decides what may come between two values (iperf3 logs have
    // "^C" or messages there). `newlineAfter` says a line break follows the bytes (the
    // caller feeds lines), so a number at the end of the bytes is complete. After a syntax
    // error nothing more is read until reset(); the returned count then stops at the error.
    std::size_t feed(std::string_view bytes, bool newlineAfter = false);
    void reset();

    bool failed() const { return m_state == State::Failed; }
    const std::string& error() const { return m_error; }
    // The error stopped reading inside a string (a line break in it, a bad escape).
    bool failedInString() const { return m_failedInString; }
    // Inside a top-level value (or in a token cut by a chunk boundary).
    bool inValue() const { return m_state != State::Idle || m_pending != Pending::None; }
    // Containers open right now.
    std::size_t depth() const { return m_stack.size(); }
    // 1 + the line breaks read so far (reset() keeps it): the line of the current position.
    std::int64_t line() const { return m_line; }

    // Objects that repeat the bytes between the values of the previous flat object at their
    // depth are read by comparison (replayFlatObject()); on by default. Off, every object takes
    // the general path: tests check that the handler sees the same either way.
    void setFlatObjectReplay(bool on) { m_replayFlatObjects = on; }
    // Objects read that way so far (tests check that the replay is taken).
    std::size_t replayedObjects() const { return m_replayedObjects; }

    // Whether objects inside a value are offered to Handler::readAhead() (off by default: a
    // call per object for nothing).
    void setReadAhead(bool on) { m_askReadAhead = on; }
    // A stream that reads values on its own, outside the document they belong to, can be
    // held to a smaller depth than kMaxDepth: it fails as soon as a value nests deeper.
    void setMaxDepth(std::size_t depth) { m_maxDepth = depth; }

private:
    enum class State : std::uint8_t {
        Idle,        // between top-level values
        Value,       // a value must follow (after ':' or ',' in an array)
        ArrayFirst,  // after '[': a value or ']'
        ObjectFirst, // after '{': a key or '}'
        Key,         // after ',' in an object: a key
        Colon,       // after a key
        AfterValue,  // ',' or the closing bracket
        Failed,
    };
    enum class Pending : std::uint8_t { None, String, Key, Number, Literal };
    struct Scalar {
        ValueKind kind;
        const char* end; // after the bytes that can belong to the token
    };

    // The shape of a "flat" object (key:scalar members, no container, no escape), as log
    // writers such as iperf3 -J print one per stream and second, key after key, with only the
    // values changing: the bytes between its values (keys, blanks, ':' and ',', then those up
    // to its '}') and the line breaks among them, counted here once.
    struct FlatShape {
        struct Member {
            std::uint32_t bytesEnd; // in `bytes`: where those before this member's value end
            std::uint32_t keyAt;    // the key, without its quotes, within `bytes`
            std::uint32_t keyLength;
            std::uint32_t linesBeforeKey;   // line breaks in the bytes before the key
            std::uint32_t linesBeforeValue; // those between the key and the value
            ValueKind kind;
        };
        std::size_t depth = 0;    // of the object while it was open; 0: no shape
        std::uint64_t number = 0; // FlatObject::shape()
        std::string bytes;
        std::vector<Member> members;
        std::uint32_t memberLines = 0; // line breaks before the last value's end
        std::uint32_t closingLines = 0;
    };
    struct ReplayedValue {
        ValueKind kind;
        std::string_view text;
        Digits digits; // of a number
    };
    // iperf3 writes flat objects at two depths (a second's stream objects and its sum), so a
    // shape is kept per depth, modulo this. Only small objects are learned (a shape is a copy):
    // a log's repeated records are a few hundred bytes.
    static constexpr std::size_t kShapeSlots = 4;
    static constexpr std::ptrdiff_t kMaxShapeBytes = 4096;

    // Each returns the position after what it read, or nullptr when it failed.
    const char* skipBlanks(const char* p, const char* end);
    const char* value(const char* p, const char* end, bool newlineAfter);
    const char* string(const char* p, const char* end, bool newlineAfter, bool isKey);
    const char* scalar(const char* p, const char* end, bool newlineAfter, bool isNumber);
    const char* resume(const char* p, const char* end, bool newlineAfter);
    const char* replayFlatObject(const char* p, const char* end);
    void learnFlatObject(const char* open, const char* close);
    static Scalar scanScalar(const char* p, const char* end, bool isNumber);
    bool emitString(std::string_view raw, bool escaped, bool isKey);
    bool emitScalar(std::string_view text, bool isNumber, ValueKind kind);
    void emitValue(ValueKind kind, std::string_view text);
    bool close(char bracket);
    void afterValue();
    const char* fail(std::string message);

    Handler& m_handler;
    State m_state = State::Idle;
    std::string m_stack; // '{' or '[' per open container
    Pending m_pending = Pending::None;
    bool m_pendingEscape = false; // the cut string's last byte is an unfinished backslash
    std::string m_token;          // the part of a token read before the chunk ended
    std::string m_unescaped;      // a string with escapes, decoded
    std::string m_error;
    bool m_failedInString = false;
    std::int64_t m_line = 1;
    bool m_replayFlatObjects = true;
    bool m_askReadAhead = false;
    std::size_t m_maxDepth = kMaxDepth;
    std::size_t m_replayedObjects = 0;
    // The '{' of the innermost open object while it is flat so far and opened in the bytes
    // being fed: its shape is learned when it closes.
    const char* m_flatObjectOpen = nullptr;
    std::array<FlatShape, kShapeSlots> m_shapes;
    std::uint64_t m_shapesLearned = 0;
    std::vector<ReplayedValue> m_replayed; // the values of the object being replayed
};

} // namespace wb
