#include "JsonStream.h"

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

constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
constexpr std::uint64_t kHigh = 0x8080808080808080ULL;

// The high bit of every byte of v that is zero, exactly (no borrow between bytes).
std::uint64_t zeroBytes(std::uint64_t v) {
    return ~(((v & ~kHigh) + ~kHigh) | v) & kHigh;
}

// The high bit of every byte that ends the plain run of a string: '"', '\\' or < 0x20.
std::uint64_t stopBytes(std::uint64_t v) {
    const std::uint64_t control = ~(((v & ~kHigh) + kOnes * (0x80 - 0x20)) | v) & kHigh;
    return zeroBytes(v ^ (kOnes * '"')) | zeroBytes(v ^ (kOnes * '\\')) | control;
}

// How many bytes have their high bit set in a zeroBytes()-style mask (no popcnt instruction
// in the baseline x86-64 target: a multiply adds the eight 0/1 bytes).
int countMarked(std::uint64_t mask) {
    return static_cast<int>((((mask >> 7) * kOnes) >> 56) & 0xFF);
}

int countTrailingZeros(std::uint64_t v) {
    return __builtin_ctzll(v);
}

bool isNumberByte(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

bool isLiteralByte(char c) {
    return c >= 'a' && c <= 'z';
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
bool validNumber(std::string_view text) {
    std::size_t i = 0;
    const std::size_t n = text.size();
    if (i < n && text[i] == '-')
        ++i;
    if (i < n && text[i] == '0') {
        ++i;
    } else {
        if (i >= n || !isDigit(text[i]))
            return false;
        while (i < n && isDigit(text[i]))
            ++i;
    }
    if (i < n && text[i] == '.') {
        if (++i >= n || !isDigit(text[i]))
            return false;
        while (i < n && isDigit(text[i]))
            ++i;
    }
    if (i < n && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        if (i < n && (text[i] == '+' || text[i] == '-'))
            ++i;
        if (i >= n || !isDigit(text[i]))
            return false;
        while (i < n && isDigit(text[i]))
            ++i;
    }
    return i == n;
}

int hexValue(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool readHex4(std::string_view raw, std::size_t at, unsigned* value) {
    if (at + 4 > raw.size())
        return false;
    unsigned v = 0;
    for (std::size_t i = at; i < at + 4; ++i) {
        const int h = hexValue(raw[i]);
        if (h < 0)
            return false;
        v = v * 16 + static_cast<unsigned>(h);
    }
    *value = v;
    return true;
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
        switch (raw[i]) {
        case '"':
            out += '"';
            break;
        case '\\':
            out += '\\';
            break;
        case '/':
            out += '/';
            break;
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        case 'u': {
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
            break;
        }
        default:
            return false;
        }
    }
    return true;
}

} // namespace

double JsonStream::Number::toDouble() const {
    // Fast path (Clinger): up to 15 significant digits and no exponent. The digits and the
    // power of ten are exact doubles, so one division rounds correctly, as from_chars would.
    static constexpr double kPowers[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                         1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    std::size_t i = text.size() > 0 && text[0] == '-' ? 1 : 0;
    std::uint64_t digits = 0;
    int count = 0, fraction = -1;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c >= '0' && c <= '9') {
            digits = digits * 10 + static_cast<unsigned>(c - '0');
            ++count;
            fraction += fraction >= 0;
        } else if (c == '.' && fraction < 0) {
            fraction = 0;
        } else {
            break;
        }
    }
    if (i == text.size() && count <= 15) {
        const double magnitude = static_cast<double>(digits) / kPowers[std::max(fraction, 0)];
        return text[0] == '-' ? -magnitude : magnitude;
    }
    double value = 0;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ec == std::errc::result_out_of_range) // rare: let strtod say inf or 0
        return std::strtod(std::string(text).c_str(), nullptr);
    return value;
}

