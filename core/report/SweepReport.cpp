#include "SweepReport.h"

#include <QJsonArray>

#include <cmath>

namespace wb {

namespace {

QString decimalText(double value, int decimals) {
    return QString::number(value, 'f', decimals);
}

// A rate as the seed's tables write it: Mbit/s with three decimals from 1 Mbit/s, else kbit/s
// with two (Gbit/s from 1 Gbit/s).
QString rateText(double bitsPerSecond) {
    if (std::abs(bitsPerSecond) >= 1e9)
        return decimalText(bitsPerSecond / 1e9, 3) + QStringLiteral(" Gbit/s");
    if (std::abs(bitsPerSecond) >= 1e6)
        return decimalText(bitsPerSecond / 1e6, 3) + QStringLiteral(" Mbit/s");
    return decimalText(bitsPerSecond / 1e3, 2) + QStringLiteral(" kbit/s");
}

// A number for CSV and JSON: every digit a double holds.
QString plain(double value) {
    return QString::number(value, 'g', 15);
}

QJsonValue jsonNumber(double value) {
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue();
}

bool anyRow(const SweepTable& sweep, bool (*test)(const SweepRow&)) {
    for (const SweepSeries& series : sweep.series)
        for (const SweepRow& row : series.rows)
            if (test(row))
                return true;
    return false;
}

} // namespace

QString SweepReport::unitOf(const SweepMetricInfo& metric) {
    return metric.quantity == Quantity::Number ? metric.unit : wb::unitOf(metric.quantity);
}

QString SweepReport::valueText(double value, const SweepMetricInfo& metric) {
    switch (metric.quantity) {
    case Quantity::Percent:
        return decimalText(value, 3) + QStringLiteral(" %");
    case Quantity::Milliseconds:
        return decimalText(value, 3) + QStringLiteral(" ms");
    case Quantity::BitsPerSecond:
        return rateText(value);
    case Quantity::Number:
        break;
    }
    if (metric.metric == SweepMetric::Jain)
        return decimalText(value, 4);
    return metric.unit.isEmpty() ? decimalText(value, 3)
                                 : decimalText(value, 3) + QLatin1Char(' ') + metric.unit;
}

QString SweepReport::caption(const SweepTable& sweep) {
    QString title = sweep.metric.title;
    if (!title.isEmpty())
        title[0] = title[0].toUpper(); // a sentence: "Mean RTT against configured delay"
    QString text = QStringLiteral("%1 against configured %2").arg(title, sweep.parameter);
    if (!sweep.source.isEmpty())
        text += QStringLiteral(" (%1)").arg(sweep.source);
    if (!sweep.groupBy.isEmpty())
        text += QStringLiteral(", one series per %1").arg(sweep.groupBy);
    text += QStringLiteral("; one row per configured value");
    if (sweep.firstIntervals > 0 && (sweep.metric.metric == SweepMetric::IntervalMean ||
                                     sweep.metric.metric == SweepMetric::IntervalMedian ||
                                     sweep.metric.metric == SweepMetric::IntervalStddev))
        text += QStringLiteral(", first %1 intervals of each run").arg(sweep.firstIntervals);
    if (anyRow(sweep, [](const SweepRow& row) { return row.sampleStddev.has_value(); }))
        text += QStringLiteral("; stddev: population, of the samples of the row's runs");
    if (anyRow(sweep, [](const SweepRow& row) { return row.runValues.size() >= 2; }))
        text += QStringLiteral("; with several runs the measured value is the mean of the runs' "
                               "values");
    if (anyRow(sweep, [](const SweepRow& row) { return row.binomial.has_value(); }))
        text += QStringLiteral("; binomial 95 % range: the central 95 % of lost counts for the "
                               "configured probability over the row's total");
    return text + QLatin1Char('.');
}

Table SweepReport::table(const SweepTable& sweep, Units units) {
    const bool grouped = !sweep.groupBy.isEmpty();
    const bool ratio = sweep.sameQuantity();
    const bool stddev =
        anyRow(sweep, [](const SweepRow& row) { return row.sampleStddev.has_value(); });
    const bool severalRuns =
        anyRow(sweep, [](const SweepRow& row) { return row.runValues.size() >= 2; });
    const bool binomial =
        anyRow(sweep, [](const SweepRow& row) { return row.binomial.has_value(); });
    const bool forPeople = units == Units::InCells;
    const QString unit = unitOf(sweep.metric);
    const QString configuredUnit = wb::unitOf(sweep.configuredQuantity());
    const auto withUnit = [&](const QString& name, const QString& u) {
        return forPeople || u.isEmpty() ? name : QStringLiteral("%1 (%2)").arg(name, u);
    };
    const auto value = [&](double v) { return forPeople ? valueText(v, sweep.metric) : plain(v); };

    QStringList header;
    std::vector<bool> right;
    const auto column = [&](const QString& name, bool alignRight) {
        header << name;
        right.push_back(alignRight);
    };
    if (grouped)
        column(sweep.groupBy, false);
    // The row's name: left-aligned, as the first column of every table.
    column(withUnit(QStringLiteral("configured ") + sweep.parameter, configuredUnit), false);
    if (!forPeople)
        column(QStringLiteral("configured as written"), false);
    column(withUnit(sweep.metric.title, unit), true);
    if (ratio)
        column(QStringLiteral("% of configured"), true);
    if (stddev)
        column(withUnit(QStringLiteral("stddev"), unit), true);
    column(QStringLiteral("runs"), true);
    if (severalRuns) {
        if (forPeople) {
            column(QStringLiteral("runs min–max"), true);
        } else {
            column(withUnit(QStringLiteral("run min"), unit), true);
            column(withUnit(QStringLiteral("run max"), unit), true);
            column(withUnit(QStringLiteral("run stddev"), unit), true);
        }
    }
    if (binomial) {
        if (forPeople) {
            column(QStringLiteral("lost/total"), true);
            column(QStringLiteral("binomial 95 % range"), true);
        } else {
            column(QStringLiteral("lost"), true);
            column(QStringLiteral("total"), true);
            column(QStringLiteral("binomial low"), true);
            column(QStringLiteral("binomial high"), true);
            column(QStringLiteral("binomial low (%)"), true);
            column(QStringLiteral("binomial high (%)"), true);
        }
        column(QStringLiteral("in range"), false);
    }

    Table out(header, right, caption(sweep));
    const QString none = forPeople ? QStringLiteral("-") : QString();
    for (const SweepSeries& series : sweep.series) {
        for (const SweepRow& row : series.rows) {
            QStringList cells;
            if (grouped)
                cells << series.group;
            if (forPeople) {
                cells << row.configured.display();
            } else {
                cells << (row.configured.unlimited ? QStringLiteral("inf")
                                                   : plain(row.configured.value))
                      << row.configured.text;
            }
            cells << value(row.measured);
            if (ratio)
                cells << (row.percentOfConfigured
                              ? (forPeople ? decimalText(*row.percentOfConfigured, 2) +
                                                 QStringLiteral(" %")
                                           : plain(*row.percentOfConfigured))
                              : none);
            if (stddev)
                cells << (row.sampleStddev ? value(*row.sampleStddev) : none);
            cells << QString::number(row.runValues.size());
            if (severalRuns) {
                const bool several = row.runValues.size() >= 2;
                if (forPeople) {
                    cells << (several ? value(row.runs.min) + QStringLiteral(" – ") +
                                            value(row.runs.max)
                                      : none);
                } else {
                    cells << (several ? plain(row.runs.min) : none)
                          << (several ? plain(row.runs.max) : none)
                          << (several ? plain(row.runs.stddev) : none);
                }
            }
            if (binomial) {
                if (const auto& b = row.binomial) {
                    if (forPeople) {
                        cells << QStringLiteral("%1/%2").arg(b->lost).arg(b->total)
                              << QStringLiteral("%1–%2 (%3–%4 %)")
                                     .arg(b->low)
                                     .arg(b->high)
                                     .arg(decimalText(b->lowPercent(), 3),
                                          decimalText(b->highPercent(), 3));
                    } else {
                        cells << QString::number(b->lost) << QString::number(b->total)
                              << QString::number(b->low) << QString::number(b->high)
                              << plain(b->lowPercent()) << plain(b->highPercent());
                    }
                    cells << (b->inside ? QStringLiteral("yes") : QStringLiteral("no"));
                } else {
                    for (int k = 0; k < (forPeople ? 3 : 7); ++k)
                        cells << none;
                }
            }
            out.rows.push_back(cells);
        }
    }
    return out;
}

QJsonObject SweepReport::json(const SweepTable& sweep) {
    QJsonArray series;
    for (const SweepSeries& s : sweep.series) {
        QJsonArray rows;
        for (const SweepRow& row : s.rows) {
            QJsonArray runValues;
            for (double v : row.runValues)
                runValues.append(v);
            QJsonObject r{
                {"configured", jsonNumber(row.configured.value)},
                {"configured_text", row.configured.text},
                {"configured_unit", wb::unitOf(row.configured.quantity)},
                {"unlimited", row.configured.unlimited},
                {"measured", jsonNumber(row.measured)},
                {"percent_of_configured",
                 row.percentOfConfigured ? jsonNumber(*row.percentOfConfigured) : QJsonValue()},
                {"sample_stddev", row.sampleStddev ? jsonNumber(*row.sampleStddev) : QJsonValue()},
                {"runs", static_cast<qint64>(row.runValues.size())},
                {"run_values", runValues},
                {"run_min", jsonNumber(row.runs.min)},
                {"run_max", jsonNumber(row.runs.max)},
                {"run_stddev", jsonNumber(row.runs.stddev)},
                {"run_ci",
                 row.runs.meanInterval.valid()
                     ? QJsonValue(QJsonArray{row.runs.meanInterval.low, row.runs.meanInterval.high})
                     : QJsonValue()},
                {"logs", QJsonArray::fromStringList(row.labels)},
            };
            if (const auto& b = row.binomial)
                r.insert("binomial", QJsonObject{{"lost", static_cast<qint64>(b->lost)},
                                                 {"total", static_cast<qint64>(b->total)},
                                                 {"low", static_cast<qint64>(b->low)},
                                                 {"high", static_cast<qint64>(b->high)},
                                                 {"low_percent", b->lowPercent()},
                                                 {"high_percent", b->highPercent()},
                                                 {"inside", b->inside}});
            else
                r.insert("binomial", QJsonValue());
            rows.append(r);
        }
        series.append(QJsonObject{{"group", s.group}, {"rows", rows}});
    }
    return QJsonObject{
        {"parameter", sweep.parameter},
        {"source", sweep.source},
        {"metric", QJsonObject{{"id", sweep.metric.id},
                               {"title", sweep.metric.title},
                               {"unit", unitOf(sweep.metric)}}},
        {"group_by", sweep.groupBy},
        {"first_intervals", static_cast<qint64>(sweep.firstIntervals)},
        {"caption", caption(sweep)},
        {"series", series},
        {"unmatched_files", QJsonArray::fromStringList(sweep.unmatchedFiles)},
        {"skipped", QJsonArray::fromStringList(sweep.skipped)},
    };
}

} // namespace wb
