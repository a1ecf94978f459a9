#include "DistributionsView.h"

#include "DatasetStore.h"
#include "PlotStyle.h"
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
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

// A box plot of millions of samples has tens of thousands beyond p1/p99; drawing all of them
// is slow and reads as a solid bar. Evenly spaced ranks of the sorted tail, always with its
// extreme, draw the same shape.
constexpr std::size_t kMaxOutlierMarks = 300;

void appendTail(const std::vector<double>& sorted, std::size_t begin, std::size_t end,
                QVector<double>* marks) {
    const std::size_t count = end - begin;
    if (count == 0)
        return;
    const std::size_t shown = std::min(count, kMaxOutlierMarks);
    for (std::size_t i = 0; i < shown; ++i) {
        const std::size_t rank = shown == 1 ? begin : begin + i * (count - 1) / (shown - 1);
        marks->append(sorted[rank]);
    }
}

QString formatNumber(double value) {
    return QString::number(value, 'g', 4);
}

std::optional<double> parseOptional(const QString& text) {
    bool ok = false;
    const double value = QLocale().toDouble(text.trimmed(), &ok);
    if (!ok)
        return std::nullopt;
    return value;
}

} // namespace

DistributionsView::DistributionsView(DatasetStore* store, QWidget* parent)
    : WorkbenchView(store, parent), m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    buildToolBar();
    layout->addWidget(m_plot, 1);
    PlotStyle::apply(m_plot);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    watchNavigation(m_plot);
    // A run's name shortened under its box shows whole in a tooltip.
    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        const QString tip =
            m_mode == Mode::Box ? m_boxLabels.toolTipAt(m_plot, event->position()) : QString();
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(event->globalPosition().toPoint(), tip, m_plot);
    });
    // Where the legend fits and how box labels break depend on the laid-out size, the
    // screen's or an export's.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        if (m_mode == Mode::Histogram)
            placeHistogramLegend();
        else
            m_boxLabels.fit(m_plot);
    });

    followStore(this, &DistributionsView::rebuild);
    syncControls();
    rebuild();
}

// A focused line edit emits editingFinished while ~QWidget deletes it, when this view's
// members are already gone; it must not reach our slots then.
DistributionsView::~DistributionsView() {
    m_minEdit->disconnect(this);
    m_maxEdit->disconnect(this);
    m_binsSpin->disconnect(this);
}

QString DistributionsView::title() const {
    return tr("Distributions");
}

QString DistributionsView::exportName() const {
    return m_mode == Mode::Histogram ? QStringLiteral("rtt-histogram")
                                     : QStringLiteral("rtt-boxplots");
}

void DistributionsView::buildToolBar() {
    auto* bar = new QToolBar(this);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
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
    QAction* reset = bar->addAction(tr("Reset view"), this, &DistributionsView::resetView);
    reset->setToolTip(tr("Show all visible data again"));
    layout()->addWidget(bar);
}

void DistributionsView::setMode(Mode mode) {
    m_mode = mode;
    syncControls();
    rebuild();
}

void DistributionsView::setBins(int bins) {
    m_bins = std::max(1, bins);
    syncControls();
    rebuild();
}

void DistributionsView::setRange(std::optional<double> min, std::optional<double> max) {
    m_rangeMin = min;
    m_rangeMax = max;
    syncControls();
    rebuild();
}

void DistributionsView::setLogY(bool on) {
    m_logY = on;
    syncControls();
    rebuild();
}

void DistributionsView::setWhiskers(BoxSummary::Whiskers whiskers) {
    m_whiskers = whiskers;
    syncControls();
    rebuild();
}

void DistributionsView::readRangeFields() {
    const std::optional<double> min = parseOptional(m_minEdit->text());
    const std::optional<double> max = parseOptional(m_maxEdit->text());
    if (min == m_rangeMin && max == m_rangeMax)
        return;
    setRange(min, max);
}

