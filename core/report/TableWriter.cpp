#include "report/TableWriter.h"

#include "report/TextEscaping.h"

#include <algorithm>

namespace wb {

namespace {

bool isRight(const Table& table, int column) {
    return column < static_cast<int>(table.rightAligned.size()) &&
           table.rightAligned[static_cast<std::size_t>(column)];
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
    auto line = [](const QStringList& cells) {
        QStringList quoted;
        for (const QString& cell : cells)
            quoted << TextEscaping::csvField(cell);
        return quoted.join(QLatin1Char(',')) + QLatin1Char('\n');
    };
    QString out = line(table.header);
    for (const QStringList& row : table.rows)
        out += line(row);
    return out;
}

QString TableWriter::markdown(const Table& table) {
    auto line = [](const QStringList& cells) {
        QStringList escaped;
        for (const QString& cell : cells)
            escaped << TextEscaping::markdown(cell);
        return QLatin1String("| ") + escaped.join(QLatin1String(" | ")) + QLatin1String(" |\n");
    };
    QString out;
    if (!table.caption.isEmpty())
        out +=
            QLatin1String("**") + TextEscaping::markdown(table.caption) + QLatin1String("**\n\n");
    out += line(table.header);
    QStringList rule;
    for (qsizetype c = 0; c < table.header.size(); ++c)
        rule << (isRight(table, static_cast<int>(c)) ? QStringLiteral("---:")
                                                     : QStringLiteral("---"));
    out += QLatin1String("| ") + rule.join(QLatin1String(" | ")) + QLatin1String(" |\n");
    for (const QStringList& row : table.rows)
        out += line(row);
    return out;
}

QString TableWriter::latex(const Table& table) {
    QString spec;
    for (qsizetype c = 0; c < table.header.size(); ++c)
        spec += isRight(table, static_cast<int>(c)) ? QLatin1Char('r') : QLatin1Char('l');
    auto line = [](const QStringList& cells) {
        QStringList escaped;
        for (const QString& cell : cells)
            escaped << TextEscaping::latex(cell);
        return escaped.join(QLatin1String(" & ")) + QLatin1String(" \\\\\n");
    };
    QString out = QStringLiteral("\\begin{table}[ht]\n\\centering\n\\begin{tabular}{%1}\n\\hline\n")
                      .arg(spec);
    out += line(table.header) + QLatin1String("\\hline\n");
    for (const QStringList& row : table.rows)
        out += line(row);
    out += QLatin1String("\\hline\n\\end{tabular}\n");
    if (!table.caption.isEmpty())
        out +=
            QLatin1String("\\caption{") + TextEscaping::latex(table.caption) + QLatin1String("}\n");
    out += QLatin1String("\\end{table}\n");
    return out;
}

} // namespace wb
