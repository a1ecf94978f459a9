#include "ThroughputTimeView.h"

#include "DatasetStore.h"
#include "PlotStyle.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

namespace wb {

namespace {

constexpr double kMega = 1e6;

// Flow k of n in the dataset's hue, lightness spread so neighbouring lines differ, and
// translucent so 30 overlapping lines read as a band with the SUM on top.
QColor flowColor(const QColor& base, std::size_t k, std::size_t n) {
    const double t = n > 1 ? static_cast<double>(k) / static_cast<double>(n - 1) : 0.5;
    QColor color =
        QColor::fromHslF(std::max(0.0f, base.hslHueF()), std::max(0.35f, base.hslSaturationF()),
                         static_cast<float>(0.30 + 0.40 * t));
    color.setAlpha(n > ThroughputTimeView::kMaxAutoFlows ? 110 : 200);
    return color;
}

} // namespace

ThroughputTimeView::ThroughputTimeView(DatasetStore* store, QWidget* parent)
    : WorkbenchView(store, parent) {
    m_flowsBox = new QCheckBox(tr("individual flows"), this);
    m_flowsBox->setToolTip(
        tr("Per-flow lines; by default shown only when no dataset has more than %1 flows")
            .arg(kMaxAutoFlows));
    m_legendBox = new QCheckBox(tr("legend"), this);
    m_legendBox->setChecked(true);
    auto* reset = new QPushButton(tr("Reset view"), this);
    auto* controls = new QHBoxLayout;
    controls->addWidget(m_flowsBox);
    controls->addWidget(m_legendBox);
    controls->addStretch(1);
    controls->addWidget(reset);

    m_plot = new QCustomPlot(this);
    PlotStyle::apply(m_plot);
    m_plot->setInteraction(QCP::iSelectLegend, false);
    // Legend above the axis rect: the SUM lines run along the top, where an inset would sit.
    PlotStyle::placeLegendAbove(m_plot);
    m_plot->xAxis->setLabel(tr("time (s, interval midpoint)"));
    m_plot->yAxis->setLabel(tr("throughput (Mbit/s)"));
    m_plot->setMouseTracking(true);

    m_notes = new QLabel(this);
    m_notes->setObjectName(QStringLiteral("throughputNotes"));
    m_notes->setWordWrap(true);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_notes);

    // clicked, not toggled: only the user's click turns "automatic" into a fixed choice.
    connect(m_flowsBox, &QCheckBox::clicked, this,
            [this](bool checked) { setFlowsChoice(checked); });
    connect(m_legendBox, &QCheckBox::toggled, this, &ThroughputTimeView::setLegendShown);
    connect(reset, &QPushButton::clicked, this, &ThroughputTimeView::resetView);
    connect(m_plot, &QCustomPlot::mouseMove, this, &ThroughputTimeView::showToolTip);
    followStore(this, &ThroughputTimeView::rebuild);
    rebuild();
}

bool ThroughputTimeView::flowsShown() const {
    if (m_flowsChoice)
        return *m_flowsChoice;
    const auto entries = store()->visibleThroughput();
    return std::all_of(entries.begin(), entries.end(), [](const DatasetEntry* e) {
        return e->dataset().flows.flows.size() <= kMaxAutoFlows;
    });
}

void ThroughputTimeView::setFlowsChoice(std::optional<bool> show) {
    m_flowsChoice = show;
    rebuild();
}

bool ThroughputTimeView::legendShown() const {
    return m_legendBox->isChecked();
}

