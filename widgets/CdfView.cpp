#include "CdfView.h"

#include "DatasetGrouping.h"
#include "DatasetStore.h"
#include "ToolBarToggle.h"
#include "report/LatencyReport.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QToolBar>
#include <qcustomplot.h>

namespace wb {

CdfView::CdfView(DatasetStore* store, QWidget* parent)
    : FigureView(store, parent, [this] { return !userNavigated(); }) {
    m_figure.redrawWhenIdle();
    buildToolBar(layOutPlot(m_plot, [this](const QPointF& at) { return m_figure.readoutAt(at); }));
    redrawOnNavigation([this] { m_figure.reduce(); });
    followStore(this, &CdfView::rebuild);

    syncActions();
    rebuild();
}

void CdfView::buildToolBar(QToolBar* bar) {
    bar->setIconSize(QSize(16, 16));
    m_metricBox = new QComboBox(bar);
    for (LatencyMetric metric : allLatencyMetrics())
        m_metricBox->addItem(latencyMetricName(metric), static_cast<int>(metric));
    m_metricBox->setToolTip(tr("Which latency every latency view and table shows: the RTT, or "
                               "the one-way delays and IPDV that irtt measures"));
    connect(m_metricBox, &QComboBox::activated, this, [this](int index) {
        store()->setLatencyMetric(static_cast<LatencyMetric>(m_metricBox->itemData(index).toInt()));
    });
    bar->addWidget(m_metricBox);
    bar->addSeparator();
    m_logXAction = ToolBarToggle::add(bar, tr("Log x"), this, [this](bool on) { setLogX(on); });
    m_logXAction->setToolTip(
        tr("Logarithmic RTT axis: idle (µs) and loaded (ms) runs side by side"));
    m_ccdfAction =
        ToolBarToggle::add(bar, tr("CCDF (tail)"), this, [this](bool on) { setCcdf(on); });
    m_ccdfAction->setToolTip(tr("Plot 1 − F(x) on a log scale to see the tail beyond p99"));
    bar->addSeparator();
    m_markersAction = ToolBarToggle::add(bar, tr("Percentile markers"), this, [this](bool on) {
        setMarkerLevels(on ? m_lastMarkerLevels : std::vector<double>{});
    });
    m_markersAction->setToolTip(tr("Mark each curve at the percentiles listed to the right"));
    m_levelsEdit = new QLineEdit(LatencyReport::levelsText(m_lastMarkerLevels), bar);
    m_levelsEdit->setMaximumWidth(120);
    m_levelsEdit->setToolTip(tr("Percentile levels to mark, comma separated (0–100)"));
    connect(m_levelsEdit, &QLineEdit::editingFinished, this, [this] {
        std::vector<double> levels;
        if (!LatencyReport::parseLevels(m_levelsEdit->text(), &levels) || levels.empty()) {
            m_levelsEdit->setText(LatencyReport::levelsText(m_lastMarkerLevels));
            return;
        }
        m_lastMarkerLevels = levels;
        setMarkerLevels(levels);
    });
    bar->addWidget(m_levelsEdit);
    bar->addSeparator();
    addResetAction(bar, tr("Show all visible data again"));
}

void CdfView::setLogX(bool on) {
    if (logXChosen() && logX() == on)
        return;
    CdfFigure::Options options = m_figure.options();
    options.logX = on;
    setOptions(options);
}

void CdfView::setCcdf(bool on) {
    if (ccdf() == on)
        return;
    CdfFigure::Options options = m_figure.options();
    options.ccdf = on;
    setOptions(options);
}

void CdfView::setMarkerLevels(const std::vector<double>& levels) {
    if (!levels.empty())
        m_lastMarkerLevels = levels;
    m_figure.setMarkerLevels(levels);
    syncActions();
}

void CdfView::setOptions(const CdfFigure::Options& options) {
    if (!options.markerLevels.empty())
        m_lastMarkerLevels = options.markerLevels;
    followData();
    m_figure.setOptions(store()->visibleLatency(), options);
    syncActions();
}

void CdfView::syncActions() {
    const QSignalBlocker blockLog(m_logXAction), blockCcdf(m_ccdfAction),
        blockMarkers(m_markersAction);
    m_logXAction->setChecked(logX());
    m_ccdfAction->setChecked(ccdf());
    m_markersAction->setChecked(!markerLevels().empty());
    m_levelsEdit->setText(LatencyReport::levelsText(m_lastMarkerLevels));
    const QSignalBlocker blockMetric(m_metricBox);
    m_metricBox->setCurrentIndex(m_metricBox->findData(static_cast<int>(store()->latencyMetric())));
    // Another metric can be chosen while a visible run has one, and left again at any time.
    m_metricBox->setEnabled(store()->latencyMetric() != LatencyMetric::Rtt ||
                            store()->visibleLatencyHasOtherMetrics());
}

void CdfView::resetView() {
    followData();
    m_figure.resetRanges(store()->visibleLatency());
    syncActions();
}

void CdfView::rebuild() {
    setDrawingNote(m_figure.draw(*store(), DatasetGrouping::of(store())->latencyGroups(),
                                 m_figure.options(), userNavigated()));
    if (!m_figure.pooling().isEmpty())
        readoutLine()->setText(tr("Pooling %1…").arg(m_figure.pooling()));
    syncActions(); // the data may choose the x axis
}

} // namespace wb
