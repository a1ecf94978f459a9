#include "QjumpCompatParser.h"

#include "TextScan.h"

#include <cmath>

namespace wb {

namespace {

// cut -d= -f4: the fourth '='-separated field, empty when the line has fewer.
std::string_view fourthField(std::string_view line) {
    for (int skipped = 0; skipped < 3; ++skipped) {
        const std::size_t eq = line.find('=');
        if (eq == std::string_view::npos)
            return {};
        line.remove_prefix(eq + 1);
    }
    return line.substr(0, line.find('='));
}

bool isPythonSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// Python's float(): surrounding whitespace and a leading '+' are allowed, nothing else.
std::optional<double> pythonFloat(std::string_view text) {
    while (!text.empty() && isPythonSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isPythonSpace(text.back()))
        text.remove_suffix(1);
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    if (text.empty() || text.front() == '+')
        return std::nullopt;
    auto value = scan::takeDouble(text);
    if (!value || !text.empty())
        return std::nullopt;
    return value;
}

} // namespace

QjumpCompatParser::QjumpCompatParser() {
    dataset().info.tool = QStringLiteral("ping");
    dataset().info.dialect = QStringLiteral("qjump-compat");
}

void QjumpCompatParser::parseLine(std::string_view line) {
    if (!scan::contains(line, "time=")) {
        ignoreLine();
        return;
    }
    std::string_view field = fourthField(line);
    field = field.substr(0, field.find(' ')); // cut -d" " -f1
    const auto value = pythonFloat(field);
    if (!value) {
        parseError(line,
                   QStringLiteral("cannot read \"%1\" as a number")
                       .arg(QString::fromUtf8(field.data(), static_cast<qsizetype>(field.size()))));
        return;
    }
    // Written as the artifact's test (num < 0 or num > 1e9), so NaN passes as it does there.
    if (*value < 0 || *value > 1e9) {
        rangeError(line, QStringLiteral("value %1 is outside [0, 1e9]").arg(*value));
        return;
    }
    dataset().latency.rttMs.push_back(*value);
    countSample();
}

} // namespace wb
