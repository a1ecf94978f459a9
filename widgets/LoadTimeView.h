#pragma once

#include "LoadTimeFigure.h"
#include "WorkbenchView.h"

class QComboBox;

namespace wb {

// The Load-over-time tab: LoadTimeFigure with the choice of the TCP lane's metric and a note
// of what is shaded; it keeps the user's zoom and pan while the data changes.
class LoadTimeView : public FigureView<LoadTimeFigure> {
    Q_OBJECT

public:
    LoadTimeView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Load over time"); }
    QString tabTitle() const override { return tr("Load"); }
    QString exportName() const override { return LoadTimeFigure::exportName(); }
    QJsonObject saveSettings() const override { return m_options.toSettings(); }
    void restoreSettings(const QJsonObject& settings) override {
        setTcpMetric(LoadTimeFigure::Options::fromSettings(settings).tcpMetric);
    }
    void resetView() override { resetRanges(); }

    const LoadTimeFigure::Options& options() const { return m_options; }
    void setTcpMetric(TcpMetric metric);

private:
    void rebuild();

    LoadTimeFigure::Options m_options;
    QComboBox* m_metricBox = nullptr;
};

} // namespace wb
