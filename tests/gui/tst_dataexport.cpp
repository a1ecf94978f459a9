#include "DataExportDialog.h"
#include "DatasetStore.h"
#include "ImportController.h"
#include "MainWindow.h"
#include "TestSupport.h"

#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace wb;

// File ▸ Export data writes what wirebench-cli export writes for the same logs, byte for byte:
// the window hands its datasets, labels and metadata to the same TidyExport.
class TestDataExport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void windowExportIsTheCliExport_data();
    void windowExportIsTheCliExport();
    void dialogNamesTheFileByItsFormat();

private:
    QTemporaryDir m_dir;
};

void TestDataExport::windowExportIsTheCliExport_data() {
    QTest::addColumn<int>("table");
    QTest::addColumn<int>("format");
    QTest::newRow("samples csv") << static_cast<int>(TidyExport::Table::Samples)
                                 << static_cast<int>(TidyExport::Format::Csv);
    QTest::newRow("intervals jsonl") << static_cast<int>(TidyExport::Table::Intervals)
                                     << static_cast<int>(TidyExport::Format::Jsonl);
    QTest::newRow("flows csv") << static_cast<int>(TidyExport::Table::Flows)
                               << static_cast<int>(TidyExport::Format::Csv);
    QTest::newRow("runs csv") << static_cast<int>(TidyExport::Table::Runs)
                              << static_cast<int>(TidyExport::Format::Csv);
}

void TestDataExport::windowExportIsTheCliExport() {
    QFETCH(int, table);
    QFETCH(int, format);
    const auto what = static_cast<TidyExport::Table>(table);
    const auto as = static_cast<TidyExport::Format>(format);
    const QStringList logs{test::samplePath("ping18_np"), test::samplePath("iperf3-cubic-P4.json"),
                           test::dataPath("ping/busybox_dup_loss.txt")};
    MainWindow window;
    window.show();
    QSignalSpy finished(window.importer(), &ImportController::finished);
    window.importPaths(logs);
    QVERIFY(finished.wait(60000));
    QCOMPARE(window.store()->entries().size(), std::size_t(3));

    const QString mine = m_dir.filePath(QStringLiteral("window"));
    QString error;
    QVERIFY2(window.exportData(mine, what, as, &error), qPrintable(error));
    const QString cli = m_dir.filePath(QStringLiteral("cli"));
    const test::CliRun run =
        test::runCli(QStringList{"export", "--what", TidyExport::tableName(what), "--format",
                                 as == TidyExport::Format::Csv ? "csv" : "jsonl", "-o", cli} +
                     logs);
    QCOMPARE(run.exitCode, 0);
    QFile a(mine);
    QFile b(cli);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    const QByteArray windowBytes = a.readAll();
    QVERIFY(windowBytes.count('\n') > 1);
    QCOMPARE(windowBytes, b.readAll());
}

// The file's suffix follows the chosen format; the table chosen is the one returned.
// WIREBENCH_SCREENSHOTS=DIR saves the dialog as DIR/data-export-dialog.png.
void TestDataExport::dialogNamesTheFileByItsFormat() {
    DataExportDialog dialog(m_dir.filePath(QStringLiteral("runs.csv")));
    dialog.show();
    auto* format = dialog.findChild<QComboBox*>(QStringLiteral("format"));
    auto* table = dialog.findChild<QComboBox*>(QStringLiteral("table"));
    QVERIFY(format && table);
    format->setCurrentIndex(format->findData(static_cast<int>(TidyExport::Format::Jsonl)));
    QCOMPARE(dialog.path(), m_dir.filePath(QStringLiteral("runs.jsonl")));
    QCOMPARE(dialog.format(), TidyExport::Format::Jsonl);
    table->setCurrentIndex(table->findData(static_cast<int>(TidyExport::Table::Intervals)));
    QCOMPARE(dialog.table(), TidyExport::Table::Intervals);
    format->setCurrentIndex(format->findData(static_cast<int>(TidyExport::Format::Csv)));
    QCOMPARE(dialog.path(), m_dir.filePath(QStringLiteral("runs.csv")));
    const QString screenshots = qEnvironmentVariable("WIREBENCH_SCREENSHOTS");
    if (!screenshots.isEmpty())
        QVERIFY(dialog.grab().save(screenshots + QStringLiteral("/data-export-dialog.png")));
}

QTEST_MAIN(TestDataExport)
#include "tst_dataexport.moc"
