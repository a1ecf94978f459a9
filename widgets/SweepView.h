#pragma once

#include "SweepFigure.h"
#include "SweepPlotSource.h"
#include "SweepSource.h"
#include "WorkbenchView.h"

class QComboBox;
class QLineEdit;
class QSpinBox;
class QTableView;

namespace wb {

class TableModel;

// The Sweep tab: a parameter (a metadata key of the visible runs, or a field of a file-name
// pattern) against a metric, as the sweep command tabulates it: one row per configured value
// (configured, measured, % of configured, spread, runs, the binomial check for loss) beside
// the SweepFigure of the same rows. The pattern's line shows the values it read and the files
// it did not match. The metric follows the parameter's quantity (loss, delay, rate) until the
// user picks one.
class SweepView : public FigureView<SweepFigure> {
    Q_OBJECT

public:
    explicit SweepView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Sweep: configured against measured"); }
    QString tabTitle() const override { return tr("Sweep"); }
    QString exportName() const override { return SweepFigure::exportName(); }
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override { resetRanges(); }

    // The choices, as the controls set them.
    void setParameter(const QString& parameter);
    void setNamePattern(const QString& pattern);
    void setMetric(const QString& id); // SweepMetricInfo::id, "rtt-p99" for a percentile
    void setFirstIntervals(int first); // 0: all
    void setAxes(const SweepFigure::Options& axes);
    void setErrorBars(SweepPlotSource::ErrorBars bars);

    const SweepOptions& options() const { return m_options; }
    // The user chose the parameter (or a pattern, whose field it is), or the settings restored
    // named one: the report shows the sweep then.
    bool parameterChosen() const { return m_parameterChosen; }
    SweepPlotSource::ErrorBars errorBars() const { return m_bars; }
    const SweepFigure::Options& axes() const { return m_axes; }
    const SweepTable& table() const { return m_table; }
    // The table shown (the sweep command's), its model.
    const TableModel* tableModel() const { return m_model; }
    // The parameters offered, in the box's order.
    QStringList offeredParameters() const;
    // What the pattern line says: the values read, the files not matched, or why not.
    QString patternText() const;

private:
    void rebuild();
    void offerParameters();
    // Takes the metric the table's configured quantity suggests (SweepSource::metricFor)
    // unless the user chose one; true when the metric changed (the table is to compute again).
    bool followParameterQuantity();
    void showPattern();
    void syncControls();

    SweepOptions m_options;
    QString m_metricId = QStringLiteral("udp-loss");
    bool m_metricChosen = false;
    bool m_parameterChosen = false;
    SweepFigure::Options m_axes;
    SweepPlotSource::ErrorBars m_bars = SweepPlotSource::ErrorBars::Auto;
    SweepTable m_table;
    QComboBox* m_parameterBox = nullptr;
    QLineEdit* m_patternEdit = nullptr;
    QComboBox* m_metricBox = nullptr;
    QSpinBox* m_firstBox = nullptr;
    QComboBox* m_axesBox = nullptr;
    QComboBox* m_barsBox = nullptr;
    QLabel* m_patternLine = nullptr;
    QLabel* m_leftOut = nullptr;
    QTableView* m_tableView = nullptr;
    TableModel* m_model = nullptr;
};

} // namespace wb
