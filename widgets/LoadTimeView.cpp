#include "LoadTimeView.h"

#include <QComboBox>
#include <QLabel>
#include <QToolBar>
#include <qcustomplot.h>

namespace wb {

LoadTimeView::LoadTimeView(DatasetStore* store, QWidget* parent)
    : WorkbenchView(store, parent), m_plot(new QCustomPlot(this)), m_figure(m_plot) {
    m_metricBox = new QComboBox(this);
    m_metricBox->addItem(tr("TCP lane: congestion window"), TcpState::key(TcpMetric::Cwnd));
    m_metricBox->addItem(tr("TCP lane: smoothed RTT"), TcpState::key(TcpMetric::Rtt));
    m_metricBox->setToolTip(tr("What the bottom lane shows of each flow, from its best source: "
                               "ss -tin samples of the step, iperf3 -J, iperf3 text, iperf 2 -e"));
    m_notes = new QLabel(this);
    m_notes->setWordWrap(true);
    QToolBar* bar = layOutPlot(m_plot, m_notes);
    bar->addWidget(m_metricBox);
    addResetAction(bar, tr("Back to the ranges that show every lane's data"));

    connect(m_metricBox, QOverload<int>::of(&QComboBox::activated), this,
            [this] { setTcpMetric(*TcpState::fromKey(m_metricBox->currentData().toString())); });
    followStore(this, &LoadTimeView::rebuild);
    rebuild();
}

void LoadTimeView::restoreSettings(const QJsonObject& settings) {
    setTcpMetric(LoadTimeFigure::Options::fromSettings(settings).tcpMetric);
}

void LoadTimeView::resetView() {
    followData();
    m_figure.resetRanges();
}

void LoadTimeView::setTcpMetric(TcpMetric metric) {
    m_options.tcpMetric = metric == TcpMetric::Rtt ? TcpMetric::Rtt : TcpMetric::Cwnd;
    m_metricBox->setCurrentIndex(m_metricBox->findData(TcpState::key(m_options.tcpMetric)));
    rebuild();
}

void LoadTimeView::rebuild() {
    setDrawingNote(m_figure.draw(*store(), m_options, userNavigated()));
    m_notes->setText(m_figure.shownNote());
    m_notes->setVisible(!m_figure.shownNote().isEmpty());
}

} // namespace wb
