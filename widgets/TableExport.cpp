#include "TableExport.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>

namespace wb {

QString TableExport::tabSeparated(const std::vector<Table>& tables) {
    QStringList blocks;
    for (const Table& table : tables) {
        QString out = table.header.join(QLatin1Char('\t')) + QLatin1Char('\n');
        for (const QStringList& row : table.rows)
            out += row.join(QLatin1Char('\t')) + QLatin1Char('\n');
        blocks << out;
    }
    return blocks.join(QLatin1Char('\n'));
}

bool TableExport::save(const QString& path, const std::vector<Table>& tables, QString* error) {
    TableWriter::Format format;
    if (!TableWriter::parseFormat(QFileInfo(path).suffix().toLower(), &format) ||
        format == TableWriter::Format::Text) {
        *error = QCoreApplication::translate("TableExport",
                                             "%1: unknown table format; use .csv, .md or .tex")
                     .arg(path);
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    QStringList blocks;
    for (const Table& table : tables)
        blocks << TableWriter::write(table, format);
    file.write(blocks.join(QLatin1Char('\n')).toUtf8());
    if (!file.commit()) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

QString TableExport::fileFilter() {
    return QCoreApplication::translate("TableExport",
                                       "CSV (*.csv);;Markdown (*.md);;LaTeX (*.tex)");
}

} // namespace wb
