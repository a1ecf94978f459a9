#include "MetadataDialog.h"

#include "MetadataTableModel.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace wb {

MetadataDialog::MetadataDialog(std::vector<GroupMember> members, QWidget* parent)
    : QDialog(parent), m_table(new QTableView(this)), m_newKey(new QLineEdit(this)),
      m_newValue(new QLineEdit(this)), m_clear(new QPushButton(tr("&Use the log's value"), this)) {
    const int datasets = static_cast<int>(members.size());
    m_model = new MetadataTableModel(std::move(members), this);
    setWindowTitle(tr("Set metadata of %n dataset(s)", nullptr, datasets));
    setObjectName(QStringLiteral("metadataDialog"));

    auto* intro = new QLabel(
        tr("A value you set takes the place of what the log says, in Group by, Compare, "
           "Relabel and the report, for all %n selected dataset(s). Bold: your value where the "
           "log says otherwise (its value in the tooltip). Empty: the log's value is used.",
           nullptr, datasets),
        this);
    intro->setWordWrap(true);

    m_table->setObjectName(QStringLiteral("metadataTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    m_table->setTabKeyNavigation(false); // Tab leaves the table for the buttons
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8); // compact rows
    m_table->horizontalHeader()->setSectionResizeMode(MetadataTableModel::KeyColumn,
                                                      QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(MetadataTableModel::LogColumn,
                                                      QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(MetadataTableModel::UserColumn,
                                                      QHeaderView::Stretch);
    // Only "set by you" is edited: keys typed on a row go there, whatever column was current.
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid() && current.column() != MetadataTableModel::UserColumn)
                    m_table->setCurrentIndex(
                        current.siblingAtColumn(MetadataTableModel::UserColumn));
            });
    if (m_model->rowCount() > 0)
        m_table->setCurrentIndex(m_model->index(0, MetadataTableModel::UserColumn));

    auto* clearAction = new QAction(this);
    clearAction->setShortcut(QKeySequence::Delete);
    clearAction->setShortcutContext(Qt::WidgetShortcut);
    m_table->addAction(clearAction);
    connect(clearAction, &QAction::triggered, this, &MetadataDialog::clearCurrent);
    m_clear->setObjectName(QStringLiteral("useLogValue"));
    m_clear->setToolTip(tr("Take your value of the current key away, so the log's is used "
                           "(Delete in the table)"));
    m_clear->setAutoDefault(false);
    connect(m_clear, &QPushButton::clicked, this, &MetadataDialog::clearCurrent);

    m_newKey->setObjectName(QStringLiteral("newKey"));
    m_newKey->setPlaceholderText(tr("new key, e.g. testbed"));
    m_newValue->setObjectName(QStringLiteral("newValue"));
    m_newValue->setPlaceholderText(tr("its value"));
    auto* add = new QPushButton(tr("&Add key"), this);
    add->setObjectName(QStringLiteral("addKey"));
    add->setAutoDefault(false);
    connect(add, &QPushButton::clicked, this, &MetadataDialog::addKey);
    // Enter in the new key's fields adds it instead of closing the dialog.
    m_newKey->installEventFilter(this);
    m_newValue->installEventFilter(this);
    auto* keyLabel = new QLabel(tr("&Key:"), this);
    keyLabel->setBuddy(m_newKey);
    auto* valueLabel = new QLabel(tr("&Value:"), this);
    valueLabel->setBuddy(m_newValue);
    auto* addRow = new QHBoxLayout;
    addRow->addWidget(keyLabel);
    addRow->addWidget(m_newKey, 1);
    addRow->addWidget(valueLabel);
    addRow->addWidget(m_newValue, 1);
    addRow->addWidget(add);

    auto* error = new QLabel(this);
    error->setObjectName(QStringLiteral("metadataError"));
    error->setWordWrap(true);
    error->hide();

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->addButton(m_clear, QDialogButtonBox::ResetRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_table, 1);
    layout->addLayout(addRow);
    layout->addWidget(error);
    layout->addWidget(buttons);
    setTabOrder(m_table, m_newKey);
    setTabOrder(m_newKey, m_newValue);
    setTabOrder(m_newValue, add);
    // Within a 1366×768 screen with room for the window's frame and the panel.
    resize(680, 520);
}

QMap<QString, QString> MetadataDialog::edits() const {
    return m_model->edits();
}

bool MetadataDialog::eventFilter(QObject* watched, QEvent* event) {
    if ((watched == m_newKey || watched == m_newValue) && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            if (watched == m_newKey && m_newValue->text().trimmed().isEmpty())
                m_newValue->setFocus();
            else
                addKey();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

void MetadataDialog::showError(const QString& text) {
    auto* error = findChild<QLabel*>(QStringLiteral("metadataError"));
    error->setText(text);
    error->setVisible(!text.isEmpty());
}

void MetadataDialog::addKey() {
    const QString key = m_newKey->text().trimmed();
    if (m_newValue->text().trimmed().isEmpty()) {
        showError(tr("Give the new key a value."));
        m_newValue->setFocus();
        return;
    }
    QString error;
    if (!m_model->setValue(key, m_newValue->text(), &error)) {
        showError(error);
        m_newKey->setFocus();
        return;
    }
    showError({});
    m_newKey->clear();
    m_newValue->clear();
    m_table->setCurrentIndex(m_model->index(m_model->rowOf(key), MetadataTableModel::UserColumn));
    m_table->scrollTo(m_table->currentIndex());
    m_newKey->setFocus(); // ready for the next key
}

void MetadataDialog::clearCurrent() {
    const QModelIndex current = m_table->currentIndex();
    if (current.isValid())
        m_model->setValue(m_model->field(current.row()).key, QString());
}

} // namespace wb
