#pragma once

#include "WorkbenchView.h"

#include "model/FlowSeries.h"

#include <QHash>
#include <QString>

#include <optional>
#include <vector>

class QCheckBox;
class QCPGraph;
class QLabel;
class QMouseEvent;

namespace wb {

struct DatasetEntry;

// The Throughput-over-time tab: per-interval bandwidth of every flow (thin lines) and of the
// SUM (thick line) per visible throughput dataset, plotted at each interval's midpoint.
class ThroughputTimeView : public WorkbenchView {
    Q_OBJECT

public:
    ThroughputTimeView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Throughput over time"); }
    QCustomPlot* plot() override { return m_plot; }
    QString exportName() const override { return QStringLiteral("throughput-time"); }
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override;

    // Individual flows: nullopt = automatic (shown when no visible dataset has more than
    // kMaxAutoFlows flows, since 30 overlaid lines hide the SUM).
    std::optional<bool> flowsChoice() const { return m_flowsChoice; }
    void setFlowsChoice(std::optional<bool> show);
    bool flowsShown() const;
    bool legendShown() const;
    void setLegendShown(bool shown);
    // The SUM graph of one dataset; nullptr when hidden or the log has no interval lines.
    QCPGraph* sumGraph(int datasetId) const;
    QString notesText() const;

    static constexpr std::size_t kMaxAutoFlows = 8;

private:
    // What a graph stands for, so the hover read-out can name dataset, flow and interval.
    struct Series {
        QString name;
        std::vector<FlowInterval> intervals; // in graph data order
    };

    void rebuild();
    QCPGraph* addSeries(const QString& name, std::vector<FlowInterval> intervals, const QPen& pen);
    void addDataset(const DatasetEntry& entry, bool withFlows);
    void showToolTip(QMouseEvent* event);

    QCustomPlot* m_plot = nullptr;
    QCheckBox* m_flowsBox = nullptr;
    QCheckBox* m_legendBox = nullptr;
    QLabel* m_notes = nullptr;
    std::optional<bool> m_flowsChoice;
    QHash<int, QCPGraph*> m_sums;      // dataset id -> SUM graph
    QHash<QCPGraph*, Series> m_series; // every graph -> what it shows
};

} // namespace wb
