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

// Each character of text through escape(out, character, index), a line end (CR LF, CR or LF)
// as lineEnd.
template <typename Escape>
QString escapedLines(const QString& text, QLatin1String lineEnd, const Escape& escape) {
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c == QLatin1Char('\r') || c == QLatin1Char('\n')) {
            if (c == QLatin1Char('\r') && i + 1 < text.size() && text[i + 1] == QLatin1Char('\n'))
                ++i;
            out += lineEnd;
        } else {
            escape(out, c, i);
        }
    }
    return out;
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
    return escapedLines(text, QLatin1String("<br>"), [&text](QString& out, QChar c, qsizetype i) {
        switch (c.unicode()) {
        case u'\\':
        case u'`':
        case u'*':
        case u'~':
        case u'|':
        case u'<':
        case u'>':
        case u'&':
            out += QLatin1Char('\\');
            break;
        case u'_':
            // Inside a word ("ping18_np") an underscore never starts emphasis: left readable.
            if (!isWordCharacter(text, i - 1) || !isWordCharacter(text, i + 1))
                out += QLatin1Char('\\');
            break;
        case u']':
            // Only "](" and "][" make a link or an image of the text before; "[2.3, 4.5]" stays.
            if (i + 1 < text.size() &&
                (text[i + 1] == QLatin1Char('(') || text[i + 1] == QLatin1Char('[')))
                out += QLatin1Char('\\');
            break;
        }
        out += c;
    });
}

QString TextEscaping::latex(const QString& text) {
    // < > | print as other glyphs (¡, ¿, —) in LaTeX's default font encoding; µ as in
    // "p50 (µs)".
    static const std::pair<char16_t, QLatin1String> kCommands[] = {
        {u'\\', QLatin1String("\\textbackslash{}")},
        {u'^', QLatin1String("\\textasciicircum{}")},
        {u'~', QLatin1String("\\textasciitilde{}")},
        {u'<', QLatin1String("\\textless{}")},
        {u'>', QLatin1String("\\textgreater{}")},
        {u'|', QLatin1String("\\textbar{}")},
        {0x00B5, QLatin1String("$\\mu$")}};
    return escapedLines(text, QLatin1String(" "), [](QString& out, QChar c, qsizetype) {
        for (const auto& [character, command] : kCommands)
            if (c.unicode() == character) {
                out += command;
                return;
            }
        if (QStringView(u"&%$#_{}").contains(c))
            out += QLatin1Char('\\');
        out += c;
    });
}

} // namespace wb