void DistributionsView::syncControls() {
    const QSignalBlocker b1(m_modeCombo), b2(m_binsSpin), b3(m_minEdit), b4(m_maxEdit),
        b5(m_whiskerCombo), b6(m_logYAction);
    m_modeCombo->setCurrentIndex(m_modeCombo->findData(static_cast<int>(m_mode)));
    m_binsSpin->setValue(m_bins);
    m_minEdit->setText(m_rangeMin ? QLocale().toString(*m_rangeMin, 'g', 6) : QString());
    m_maxEdit->setText(m_rangeMax ? QLocale().toString(*m_rangeMax, 'g', 6) : QString());
    m_whiskerCombo->setCurrentIndex(m_whiskerCombo->findData(static_cast<int>(m_whiskers)));
    m_logYAction->setChecked(m_logY);
    for (QAction* action : std::as_const(m_histogramControls))
        action->setVisible(m_mode == Mode::Histogram);
    for (QAction* action : std::as_const(m_boxControls))
        action->setVisible(m_mode == Mode::Box);
}

QJsonObject DistributionsView::saveSettings() const {
    QJsonObject settings{
        {"mode", m_mode == Mode::Box ? "box" : "histogram"},
        {"bins", m_bins},
        {"logY", m_logY},
        {"whiskers", m_whiskers == BoxSummary::Whiskers::Tukey ? "tukey" : "p1p99"}};
    if (m_rangeMin)
        settings.insert(QStringLiteral("min"), *m_rangeMin);
    if (m_rangeMax)
        settings.insert(QStringLiteral("max"), *m_rangeMax);
    return settings;
}

void DistributionsView::restoreSettings(const QJsonObject& settings) {
    m_mode = settings.value(QStringLiteral("mode")).toString() == QLatin1String("box")
                 ? Mode::Box
                 : Mode::Histogram;
    m_bins = static_cast<int>(
        ViewSettingsLimits::number(settings, settingsKey(), QStringLiteral("bins"), 25));
    m_logY = settings.value(QStringLiteral("logY")).toBool(false);
    m_whiskers = settings.value(QStringLiteral("whiskers")).toString() == QLatin1String("tukey")
                     ? BoxSummary::Whiskers::Tukey
                     : BoxSummary::Whiskers::Percentile1To99;
    auto optionalNumber = [this, &settings](const char* key) -> std::optional<double> {
        const QString name = QLatin1String(key);
        return settings.value(name).isDouble() ? std::optional<double>(ViewSettingsLimits::number(
                                                     settings, settingsKey(), name, 0))
                                               : std::nullopt;
    };
    m_rangeMin = optionalNumber("min");
    m_rangeMax = optionalNumber("max");
    syncControls();
    rebuild();
}

void DistributionsView::resetView() {
    rebuild();
}

const Histogram* DistributionsView::histogramOf(int datasetId) const {
    auto it = m_histograms.constFind(datasetId);
    return it == m_histograms.cend() ? nullptr : &*it;
}

const BoxSummary* DistributionsView::boxSummaryOf(int datasetId) const {
    auto it = m_summaries.constFind(datasetId);
    return it == m_summaries.cend() ? nullptr : &*it;
}

std::vector<const DatasetEntry*> DistributionsView::withSamples() {
    std::vector<const DatasetEntry*> entries;
    for (const DatasetEntry* e : store()->visibleLatency())
        if (!e->analysis->sortedRttMs.empty())
            entries.push_back(e);
    return drawable(entries);
}

std::pair<double, double> DistributionsView::histogramRange() const {
    double lo = 0, hi = 1;
    bool any = false;
    for (const DatasetEntry* e : store()->visibleLatency()) {
        const std::vector<double>& sorted = e->analysis->sortedRttMs;
        if (sorted.empty())
            continue;
        lo = any ? std::min(lo, sorted.front()) : sorted.front();
        hi = any ? std::max(hi, sorted.back()) : sorted.back();
        any = true;
    }
    return {m_rangeMin.value_or(lo), m_rangeMax.value_or(hi)};
}

void DistributionsView::rebuild() {
    followData(); // every rebuild sets the ranges anew
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_bars.clear();
    m_histograms.clear();
    m_boxes.clear();
    m_summaries.clear();
    updateAxes();
    if (m_mode == Mode::Histogram)
        drawHistograms();
    else
        drawBoxes();
    m_plot->replot();
}

