#pragma once

#include <QAbstractTableModel>

namespace wb {

class DatasetStore;

// The dataset list: label (editable), colour swatch, show/hide checkbox and a warning mark
// when the parse report has errors in the first column, the detected format in the second,
// the user's tags in the third. The tooltip names the dataset, its file and format, and what
// identifies the run (tool, target, streams, congestion control, plan parameters, the
// metadata the user set). Reads and writes through the DatasetStore.
class DatasetListModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Roles { IdRole = Qt::UserRole + 1, FormatRole, HasProblemsRole };

    explicit DatasetListModel(DatasetStore* store, QObject* parent = nullptr);

    enum Columns { LabelColumn, FormatColumn, TagsColumn, ColumnCount };

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    int idAt(int row) const;
    // Whether some dataset has a tag (the tags column is shown only then).
    bool anyTags() const;

private:
    DatasetStore* m_store;
};

} // namespace wb
