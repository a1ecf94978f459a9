#pragma once

#include "FlowBarsFigure.h"
#include "TableModel.h"
#include "WorkbenchView.h"

class QComboBox;
class QTabWidget;
class QTableView;

namespace wb {

// The Flows tab: the flow bars figure (FlowBarsFigure) with its ordering and group level, a
// read-out of the bar under the mouse, and under it a table of the figures core computed (SUM,
// spread across flows, Jain's index, UDP loss and jitter; grouped at run level the runs' SUM,
// Jain's index and TCP state, GroupSummaryReport) and a table of each flow's TCP state.
class FlowBarsView : public FigureView<FlowBarsFigure> {
    Q_OBJECT

public:
    using Ordering = FlowBarsFigure::Ordering;

    FlowBarsView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Flows"); }
    QString exportName() const override { return FlowBarsFigure::exportName(); }
    QJsonObject saveSettings() const override { return m_options.toSettings(); }
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override { resetRanges(); }

    Ordering ordering() const { return m_options.ordering; }
    void setOrdering(Ordering ordering);
    GroupLevel groupLevel() const { return m_options.groupLevel; }
    void setGroupLevel(GroupLevel level);
    // The figures table under the plot, as shown (rich text).
    QString statsText() const;
    // The per-flow table under the plot (core's FlowReport::tcpTable of the visible throughput
    // datasets), filled when its tab is shown.
    const Table& flowTable() const { return m_flowModel->table(); }
    void showFlowTable();

protected:
    // The runs table's swatches and warnings are coloured for the palette: drawn again when
    // it changes.
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void refreshFlowTable();

    FlowBarsFigure::Options m_options;
    QComboBox* m_orderBox = nullptr;
    GroupLevelBox* m_groupLevelBox = nullptr;
    QLabel* m_stats = nullptr;
    QTabWidget* m_tables = nullptr;
    QTableView* m_flowTable = nullptr;
    TableModel* m_flowModel = nullptr;
    bool m_flowTableStale = true;
};

} // namespace wb
