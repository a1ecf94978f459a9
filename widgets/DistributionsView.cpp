#include "DistributionsView.h"

#include "DatasetStore.h"
#include "ToolBarToggle.h"
#include "ViewSettingsLimits.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleValidator>
#include <QJsonValue>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QToolBar>
#include <qcustomplot.h>

namespace wb {

namespace {

std::optional<double> parseOptional(const QString& text) {
    bool ok = false;
    const double value = QLocale().toDouble(text.trimmed(), &ok);
    if (!ok)
        return std::nullopt;
    return value;
}

} // namespace

DistributionsView::DistributionsView(DatasetStore* store, QWidget* parent)
    : FigureView(store, parent, [this] { return !userNavigated(); }) {
    buildToolBar(layOutPlot(m_plot));
    // A run's name shortened under its box shows whole in a tooltip.
    showToolTips(m_plot, [this](const QPointF& at) {
        return m_options.mode == Mode::Box ? m_figure.boxLabels().toolTipAt(m_plot, at) : QString();
    });

    followStore(this, &DistributionsView::rebuild);
    syncControls();
    rebuild();
}

void DistributionsView::buildToolBar(QToolBar* bar) {
    m_modeCombo = new QComboBox(bar);
    m_modeCombo->addItem(tr("Histogram"), static_cast<int>(Mode::Histogram));
    m_modeCombo->addItem(tr("Box plots"), static_cast<int>(Mode::Box));
    connect(m_modeCombo, qOverload<int>(&QComboBox::activated), this, [this](int index) {
        setMode(static_cast<Mode>(m_modeCombo->itemData(index).toInt()));
    });
    bar->addWidget(m_modeCombo);
    bar->addSeparator();

    m_histogramControls.append(bar->addWidget(new QLabel(tr("bins "), bar)));
    m_binsSpin = new QSpinBox(bar);
    m_binsSpin->setRange(1, ViewSettingsLimits::kMaxHistogramBins);
    m_binsSpin->setToolTip(tr("Equal-width bins (numpy.histogram); the QJump artifact uses 25"));
    connect(m_binsSpin, &QSpinBox::editingFinished, this, [this] { setBins(m_binsSpin->value()); });
    m_histogramControls.append(bar->addWidget(m_binsSpin));
    m_histogramControls.append(bar->addWidget(new QLabel(tr("  range (ms) "), bar)));
    for (QLineEdit** edit : {&m_minEdit, &m_maxEdit}) {
        *edit = new QLineEdit(bar);
        (*edit)->setMaximumWidth(80);
        (*edit)->setValidator(new QDoubleValidator(*edit));
        (*edit)->setClearButtonEnabled(true);
        connect(*edit, &QLineEdit::editingFinished, this, &DistributionsView::readRangeFields);
        m_histogramControls.append(bar->addWidget(*edit));
        if (edit == &m_minEdit)
            m_histogramControls.append(bar->addWidget(new QLabel(QStringLiteral(" – "), bar)));
    }
    m_minEdit->setPlaceholderText(tr("min"));
    m_maxEdit->setPlaceholderText(tr("max"));
    m_minEdit->setToolTip(tr("Lower edge of the first bin; empty = smallest RTT shown"));
    m_maxEdit->setToolTip(tr("Upper edge of the last bin; empty = largest RTT shown"));

    m_boxControls.append(bar->addWidget(new QLabel(tr("whiskers "), bar)));
    m_whiskerCombo = new QComboBox(bar);
    m_whiskerCombo->addItem(tr("p1 / p99"),
                            static_cast<int>(BoxSummary::Whiskers::Percentile1To99));
    m_whiskerCombo->addItem(tr("1.5 IQR (Tukey)"), static_cast<int>(BoxSummary::Whiskers::Tukey));
    connect(m_whiskerCombo, qOverload<int>(&QComboBox::activated), this, [this](int index) {
        setWhiskers(static_cast<BoxSummary::Whiskers>(m_whiskerCombo->itemData(index).toInt()));
    });
    m_boxControls.append(bar->addWidget(m_whiskerCombo));
    bar->addSeparator();
    m_logYAction = ToolBarToggle::add(bar, tr("Log y"), this, [this](bool on) { setLogY(on); });
    m_logYAction->setToolTip(tr("Logarithmic y axis: rare bins (histogram) or idle and loaded "
                                "runs side by side (box plots)"));
    bar->addSeparator();
    addResetAction(bar, tr("Show all visible data again"));
}

void DistributionsView::setRange(std::optional<double> min, std::optional<double> max) {
    m_options.rangeMin = min;
    m_options.rangeMax = max;
    syncControls();
    rebuild();
}

void DistributionsView::readRangeFields() {
    const std::optional<double> min = parseOptional(m_minEdit->text());
    const std::optional<double> max = parseOptional(m_maxEdit->text());
    if (min == m_options.rangeMin && max == m_options.rangeMax)
        return;
    setRange(min, max);
}

void DistributionsView::syncControls() {
    const QSignalBlocker b1(m_modeCombo), b2(m_binsSpin), b3(m_minEdit), b4(m_maxEdit),
        b5(m_whiskerCombo), b6(m_logYAction);
    m_modeCombo->setCurrentIndex(m_modeCombo->findData(static_cast<int>(m_options.mode)));
    m_binsSpin->setValue(m_options.bins);
    m_minEdit->setText(m_options.rangeMin ? QLocale().toString(*m_options.rangeMin, 'g', 6)
                                          : QString());
    m_maxEdit->setText(m_options.rangeMax ? QLocale().toString(*m_options.rangeMax, 'g', 6)
                                          : QString());
    m_whiskerCombo->setCurrentIndex(m_whiskerCombo->findData(static_cast<int>(m_options.whiskers)));
    m_logYAction->setChecked(m_options.logY);
    for (QAction* action : std::as_const(m_histogramControls))
        action->setVisible(m_options.mode == Mode::Histogram);
    for (QAction* action : std::as_const(m_boxControls))
        action->setVisible(m_options.mode == Mode::Box);
}

void DistributionsView::restoreSettings(const QJsonObject& settings) {
    m_options = DistributionsFigure::Options::fromSettings(settings, settingsKey());
    syncControls();
    rebuild();
}

void DistributionsView::rebuild() {
    followData(); // every rebuild sets the ranges anew
    setDrawingNote(m_figure.draw(store()->visibleLatency(), m_options));
}

} // namespace wb
