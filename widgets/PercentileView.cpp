#include "PercentileView.h"

#include "PercentileTableModel.h"
#include "io/LatencyReport.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace wb {

PercentileView::PercentileView(DatasetStore* store, QWidget* parent)
    : WorkbenchView(store, parent), m_model(new PercentileTableModel(store, this)),
      m_proxy(new QSortFilterProxyModel(this)), m_table(new QTableView(this)),
      m_levels(new QLineEdit(this)), m_unit(new QComboBox(this)),
      m_table1(new QPushButton(tr("QJump Table 1"), this)) {
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(PercentileTableModel::SortRole);

    m_levels->setText(LatencyReport::levelsText(m_model->levels()));
    m_levels->setToolTip(tr("Percentile levels (0–100), comma separated; Enter applies"));
    m_levels->setMinimumWidth(220);
    connect(m_levels, &QLineEdit::editingFinished, this, &PercentileView::applyLevelsText);

    m_unit->addItem(PercentileTableModel::unitName(PercentileTableModel::Unit::Microseconds),
                    static_cast<int>(PercentileTableModel::Unit::Microseconds));
    m_unit->addItem(PercentileTableModel::unitName(PercentileTableModel::Unit::Milliseconds),
                    static_cast<int>(PercentileTableModel::Unit::Milliseconds));
    m_unit->setToolTip(tr("Unit of every latency column"));
    connect(m_unit, qOverload<int>(&QComboBox::activated), this, [this] {
        m_model->setUnit(static_cast<PercentileTableModel::Unit>(m_unit->currentData().toInt()));
    });

    m_table1->setCheckable(true);
    m_table1->setToolTip(
        tr("Only label, samples, p50 and p99 in µs: the layout of QJump (NSDI'15) Table 1"));
    connect(m_table1, &QPushButton::toggled, this, &PercentileView::setQjumpTable1);

    auto* copy = new QPushButton(tr("Copy"), this);
    copy->setToolTip(tr("Copy the table as tab-separated text (Ctrl+C)"));
    connect(copy, &QPushButton::clicked, this, &PercentileView::copyToClipboard);
    auto* exportButton = new QPushButton(tr("Export…"), this);
    exportButton->setToolTip(tr("Save the table as CSV (.csv), Markdown (.md) or LaTeX (.tex)"));
    connect(exportButton, &QPushButton::clicked, this, &PercentileView::exportWithDialog);

    // Ctrl+C anywhere in the tab copies the whole table, which is what goes into a report.
    auto* copyAction = new QAction(tr("Copy table"), this);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copyAction, &QAction::triggered, this, &PercentileView::copyToClipboard);
    addAction(copyAction);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Percentiles:"), this));
    controls->addWidget(m_levels);
    controls->addWidget(new QLabel(tr("Unit:"), this));
    controls->addWidget(m_unit);
    controls->addWidget(m_table1);
    controls->addStretch(1);
    controls->addWidget(copy);
    controls->addWidget(exportButton);

    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // file order until the user clicks a header
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_table, 1);
    syncControls();
}

// A focused line edit emits editingFinished while ~QWidget deletes it, after the model may
// be gone; it must not reach our slots then.
PercentileView::~PercentileView() {
    m_levels->disconnect(this);
}

QString PercentileView::title() const {
    return tr("Percentiles");
}

QString PercentileView::exportName() const {
    return m_model->qjumpTable1() ? QStringLiteral("latency-table1")
                                  : QStringLiteral("latency-percentiles");
}

void PercentileView::setQjumpTable1(bool on) {
    m_model->setQjumpTable1(on);
    syncControls();
}

void PercentileView::sortBy(int column, Qt::SortOrder order) {
    m_table->sortByColumn(column, order);
}

void PercentileView::applyLevelsText() {
    std::vector<double> levels;
    if (LatencyReport::parseLevels(m_levels->text(), &levels) && !levels.empty())
        m_model->setLevels(levels);
    syncControls(); // shows the levels in use, also after a typo
}

