#include "ConfiguredValue.h"

#include "parse/IperfUnits.h"

#include <QRegularExpression>

#include <cmath>
#include <limits>
#include <utility>

namespace wb {

namespace {

// What a bare number of a parameter stands for, from words in its name.
enum class NameKind { Other, Loss, Delay, Rate };

NameKind kindOfName(const QString& parameter) {
    const QString name = parameter.toLower();
    const auto any = [&name](std::initializer_list<const char*> words) {
        for (const char* word : words) {
            if (name.contains(QLatin1String(word)))
                return true;
        }
        return false;
    };
    if (any({"loss", "drop", "prob"}))
        return NameKind::Loss;
    if (any({"delay", "rtt", "latency", "jitter"}))
        return NameKind::Delay;
    if (any({"rate", "bandwidth", "bw", "speed"}))
        return NameKind::Rate;
    return NameKind::Other;
}

Quantity quantityOfName(NameKind kind) {
    switch (kind) {
    case NameKind::Loss:
        return Quantity::Percent;
    case NameKind::Delay:
        return Quantity::Milliseconds;
    case NameKind::Rate:
        return Quantity::BitsPerSecond;
    case NameKind::Other:
        break;
    }
    return Quantity::Number;
}

double decimalPrefix(QChar letter) {
    switch (letter.toLower().toLatin1()) {
    case 'k':
        return 1e3;
    case 'm':
        return 1e6;
    case 'g':
        return 1e9;
    case 't':
        return 1e12;
    default:
        return 0;
    }
}

// The quantity of a unit word and the factor to that quantity's unit; nullopt when unknown.
std::optional<std::pair<Quantity, double>> unitOfWord(const QString& unit) {
    const QString lower = unit.toLower();
    if (unit == QLatin1String("%") || lower == QLatin1String("pct") ||
        lower == QLatin1String("percent"))
        return std::pair{Quantity::Percent, 1.0};
    if (lower == QLatin1String("us") || lower == QLatin1String("usec") ||
        unit == QStringLiteral("\u00b5s"))
        return std::pair{Quantity::Milliseconds, 1e-3};
    if (lower == QLatin1String("ms") || lower == QLatin1String("msec"))
        return std::pair{Quantity::Milliseconds, 1.0};
    if (lower == QLatin1String("s") || lower == QLatin1String("sec") ||
        lower == QLatin1String("secs"))
        return std::pair{Quantity::Milliseconds, 1e3};
    // The words of iperf's own reports: "Mbits/sec", "KBytes/sec".
    const QByteArray latin = unit.toLatin1();
    if (const double factor = iperf::rateUnitFactor({latin.constData(), std::size_t(latin.size())});
        factor > 0)
        return std::pair{Quantity::BitsPerSecond, factor};
    // iperf -b and tc: an optional decimal prefix, then a bit or byte rate word (or none).
    double prefix = 1;
    QString rest = unit;
    if (!unit.isEmpty() && decimalPrefix(unit.front()) > 0) {
        prefix = decimalPrefix(unit.front());
        rest = unit.mid(1);
    }
    if (rest.isEmpty())
        return prefix > 1 ? std::optional{std::pair{Quantity::BitsPerSecond, prefix}}
                          : std::nullopt;
    static const QStringList bitWords = {"bit", "bits", "bps", "bit/s", "bits/s", "b/s"};
    static const QStringList byteWords = {"Bps", "B/s", "Bytes/s", "bytes/s", "byte/s"};
    // "Mbps" and "mbps" alike are megabits; only a capital B (MBps, MB/s) is bytes.
    if (bitWords.contains(rest.toLower()) && !rest.startsWith(QLatin1Char('B')))
        return std::pair{Quantity::BitsPerSecond, prefix};
    if (byteWords.contains(rest))
        return std::pair{Quantity::BitsPerSecond, prefix * 8};
    return std::nullopt;
}

bool isUnlimitedWord(const QString& text) {
    const QString lower = text.toLower();
    return lower == QLatin1String("unlimited") || lower == QLatin1String("none") ||
           lower == QLatin1String("inf") || lower == QLatin1String("max");
}

QString number(double value) {
    return QString::number(value, 'g', 12);
}

} // namespace

QString unitOf(Quantity quantity) {
    switch (quantity) {
    case Quantity::Percent:
        return QStringLiteral("%");
    case Quantity::Milliseconds:
        return QStringLiteral("ms");
    case Quantity::BitsPerSecond:
        return QStringLiteral("bit/s");
    case Quantity::Number:
        break;
    }
    return {};
}

std::optional<ConfiguredValue> ConfiguredValue::parse(const QString& parameter,
                                                      const QString& text) {
    ConfiguredValue out;
    out.text = text.trimmed();
    const NameKind kind = kindOfName(parameter);
    if (isUnlimitedWord(out.text)) {
        out.quantity = quantityOfName(kind);
        out.value = std::numeric_limits<double>::infinity();
        out.unlimited = true;
        return out;
    }
    static const QRegularExpression numberAndUnit(
        QStringLiteral("^\\+?((?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?)\\s*(\\S*)$"));
    const QRegularExpressionMatch match = numberAndUnit.match(out.text);
    if (!match.hasMatch())
        return std::nullopt;
    bool ok = false;
    const double figure = match.captured(1).toDouble(&ok);
    if (!ok || !std::isfinite(figure))
        return std::nullopt;
    const QString unit = match.captured(2);
    if (!unit.isEmpty()) {
        const auto known = unitOfWord(unit);
        if (!known)
            return std::nullopt;
        out.quantity = known->first;
        out.value = figure * known->second;
        return out;
    }
    out.quantity = quantityOfName(kind);
    out.value = figure;
    if (kind == NameKind::Loss && figure <= 1)
        out.value = figure * 100; // a probability
    return out;
}

int ConfiguredValue::unitPrefixLength(const QString& text) {
    int length = 0;
    while (length < text.size() && (text[length].isLetter() || text[length] == QLatin1Char('%') ||
                                    text[length] == QLatin1Char('/')))
        ++length;
    if (length == 0)
        return 0;
    return unitOfWord(text.left(length)) ? length : 0;
}

QString ConfiguredValue::display() const {
    if (unlimited)
        return QStringLiteral("unlimited");
    switch (quantity) {
    case Quantity::Percent:
        return number(value) + QStringLiteral(" %");
    case Quantity::Milliseconds:
        return number(value) + QStringLiteral(" ms");
    case Quantity::BitsPerSecond: {
        static const std::pair<double, const char*> scales[] = {
            {1e9, "Gbit/s"}, {1e6, "Mbit/s"}, {1e3, "kbit/s"}};
        for (const auto& [factor, name] : scales) {
            if (std::abs(value) >= factor)
                return number(value / factor) + QLatin1Char(' ') + QLatin1String(name);
        }
        return number(value) + QStringLiteral(" bit/s");
    }
    case Quantity::Number:
        break;
    }
    return number(value);
}

bool ConfiguredValue::less(const ConfiguredValue& a, const ConfiguredValue& b) {
    if (a.value != b.value)
        return a.value < b.value;
    return a.text < b.text;
}

} // namespace wb
