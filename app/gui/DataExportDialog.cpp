#include "DataExportDialog.h"

#include "files/OutputFile.h"
#include "stats/DatasetAnalysis.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QThread>
#include <QTimer>

#include <atomic>

namespace wb {

namespace {

QString suffixOf(TidyExport::Format format) {
    return format == TidyExport::Format::Csv ? QStringLiteral("csv") : QStringLiteral("jsonl");
}

} // namespace

DataExportDialog::DataExportDialog(const QString& suggestedPath, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Export data"));
    m_table = new QComboBox(this);
    m_table->setObjectName(QStringLiteral("table"));
    m_table->addItem(tr("Samples: one row per ping request"),
                     static_cast<int>(TidyExport::Table::Samples));
    m_table->addItem(tr("Intervals: one row per report interval of each flow"),
                     static_cast<int>(TidyExport::Table::Intervals));
    m_table->addItem(tr("Flows: one row per flow"), static_cast<int>(TidyExport::Table::Flows));
    m_table->addItem(tr("Runs: one row per figure of each run"),
                     static_cast<int>(TidyExport::Table::Runs));
    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("format"));
    m_format->addItem(tr("CSV"), static_cast<int>(TidyExport::Format::Csv));
    m_format->addItem(tr("JSON lines"), static_cast<int>(TidyExport::Format::Jsonl));
    m_path = new QLineEdit(suggestedPath, this);
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &DataExportDialog::browse);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    m_description = new QLabel(this);
    m_description->setWordWrap(true);
    connect(m_format, &QComboBox::currentIndexChanged, this, &DataExportDialog::matchSuffix);
    connect(m_table, &QComboBox::currentIndexChanged, this, &DataExportDialog::describeTable);
    describeTable();
    matchSuffix();

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    setMinimumWidth(fontMetrics().averageCharWidth() * 70);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Table:"), m_table);
    form->addRow(QString(), m_description);
    form->addRow(tr("Format:"), m_format);
    form->addRow(tr("File:"), pathRow);
    form->addRow(buttons);
}

QString DataExportDialog::path() const {
    return m_path->text();
}

TidyExport::Table DataExportDialog::table() const {
    return static_cast<TidyExport::Table>(m_table->currentData().toInt());
}

TidyExport::Format DataExportDialog::format() const {
    return static_cast<TidyExport::Format>(m_format->currentData().toInt());
}

void DataExportDialog::browse() {
    const QString suffix = suffixOf(format());
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export data"), path(), tr("%1 (*.%2)").arg(m_format->currentText(), suffix));
    if (!chosen.isEmpty())
        m_path->setText(chosen);
    matchSuffix();
}

// The file's suffix names the format chosen, so the file opens in what reads that format.
void DataExportDialog::matchSuffix() {
    const QFileInfo file(path());
    const QString suffix = suffixOf(format());
    if (file.fileName().isEmpty() || file.suffix() == suffix)
        return;
    const QString stem =
        file.suffix() == QLatin1String("csv") || file.suffix() == QLatin1String("jsonl")
            ? file.completeBaseName()
            : file.fileName();
    m_path->setText(file.dir().filePath(stem + QLatin1Char('.') + suffix));
}

void DataExportDialog::describeTable() {
    const QStringList columns = TidyExport::columns(table(), {});
    m_description->setText(tr("Columns: %1, then one per metadata key (README: Tidy export).")
                               .arg(columns.join(QStringLiteral(", "))));
    // A longer list takes more lines: the dialog grows with it instead of cutting it off.
    if (layout()) {
        layout()->activate();
        resize(width(), sizeHint().height());
    }
}

bool DataExport::run(const std::vector<Member>& members, const QString& path,
                     TidyExport::Table table, TidyExport::Format format, QWidget* parent,
                     QString* why) {
    std::vector<GroupMember> groupMembers;
    for (const Member& member : members)
        groupMembers.push_back(member.member);
    const std::int64_t total = TidyExport::rowCount(table, groupMembers);
    std::atomic<std::int64_t> written{0};
    std::atomic<bool> cancelled{false};
    bool ok = false;
    QString reason;
    QThread* worker = QThread::create([&] {
        ok = OutputFile::stream(
            path,
            [&](OutputSink& sink, QString* error) {
                return TidyExport::write(
                    sink, table, format, groupMembers,
                    [&](std::int64_t rows) {
                        written = rows;
                        return !cancelled.load();
                    },
                    error);
            },
            &reason);
    });
    // Rows, scaled into an int; shown only when the export takes longer than a moment.
    constexpr int kSteps = 1000;
    QProgressDialog progress(QObject::tr("Exporting %1…").arg(QFileInfo(path).fileName()),
                             QObject::tr("Cancel"), 0, kSteps, parent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(500);
    QObject::connect(&progress, &QProgressDialog::canceled, [&] { cancelled = true; });
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, [&] {
        if (total > 0)
            progress.setValue(static_cast<int>(
                std::min<std::int64_t>(kSteps - 1, written.load() * kSteps / total)));
    });
    tick.start(100);
    QEventLoop loop;
    QObject::connect(worker, &QThread::finished, &loop, &QEventLoop::quit);
    worker->start();
    loop.exec();
    worker->wait();
    delete worker;
    tick.stop();
    progress.reset();
    if (!ok && why)
        *why = reason;
    return ok;
}

} // namespace wb
