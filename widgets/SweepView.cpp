#include "SweepView.h"

#include "SweepSource.h"
#include "TableModel.h"
#include "report/SweepReport.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

namespace wb {

namespace {

// The files a pattern did not match, named up to this many; the rest counted.
constexpr int kUnmatchedNamed = 6;
// The most intervals --first takes in the tab; runs longer than a day of 1 s intervals are rare.
constexpr int kMostFirstIntervals = 100000;

QLabel* buddyLabel(const QString& text, QWidget* buddy, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

} // namespace

SweepView::SweepView(DatasetStore* store, QWidget* parent) : FigureView(store, parent) {
    m_parameterBox = new QComboBox(this);
    m_parameterBox->setObjectName(QStringLiteral("sweepParameter"));
    m_parameterBox->setToolTip(tr("The configured value: a metadata key of the visible runs (a "
                                  "plan parameter, a value you set) or a field of the file-name "
                                  "pattern"));
    m_parameterBox->setMinimumContentsLength(12);
    m_parameterBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_patternEdit = new QLineEdit(this);
    m_patternEdit->setObjectName(QStringLiteral("sweepNames"));
    m_patternEdit->setPlaceholderText(QStringLiteral("udp-loss-{loss}pct-client.txt"));
    m_patternEdit->setToolTip(tr("Read values from file names: {NAME} is a field (a unit written "
                                 "right after it, as pct, ms or M, belongs to its value), * any "
                                 "characters; empty: no pattern"));
    m_patternEdit->setClearButtonEnabled(true);
    m_patternEdit->setMinimumWidth(m_patternEdit->fontMetrics().horizontalAdvance(
        QStringLiteral("udp-loss-{loss}pct-client.txt   ")));
    m_metricBox = new QComboBox(this);
    m_metricBox->setObjectName(QStringLiteral("sweepMetric"));
    for (const SweepMetricInfo& metric : SweepTables::metrics()) {
        if (metric.metric == SweepMetric::RttPercentile) {
            for (const char* id : {"rtt-p95", "rtt-p99", "rtt-p99.9"}) {
                double level = 0;
                const auto info = SweepTables::metricNamed(QString::fromLatin1(id), &level);
                if (info)
                    m_metricBox->addItem(info->title, info->id);
            }
            continue;
        }
        m_metricBox->addItem(metric.title, metric.id);
    }
    m_metricBox->setToolTip(tr("What is measured per run; with several runs per value the row "
                               "shows the mean of the runs' values"));
    m_firstBox = new QSpinBox(this);
    m_firstBox->setObjectName(QStringLiteral("sweepFirst"));
    m_firstBox->setRange(0, kMostFirstIntervals);
    m_firstBox->setSpecialValueText(tr("all"));
    m_firstBox->setSuffix(tr(" intervals"));
    m_firstBox->setToolTip(tr("Interval metrics over each run's first N intervals only (the "
                              "analyze.pl tables' head -n 60); all: every interval"));

    QToolBar* bar =
        layOutPlot(m_plot, [this](const QPointF& at) { return m_figure.readoutAt(at); });
    m_axesBox = new QComboBox(this);
    m_axesBox->setObjectName(QStringLiteral("sweepAxes"));
    m_axesBox->addItem(tr("Axes: by the data"), QStringLiteral("auto"));
    m_axesBox->addItem(tr("Axes: linear"), QStringLiteral("linear"));
    m_axesBox->addItem(tr("Axes: log"), QStringLiteral("log"));
    m_axesBox->addItem(tr("Axes: log x, linear y"), QStringLiteral("log-x"));
    m_axesBox->setToolTip(tr("By the data: logarithmic for an axis whose values are all above 0 "
                             "and span two decades or more"));
    m_barsBox = new QComboBox(this);
    m_barsBox->setObjectName(QStringLiteral("sweepErrorBars"));
    m_barsBox->addItem(tr("Error bars: automatic"),
                       SweepPlotSource::nameOf(SweepPlotSource::ErrorBars::Auto));
    m_barsBox->addItem(tr("Error bars: spread"),
                       SweepPlotSource::nameOf(SweepPlotSource::ErrorBars::Spread));
    m_barsBox->addItem(tr("Error bars: 95 % CI over runs"),
                       SweepPlotSource::nameOf(SweepPlotSource::ErrorBars::RunInterval));
    m_barsBox->addItem(tr("Error bars: none"),
                       SweepPlotSource::nameOf(SweepPlotSource::ErrorBars::None));
    m_barsBox->setToolTip(tr("Spread: the samples' population stddev for the mean metrics, the "
                             "stddev between runs otherwise; the CI needs enough runs per value. "
                             "Automatic: the CI where every value has one, else the spread"));
    bar->addWidget(m_axesBox);
    bar->addWidget(m_barsBox);
    addResetAction(bar, tr("Back to the ranges that show every point"));

    // The choices in a row of their own under the tool bar, each named with a mnemonic.
    auto* choices = new QWidget(this);
    auto* row = new QHBoxLayout(choices);
    row->setContentsMargins(6, 2, 6, 2);
    row->addWidget(buddyLabel(tr("&Parameter:"), m_parameterBox, choices));
    row->addWidget(m_parameterBox);
    row->addWidget(buddyLabel(tr("File &names:"), m_patternEdit, choices));
    row->addWidget(m_patternEdit, 1);
    row->addWidget(buddyLabel(tr("&Metric:"), m_metricBox, choices));
    row->addWidget(m_metricBox);
    row->addWidget(buddyLabel(tr("&First:"), m_firstBox, choices));
    row->addWidget(m_firstBox);
    auto* column = static_cast<QVBoxLayout*>(layout());
    column->insertWidget(1, choices);
    m_patternLine = new QLabel(this);
    m_patternLine->setObjectName(QStringLiteral("sweepPatternLine"));
    m_patternLine->setWordWrap(true);
    m_patternLine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_patternLine->setContentsMargins(6, 0, 6, 2);
    column->insertWidget(2, m_patternLine);

    // The table left of the plot: both show the same rows.
    m_model = new TableModel(this);
    m_tableView = new QTableView(this);
    m_tableView->setObjectName(QStringLiteral("sweepTable"));
    m_tableView->setModel(m_model);
    m_tableView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tableView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tableView->verticalHeader()->setVisible(false);
    m_tableView->setTabKeyNavigation(false); // Tab moves on to the plot, not cell by cell
    m_leftOut = new QLabel(this);
    m_leftOut->setObjectName(QStringLiteral("sweepLeftOut"));
    m_leftOut->setWordWrap(true);
    m_leftOut->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* tablePanel = new QWidget(this);
    auto* tableColumn = new QVBoxLayout(tablePanel);
    tableColumn->setContentsMargins(6, 0, 0, 0);
    tableColumn->addWidget(m_tableView, 1);
    tableColumn->addWidget(m_leftOut);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setChildrenCollapsible(false);
    // The layout item that held the plot is the caller's to delete.
    delete column->replaceWidget(m_plot, splitter);
    splitter->addWidget(tablePanel);
    splitter->addWidget(m_plot);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    // Halves however wide the table's columns are: the plot reads only with room.
    splitter->setSizes({1000, 1000});
    m_plot->setMinimumWidth(320);
    column->setStretchFactor(splitter, 1);

    connect(m_parameterBox, QOverload<int>::of(&QComboBox::activated), this,
            [this] { setParameter(m_parameterBox->currentData().toString()); });
    connect(m_patternEdit, &QLineEdit::editingFinished, this,
            [this] { setNamePattern(m_patternEdit->text().trimmed()); });
    connect(m_metricBox, QOverload<int>::of(&QComboBox::activated), this, [this] {
        m_metricChosen = true;
        setMetric(m_metricBox->currentData().toString());
    });
    connect(m_firstBox, &QSpinBox::editingFinished, this,
            [this] { setFirstIntervals(m_firstBox->value()); });
    connect(m_axesBox, QOverload<int>::of(&QComboBox::activated), this, [this] {
        const QString axes = m_axesBox->currentData().toString();
        SweepFigure::Options options;
        if (axes != QLatin1String("auto")) {
            options.logX = axes != QLatin1String("linear");
            options.logY = axes == QLatin1String("log");
        }
        setAxes(options);
    });
    connect(m_barsBox, QOverload<int>::of(&QComboBox::activated), this, [this] {
        setErrorBars(
            SweepPlotSource::errorBarsNamed(m_barsBox->currentData().toString()).value_or(m_bars));
    });
    followStore(this, &SweepView::rebuild);
    rebuild();
}

QJsonObject SweepView::saveSettings() const {
    QJsonObject settings = m_axes.toSettings();
    if (m_parameterChosen) // else chosen by the data again when read
        settings.insert(QStringLiteral("parameter"), m_options.parameter);
    settings.insert(QStringLiteral("names"), m_options.namePattern);
    if (m_metricChosen)
        settings.insert(QStringLiteral("metric"), m_metricId);
    settings.insert(QStringLiteral("first"), static_cast<qint64>(m_options.firstIntervals));
    settings.insert(QStringLiteral("errorBars"), SweepPlotSource::nameOf(m_bars));
    return settings;
}

void SweepView::restoreSettings(const QJsonObject& settings) {
    m_axes = SweepFigure::Options::fromSettings(settings);
    m_options.parameter = settings.value(QStringLiteral("parameter")).toString();
    m_parameterChosen = !m_options.parameter.isEmpty();
    m_options.namePattern = settings.value(QStringLiteral("names")).toString();
    const qint64 first = settings.value(QStringLiteral("first")).toInteger();
    m_options.firstIntervals =
        static_cast<std::size_t>(std::clamp<qint64>(first, 0, kMostFirstIntervals));
    m_bars = SweepPlotSource::errorBarsNamed(settings.value(QStringLiteral("errorBars")).toString())
                 .value_or(SweepPlotSource::ErrorBars::Auto);
    m_metricChosen = false;
    if (const QString metric = settings.value(QStringLiteral("metric")).toString();
        !metric.isEmpty()) {
        double level = 0;
        if (SweepTables::metricNamed(metric, &level)) {
            m_metricChosen = true;
            setMetric(metric);
            return;
        }
    }
    rebuild();
}

void SweepView::setParameter(const QString& parameter) {
    m_options.parameter = parameter;
    m_parameterChosen = !parameter.isEmpty();
    rebuild();
}

void SweepView::setNamePattern(const QString& pattern) {
    if (pattern == m_options.namePattern)
        return;
    m_options.namePattern = pattern;
    // The pattern's field is what the user wrote it for: it becomes the parameter.
    const SweepSource::PatternPreview preview = SweepSource::previewOf(*store(), pattern);
    if (preview.error.isEmpty() && !preview.fields.isEmpty() &&
        !preview.fields.contains(m_options.parameter))
        m_options.parameter = preview.fields.front();
    m_parameterChosen = !m_options.parameter.isEmpty();
    rebuild();
}

void SweepView::setMetric(const QString& id) {
    double level = m_options.percentile;
    const std::optional<SweepMetricInfo> metric = SweepTables::metricNamed(id, &level);
    if (!metric)
        return;
    m_metricId = id;
    m_options.metric = metric->metric;
    m_options.percentile = level;
    rebuild();
}

void SweepView::setFirstIntervals(int first) {
    m_options.firstIntervals = static_cast<std::size_t>(std::max(first, 0));
    rebuild();
}

void SweepView::setAxes(const SweepFigure::Options& axes) {
    m_axes = axes;
    rebuild();
}

void SweepView::setErrorBars(SweepPlotSource::ErrorBars bars) {
    m_bars = bars;
    rebuild();
}

QStringList SweepView::offeredParameters() const {
    QStringList keys;
    for (int i = 0; i < m_parameterBox->count(); ++i)
        keys << m_parameterBox->itemData(i).toString();
    return keys;
}

QString SweepView::patternText() const {
    return m_patternLine->text();
}

void SweepView::offerParameters() {
    const QStringList keys = SweepSource::parameterKeys(*store(), m_options.namePattern);
    if (m_options.parameter.isEmpty() || !keys.contains(m_options.parameter))
        m_options.parameter = keys.value(0);
    const QSignalBlocker quiet(m_parameterBox);
    if (offeredParameters() != keys) {
        m_parameterBox->clear();
        for (const QString& key : keys)
            m_parameterBox->addItem(key, key);
    }
    m_parameterBox->setCurrentIndex(m_parameterBox->findData(m_options.parameter));
    m_parameterBox->setEnabled(!keys.isEmpty());
}

bool SweepView::followParameterQuantity() {
    if (m_metricChosen || m_table.series.empty())
        return false;
    bool latency = false;
    for (const DatasetEntry& entry : store()->entries())
        latency = latency || (entry.visible && entry.isLatency());
    const QString id = SweepSource::metricFor(m_table.configuredQuantity(), latency);
    double level = 0;
    const std::optional<SweepMetricInfo> metric = SweepTables::metricNamed(id, &level);
    if (!metric || id == m_metricId)
        return false;
    m_metricId = id;
    m_options.metric = metric->metric;
    m_options.percentile = level;
    return true;
}

void SweepView::showPattern() {
    if (m_options.namePattern.isEmpty()) {
        m_patternLine->setVisible(false);
        return;
    }
    const SweepSource::PatternPreview preview =
        SweepSource::previewOf(*store(), m_options.namePattern);
    QString text;
    if (!preview.error.isEmpty()) {
        text = tr("The pattern cannot be read: %1").arg(preview.error);
    } else {
        text =
            tr("%1 matched %n file(s)", nullptr, preview.matchedFiles).arg(m_options.namePattern);
        if (!preview.values.isEmpty())
            text += QStringLiteral(": ") + preview.values.join(QStringLiteral(", "));
        if (!preview.unmatched.isEmpty()) {
            QStringList named = preview.unmatched.mid(0, kUnmatchedNamed);
            if (preview.unmatched.size() > kUnmatchedNamed)
                named << tr("%n more", nullptr, int(preview.unmatched.size() - kUnmatchedNamed));
            text += QStringLiteral(". ") +
                    tr("Not matched, so left out: %1").arg(named.join(QStringLiteral(", ")));
        }
    }
    m_patternLine->setText(text);
    m_patternLine->setToolTip(preview.unmatched.join(QLatin1Char('\n')));
    m_patternLine->setVisible(true);
}

void SweepView::syncControls() {
    {
        const QSignalBlocker quiet(m_metricBox);
        m_metricBox->setCurrentIndex(std::max(0, m_metricBox->findData(m_metricId)));
    }
    if (m_patternEdit->text().trimmed() != m_options.namePattern)
        m_patternEdit->setText(m_options.namePattern);
    {
        const QSignalBlocker quiet(m_firstBox);
        m_firstBox->setValue(static_cast<int>(m_options.firstIntervals));
    }
    const QString axes = !m_axes.logX && !m_axes.logY   ? QStringLiteral("auto")
                         : !m_axes.logX.value_or(false) ? QStringLiteral("linear")
                         : m_axes.logY.value_or(false)  ? QStringLiteral("log")
                                                        : QStringLiteral("log-x");
    m_axesBox->setCurrentIndex(m_axesBox->findData(axes));
    m_barsBox->setCurrentIndex(m_barsBox->findData(SweepPlotSource::nameOf(m_bars)));
}

void SweepView::rebuild() {
    offerParameters();
    m_table =
        m_options.parameter.isEmpty() ? SweepTable() : SweepSource::tableOf(*store(), m_options);
    if (followParameterQuantity())
        m_table = SweepSource::tableOf(*store(), m_options);
    syncControls();
    showPattern();
    m_model->setTable(SweepReport::table(m_table, SweepReport::Units::InCells));
    m_tableView->setToolTip(m_model->table().caption);
    m_tableView->resizeColumnsToContents();
    QStringList leftOut;
    if (m_options.parameter.isEmpty())
        leftOut << tr("No visible run has a configured value to sweep: give a file-name pattern, "
                      "or set a value with Set metadata (loss=5%, rate=10M, delay=20ms).");
    for (const QString& skipped : m_table.skipped)
        leftOut << tr("Left out: %1").arg(skipped);
    m_leftOut->setText(leftOut.join(QLatin1Char('\n')));
    m_leftOut->setVisible(!leftOut.isEmpty());
    const SweepPlotData data = SweepPlotSource::of(m_table, m_bars);
    QStringList notes{SweepPlotSource::noteOf(data), m_figure.draw(data, m_axes)};
    notes.removeAll(QString());
    setDrawingNote(notes.join(QLatin1Char(' ')));
}

} // namespace wb
