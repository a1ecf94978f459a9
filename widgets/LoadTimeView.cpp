#include "LoadTimeView.h"

#include "report/LoadPhasesReport.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLayout>
#include <QMenu>
#include <QSignalBlocker>
#include <QTableWidget>
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
    m_phaseTable = new QTableWidget(this);
    m_phaseTable->setObjectName(QStringLiteral("loadPhases"));
    m_phaseTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_phaseTable->verticalHeader()->setVisible(false);
    m_phaseTable->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_phaseTable->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    layout()->addWidget(m_phaseTable);

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

void LoadTimeView::fillPhaseTable() {
    const Table table = LoadPhasesReport::phaseTable(m_figure.phases());
    m_phaseTable->setVisible(!table.rows.empty());
    m_phaseTable->clear();
    m_phaseTable->setToolTip(table.caption);
    m_phaseTable->setColumnCount(int(table.header.size()));
    m_phaseTable->setRowCount(int(table.rows.size()));
    m_phaseTable->setHorizontalHeaderLabels(table.header);
    for (int row = 0; row < int(table.rows.size()); ++row)
        for (int column = 0; column < table.header.size(); ++column) {
            auto* item = new QTableWidgetItem(table.rows[std::size_t(row)].value(column));
            if (table.rightAligned[std::size_t(column)])
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_phaseTable->setItem(row, column, item);
        }
    // One step with one ping: its step and ping columns would repeat one name on every row,
    // which the plot's legend already gives; the phases' figures get the room.
    std::size_t pings = 0;
    for (const LoadPhases& phases : m_figure.phases())
        pings += phases.pings().size();
    m_phaseTable->setColumnHidden(0, m_figure.phases().size() <= 1);
    m_phaseTable->setColumnHidden(1, pings <= 1);
    m_phaseTable->resizeColumnsToContents();
    // Every row in sight up to a few steps' worth; the plot keeps the rest.
    const int rows = std::min(int(table.rows.size()), 6);
    m_phaseTable->setMaximumHeight(m_phaseTable->horizontalHeader()->sizeHint().height() +
                                   rows * m_phaseTable->verticalHeader()->defaultSectionSize() +
                                   2 * m_phaseTable->frameWidth() + 2);
}

void LoadTimeView::rebuild() {
    const QString note = m_figure.draw(*store(), m_options, userNavigated());
    setDrawingNote(QStringList{m_figure.shownNote(), note}.join(QLatin1Char(' ')).trimmed());
    listSteps();
    fillPhaseTable();
}

} // namespace wb
