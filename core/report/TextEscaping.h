#pragma once

#include <QByteArray>
#include <QString>

namespace wb {

// The one escaping function per output format. Everything that reaches a written file from a
// log, a workspace or the user (labels, tags, metadata values, file names, titles, group
// names, parse-report messages, font families) goes through the function of its format, so a
// shared workspace or a crafted log cannot put markup, a formula or a broken row into what a
// colleague opens.
class TextEscaping {
public:
    // HTML and SVG (XML) text and double-quoted attribute values: & < > " as entities, and
    // the characters XML 1.0 cannot hold at all (control characters other than tab and line
    // ends, lone surrogates, U+FFFE/U+FFFF) as U+FFFD, so the document stays well-formed.
    static QString xml(const QString& text);
    // The same for bytes already written as UTF-8 XML by a writer that does not escape
    // control characters (QSvgGenerator): each one becomes U+FFFD; markup is left alone.
    static QByteArray withoutXmlInvalidCharacters(const QByteArray& utf8);

    // A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line end, with
    // spreadsheetText's neutralisation.
    static QString csvField(const QString& cell);
    // A cell a spreadsheet will read: a text cell starting with = + - @ tab or CR would be
    // taken as a formula (CSV injection), so it gets a leading ' as OWASP recommends. Numbers
    // ("-1.5", "+3e-2") and the lone "-" that marks a missing value stay as they are: they
    // cannot start a formula.
    static QString spreadsheetText(const QString& cell);

    // Markdown inline text, e.g. a GitHub-flavoured table cell: backslash escapes for what
    // would become markup (\ ` * ~ | < > & and _ outside a word, ] before ( or [ that would
    // close a link), and a line end as <br>, so a cell never ends its row.
    static QString markdown(const QString& text);

    // LaTeX text in a tabular or a caption: \ { } $ & % # _ ^ ~ < > | as text commands, µ as
    // $\mu$, line ends as spaces (an empty line would end the cell's paragraph).
    static QString latex(const QString& text);
};

} // namespace wb
