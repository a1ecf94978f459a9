#include "JsonStream.h"

#include "ExactDecimal.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace wb {

namespace {

// Bytes that end the plain run of a string: the quote, a backslash and control characters.
constexpr std::array<bool, 256> kStringStops = [] {
    std::array<bool, 256> stops{};
    for (int c = 0; c < 0x20; ++c)
        stops[c] = true;
    stops['"'] = true;
    stops['\\'] = true;
    return stops;
}();

// The error of a control byte in a string, whether the string was cut by a chunk or not.
constexpr const char* kControlInString =
    "a control character inside a string (strings end on their line)";

bool isNumberByte(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

bool isLiteralByte(char c) {
    return c >= 'a' && c <= 'z';
}

bool isJsonDigit(char c) {
    return c >= '0' && c <= '9';
}

// The end of the bytes at p that can belong to a number (or to true, false or null): the token
// the general path reads before it judges it.
const char* runEnd(const char* p, const char* end, bool isNumber) {
    if (isNumber) {
        while (p < end && isNumberByte(*p))
            ++p;
    } else {
        while (p < end && isLiteralByte(*p))
            ++p;
    }
    return p;
}

// The end of the digits at p.
const char* digitsEnd(const char* p, const char* end) {
    while (p < end && isJsonDigit(*p))
        ++p;
    return p;
}

// A number read in one pass at p by the JSON grammar,
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?: where the longest number it allows there ends
// (nullptr when the bytes leave it before one is whole), and the digits of one without an
// exponent, so that converting it reads no byte again.
struct ScannedNumber {
    const char* end;
    JsonStream::Digits digits;
};

ScannedNumber scanNumber(const char* p, const char* end) {
    if (p < end && *p == '-')
        ++p;
    JsonStream::Digits digits;
    if (p < end && *p == '0') {
        ++p;
        digits.count = 1;
    } else if ((digits.count = scan::appendDigits(p, end, &digits.value)) == 0) {
        return {nullptr, {}};
    }
    if (p < end && *p == '.') {
        ++p;
        digits.decimals = scan::appendDigits(p, end, &digits.value);
        if (digits.decimals == 0)
            return {nullptr, {}};
        digits.count += digits.decimals;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        ++p;
        if (p < end && (*p == '+' || *p == '-'))
            ++p;
        const char* const exponent = p;
        p = digitsEnd(p, end);
        if (p == exponent)
            return {nullptr, {}};
        digits = {};
    }
    return {p, digits};
}

// Whether the number whose grammar ended at grammarEnd (scanNumber) is one: the grammar held,
// and no byte that could belong to a number follows it (the chunk may end right after it).
bool endsNumber(const char* grammarEnd, const char* end) {
    return grammarEnd && (grammarEnd == end || !isNumberByte(*grammarEnd));
}

// The first byte at or after p that ends the plain run of a string (a quote, a backslash or a
// control byte), or `end`.
const char* plainStringEnd(const char* p, const char* end) {
    while (p < end && !kStringStops[static_cast<unsigned char>(*p)])
        ++p;
    return p;
}

bool readHex4(std::string_view raw, std::size_t at, unsigned* value) {
    if (at + 4 > raw.size())
        return false;
    const char* const end = raw.data() + at + 4;
    const auto [stop, error] = std::from_chars(raw.data() + at, end, *value, 16);
    return error == std::errc() && stop == end;
}

void appendUtf8(std::string& out, unsigned code) {
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

// The string between the quotes with its escapes resolved; false when an escape is invalid.
bool unescape(std::string_view raw, std::string& out) {
    out.clear();
    out.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (static_cast<unsigned char>(c) < 0x20)
            return false;
        if (c != '\\') {
            out += c;
            continue;
        }
        if (++i >= raw.size())
            return false;
        // The escapes of one byte, and the bytes they stand for.
        static constexpr std::string_view kEscapes = "\"\\/bfnrt";
        static constexpr std::string_view kEscaped = "\"\\/\b\f\n\r\t";
        if (const std::size_t simple = kEscapes.find(raw[i]); simple != std::string_view::npos) {
            out += kEscaped[simple];
            continue;
        }
        if (raw[i] != 'u')
            return false;
        unsigned code = 0;
        if (!readHex4(raw, i + 1, &code))
            return false;
        i += 4;
        if (code >= 0xD800 && code < 0xDC00) { // a surrogate pair: the low half must follow
            unsigned low = 0;
            if (i + 2 >= raw.size() || raw[i + 1] != '\\' || raw[i + 2] != 'u' ||
                !readHex4(raw, i + 3, &low) || low < 0xDC00 || low >= 0xE000)
                return false;
            i += 6;
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        } else if (code >= 0xDC00 && code < 0xE000) {
            return false;
        }
        appendUtf8(out, code);
    }
    return true;
}

} // namespace

double JsonStream::Number::toDouble() const {
    const char* const begin = text.data();
    const char* const end = begin + text.size();
    Digits read = digits;
    if (read.count == 0) {
        const ScannedNumber scanned = scanNumber(begin, end);
        if (scanned.end == end)
            read = scanned.digits;
    }
    if (read.count != 0) {
        if (const auto magnitude = scan::exactDecimal(read.value, read.decimals, read.count))
            return *begin == '-' ? -*magnitude : *magnitude;
    }
    double value = 0;
    const auto result = std::from_chars(begin, end, value);
    if (result.ec == std::errc::result_out_of_range) // rare: let strtod say inf or 0
        return std::strtod(std::string(text).c_str(), nullptr);
    return value;
}

std::optional<std::int64_t> JsonStream::Number::exactInteger() const {
    if (digits.count != 0) {
        // A point, or more digits than 2^63 has: from_chars would stop early or overflow.
        if (digits.decimals != 0 || digits.count > 19)
            return std::nullopt;
        constexpr std::uint64_t kMaxMagnitude = std::uint64_t{1} << 63;
        const bool negative = text.front() == '-';
        if (digits.value > (negative ? kMaxMagnitude : kMaxMagnitude - 1))
            return std::nullopt;
        if (!negative || digits.value == 0)
            return static_cast<std::int64_t>(digits.value);
        // -2^63 has no positive twin to negate: one step from -1.
        return -static_cast<std::int64_t>(digits.value - 1) - 1;
    }
    std::int64_t value = 0;
    const char* last = text.data() + text.size();
    const auto [end, error] = std::from_chars(text.data(), last, value);
    if (error != std::errc() || end != last)
        return std::nullopt;
    return value;
}

std::optional<std::int64_t> JsonStream::Number::toInteger() const {
    if (const auto exact = exactInteger())
        return exact;
    const double value = toDouble();
    // [-2^63, 2^63): every double in it converts exactly when it has no fraction.
    if (std::trunc(value) != value || value < -9223372036854775808.0 ||
        value >= 9223372036854775808.0)
        return std::nullopt;
    return static_cast<std::int64_t>(value);
}

int JsonStream::Number::toInt() const {
    const auto value = toInteger();
    if (!value || *value < std::numeric_limits<int>::min() ||
        *value > std::numeric_limits<int>::max())
        return 0;
    return static_cast<int>(*value);
}

void JsonStream::reset() {
    m_state = State::Idle;
    m_flatObjectOpen = nullptr;
    m_stack.clear();
    m_pending = Pending::None;
    m_pendingEscape = false;
    m_token.clear();
    m_error.clear();
    m_failedInString = false;
}

const char* JsonStream::fail(std::string message) {
    m_state = State::Failed;
    m_error = std::move(message);
    return nullptr;
}

std::size_t JsonStream::feed(std::string_view bytes, bool newlineAfter) {
    const char* const begin = bytes.data();
    const char* const end = begin + bytes.size();
    const char* p = begin;
    if (m_state == State::Failed)
        return 0;
    m_flatObjectOpen = nullptr; // its bytes were those of an earlier call
    if (m_pending != Pending::None) {
        const char* next = resume(p, end, newlineAfter);
        if (!next)
            return static_cast<std::size_t>(end - begin); // the token goes on past this chunk
        if (m_state == State::Failed)
            return static_cast<std::size_t>(next - begin);
        p = next;
        if (m_state == State::Idle)
            return static_cast<std::size_t>(p - begin);
    }
    while (p < end) {
        const char c = *p;
        if (isBlank(c)) {
            p = skipBlanks(p, end);
            continue;
        }
        const char* next = nullptr;
        switch (m_state) {
        case State::Colon:
            if (c != ':')
                return fail("missing ':' after a key"), static_cast<std::size_t>(p - begin);
            m_state = State::Value;
            ++p;
            continue;
        case State::AfterValue:
            if (c == ',') {
                m_state = m_stack.back() == '{' ? State::Key : State::Value;
                ++p;
                continue;
            }
            if (c == '}' || c == ']') {
                if (c == '}' && m_flatObjectOpen)
                    learnFlatObject(m_flatObjectOpen, p);
                next = close(c) ? p + 1 : nullptr;
                break;
            }
            fail(m_stack.back() == '{' ? "missing ',' or '}' after a value in an object"
                                       : "missing ',' or ']' after a value in an array");
            return static_cast<std::size_t>(p - begin);
        case State::ObjectFirst:
        case State::Key:
            if (c == '"') {
                next = string(p + 1, end, newlineAfter, true);
                break;
            }
            if (c == '}' && m_state == State::ObjectFirst) {
                close(c);
                next = p + 1;
                break;
            }
            fail(m_state == State::Key ? "a key must follow ','" : "a key or '}' must follow '{'");
            return static_cast<std::size_t>(p - begin);
        case State::ArrayFirst:
            if (c == ']') {
                close(c);
                next = p + 1;
                break;
            }
            [[fallthrough]];
        case State::Idle:
        case State::Value:
            next = value(p, end, newlineAfter);
            break;
        case State::Failed:
            return static_cast<std::size_t>(p - begin);
        }
        if (m_state == State::Failed)
            return static_cast<std::size_t>((next ? next : p) - begin);
        if (!next) // a token runs past the end of the bytes
            return static_cast<std::size_t>(end - begin);
        p = next;
        if (m_state == State::Idle) // a top-level value ended
            return static_cast<std::size_t>(p - begin);
    }
    m_line += newlineAfter;
    return static_cast<std::size_t>(p - begin);
}

// Blanks between tokens, counting line breaks.
const char* JsonStream::skipBlanks(const char* p, const char* end) {
    for (; p < end; ++p) {
        const char c = *p;
        if (!isBlank(c))
            break;
        m_line += c == '\n';
    }
    return p;
}

const char* JsonStream::value(const char* p, const char* end, bool newlineAfter) {
    const char c = *p;
    if (c == '{' || c == '[') {
        if (c == '{' && m_askReadAhead && !m_stack.empty()) {
            std::int64_t lines = 0;
            if (const char* next = m_handler.readAhead(p, &lines)) {
                m_line += lines;
                afterValue();
                return next;
            }
        }
        if (m_stack.size() >= m_maxDepth)
            return fail("nested too deeply");
        m_stack += c;
        if (c == '{') {
            m_state = State::ObjectFirst;
            m_handler.beginObject();
            if (m_replayFlatObjects) {
                m_flatObjectOpen = p;
                if (const char* next = replayFlatObject(p + 1, end))
                    return next;
            }
        } else {
            m_flatObjectOpen = nullptr; // its parent holds a container
            m_state = State::ArrayFirst;
            m_handler.beginArray();
        }
        return p + 1;
    }
    if (c == '"')
        return string(p + 1, end, newlineAfter, false);
    if (c == '-' || isJsonDigit(c))
        return scalar(p, end, newlineAfter, true);
    if (c == 't' || c == 'f' || c == 'n')
        return scalar(p, end, newlineAfter, false);
    fail("a value must follow here");
    return p;
}

const char* JsonStream::string(const char* p, const char* end, bool newlineAfter, bool isKey) {
    const char* const start = p;
    bool escaped = false;
    for (p = plainStringEnd(p, end); p < end; p = plainStringEnd(p, end)) {
        const auto c = static_cast<unsigned char>(*p);
        if (c == '"') {
            emitString(std::string_view(start, static_cast<std::size_t>(p - start)), escaped,
                       isKey);
            return p + 1; // after a bad escape, reading goes on after the string
        }
        if (c == '\\') {
            escaped = true;
            p += 2; // the escaped byte cannot end the string
            continue;
        }
        fail(kControlInString);
        m_failedInString = true;
        return p;
    }
    // Cut by the end of the chunk: keep the raw part, finish it when the rest arrives.
    const std::size_t kept = static_cast<std::size_t>(std::min(p, end) - start);
    m_token.assign(start, kept);
    m_pendingEscape = p > end; // the chunk ended right after a backslash
    if (newlineAfter) {
        if (m_pendingEscape)
            return fail("invalid escape sequence");
        return fail("a string is not closed on its line");
    }
    m_pending = isKey ? Pending::Key : Pending::String;
    return nullptr;
}

// The scalar token at p, as far as bytes that can belong to it go (up to `end`), and what it
// is: Invalid when it is not a JSON number (isNumber), or not true, false or null. A number's
// grammar is checked in the same pass that finds its end.
JsonStream::Scalar JsonStream::scanScalar(const char* p, const char* end, bool isNumber) {
    if (isNumber) {
        const char* const grammarEnd = scanNumber(p, end).end;
        if (endsNumber(grammarEnd, end))
            return {ValueKind::Number, grammarEnd};
        return {ValueKind::Invalid, runEnd(grammarEnd ? grammarEnd : p, end, true)};
    }
    const char* const tokenEnd = runEnd(p, end, false);
    const std::string_view word(p, static_cast<std::size_t>(tokenEnd - p));
    const ValueKind kind = word == "true"    ? ValueKind::True
                           : word == "false" ? ValueKind::False
                           : word == "null"  ? ValueKind::Null
                                             : ValueKind::Invalid;
    return {kind, tokenEnd};
}

const char* JsonStream::scalar(const char* p, const char* end, bool newlineAfter, bool isNumber) {
    const Scalar scalar = scanScalar(p, end, isNumber);
    const std::string_view token(p, static_cast<std::size_t>(scalar.end - p));
    if (scalar.end == end && !newlineAfter) { // the next chunk may go on with it
        m_token.assign(token);
        m_pending = isNumber ? Pending::Number : Pending::Literal;
        return nullptr;
    }
    if (!emitScalar(token, isNumber, scalar.kind))
        return p;
    return scalar.end;
}

// Completes the token the previous chunk cut; nullptr while it still goes on.
const char* JsonStream::resume(const char* p, const char* end, bool newlineAfter) {
    const Pending kind = m_pending;
    if (kind == Pending::String || kind == Pending::Key) {
        const char* q = p;
        bool escape = m_pendingEscape;
        for (; q < end; ++q) {
            if (escape)
                escape = false;
            else if (*q == '\\')
                escape = true;
            else if (*q == '"')
                break;
            else if (static_cast<unsigned char>(*q) < 0x20) {
                // As string() does for an uncut string: the same error at the same byte,
                // so the recovery after it does not depend on where the chunks were cut.
                m_pending = Pending::None;
                fail(kControlInString);
                m_failedInString = true;
                return q;
            }
        }
        m_token.append(p, static_cast<std::size_t>(q - p));
        if (q == end) {
            m_pendingEscape = escape;
            if (newlineAfter) {
                m_pending = Pending::None;
                fail("a string is not closed on its line");
                return end;
            }
            return nullptr;
        }
        m_pending = Pending::None;
        m_pendingEscape = false;
        const std::string token = std::move(m_token);
        m_token.clear();
        emitString(token, true, kind == Pending::Key); // unescape() also refuses control bytes
        return q + 1;
    }
    const bool isNumber = kind == Pending::Number;
    const char* const q = runEnd(p, end, isNumber);
    m_token.append(p, static_cast<std::size_t>(q - p));
    if (q == end && !newlineAfter)
        return nullptr;
    m_pending = Pending::None;
    const std::string token = std::move(m_token);
    m_token.clear();
    emitScalar(token, isNumber,
               scanScalar(token.data(), token.data() + token.size(), isNumber).kind);
    return q;
}

// The object whose '{' is just before p, read against the shape of the last flat object at its
// depth, as consecutive records of a log are: its bytes between the values must be the shape's,
// and each value a whole scalar of the shape's type ending where the next of those bytes begin.
// Those bytes were read the same way in the shape's object, from the same state, so only when
// all of it matches, within these bytes, are the events emitted, the general path's (line count
// included); returns the position after the '}', or nullptr with nothing emitted.
const char* JsonStream::replayFlatObject(const char* p, const char* end) {
    const FlatShape& shape = m_shapes[m_stack.size() % kShapeSlots];
    if (shape.depth != m_stack.size())
        return nullptr;
    // Compares the shape's bytes [from, to) with those at p, and moves p past them.
    auto take = [&p, end, &shape](std::size_t from, std::size_t to) {
        const std::size_t length = to - from;
        if (static_cast<std::size_t>(end - p) < length ||
            std::memcmp(p, shape.bytes.data() + from, length) != 0)
            return false;
        p += length;
        return true;
    };
    if (m_replayed.size() < shape.members.size())
        m_replayed.resize(shape.members.size());
    std::size_t bytesAt = 0;
    for (std::size_t i = 0; i < shape.members.size(); ++i) {
        const FlatShape::Member& member = shape.members[i];
        // Written field by field: a push_back of the pair stalled on store forwarding.
        ReplayedValue& value = m_replayed[i];
        if (!take(bytesAt, member.bytesEnd))
            return nullptr;
        bytesAt = member.bytesEnd;
        if (member.kind == ValueKind::String) {
            const char* const stop = p < end && *p == '"' ? plainStringEnd(p + 1, end) : end;
            if (stop == end || *stop != '"')
                return nullptr;
            value.kind = ValueKind::String;
            value.text = std::string_view(p + 1, static_cast<std::size_t>(stop - p - 1));
            p = stop + 1;
            continue;
        }
        if (member.kind == ValueKind::Number) {
            // Read here to keep its digits for the conversions, which then read no byte again.
            const ScannedNumber number = scanNumber(p, end);
            if (number.end == end || !endsNumber(number.end, end))
                return nullptr;
            value.kind = ValueKind::Number;
            value.digits = number.digits;
            value.text = std::string_view(p, static_cast<std::size_t>(number.end - p));
            p = number.end;
            continue;
        }
        const Scalar scalar = scanScalar(p, end, false);
        if (scalar.end == end || scalar.kind == ValueKind::Invalid)
            return nullptr;
        value.kind = scalar.kind;
        value.text = std::string_view(p, static_cast<std::size_t>(scalar.end - p));
        p = scalar.end;
    }
    if (!take(bytesAt, shape.bytes.size()))
        return nullptr;

    const FlatObject object(shape, m_replayed.data());
    if (m_handler.flatObject(object)) {
        m_line += shape.memberLines;
    } else {
        for (std::size_t i = 0; i < object.size(); ++i) {
            m_line += shape.members[i].linesBeforeKey;
            emitString(object.key(i), false, true);
            m_line += shape.members[i].linesBeforeValue;
            emitValue(object.kind(i), object.text(i));
        }
    }
    m_line += shape.closingLines;
    close('}');
    ++m_replayedObjects;
    return p;
}

// Keeps the shape of the object from `open` to `close` ('{' and '}'), which the general path has
// just read within one call: key:scalar members and no escape, so a quote ends every string and
// only blanks, ':' and ',' lie between the tokens.
void JsonStream::learnFlatObject(const char* open, const char* close) {
    FlatShape& shape = m_shapes[m_stack.size() % kShapeSlots];
    shape.depth = 0;
    if (close - open > kMaxShapeBytes)
        return;
    shape.bytes.clear();
    shape.members.clear();
    shape.memberLines = 0;
    shape.number = ++m_shapesLearned;
    auto lines = [](const char* from, const char* to) {
        return static_cast<std::uint32_t>(std::count(from, to, '\n'));
    };
    const char* between = open + 1; // the bytes before the next value begin here
    for (const char* p = between;; between = p) {
        while (*p != '"' && *p != '}') // blanks and ','; *close is '}'
            ++p;
        if (*p == '}')
            break;
        const char* const key = p + 1;
        const char* const keyEnd = std::find(key, close, '"');
        p = std::find(keyEnd, close, ':') + 1;
        while (isBlank(*p))
            ++p;
        const char* const value = p;
        FlatShape::Member member{};
        if (*value == '"') {
            member.kind = ValueKind::String;
            p = std::find(value + 1, close, '"') + 1;
        } else {
            const Scalar scalar = scanScalar(value, close, *value == '-' || isJsonDigit(*value));
            member.kind = scalar.kind;
            p = scalar.end;
        }
        member.keyAt = static_cast<std::uint32_t>(shape.bytes.size() + (key - between));
        member.keyLength = static_cast<std::uint32_t>(keyEnd - key);
        member.linesBeforeKey = lines(between, key);
        member.linesBeforeValue = lines(key, value);
        shape.memberLines += member.linesBeforeKey + member.linesBeforeValue;
        shape.bytes.append(between, value);
        member.bytesEnd = static_cast<std::uint32_t>(shape.bytes.size());
        shape.members.push_back(member);
    }
    shape.closingLines = lines(between, close);
    shape.bytes.append(between, close + 1);
    shape.depth = shape.members.empty() ? 0 : m_stack.size();
}

bool JsonStream::emitString(std::string_view raw, bool escaped, bool isKey) {
    std::string_view text = raw;
    if (escaped) {
        m_flatObjectOpen = nullptr;
        if (!unescape(raw, m_unescaped)) {
            fail("invalid escape sequence in a string");
            return false;
        }
        text = m_unescaped;
    }
    if (isKey) {
        m_handler.key(text);
        m_state = State::Colon;
        return true;
    }
    emitValue(ValueKind::String, text);
    return true;
}

// A scalar token as scanScalar() judged it: its event, or the error when it is none.
bool JsonStream::emitScalar(std::string_view text, bool isNumber, ValueKind kind) {
    if (kind == ValueKind::Invalid) {
        fail((isNumber ? "not a number: " : "not a value: ") + std::string(text.substr(0, 40)));
        return false;
    }
    emitValue(kind, text);
    return true;
}

void JsonStream::emitValue(ValueKind kind, std::string_view text) {
    switch (kind) {
    case ValueKind::String:
        m_handler.string(text);
        break;
    case ValueKind::Number:
        m_handler.number(Number{text});
        break;
    case ValueKind::True:
    case ValueKind::False:
        m_handler.boolean(kind == ValueKind::True);
        break;
    case ValueKind::Null:
        m_handler.null();
        break;
    case ValueKind::Invalid: // emitScalar() stops it
        break;
    }
    afterValue();
}

bool JsonStream::close(char bracket) {
    const char open = bracket == '}' ? '{' : '[';
    m_flatObjectOpen = nullptr; // its parent held a container
    if (m_stack.back() != open) {
        fail(bracket == '}' ? "'}' closes an array" : "']' closes an object");
        return false;
    }
    m_stack.pop_back();
    if (open == '{')
        m_handler.endObject();
    else
        m_handler.endArray();
    afterValue();
    return true;
}

void JsonStream::afterValue() {
    m_state = m_stack.empty() ? State::Idle : State::AfterValue;
}

} // namespace wb
