#pragma once

#include "report/TableWriter.h"
#include "stats/LatencySummary.h"
#include "stats/LossStructure.h"

#include <QAbstractTableModel>

#include <vector>

namespace wb {

class DatasetStore;
struct DatasetEntry;

// One row per visible latency dataset: count, min, mean, stddev, chosen percentiles and max,
// in µs or ms. The numbers come from DatasetAnalysis::latencyAt(); this model only converts
// units and formats, so the table shows exactly what wirebench-cli stats prints.
class PercentileTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum class Unit { Microseconds, Milliseconds };
    enum Roles { SortRole = Qt::UserRole + 1, DatasetIdRole };
    enum class Kind {
        Label,
        Count,
        Min,
        Mean,
        Stddev,
        Percentile,
        Max,
        LossPercent,
        LongestBurst,
        Reordered,
        LostUp, // shown when a row's tool tells which way its losses went (irtt)
        LostDown
    };
    struct Column {
        Kind kind;
        double level = 0; // Kind::Percentile only
    };

    explicit PercentileTableModel(DatasetStore* store, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    const std::vector<double>& levels() const { return m_levels; }
    void setLevels(const std::vector<double>& levels);
    // The unit chosen by the user; the QJump view always shows µs, as the paper does.
    Unit unit() const { return m_unit; }
    Unit shownUnit() const { return m_table1 ? Unit::Microseconds : m_unit; }
    void setUnit(Unit unit);
    // With Group by: one row per group, its runs' samples pooled as one run (DatasetGrouping's
    // pooled analyses) instead of one row per dataset.
    bool pooledGroups() const { return m_pooledGroups; }
    void setPooledGroups(bool on);
    // QJump NSDI'15 Table 1: label, samples, p50 and p99 in µs.
    bool qjumpTable1() const { return m_table1; }
    void setQjumpTable1(bool on);
    const std::vector<Column>& columns() const { return m_columns; }

    // The shown columns as a table for TableWriter, rows in the given model-row order.
    Table table(const std::vector<int>& rowOrder) const;

    static const std::vector<double>& defaultLevels();
    static QString unitName(Unit unit);

private:
    struct Row {
        int id = 0;
        QString label;
        LatencySummary summary; // at computedLevels(), in ms
        LossStructure loss;
    };

    void reload();
    // Runs added to an ungrouped table are appended: a window taking in thousands of logs
    // does not recompute every row at each batch.
    void append(const QList<int>& ids);
    Row rowOf(const DatasetEntry& entry) const;
    std::vector<double> computedLevels() const;
    void rebuildColumns();
    // The columns for the levels, the view and whether any row has losses by direction;
    // callers reset the model around it.
    void fillColumns();
    static bool tellLossDirections(const std::vector<Row>& rows);
    double value(const Row& row, const Column& column) const; // in the shown unit; NaN if none
    QString text(const Row& row, const Column& column) const;
    QString header(const Column& column) const;
    QString description(const Column& column) const;

    DatasetStore* m_store;
    std::vector<Row> m_rows;
    std::vector<Column> m_columns;
    std::vector<double> m_levels;
    Unit m_unit = Unit::Milliseconds;
    bool m_table1 = false;
    bool m_pooledGroups = false;
};

} // namespace wb
