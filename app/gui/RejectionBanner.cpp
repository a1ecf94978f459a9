#include "RejectionBanner.h"

#include "AppTheme.h"
#include "DatasetStore.h"

#include <QFileInfo>
#include <QSet>

namespace wb {

RejectionBanner::RejectionBanner(DatasetStore* store, QWidget* parent)
    : QLabel(parent), m_store(store) {
    setObjectName(QStringLiteral("rejectionBanner"));
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setMargin(6);
    AppTheme::keepWarningStyle(this);
    store->onAnyChange(this, &RejectionBanner::refresh);
    refresh();
}

QString RejectionBanner::lineFor(const DatasetEntry& entry) {
    const ParseReport& report = entry.report;
    const std::int64_t rejected = report.parseErrors.count() + report.rangeErrors.count();
    const std::int64_t all = report.samples + rejected;
    if (rejected == 0 || rejected <= kRejectedShare * static_cast<double>(all))
        return {};
    return tr("%1: kept %2 of %3 %4 — see the parse report")
        .arg(QFileInfo(entry.dataset().sourceFile).fileName())
        .arg(report.samples)
        .arg(all)
        .arg(entry.isLatency() ? tr("replies") : tr("data lines"));
}

void RejectionBanner::refresh() {
    QStringList lines;
    QSet<QString> files; // the datasets of one file share its report
    for (const DatasetEntry& entry : m_store->entries()) {
        const QString line = lineFor(entry);
        if (!line.isEmpty() && !files.contains(entry.dataset().sourceFile)) {
            files.insert(entry.dataset().sourceFile);
            lines << QStringLiteral("⚠ ") + line;
        }
    }
    setText(lines.join(QLatin1Char('\n')));
    setVisible(!lines.isEmpty());
}

} // namespace wb
