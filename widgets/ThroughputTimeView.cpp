#include "ThroughputTimeView.h"

#include "DatasetGrouping.h"
#include "DatasetStore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QStandardItemModel>
#include <QToolBar>
#include <qcustomplot.h>

namespace wb {

ThroughputTimeView::ThroughputTimeView(DatasetStore* store, QWidget* parent)
    : FigureView(store, parent) {
    m_metricBox = new QComboBox(this);
    m_metricBox->setObjectName(QStringLiteral("tcpMetric"));
    for (TcpMetric metric : ThroughputTimeFigure::metrics())
        m_metricBox->addItem(ThroughputTimeFigure::metricName(metric), TcpState::key(metric));
    m_metricBox->setToolTip(
        tr("What to draw over time. The TCP state comes from the best source each flow has: ss "
           "samples of the same step, iperf3 -J, iperf3 text, iperf 2 -e; metrics no visible "
           "dataset has are disabled"));
    auto* metricLabel = new QLabel(tr("&Show:"), this);
    metricLabel->setBuddy(m_metricBox);
    m_flowsBox = new QCheckBox(tr("individual flows"), this);
    m_flowsBox->setToolTip(
        tr("Per-flow lines; by default shown only when no dataset has more than %1 flows")
            .arg(ThroughputTimeFigure::kMaxAutoFlows));
    m_legendBox = new QCheckBox(tr("legend"), this);
    m_legendBox->setChecked(true);
    m_groupLineBox = new QComboBox(this);
    m_groupLineBox->setObjectName(QStringLiteral("groupLine"));
    m_groupLineBox->setToolTip(
        tr("With Group by: each group's line over time and the band across its runs"));
    using Centre = RunsOverTime::Centre;
    using Spread = RunsOverTime::Spread;
    for (Centre centre : {Centre::Median, Centre::Mean})
        for (Spread spread : {Spread::MinMax, Spread::Interquartile})
            m_groupLineBox->addItem(tr("%1, band %2")
                                        .arg(ThroughputTimeFigure::centreName(centre),
                                             ThroughputTimeFigure::spreadName(spread)),
                                    QVariantList{int(centre), int(spread)});
    QToolBar* bar = layOutPlot(m_plot);
    for (QWidget* widget : {static_cast<QWidget*>(metricLabel), static_cast<QWidget*>(m_metricBox),
                            static_cast<QWidget*>(m_flowsBox)})
        bar->addWidget(widget);
    // Shown only while grouped: a toolbar keeps its widgets' visibility in their actions.
    m_groupLineAction = bar->addWidget(m_groupLineBox);
    bar->addWidget(m_legendBox);
    addResetAction(bar, tr("Back to the ranges that show every line"));

    connect(m_metricBox, QOverload<int>::of(&QComboBox::activated), this, [this](int index) {
        if (const auto metric = TcpState::fromKey(m_metricBox->itemData(index).toString()))
            setMetric(*metric);
    });
    // clicked, not toggled: only the user's click turns "automatic" into a fixed choice.
    connect(m_flowsBox, &QCheckBox::clicked, this,
            [this](bool checked) { setFlowsChoice(checked); });
    connect(m_legendBox, &QCheckBox::toggled, this, &ThroughputTimeView::setLegendShown);
    connect(m_groupLineBox, QOverload<int>::of(&QComboBox::activated), this, [this](int index) {
        const QVariantList choice = m_groupLineBox->itemData(index).toList();
        setGroupLine(RunsOverTime::Centre(choice.value(0).toInt()),
                     RunsOverTime::Spread(choice.value(1).toInt()));
    });
    showToolTips(m_plot, [this](const QPointF& at) { return m_figure.toolTipAt(at); });
    followStore(this, &ThroughputTimeView::rebuild);
    rebuild();
}

void ThroughputTimeView::setFlowsChoice(std::optional<bool> show) {
    m_options.flows = show;
    rebuild();
}

void ThroughputTimeView::setMetric(TcpMetric metric) {
    m_options.metric = metric;
    rebuild();
}

void ThroughputTimeView::setGroupLine(RunsOverTime::Centre centre, RunsOverTime::Spread spread) {
    m_options.groupCentre = centre;
    m_options.groupSpread = spread;
    rebuild();
}

void ThroughputTimeView::setLegendShown(bool shown) {
    m_options.legend = shown;
    m_legendBox->setChecked(shown);
    m_figure.setLegendShown(shown);
}

void ThroughputTimeView::restoreSettings(const QJsonObject& settings) {
    m_options = ThroughputTimeFigure::Options::fromSettings(settings);
    setLegendShown(m_options.legend);
    rebuild();
}

void ThroughputTimeView::rebuild() {
    const std::vector<PooledGroup> groups = DatasetGrouping::of(store())->throughputGroups();
    const QString note = m_figure.draw(store()->visibleThroughput(), groups, m_options);
    // Under the plot: what it shows and leaves out.
    setDrawingNote((QStringList(m_figure.notes()) << note).join(QLatin1Char('\n')).trimmed());
    // The current choice stays selectable while no visible dataset has it: showing a
    // dataset again brings its lines back.
    auto* model = qobject_cast<QStandardItemModel*>(m_metricBox->model());
    const std::vector<TcpMetric> metrics = ThroughputTimeFigure::metrics();
    for (int i = 0; i < m_metricBox->count() && model; ++i)
        model->item(i)->setEnabled(m_figure.metricAvailable(metrics[std::size_t(i)]) ||
                                   metrics[std::size_t(i)] == m_options.metric);
    m_metricBox->setCurrentIndex(m_metricBox->findData(TcpState::key(m_options.metric)));
    m_flowsBox->setChecked(groups.empty() && m_figure.flowsShown());
    m_flowsBox->setEnabled(groups.empty()); // a group is one line
    m_groupLineAction->setVisible(!groups.empty());
    m_groupLineBox->setCurrentIndex(m_groupLineBox->findData(
        QVariantList{int(m_options.groupCentre), int(m_options.groupSpread)}));
}

} // namespace wb
