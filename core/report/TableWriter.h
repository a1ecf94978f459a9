#pragma once

#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace wb {

// A plain table of already formatted cells, written in the formats reports need.
// Numbers are formatted by the caller so every format shows the same digits.
struct Table {
    Table() = default;
    Table(QStringList header, std::vector<bool> rightAligned, QString caption = {})
        : header(std::move(header)), rightAligned(std::move(rightAligned)),
          caption(std::move(caption)) {}

    QStringList header;
    std::vector<QStringList> rows;
    std::vector<bool> rightAligned; // per column; numbers read better right-aligned
    QString caption;                // LaTeX caption / Markdown title line, optional
    // What a reader must know before trusting the numbers (groups that pool unlike runs): the
    // report sets it apart from the caption, as a paragraph of its own.
    QString warning;
};

class TableWriter {
public:
    enum class Format { Text, Csv, Markdown, Latex };

    static QString write(const Table& table, Format format);
    // "text", "csv", "markdown", "latex"; false when the name is none of them.
    static bool parseFormat(const QString& name, Format* format);

private:
    static QString text(const Table& table);
    static QString csv(const Table& table);
    static QString markdown(const Table& table);
    static QString latex(const Table& table);
};

} // namespace wb