void ThroughputTimeView::setLegendShown(bool shown) {
    m_legendBox->setChecked(shown);
    m_plot->legend->setVisible(shown && m_plot->legend->itemCount() > 0);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QJsonObject ThroughputTimeView::saveSettings() const {
    QJsonObject settings{{QStringLiteral("legend"), legendShown()}};
    settings.insert(QStringLiteral("flows"),
                    m_flowsChoice ? QJsonValue(*m_flowsChoice) : QJsonValue());
    return settings;
}

void ThroughputTimeView::restoreSettings(const QJsonObject& settings) {
    const QJsonValue flows = settings.value(QStringLiteral("flows"));
    m_flowsChoice = flows.isBool() ? std::optional<bool>(flows.toBool()) : std::nullopt;
    setLegendShown(settings.value(QStringLiteral("legend")).toBool(true));
    rebuild();
}

QCPGraph* ThroughputTimeView::sumGraph(int datasetId) const {
    return m_sums.value(datasetId, nullptr);
}

QString ThroughputTimeView::notesText() const {
    return m_notes->text();
}

void ThroughputTimeView::resetView() {
    bool found = false;
    double right = 0;
    double top = 0;
    for (auto it = m_series.cbegin(); it != m_series.cend(); ++it) {
        if (!it.value().intervals.empty())
            right = std::max(right, it.value().intervals.back().end);
        top = std::max(top, it.key()->getValueRange(found).upper);
    }
    // Throughput starts at zero and so does the axis: a cropped axis exaggerates dips.
    m_plot->xAxis->setRange(0, right > 0 ? right : 1);
    m_plot->yAxis->setRange(0, top > 0 ? top * 1.08 : 1);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QCPGraph* ThroughputTimeView::addSeries(const QString& name, std::vector<FlowInterval> intervals,
                                        const QPen& pen) {
    auto* graph = m_plot->addGraph();
    graph->setName(name);
    graph->setPen(pen);
    graph->setAdaptiveSampling(true);
    QVector<double> keys;
    QVector<double> values;
    for (const FlowInterval& interval : intervals) {
        keys.push_back((interval.start + interval.end) / 2);
        values.push_back(interval.bitsPerSecond / kMega);
    }
    graph->setData(keys, values, true);
    m_series.insert(graph, {name, std::move(intervals)});
    return graph;
}

void ThroughputTimeView::addDataset(const DatasetEntry& entry, bool withFlows) {
    const std::vector<Flow>& flows = entry.dataset().flows.flows;
    if (withFlows) {
        bool inLegend = false;
        for (std::size_t k = 0; k < flows.size(); ++k) {
            if (flows[k].intervals.empty())
                continue; // whole-run totals only: nothing to draw over time
            QCPGraph* graph =
                addSeries(tr("%1 — flow %2").arg(entry.label, flows[k].id), flows[k].intervals,
                          QPen(flowColor(PlotStyle::toColor(entry.color), k, flows.size()), 1.0));
            // One legend entry stands for all flows of the dataset.
            if (inLegend)
                graph->removeFromLegend();
            else if (flows.size() > 1)
                graph->setName(tr("%1 — %2 flows").arg(entry.label).arg(flows.size()));
            inLegend = true;
        }
        return;
    }
    std::vector<FlowInterval> sum = FlowStatistics::sumIntervalsOf(entry.dataset().flows);
    if (sum.empty())
        return;
    QCPGraph* graph =
        addSeries(tr("%1 — SUM").arg(entry.label), std::move(sum),
                  QPen(PlotStyle::toColor(entry.color), PlotStyle::lineWidth() * 1.6));
    m_sums.insert(entry.id, graph);
}

void ThroughputTimeView::rebuild() {
    m_plot->clearGraphs();
    m_sums.clear();
    m_series.clear();
    const std::vector<const DatasetEntry*> entries = drawable(store()->visibleThroughput());
    const bool withFlows = flowsShown();
    m_flowsBox->setChecked(withFlows);
    QStringList notes;
    // Two passes so every SUM is drawn over every dataset's flow lines.
    if (withFlows)
        for (const DatasetEntry* entry : entries)
            addDataset(*entry, true);
    for (const DatasetEntry* entry : entries) {
        addDataset(*entry, false);
        if (!m_sums.contains(entry->id))
            notes << tr("%1: the log has no interval lines (run iperf with -i 1); its totals are "
                        "on the Flows tab.")
                         .arg(entry->label);
    }
    if (entries.empty())
        notes << tr("No visible throughput dataset. Drop iperf or iperf3 logs onto the window.");
    else if (!withFlows && !m_flowsChoice)
        notes << tr("Individual flows are hidden because a dataset has more than %1; tick "
                    "“individual flows” "
                    "to draw them.")
                     .arg(kMaxAutoFlows);
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
    m_plot->legend->setVisible(legendShown() && m_plot->legend->itemCount() > 0);
    resetView();
}

void ThroughputTimeView::showToolTip(QMouseEvent* event) {
    QCPGraph* best = nullptr;
    int bestIndex = -1;
    double bestDistance = m_plot->selectionTolerance();
    for (auto it = m_series.cbegin(); it != m_series.cend(); ++it) {
        QVariant details;
        const double distance = it.key()->selectTest(event->pos(), false, &details);
        if (distance < 0 || distance >= bestDistance)
            continue;
        best = it.key();
        bestDistance = distance;
        bestIndex = details.value<QCPDataSelection>().dataRange().begin();
    }
    const auto found = m_series.constFind(best);
    if (!best || found == m_series.cend() || bestIndex < 0 ||
        bestIndex >= static_cast<int>(found.value().intervals.size())) {
        QToolTip::hideText();
        return;
    }
    const FlowInterval& interval = found.value().intervals[static_cast<std::size_t>(bestIndex)];
    QToolTip::showText(event->globalPosition().toPoint(),
                       tr("<b>%1</b><br>%2–%3 s<br>%4 Mbit/s")
                           .arg(found.value().name.toHtmlEscaped(),
                                QString::number(interval.start, 'f', 1),
                                QString::number(interval.end, 'f', 1),
                                QString::number(interval.bitsPerSecond / kMega, 'f', 2)),
                       m_plot);
}

} // namespace wb
