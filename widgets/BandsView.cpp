#include "BandsView.h"

#include "ToolBarToggle.h"
#include "ViewSettingsLimits.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QSpinBox>
#include <QToolBar>
#include <qcustomplot.h>

#include <algorithm>

namespace wb {

BandsView::BandsView(DatasetStore* store, QWidget* parent) : FigureView(store, parent) {
    buildToolBar(layOutPlot(m_plot));
    // Bands do not depend on the plot's width: a resize needs no new windows.
    redrawOnNavigation([this] { m_figure.recompute(); });
    followStore(this, &BandsView::rebuild);
    rebuild();
}

void BandsView::buildToolBar(QToolBar* bar) {
    m_datasetCombo = new QComboBox(bar);
    m_datasetCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_datasetCombo->setToolTip(tr("The run whose bands are drawn, or all runs overlaid"));
    connect(m_datasetCombo, qOverload<int>(&QComboBox::activated), this,
            [this](int index) { setShownDataset(m_datasetCombo->itemData(index).toInt()); });
    bar->addWidget(m_datasetCombo);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr("window (replies) "), bar));
    m_windowSpin = new QSpinBox(bar);
    m_windowSpin->setRange(0, ViewSettingsLimits::kMaxBandWindowReplies);
    m_windowSpin->setSpecialValueText(tr("auto"));
    m_windowSpin->setToolTip(
        tr("Replies per window; auto gives about %1 windows across the visible range")
            .arg(WindowedPercentiles::kAutoWindows));
    connect(m_windowSpin, &QSpinBox::editingFinished, this,
            [this] { setWindowReplies(m_windowSpin->value()); });
    bar->addWidget(m_windowSpin);
    bar->addSeparator();
    m_logYAction = ToolBarToggle::add(bar, tr("Log y"), this, [this](bool on) { setLogY(on); });
    m_logYAction->setToolTip(tr("Logarithmic RTT axis: quiet and loaded periods side by side"));
    bar->addSeparator();
    addResetAction(bar, tr("Show the whole run again"));
}

void BandsView::setWindowReplies(int replies) {
    m_options.windowReplies = std::max(replies, 0);
    syncControls();
    m_figure.setWindowReplies(m_options.windowReplies);
}

void BandsView::setLogY(bool on) {
    m_options.logY = on;
    rebuild();
}

void BandsView::setShownDataset(int datasetId) {
    m_options.shown = datasetId;
    rebuild();
}

void BandsView::restoreSettings(const QJsonObject& settings) {
    m_options = BandsFigure::Options::fromSettings(settings, settingsKey(), m_options);
    rebuild();
}

void BandsView::syncControls() {
    const QSignalBlocker blockSpin(m_windowSpin), blockLog(m_logYAction);
    m_windowSpin->setValue(m_options.windowReplies);
    m_logYAction->setChecked(m_options.logY);
}

void BandsView::rebuild() {
    followData(); // every rebuild sets the ranges anew
    m_options.shown = m_figure.draw(*store(), m_options);
    // The combo lists the visible runs, and all of them overlaid when there are several.
    const std::vector<const DatasetEntry*> visible = store()->visibleLatency();
    const QSignalBlocker block(m_datasetCombo);
    m_datasetCombo->clear();
    for (const DatasetEntry* e : visible)
        m_datasetCombo->addItem(e->label, e->id);
    if (visible.size() > 1)
        m_datasetCombo->addItem(tr("All runs overlaid (p5–p95)"), BandsFigure::kAllDatasets);
    m_datasetCombo->setCurrentIndex(std::max(0, m_datasetCombo->findData(m_options.shown)));
    syncControls();
}

} // namespace wb
