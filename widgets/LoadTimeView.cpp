#include "LoadTimeView.h"

#include <QComboBox>
#include <QMenu>
#include <QSignalBlocker>
#include <QToolBar>
#include <QToolButton>
#include <qcustomplot.h>

namespace wb {

LoadTimeView::LoadTimeView(DatasetStore* store, QWidget* parent) : FigureView(store, parent) {
    m_metricBox = new QComboBox(this);
    m_metricBox->addItem(tr("TCP lane: congestion window"), TcpState::key(TcpMetric::Cwnd));
    m_metricBox->addItem(tr("TCP lane: smoothed RTT"), TcpState::key(TcpMetric::Rtt));
    m_metricBox->setToolTip(tr("What the bottom lane shows of each flow, from its best source: "
                               "ss -tin samples of the step, iperf3 -J, iperf3 text, iperf 2 -e"));
    m_stepsButton = new QToolButton(this);
    m_stepsButton->setObjectName(QStringLiteral("loadSteps"));
    m_stepsButton->setText(tr("Steps"));
    m_stepsButton->setPopupMode(QToolButton::InstantPopup);
    m_stepsButton->setMenu(new QMenu(m_stepsButton));
    m_stepsButton->setToolTip(tr("The steps drawn: several are overlaid, each from its own "
                                 "start and in its own colour"));
    QToolBar* bar = layOutPlot(m_plot);
    bar->addWidget(m_metricBox);
    bar->addWidget(m_stepsButton);
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

void LoadTimeView::restoreSettings(const QJsonObject& settings) {
    m_options.hiddenSteps = LoadTimeFigure::Options::fromSettings(settings).hiddenSteps;
    setTcpMetric(LoadTimeFigure::Options::fromSettings(settings).tcpMetric);
}

void LoadTimeView::setStepShown(const QString& step, bool shown) {
    m_options.hiddenSteps.removeAll(step);
    if (!shown)
        m_options.hiddenSteps << step;
    rebuild();
}

void LoadTimeView::listSteps() {
    QMenu* menu = m_stepsButton->menu();
    QStringList listed;
    for (const QAction* action : menu->actions())
        listed << action->data().toString();
    // Rebuilt only when the steps change: a tick's own toggle lands here too.
    if (listed != m_figure.steps()) {
        menu->clear();
        for (const QString& step : m_figure.steps()) {
            QAction* action =
                menu->addAction(QString(step).replace(QLatin1Char('&'), QStringLiteral("&&")));
            action->setData(step);
            action->setCheckable(true);
            connect(action, &QAction::toggled, this,
                    [this, step](bool shown) { setStepShown(step, shown); });
        }
    }
    for (QAction* action : menu->actions()) {
        const QSignalBlocker quiet(action);
        action->setChecked(!m_options.hiddenSteps.contains(action->data().toString()));
    }
    m_stepsButton->setEnabled(m_figure.steps().size() > 1 || !m_options.hiddenSteps.isEmpty());
}

void LoadTimeView::rebuild() {
    const QString note = m_figure.draw(*store(), m_options, userNavigated());
    setDrawingNote(QStringList{m_figure.shownNote(), note}.join(QLatin1Char(' ')).trimmed());
    listSteps();
}

} // namespace wb