void DistributionsView::updateAxes() {
    QCPAxis* x = m_plot->xAxis;
    QCPAxis* y = m_plot->yAxis;
    PlotStyle::setLogScale(y, m_logY);
    y->setNumberFormat(QStringLiteral("g"));
    x->setTickLabelRotation(0);
    x->setTickLabelFont(PlotStyle::axisFont()); // box labels may have made it smaller
    m_plot->axisRect()->setMinimumMargins(PlotStyle::minimumMargins());
    if (m_mode == Mode::Histogram) {
        x->setTicker(QSharedPointer<QCPAxisTicker>::create());
        x->setLabel(tr("RTT (ms)"));
        y->setLabel(m_rangeMin || m_rangeMax ? tr("samples in range (%)") : tr("samples (%)"));
    } else {
        y->setLabel(tr("RTT (ms)"));
    }
}

void DistributionsView::drawHistograms() {
    const std::vector<const DatasetEntry*> entries = withSamples();
    const auto [lo, hi] = histogramRange();
    // Side by side in common bins: overlaid bars of runs hide each other.
    auto* group = new QCPBarsGroup(m_plot);
    group->setSpacingType(QCPBarsGroup::stAbsolute);
    group->setSpacing(0);
    double largest = 0, smallest = 0; // of the non-zero percentages, for the y range
    std::size_t shown = 0;
    for (const DatasetEntry* e : entries)
        shown += e->analysis->sortedRttMs.empty() ? 0 : 1;
    double binWidth = 1;
    for (const DatasetEntry* e : entries) {
        const std::vector<double>& sorted = e->analysis->sortedRttMs;
        if (sorted.empty())
            continue;
        Histogram histogram = Histogram::of(sorted, m_bins, lo, hi);
        if (histogram.edges.size() < 2)
            continue;
        binWidth = histogram.edges[1] - histogram.edges[0];
        auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setName(e->label);
        QColor fill = PlotStyle::toColor(e->color);
        fill.setAlpha(200);
        bars->setBrush(fill);
        bars->setPen(QPen(PlotStyle::toColor(e->color).darker(130), 0.8));
        bars->setWidthType(QCPBars::wtPlotCoords);
        bars->setWidth(binWidth / static_cast<double>(shown));
        bars->setBarsGroup(group);
        QVector<double> keys, values;
        for (std::size_t bin = 0; bin < histogram.counts.size(); ++bin) {
            const double percent = histogram.percent(bin);
            if (m_logY && percent <= 0)
                continue; // nothing to draw, and 0 has no place on a log axis
            keys.append(0.5 * (histogram.edges[bin] + histogram.edges[bin + 1]));
            values.append(percent);
            if (percent > 0) {
                largest = std::max(largest, percent);
                smallest = smallest > 0 ? std::min(smallest, percent) : percent;
            }
        }
        bars->setData(keys, values, true);
        m_bars.insert(e->id, bars);
        m_histograms.insert(e->id, std::move(histogram));
    }
    m_plot->xAxis->setLabel(
        tr("RTT (ms) — %Ln bins of %1 ms", "", m_bins).arg(formatNumber(binWidth)));
    m_plot->xAxis->setRange(lo - 0.02 * (hi - lo), hi + 0.02 * (hi - lo));
    if (m_logY) {
        const double floor = smallest > 0 ? smallest / 2 : 0.01;
        for (QCPBars* bars : std::as_const(m_bars))
            bars->setBaseValue(floor); // bars grow from the bottom of the log axis
        m_plot->yAxis->setRange(floor, std::max(largest, floor) * 2);
    } else {
        m_plot->yAxis->setRange(0, largest > 0 ? largest * 1.08 : 1);
    }
    m_plot->legend->setVisible(!m_bars.isEmpty());
}

