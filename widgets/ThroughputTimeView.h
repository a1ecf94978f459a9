#pragma once

#include "ThroughputTimeFigure.h"
#include "WorkbenchView.h"

class QAction;
class QCheckBox;
class QComboBox;

namespace wb {

// The Throughput-over-time tab: ThroughputTimeFigure with the choice of metric, of flows, of
// a group's line and band and of the legend, the notes under the plot and a read-out of the line
// under the mouse.
class ThroughputTimeView : public FigureView<ThroughputTimeFigure> {
    Q_OBJECT

public:
    ThroughputTimeView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Throughput over time"); }
    QString exportName() const override {
        return ThroughputTimeFigure::exportName(m_options.metric);
    }
    QJsonObject saveSettings() const override { return m_options.toSettings(); }
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override { resetRanges(); }

    const ThroughputTimeFigure::Options& options() const { return m_options; }
    void setFlowsChoice(std::optional<bool> show);
    void setLegendShown(bool shown);
    void setMetric(TcpMetric metric);
    // A group's line and band (grouping on).
    void setGroupLine(RunsOverTime::Centre centre, RunsOverTime::Spread spread);

private:
    void rebuild();

    ThroughputTimeFigure::Options m_options;
    QComboBox* m_metricBox = nullptr;
    QCheckBox* m_flowsBox = nullptr;
    QCheckBox* m_legendBox = nullptr;
    QComboBox* m_groupLineBox = nullptr;
    QAction* m_groupLineAction = nullptr; // the box in the toolbar
};

} // namespace wb
