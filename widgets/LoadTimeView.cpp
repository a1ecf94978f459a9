#include "LoadTimeView.h"

#include <QComboBox>
#include <QToolBar>
#include <qcustomplot.h>

namespace wb {

LoadTimeView::LoadTimeView(DatasetStore* store, QWidget* parent) : FigureView(store, parent) {
    m_metricBox = new QComboBox(this);
    m_metricBox->addItem(tr("TCP lane: congestion window"), TcpState::key(TcpMetric::Cwnd));
    m_metricBox->addItem(tr("TCP lane: smoothed RTT"), TcpState::key(TcpMetric::Rtt));
    m_metricBox->setToolTip(tr("What the bottom lane shows of each flow, from its best source: "
                               "ss -tin samples of the step, iperf3 -J, iperf3 text, iperf 2 -e"));
    QToolBar* bar = layOutPlot(m_plot);
    bar->addWidget(m_metricBox);
    addResetAction(bar, tr("Back to the ranges that show every lane's data"));

    connect(m_metricBox, QOverload<int>::of(&QComboBox::activated), this,
            [this] { setTcpMetric(*TcpState::fromKey(m_metricBox->currentData().toString())); });
    followStore(this, &LoadTimeView::rebuild);
    rebuild();
}

void LoadTimeView::setTcpMetric(TcpMetric metric) {
    m_options.tcpMetric = metric == TcpMetric::Rtt ? TcpMetric::Rtt : TcpMetric::Cwnd;
    m_metricBox->setCurrentIndex(m_metricBox->findData(TcpState::key(m_options.tcpMetric)));
    rebuild();
}

void LoadTimeView::rebuild() {
    const QString note = m_figure.draw(*store(), m_options, userNavigated());
    setDrawingNote(QStringList{m_figure.shownNote(), note}.join(QLatin1Char(' ')).trimmed());
}

} // namespace wb
