#include "ParseReportPanel.h"

#include "DatasetStore.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace wb {

ParseReportPanel::ParseReportPanel(QWidget* parent) : QWidget(parent) {
    m_summary = new QLabel(tr("Select a dataset to see its parse report."), this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_issues = new QTableWidget(0, 3, this);
    m_issues->setHorizontalHeaderLabels({tr("line"), tr("problem"), tr("text")});
    m_issues->horizontalHeader()->setStretchLastSection(true);
    m_issues->verticalHeader()->hide();
    m_issues->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_issues->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    m_issues->setSelectionBehavior(QAbstractItemView::SelectRows);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(m_issues, 1);
}

void ParseReportPanel::show(const DatasetEntry* entry) {
    m_issues->setRowCount(0);
    if (!entry) {
        m_summary->setText(tr("Select a dataset to see its parse report."));
        return;
    }
    const ParseReport& r = entry->report;
    m_summary->setText(tr("<b>%1</b><br>%2 (%3)<br>%4 lines read, %5 samples, %6 ignored lines, "
                          "%7 parse errors, %8 range errors, %9 warnings")
                           .arg(entry->label.toHtmlEscaped(),
                                entry->formatDescription.toHtmlEscaped(), entry->formatId)
                           .arg(r.linesRead)
                           .arg(r.samples)
                           .arg(r.ignoredLines)
                           .arg(r.parseErrors.count())
                           .arg(r.rangeErrors.count())
                           .arg(r.warnings.count()));
    const std::pair<const IssueList*, QString> lists[] = {{&r.parseErrors, tr("parse error")},
                                                          {&r.rangeErrors, tr("range error")},
                                                          {&r.warnings, tr("warning")}};
    for (const auto& [issues, kind] : lists) {
        for (const ParseIssue& issue : issues->kept()) {
            const int row = m_issues->rowCount();
            m_issues->insertRow(row);
            m_issues->setItem(
                row, 0,
                new QTableWidgetItem(issue.line > 0 ? QString::number(issue.line) : QString()));
            m_issues->setItem(row, 1,
                              new QTableWidgetItem(kind + QStringLiteral(": ") + issue.message));
            m_issues->setItem(row, 2, new QTableWidgetItem(issue.text));
        }
    }
    if (entry->isLatency()) {
        const LossStructure& loss = entry->analysis->loss;
        m_summary->setText(
            m_summary->text() +
            tr("<br>loss %1 % (%2 of %3 requests); %4 loss bursts, longest %5, mean length %6; "
               "%7 reordered, %8 duplicates")
                .arg(loss.lossPercent, 0, 'f', 3)
                .arg(loss.lost)
                .arg(loss.requests)
                .arg(loss.burstCount)
                .arg(loss.longestBurst)
                .arg(loss.meanBurstLength, 0, 'f', 2)
                .arg(loss.reordered)
                .arg(loss.duplicates));
    }
    m_issues->resizeColumnToContents(0);
    m_issues->resizeColumnToContents(1);
}

} // namespace wb