void PercentileView::syncControls() {
    const QSignalBlocker blockTable1(m_table1), blockUnit(m_unit);
    m_table1->setChecked(m_model->qjumpTable1());
    m_levels->setText(LatencyReport::levelsText(m_model->levels()));
    m_unit->setCurrentIndex(m_unit->findData(static_cast<int>(m_model->shownUnit())));
    // Table 1 fixes its columns and unit; say so instead of silently ignoring edits.
    m_levels->setEnabled(!m_model->qjumpTable1());
    m_unit->setEnabled(!m_model->qjumpTable1());
}

Table PercentileView::currentTable() const {
    std::vector<int> order;
    for (int row = 0; row < m_proxy->rowCount(); ++row)
        order.push_back(m_proxy->mapToSource(m_proxy->index(row, 0)).row());
    return m_model->table(order);
}

QString PercentileView::tabSeparated() const {
    const Table table = currentTable();
    QString out = table.header.join(QLatin1Char('\t')) + QLatin1Char('\n');
    for (const QStringList& row : table.rows)
        out += row.join(QLatin1Char('\t')) + QLatin1Char('\n');
    return out;
}

void PercentileView::copyToClipboard() const {
    QApplication::clipboard()->setText(tabSeparated());
}

bool PercentileView::exportTo(const QString& path, QString* error) const {
    TableWriter::Format format;
    if (!TableWriter::parseFormat(QFileInfo(path).suffix().toLower(), &format) ||
        format == TableWriter::Format::Text) {
        *error = tr("%1: unknown table format; use .csv, .md or .tex").arg(path);
        return false;
    }
    QSaveFile file(path); // a failed export never leaves half a table behind
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        *error = tr("%1: %2").arg(path, file.errorString());
        return false;
    }
    file.write(TableWriter::write(currentTable(), format).toUtf8());
    if (!file.commit()) {
        *error = tr("%1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void PercentileView::exportWithDialog() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export table"), exportName() + QStringLiteral(".csv"),
        tr("CSV (*.csv);;Markdown (*.md);;LaTeX (*.tex)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportTo(path, &error))
        QMessageBox::warning(this, tr("Export table"), error);
}

QJsonObject PercentileView::saveSettings() const {
    QJsonArray levels;
    for (double level : m_model->levels())
        levels.append(level);
    const QHeaderView* header = m_table->horizontalHeader();
    return {{"levels", levels},
            {"unit", m_model->unit() == PercentileTableModel::Unit::Microseconds ? "us" : "ms"},
            {"qjumpTable1", m_model->qjumpTable1()},
            {"sortColumn", header->sortIndicatorSection()},
            {"sortDescending", header->sortIndicatorOrder() == Qt::DescendingOrder}};
}

void PercentileView::restoreSettings(const QJsonObject& settings) {
    std::vector<double> levels;
    for (const QJsonValue& level : settings.value(QStringLiteral("levels")).toArray())
        if (level.isDouble() && level.toDouble() >= 0 && level.toDouble() <= 100)
            levels.push_back(level.toDouble());
    m_model->setLevels(levels.empty() ? PercentileTableModel::defaultLevels() : levels);
    m_model->setUnit(settings.value(QStringLiteral("unit")).toString() == QLatin1String("us")
                         ? PercentileTableModel::Unit::Microseconds
                         : PercentileTableModel::Unit::Milliseconds);
    m_model->setQjumpTable1(settings.value(QStringLiteral("qjumpTable1")).toBool());
    sortBy(settings.value(QStringLiteral("sortColumn")).toInt(-1),
           settings.value(QStringLiteral("sortDescending")).toBool() ? Qt::DescendingOrder
                                                                     : Qt::AscendingOrder);
    syncControls();
}

void PercentileView::resetView() {
    m_model->setLevels(PercentileTableModel::defaultLevels());
    sortBy(-1, Qt::AscendingOrder);
    syncControls();
}

} // namespace wb