std::optional<std::int64_t> JsonStream::Number::exactInteger() const {
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
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
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
                if (!close(c))
                    return static_cast<std::size_t>(p - begin);
                ++p;
                if (m_state == State::Idle)
                    return static_cast<std::size_t>(p - begin);
                continue;
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
                ++p;
                if (m_state == State::Idle)
                    return static_cast<std::size_t>(p - begin);
                continue;
            }
            fail(m_state == State::Key ? "a key must follow ','" : "a key or '}' must follow '{'");
            return static_cast<std::size_t>(p - begin);
        case State::ArrayFirst:
            if (c == ']') {
                close(c);
                ++p;
                if (m_state == State::Idle)
                    return static_cast<std::size_t>(p - begin);
                continue;
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

// Blanks between tokens, eight bytes at a time (pretty-printed JSON has runs of tabs).
const char* JsonStream::skipBlanks(const char* p, const char* end) {
    while (end - p >= 8) {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        const std::uint64_t newlines = zeroBytes(v ^ (kOnes * '\n'));
        const std::uint64_t blanks = newlines | zeroBytes(v ^ (kOnes * '\t')) |
                                     zeroBytes(v ^ (kOnes * ' ')) | zeroBytes(v ^ (kOnes * '\r'));
        const std::uint64_t others = ~blanks & kHigh;
        if (!others) {
            m_line += countMarked(newlines);
            p += 8;
            continue;
        }
        const int bits = countTrailingZeros(others); // the high bit of the first other byte
        m_line += countMarked(newlines & ((std::uint64_t(1) << bits) - 1));
        return p + bits / 8;
    }
    for (; p < end; ++p) {
        const char c = *p;
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        m_line += c == '\n';
    }
    return p;
}

const char* JsonStream::value(const char* p, const char* end, bool newlineAfter) {
    const char c = *p;
    if (c == '{' || c == '[') {
        if (m_stack.size() >= kMaxDepth)
            return fail("nested too deeply");
        m_stack += c;
        if (c == '{') {
            m_state = State::ObjectFirst;
            m_handler.beginObject();
        } else {
            m_state = State::ArrayFirst;
            m_handler.beginArray();
        }
        return p + 1;
    }
    if (c == '"')
        return string(p + 1, end, newlineAfter, false);
    if (c == '-' || isDigit(c))
        return scalar(p, end, newlineAfter, true);
    if (c == 't' || c == 'f' || c == 'n')
        return scalar(p, end, newlineAfter, false);
    fail("a value must follow here");
    return p;
}

const char* JsonStream::string(const char* p, const char* end, bool newlineAfter, bool isKey) {
    const char* const start = p;
    bool escaped = false;
    // Eight bytes at a time up to the first quote, backslash or control byte.
    while (end - p >= 8) {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        const std::uint64_t stops = stopBytes(v);
        if (stops) {
            p += countTrailingZeros(stops) / 8;
            break;
        }
        p += 8;
    }
    while (p < end) {
        const auto c = static_cast<unsigned char>(*p);
        if (!kStringStops[c]) {
            ++p;
            continue;
        }
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

const char* JsonStream::scalar(const char* p, const char* end, bool newlineAfter, bool isNumber) {
    const char* const start = p;
    if (isNumber) {
        // The common case in one pass: digits, maybe a fraction, then a byte that ends it.
        const char* q = p + (*p == '-');
        const char* const digits = q;
        while (q < end && isDigit(*q))
            ++q;
        const bool leadingZero = q - digits > 1 && *digits == '0';
        if (q < end && *q == '.') {
            const char* const fraction = ++q;
            while (q < end && isDigit(*q))
                ++q;
            if (q == fraction)
                q = end + 1; // not plain: take the slow path
        }
        if (q < end && q > digits && !leadingZero && !isNumberByte(*q)) {
            m_handler.number(Number{std::string_view(start, static_cast<std::size_t>(q - start))});
            afterValue();
            return q;
        }
        while (p < end && isNumberByte(*p))
            ++p;
    } else {
        while (p < end && isLiteralByte(*p))
            ++p;
    }
    if (p == end && !newlineAfter) {
        m_token.assign(start, static_cast<std::size_t>(p - start));
        m_pending = isNumber ? Pending::Number : Pending::Literal;
        return nullptr;
    }
    if (!emitScalar(std::string_view(start, static_cast<std::size_t>(p - start)), isNumber))
        return start;
    return p;
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
    const char* q = p;
    while (q < end && (isNumber ? isNumberByte(*q) : isLiteralByte(*q)))
        ++q;
    m_token.append(p, static_cast<std::size_t>(q - p));
    if (q == end && !newlineAfter)
        return nullptr;
    m_pending = Pending::None;
    const std::string token = std::move(m_token);
    m_token.clear();
    emitScalar(token, isNumber);
    return q;
}

bool JsonStream::emitString(std::string_view raw, bool escaped, bool isKey) {
    std::string_view text = raw;
    if (escaped) {
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
    m_handler.string(text);
    afterValue();
    return true;
}

bool JsonStream::emitScalar(std::string_view text, bool isNumber) {
    if (isNumber) {
        if (!validNumber(text)) {
            fail("not a number: " + std::string(text.substr(0, 40)));
            return false;
        }
        m_handler.number(Number{text});
    } else if (text == "true") {
        m_handler.boolean(true);
    } else if (text == "false") {
        m_handler.boolean(false);
    } else if (text == "null") {
        m_handler.null();
    } else {
        fail("not a value: " + std::string(text.substr(0, 40)));
        return false;
    }
    afterValue();
    return true;
}

bool JsonStream::close(char bracket) {
    const char open = bracket == '}' ? '{' : '[';
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
