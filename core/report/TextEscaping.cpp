#include "report/TextEscaping.h"

#include <QRegularExpression>

namespace wb {

namespace {

constexpr char16_t kReplacement = 0xFFFD;

bool isXmlControl(char16_t c) {
    return c < 0x20 && c != u'\t' && c != u'\n' && c != u'\r';
}

bool isWordCharacter(const QString& text, qsizetype i) {
    return i >= 0 && i < text.size() && text[i].isLetterOrNumber();
}

// "-1.5", "+3e-2", "42", ".5": what a spreadsheet reads as a number, not as a formula.
bool isNumber(const QString& cell) {
    static const QRegularExpression number(
        QStringLiteral("^[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?$"));
    return number.match(cell).hasMatch();
}

} // namespace

QString TextEscaping::xml(const QString& text) {
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (c == u'&')
            out += QLatin1String("&amp;");
        else if (c == u'<')
            out += QLatin1String("&lt;");
        else if (c == u'>')
            out += QLatin1String("&gt;");
        else if (c == u'"')
            out += QLatin1String("&quot;");
        else if (QChar::isHighSurrogate(c) && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
            out += text[i];
            out += text[++i];
        } else if (isXmlControl(c) || QChar::isSurrogate(c) || c == 0xFFFE || c == 0xFFFF)
            out += QChar(kReplacement);
        else
            out += text[i];
    }
    return out;
}

QByteArray TextEscaping::withoutXmlInvalidCharacters(const QByteArray& utf8) {
    static const QByteArray replacement = QString(QChar(kReplacement)).toUtf8();
    QByteArray out;
    out.reserve(utf8.size());
    for (qsizetype i = 0; i < utf8.size(); ++i) {
        const auto byte = static_cast<unsigned char>(utf8[i]);
        // U+FFFE and U+FFFF are EF BF BE and EF BF BF in UTF-8.
        const bool nonCharacter = byte == 0xEF && i + 2 < utf8.size() &&
                                  static_cast<unsigned char>(utf8[i + 1]) == 0xBF &&
                                  (static_cast<unsigned char>(utf8[i + 2]) & 0xFE) == 0xBE;
        if (nonCharacter) {
            out += replacement;
            i += 2;
        } else if (isXmlControl(byte))
            out += replacement;
        else
            out += utf8[i];
    }
    return out;
}

QString TextEscaping::spreadsheetText(const QString& cell) {
    if (cell.isEmpty() || cell == QLatin1String("-") || isNumber(cell))
        return cell;
    const char16_t first = cell.front().unicode();
    const bool formula = first == u'=' || first == u'+' || first == u'-' || first == u'@' ||
                         first == u'\t' || first == u'\r';
    return formula ? QLatin1Char('\'') + cell : cell;
}

QString TextEscaping::csvField(const QString& cell) {
    const QString text = spreadsheetText(cell);
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
        !text.contains(QLatin1Char('\n')) && !text.contains(QLatin1Char('\r')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString TextEscaping::markdown(const QString& text) {
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        switch (c.unicode()) {
        case u'\r':
            if (i + 1 < text.size() && text[i + 1] == QLatin1Char('\n'))
                ++i;
            out += QLatin1String("<br>");
            break;
        case u'\n':
            out += QLatin1String("<br>");
            break;
        case u'\\':
        case u'`':
        case u'*':
        case u'~':
        case u'|':
        case u'<':
        case u'>':
        case u'&':
            out += QLatin1Char('\\') + c;
            break;
        case u'_':
            // Inside a word ("ping18_np") an underscore never starts emphasis: left readable.
            if (!isWordCharacter(text, i - 1) || !isWordCharacter(text, i + 1))
                out += QLatin1Char('\\');
            out += c;
            break;
        case u']':
            // Only "](" and "][" make a link or an image of the text before; "[2.3, 4.5]" stays.
            if (i + 1 < text.size() &&
                (text[i + 1] == QLatin1Char('(') || text[i + 1] == QLatin1Char('[')))
                out += QLatin1Char('\\');
            out += c;
            break;
        default:
            out += c;
        }
    }
    return out;
}

QString TextEscaping::latex(const QString& text) {
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        switch (c.unicode()) {
        case u'\\':
            out += QLatin1String("\\textbackslash{}");
            break;
        case u'^':
            out += QLatin1String("\\textasciicircum{}");
            break;
        case u'~':
            out += QLatin1String("\\textasciitilde{}");
            break;
        // In LaTeX's default font encoding these print as other glyphs (¡, ¿, —).
        case u'<':
            out += QLatin1String("\\textless{}");
            break;
        case u'>':
            out += QLatin1String("\\textgreater{}");
            break;
        case u'|':
            out += QLatin1String("\\textbar{}");
            break;
        case u'&':
        case u'%':
        case u'$':
        case u'#':
        case u'_':
        case u'{':
        case u'}':
            out += QLatin1Char('\\') + c;
            break;
        case 0x00B5: // micro sign, as in "p50 (µs)"
            out += QLatin1String("$\\mu$");
            break;
        case u'\r':
            if (i + 1 < text.size() && text[i + 1] == QLatin1Char('\n'))
                ++i;
            out += QLatin1Char(' ');
            break;
        case u'\n':
            out += QLatin1Char(' ');
            break;
        default:
            out += c;
        }
    }
    return out;
}

} // namespace wb
