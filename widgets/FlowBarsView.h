#pragma once

#include "WorkbenchView.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <vector>

class QCPBars;
class QComboBox;
class QLabel;
class QMouseEvent;

namespace wb {

// The Flows tab: per-flow mean throughput as bars, one bar group per flow position so that
// two runs (cubic and reno) stand side by side, and a table of the figures core computed
// (SUM, spread across flows, Jain's index, UDP loss and jitter).
class FlowBarsView : public WorkbenchView {
    Q_OBJECT

public:
    enum class Ordering { ById, ByThroughput };

    FlowBarsView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Flows"); }
    QCustomPlot* plot() override { return m_plot; }
    QString exportName() const override { return QStringLiteral("flow-bars"); }
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override;

    Ordering ordering() const { return m_ordering; }
    void setOrdering(Ordering ordering);
    // The bars of one dataset, nullptr when it is hidden or not a throughput dataset.
    QCPBars* barsOf(int datasetId) const;
    // The figures table under the plot, as shown (rich text).
    QString statsText() const;

private:
    // What a bar stands for, so the hover read-out can name the flow.
    struct BarInfo {
        QString dataset;
        QString flowId;
        double bitsPerSecond = 0;
        double bytes = 0;
        double seconds = 0;
    };

    void rebuild();
    // Tick labels and title of the flow axis; ids when every dataset has the same ones.
    void setFlowAxis(const QStringList& ids);
    void thinIdLabels();
    void showToolTip(QMouseEvent* event);

    QCustomPlot* m_plot = nullptr;
    QComboBox* m_orderBox = nullptr;
    QLabel* m_stats = nullptr;
    Ordering m_ordering = Ordering::ById;
    QHash<int, QCPBars*> m_bars;                   // dataset id -> its bars
    QHash<QCPBars*, std::vector<BarInfo>> m_infos; // bars -> one entry per bar, by key - 1
    QStringList m_idLabels; // iperf stream ids of the slots, when all runs share them
    qsizetype m_idLabelStep = 0;
};

} // namespace wb
