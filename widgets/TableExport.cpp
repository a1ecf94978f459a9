#include "TableExport.h"

#include "WorkbenchView.h"
#include "files/OutputFile.h"
#include "report/TextEscaping.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QPushButton>

namespace wb {

QString TableExport::tabSeparated(const std::vector<Table>& tables) {
    // Pasted into a spreadsheet, so each cell is neutralised as in CSV; a tab or line end in a
    // cell would start another cell or row, so they become spaces.
    auto line = [](const QStringList& cells) {
        QStringList out;
        for (QString cell : cells) {
            for (QChar& c : cell)
                if (c == QLatin1Char('\t') || c == QLatin1Char('\n') || c == QLatin1Char('\r'))
                    c = QLatin1Char(' ');
            out << TextEscaping::spreadsheetText(cell);
        }
        return out.join(QLatin1Char('\t')) + QLatin1Char('\n');
    };
    QStringList blocks;
    for (const Table& table : tables) {
        QString out = line(table.header);
        for (const QStringList& row : table.rows)
            out += line(row);
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
    QStringList blocks;
    for (const Table& table : tables)
        blocks << TableWriter::write(table, format);
    QString why;
    if (OutputFile::write(path, blocks.join(QLatin1Char('\n')).toUtf8(), &why))
        return true;
    *error = QStringLiteral("%1: %2").arg(path, why);
    return false;
}

QString TableExport::fileFilter() {
    return QCoreApplication::translate("TableExport",
                                       "CSV (*.csv);;Markdown (*.md);;LaTeX (*.tex)");
}

void TableExport::copyToClipboard(const std::vector<Table>& tables) {
    QApplication::clipboard()->setText(tabSeparated(tables));
}

bool TableExport::saveAs(WorkbenchView* view, const QString& path,
                         const std::vector<Table>& tables) {
    QString error;
    if (save(path, tables, &error))
        return true;
    view->reportProblem(QCoreApplication::translate("TableExport", "Table not exported"), {error});
    return false;
}

TableExport::Buttons TableExport::createButtons(WorkbenchView* view, const QString& what,
                                                const QString& suffix,
                                                const std::function<std::vector<Table>()>& tables) {
    const auto copy = [tables] { copyToClipboard(tables()); };
    const auto save = [view, suffix, tables] {
        const std::vector<Table> shown = tables();
        if (shown.empty())
            return;
        const QString title = QCoreApplication::translate("TableExport", "Export table");
        const QString path =
            QFileDialog::getSaveFileName(view, title, view->exportName() + suffix, fileFilter());
        if (!path.isEmpty())
            saveAs(view, path, shown);
    };
    Buttons buttons;
    buttons.copy = new QPushButton(QCoreApplication::translate("TableExport", "Copy"), view);
    buttons.copy->setToolTip(
        QCoreApplication::translate("TableExport", "Copy the %1 as tab-separated text (Ctrl+C)")
            .arg(what));
    QObject::connect(buttons.copy, &QPushButton::clicked, view, copy);
    buttons.save = new QPushButton(QCoreApplication::translate("TableExport", "Export…"), view);
    buttons.save->setToolTip(
        QCoreApplication::translate("TableExport",
                                    "Save the %1 as CSV (.csv), Markdown (.md) or LaTeX (.tex)")
            .arg(what));
    QObject::connect(buttons.save, &QPushButton::clicked, view, save);
    auto* copyAction =
        new QAction(QCoreApplication::translate("TableExport", "Copy %1").arg(what), view);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    QObject::connect(copyAction, &QAction::triggered, view, copy);
    view->addAction(copyAction);
    return buttons;
}

} // namespace wb