void DistributionsView::placeHistogramLegend() {
    // A corner at the top where no bar reaches, else above the plot: bars hidden behind the
    // legend would be read as absent.
    const std::vector<Qt::Alignment> corners{Qt::AlignTop | Qt::AlignRight,
                                             Qt::AlignTop | Qt::AlignLeft,
                                             Qt::AlignTop | Qt::AlignHCenter};
    PlotStyle::placeLegendClear(m_plot, corners, !userNavigated(), [this](const QRectF& box) {
        double hidden = 0;
        for (const QCPBars* bars : std::as_const(m_bars))
            hidden += bars->selectTestRect(box, false).dataPointCount();
        return hidden;
    });
}

void DistributionsView::drawBoxes() {
    double lo = 0, hi = 1;
    bool any = false;
    int key = 0;
    std::vector<CategoryAxisLabels::Category> categories;
    for (const DatasetEntry* e : withSamples()) {
        const std::vector<double>& sorted = e->analysis->sortedRttMs;
        ++key;
        const BoxSummary summary = BoxSummary::of(sorted, m_whiskers);
        auto* box = new QCPStatisticalBox(m_plot->xAxis, m_plot->yAxis);
        box->setName(e->label);
        QColor fill = PlotStyle::toColor(e->color);
        fill.setAlpha(70);
        box->setBrush(fill);
        box->setPen(QPen(PlotStyle::toColor(e->color).darker(120), 1.2));
        box->setMedianPen(QPen(PlotStyle::toColor(e->color).darker(150), 2.5));
        box->setWhiskerPen(QPen(PlotStyle::toColor(e->color).darker(120), 1.0, Qt::SolidLine));
        box->setWhiskerBarPen(QPen(PlotStyle::toColor(e->color).darker(120), 1.2));
        box->setWidth(0.55);
        box->setWhiskerWidth(0.3);
        QColor outlierColor = PlotStyle::toColor(e->color);
        outlierColor.setAlpha(110);
        box->setOutlierStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, outlierColor, 3.5));
        QVector<double> outliers;
        appendTail(sorted, 0, summary.outliersBelow, &outliers);
        appendTail(sorted, sorted.size() - summary.outliersAbove, sorted.size(), &outliers);
        box->addData(key, summary.lowerWhisker, summary.q1, summary.median, summary.q3,
                     summary.upperWhisker, outliers);
        const double bottom = m_logY ? std::max(summary.min, summary.q1 * 1e-3) : summary.min;
        if (!m_logY || bottom > 0) {
            lo = any ? std::min(lo, bottom) : bottom;
            hi = any ? std::max(hi, summary.max) : summary.max;
            any = true;
        }
        categories.push_back({e->label,
                              tr("%L1 outside (%2 %)")
                                  .arg(summary.outliers())
                                  .arg(100.0 * static_cast<double>(summary.outliers()) /
                                           static_cast<double>(summary.count),
                                       0, 'f', 1),
                              tr("(%L1 out)").arg(summary.outliers())});
        m_boxes.insert(e->id, box);
        m_summaries.insert(e->id, summary);
    }
    m_boxLabels.setCategories(std::move(categories));
    const bool tukey = m_whiskers == BoxSummary::Whiskers::Tukey;
    const QString title =
        tukey ? tr("box p25–p75 with median; whiskers at the furthest samples within 1.5 IQR")
              : tr("box p25–p75 with median; whiskers at p1 and p99");
    m_plot->xAxis->setLabel(title);
    // In a column-wide figure the title keeps to one line, leaving the run names another.
    m_boxLabels.setTitle(title, tukey ? tr("box p25–p75, median; whiskers within 1.5 IQR")
                                      : tr("box p25–p75, median; whiskers p1, p99"));
    m_plot->xAxis->setRange(0.4, key + 0.6);
    if (!any)
        m_plot->yAxis->setRange(m_logY ? QCPRange(0.01, 100) : QCPRange(0, 1));
    else if (m_logY)
        m_plot->yAxis->setRange(lo / 1.3, hi * 1.3);
    else
        m_plot->yAxis->setRange(std::max(0.0, lo - 0.04 * (hi - lo)), hi + 0.04 * (hi - lo));
    m_plot->legend->setVisible(false); // the x axis names every run
    PlotStyle::placeLegendInside(m_plot, Qt::AlignTop | Qt::AlignRight); // no rows above
}

} // namespace wb
