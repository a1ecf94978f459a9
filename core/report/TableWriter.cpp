#include "report/TableWriter.h"

#include "report/TextEscaping.h"

#include <algorithm>

namespace wb {

namespace {

bool isRight(const Table& table, int column) {
    return column < static_cast<int>(table.rightAligned.size()) &&
           table.rightAligned[static_cast<std::size_t>(column)];
}

// The header and the rows, each cell escaped, between prefix and suffix, apart by separator;
// underHeader between the header and the rows.
QString rowsOf(const Table& table, QString (*escape)(const QString&), QLatin1String prefix,
               QLatin1String separator, QLatin1String suffix, const QString& underHeader = {}) {
    const auto line = [&](const QStringList& cells) {
        QStringList escaped;
        for (const QString& cell : cells)
            escaped << escape(cell);
        return prefix + escaped.join(separator) + suffix;
    };
    QString out = line(table.header) + underHeader;
    for (const QStringList& row : table.rows)
        out += line(row);
    return out;
}

} // namespace

bool TableWriter::parseFormat(const QString& name, Format* format) {
    static const std::pair<const char*, Format> names[] = {
        {"text", Format::Text},   {"csv", Format::Csv},     {"markdown", Format::Markdown},
        {"md", Format::Markdown}, {"latex", Format::Latex}, {"tex", Format::Latex}};
    for (const auto& [key, value] : names) {
        if (name == QLatin1String(key)) {
            *format = value;
            return true;
        }
    }
    return false;
}

QString TableWriter::write(const Table& table, Format format) {
    switch (format) {
    case Format::Text:
        return text(table);
    case Format::Csv:
        return csv(table);
    case Format::Markdown:
        return markdown(table);
    case Format::Latex:
        return latex(table);
    }
    return {};
}

QString TableWriter::text(const Table& table) {
    std::vector<qsizetype> widths(static_cast<std::size_t>(table.header.size()), 0);
    auto measure = [&](const QStringList& cells) {
        for (qsizetype c = 0; c < cells.size() && c < table.header.size(); ++c)
            widths[static_cast<std::size_t>(c)] =
                std::max(widths[static_cast<std::size_t>(c)], cells[c].size());
    };
    measure(table.header);
    for (const QStringList& row : table.rows)
        measure(row);
    auto line = [&](const QStringList& cells) {
        QStringList padded;
        for (qsizetype c = 0; c < table.header.size(); ++c) {
            const QString cell = c < cells.size() ? cells[c] : QString();
            const auto width = widths[static_cast<std::size_t>(c)];
            padded << (isRight(table, static_cast<int>(c)) ? cell.rightJustified(width)
                                                           : cell.leftJustified(width));
        }
        return padded.join(QLatin1String("  ")).trimmed() + QLatin1Char('\n');
    };
    QString out = line(table.header);
    for (const QStringList& row : table.rows)
        out += line(row);
    return out;
}

QString TableWriter::csv(const Table& table) {
    return rowsOf(table, TextEscaping::csvField, QLatin1String(""), QLatin1String(","),
                  QLatin1String("\n"));
}

QString TableWriter::markdown(const Table& table) {
    QString out;
    if (!table.caption.isEmpty())
        out +=
            QLatin1String("**") + TextEscaping::markdown(table.caption) + QLatin1String("**\n\n");
    QStringList rule;
    for (qsizetype c = 0; c < table.header.size(); ++c)
        rule << (isRight(table, static_cast<int>(c)) ? QStringLiteral("---:")
                                                     : QStringLiteral("---"));
    return out +
           rowsOf(table, TextEscaping::markdown, QLatin1String("| "), QLatin1String(" | "),
                  QLatin1String(" |\n"),
                  QLatin1String("| ") + rule.join(QLatin1String(" | ")) + QLatin1String(" |\n"));
}

QString TableWriter::latex(const Table& table) {
    QString spec;
    for (qsizetype c = 0; c < table.header.size(); ++c)
        spec += isRight(table, static_cast<int>(c)) ? QLatin1Char('r') : QLatin1Char('l');
    // booktabs' rules: spaced, of a heavier weight above and below, none between columns.
    QString out = QStringLiteral("% needs \\usepackage{booktabs}\n\\begin{table}[ht]\n\\centering\n"
                                 "\\begin{tabular}{%1}\n\\toprule\n")
                      .arg(spec);
    out += rowsOf(table, TextEscaping::latex, QLatin1String(""), QLatin1String(" & "),
                  QLatin1String(" \\\\\n"), QStringLiteral("\\midrule\n"));
    out += QLatin1String("\\bottomrule\n\\end{tabular}\n");
    if (!table.caption.isEmpty())
        out +=
            QLatin1String("\\caption{") + TextEscaping::latex(table.caption) + QLatin1String("}\n");
    out += QLatin1String("\\end{table}\n");
    return out;
}

} // namespace wb
