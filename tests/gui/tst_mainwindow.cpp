#include "TestSupport.h"
#include "WindowSupport.h"

#include "AppTheme.h"
#include "DatasetListView.h"
#include "DatasetStore.h"
#include "ExportDialog.h"
#include "ImportController.h"
#include "MainWindow.h"
#include "ParseReportPanel.h"
#include "PercentileView.h"
#include "PlotExporter.h"
#include "PlotStyle.h"
#include "PlotTheme.h"
#include "ProblemsPanel.h"
#include "Settings.h"
#include "StartPage.h"
#include "TableExport.h"
#include "WorkbenchView.h"
#include "WorkspaceSession.h"
#include "files/WorkspaceFile.h"
#include "parse/FormatRegistry.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDropEvent>
#include <QHash>
#include <QImage>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMimeData>
#include <QProxyStyle>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <sys/stat.h>

using namespace wb;

class TestMainWindow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void exportDialogSpeaksItsUnits();
    void exportChoicesAreRemembered();
    void exportsStayLightUnlessChosen();
    void themeMenuSwitchesAndIsRemembered();
    void startPageSaysWhatCanBeOpened();
    void dropAddsDatasetsAndReportsBadFiles();
    void folderDropLoadsEverythingReadable();
    void folderDropSkipsRunCompanions();
    void hiddenTabsCatchUpWhenShown();
    void everyPlotExportsPngPdfSvg_data();
    void everyPlotExportsPngPdfSvg();
    void cancelStopsAnImport();
    void closesWhileImporting();
    void workspaceRoundTrip();
    void corruptWorkspaceChangesNothing();
    void demoWorkspaceLoadsEverySample();
    void removingEverythingClearsEveryPanel();
    void mostlyRejectedFileGetsABanner();
    void failedTableExportsAndEditsGoToProblems();
    void screenshots();

private:
    static QStringList qjumpSamples();
    // The window shown with the QJump samples loaded; false when they did not load.
    bool showQjumpSamples(MainWindow& window);
    bool waitForImport(MainWindow& window);
    QTemporaryDir m_dir;
};

QStringList TestMainWindow::qjumpSamples() {
    return test::qjumpSamplePaths();
}

bool TestMainWindow::showQjumpSamples(MainWindow& window) {
    window.importPaths(qjumpSamples());
    if (!waitForImport(window))
        return false;
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

void TestMainWindow::initTestCase() {
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true); // keep QSettings away from the user's
}

bool TestMainWindow::waitForImport(MainWindow& window) {
    QSignalSpy finished(window.importer(), &ImportController::finished);
    return finished.wait(60000);
}

void TestMainWindow::dropAddsDatasetsAndReportsBadFiles() {
    MainWindow window;
    window.show();
    const QString bad = m_dir.filePath("core.bin");
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray("\x7f"
                          "ELF\x02\x01\x01\0\0\0",
                          10));
    file.close();

    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& path :
         qjumpSamples() + QStringList{bad, test::samplePath("geni-cubic-P30.txt")})
        urls << QUrl::fromLocalFile(path);
    mime.setUrls(urls);
    // An empty window shows the start page, not empty axes.
    auto* start = window.findChild<StartPage*>();
    QVERIFY(start && start->isVisible());
    // As a real drag does: enter (which the window must accept), then drop; the start page is
    // highlighted while the drag hovers.
    QDragEnterEvent enter(QPoint(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QVERIFY(start->dropHighlighted());
    QDropEvent drop(QPointF(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QSignalSpy finished(window.importer(), &ImportController::finished);
    QApplication::sendEvent(&window, &drop);
    QVERIFY(!start->dropHighlighted());
    QVERIFY(finished.wait(60000));
    QVERIFY(!start->isVisible()); // the plots now
    // The file not read is listed in the Problems panel, which blocks nothing.
    auto* problems = window.findChild<ProblemsPanel*>();
    QCOMPARE(problems->count(), 1);
    QVERIFY(problems->newestDetails().front().startsWith(bad));
    QVERIFY(!QApplication::activeModalWidget());
    // A second drag over the plots shows the drop frame over them.
    QDragEnterEvent again(QPoint(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &again);
    auto* overlay = window.findChild<QLabel*>(QStringLiteral("dropOverlay"));
    QVERIFY(overlay && overlay->isVisible());
    QDragLeaveEvent leave;
    QApplication::sendEvent(&window, &leave);
    QVERIFY(!overlay->isVisible());
    QCOMPARE(finished.first().at(0).toInt(), 6); // five ping logs and one iperf log
    QCOMPARE(finished.first().at(1).toInt(), 1);
    QCOMPARE(window.store()->entries().size(), std::size_t{6});
    QCOMPARE(window.lastImportErrors().size(), qsizetype(1));
    QVERIFY2(window.lastImportErrors().front().startsWith(bad + ": binary data"),
             qPrintable(window.lastImportErrors().front()));
    QCOMPARE(window.store()->entries().front().label, QStringLiteral("ping18_np"));
    QCOMPARE(window.store()->visibleLatency().size(), std::size_t{5});
    QCOMPARE(window.store()->visibleThroughput().size(), std::size_t{1});
}

void TestMainWindow::folderDropLoadsEverythingReadable() {
    MainWindow window;
    window.importPaths({QStringLiteral(WIREBENCH_SAMPLES_DIR)});
    QVERIFY(waitForImport(window));
    // Every ping18_* and every iperf sample; scripts and READMEs are refused, not fatal.
    QVERIFY(window.store()->entries().size() >= 5 + 8);
    for (const QString& error : window.lastImportErrors())
        QVERIFY2(error.contains(".sh: ") || error.contains(".py: ") || error.contains("README") ||
                     error.contains("params") || error.contains("-tc.txt") ||
                     error.contains("udp-check") || error.contains("tcp-ss") ||
                     error.contains("recording-logs") || error.contains("plans/"),
                 qPrintable(error));
}

// A folder of runs shows one dataset per run: the .run.json and .server.log files beside a
// client log are read with it, not as logs of their own.
void TestMainWindow::folderDropSkipsRunCompanions() {
    QTemporaryDir dir;
    for (const char* name : {"tcp-cubic.log", "tcp-cubic.run.json", "tcp-cubic.server.log",
                             "demo.wbws", "sub/ping.log"}) {
        QDir(dir.path()).mkpath(QFileInfo(dir.filePath(name)).path());
        QFile file(dir.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
    }
    QCOMPARE(ImportController::expandPaths({dir.path()}),
             (QStringList{dir.filePath("sub/ping.log"), dir.filePath("tcp-cubic.log")}));
}

// Only the shown tab rebuilds during an import (a large log must not make every tab
// recompute on the GUI thread); another tab rebuilds when it is shown.
void TestMainWindow::hiddenTabsCatchUpWhenShown() {
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    auto* tabs = window.findChild<QTabWidget*>();
    QVERIFY(tabs);
    WorkbenchView* hidden = nullptr;
    for (WorkbenchView* view : window.views())
        if (view != window.currentView() && view->plot() && view->title().contains("band"))
            hidden = view;
    QVERIFY(hidden);
    window.importPaths({test::samplePath("ping18_np")});
    QVERIFY(waitForImport(window));
    QCOMPARE(hidden->plot()->plottableCount(), 0); // stale, not yet rebuilt
    tabs->setCurrentWidget(hidden);
    QVERIFY(hidden->plot()->plottableCount() > 0);
}

void TestMainWindow::everyPlotExportsPngPdfSvg_data() {
    QTest::addColumn<QString>("suffix");
    for (const char* suffix : {"png", "pdf", "svg"})
        QTest::newRow(suffix) << suffix;
}

void TestMainWindow::everyPlotExportsPngPdfSvg() {
    QFETCH(QString, suffix);
    MainWindow window;
    window.importPaths(qjumpSamples() + QStringList{test::samplePath("geni-cubic-P30.txt"),
                                                    test::samplePath("geni-reno-P30.txt")});
    QVERIFY(waitForImport(window));
    int plots = 0;
    for (WorkbenchView* view : window.views()) {
        view->bringUpToDate(); // a tab never shown rebuilds when asked
        QCustomPlot* plot = view->plot();
        if (!plot)
            continue; // a table: it has its own export
        ++plots;
        const QString path =
            m_dir.filePath(QStringLiteral("%1.%2").arg(view->exportName(), suffix));
        QString error;
        ExportOptions options;
        options.points = QSizeF(432, 270); // 6 × 3.75 in
        options.dpi = 200;
        options.title = QStringLiteral("Test title");
        QVERIFY2(PlotExporter::save(plot, path, options, &error), qPrintable(error));
        const QByteArray bytes = test::readAll(path);
        if (suffix == "png") {
            const QImage image(path);
            QCOMPARE(image.size(), QSize(1200, 750)); // inches × dpi
            QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), 200);
        } else if (suffix == "pdf") {
            QVERIFY(bytes.startsWith("%PDF-"));
            QVERIFY(bytes.contains("/MediaBox [0 0 432.000000 270.000000]"));
        } else {
            QVERIFY(bytes.contains("<svg"));
            QVERIFY2(bytes.contains("width=\"152.4mm\" height=\"95.25mm\""),
                     bytes.left(400).constData());
        }
    }
    QCOMPARE(plots, static_cast<int>(window.views().size())); // every tab draws, Compare too
}

void TestMainWindow::cancelStopsAnImport() {
    // A FIFO is refused (it could block the import forever), so the import to cancel is many
    // big regular files: the cancel, made on the first progress report, arrives while the
    // first of them is read or soon after, long before the last one.
    const QString path = m_dir.filePath("cancel-big.log");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("PING 198.18.0.8 (198.18.0.8) 56(84) bytes of data.\n");
    for (int seq = 1; seq <= 300000; ++seq)
        file.write("64 bytes from 198.18.0.8: icmp_seq=" + QByteArray::number(seq % 65536) +
                   " ttl=64 time=0.123 ms\n");
    file.close();
    const QStringList paths(40, path);
    MainWindow window;
    QSignalSpy finished(window.importer(), &ImportController::finished);
    QSignalSpy progress(window.importer(), &ImportController::progress);
    window.importPaths(paths);
    QTRY_VERIFY_WITH_TIMEOUT(progress.count() > 0, 10000); // running
    QCOMPARE(finished.count(), 0);
    window.importer()->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() > 0, 30000);
    QCOMPARE(finished.first().at(2).toBool(), true);
    // What was read before the cancel is kept as datasets; the files after it are not read.
    const std::size_t kept = window.store()->entries().size();
    QVERIFY2(kept >= 1 && kept < std::size_t(paths.size()), qPrintable(QString::number(kept)));
}

// The window can go while an import runs: the import is cancelled and waited for, and what it
// had still queued for the window is dropped with it.
void TestMainWindow::closesWhileImporting() {
    const QString path = m_dir.filePath("large.log");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("PING 198.18.0.8 (198.18.0.8) 56(84) bytes of data.\n");
    for (int seq = 1; seq <= 400000; ++seq)
        file.write("64 bytes from 198.18.0.8: icmp_seq=" + QByteArray::number(seq) +
                   " ttl=64 time=0.123 ms\n");
    file.close();
    for (int wait : {0, 1, 20}) {
        MainWindow window;
        window.importPaths({path, path});
        QVERIFY(window.importer()->busy());
        QTest::qWait(wait);
    }
}

void TestMainWindow::workspaceRoundTrip() {
    const QString path = m_dir.filePath("round.wbws");
    {
        MainWindow window;
        window.importPaths(qjumpSamples().mid(0, 2) +
                           QStringList{test::samplePath("geni-reno-P30.txt")});
        QVERIFY(waitForImport(window));
        const int first = window.store()->entries()[0].id;
        const int second = window.store()->entries()[1].id;
        window.store()->setLabel(first, QStringLiteral("idle — µs"));
        window.store()->setColor(first, SeriesColor::rgb8(0x12, 0x34, 0x56));
        window.store()->setVisible(second, false);
        QString error;
        QVERIFY2(window.saveWorkspace(path, &error), qPrintable(error));
    }
    MainWindow reopened;
    // The logs are in samples/, outside the workspace's folder: the user agrees to read them.
    reopened.setOutsideFolderQuestion([](const QString&, const QStringList&) { return true; });
    QString error;
    QVERIFY2(test::openWorkspace(reopened, path, &error), qPrintable(error));
    const auto& entries = reopened.store()->entries();
    QCOMPARE(entries.size(), std::size_t{3});
    QCOMPARE(entries[0].label, QStringLiteral("idle — µs"));
    QCOMPARE(PlotStyle::toColor(entries[0].color), QColor("#123456"));
    QCOMPARE(entries[1].visible, false);
    QCOMPARE(entries[1].label, QStringLiteral("ping18_iperf16_np"));
    QCOMPARE(entries[2].dataset().flows.flows.size(), std::size_t{30});
    QCOMPARE(entries[0].dataset().latency.size(), std::size_t{5000});
}

void TestMainWindow::corruptWorkspaceChangesNothing() {
    MainWindow window;
    window.importPaths(qjumpSamples().mid(0, 1));
    QVERIFY(waitForImport(window));
    const QString path = m_dir.filePath("corrupt.wbws");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"format\":\"wirebench-workspace\",\"version\":1,\"datasets\":[{\"path\":");
    file.close();
    QString error;
    QVERIFY(!test::openWorkspace(window, path, &error));
    QVERIFY2(error.contains("corrupt.wbws"), qPrintable(error));
    QCOMPARE(window.store()->entries().size(), std::size_t{1}); // the window is untouched
}

void TestMainWindow::demoWorkspaceLoadsEverySample() {
    // samples/demo.wbws is what `./setup.sh demo` opens: every log of samples/, the seed
    // configurations visible and labelled, and the logs of the steps recorded in subfolders
    // (latency under load, the bottleneck). It must list every log and open without a miss.
    const QString path = test::samplePath("demo.wbws");
    QString error;
    const auto workspace = WorkspaceFile::load(path, &error);
    QVERIFY2(workspace, qPrintable(error));
    QVERIFY(WorkspaceSession::read(path).missingLogs.isEmpty());
    QStringList listed;
    QStringList steps;
    const QDir samples(QStringLiteral(WIREBENCH_SAMPLES_DIR));
    for (const WorkspaceDataset& dataset : workspace->datasets) {
        const QString relative = samples.relativeFilePath(dataset.absoluteSource);
        if (relative.contains(QLatin1Char('/')))
            steps << relative.section(QLatin1Char('/'), 0, 0);
        else
            listed << relative;
    }
    QVERIFY(steps.contains(QStringLiteral("latency-under-load")));
    QVERIFY(steps.contains(QStringLiteral("bottleneck")));
    const QStringList logs = QDir(QStringLiteral(WIREBENCH_SAMPLES_DIR))
                                 .entryList({"*"}, QDir::Files)
                                 .filter(QRegularExpression(QStringLiteral(
                                     "^(?!.*\\.(sh|md|py|wbws)$)(?!.*-check\\.txt$)")));
    QCOMPARE(listed, logs);

    MainWindow window;
    QVERIFY2(test::openWorkspace(window, path, &error), qPrintable(error));
    QVERIFY2(window.lastImportErrors().isEmpty(), qPrintable(window.lastImportErrors().join('\n')));
    QCOMPARE(window.store()->entries().size(), workspace->datasets.size());
    // QJump's five pings and the latency-under-load step's; GENI and recorded cubic vs reno,
    // and the step's four flows and its ss samples.
    QCOMPARE(window.store()->visibleLatency().size(), std::size_t{6});
    QCOMPARE(window.store()->visibleThroughput().size(), std::size_t{9});
    for (const DatasetEntry& entry : window.store()->entries())
        QVERIFY2(!entry.hasProblems(), qPrintable(entry.label));
}

namespace {
bool showsText(const QWidget* widget, const QString& text) {
    const auto labels = widget->findChildren<QLabel*>();
    return std::any_of(labels.begin(), labels.end(), [&](const QLabel* label) {
        return label->isVisibleTo(widget->window()) && label->text().contains(text);
    });
}

QStringList axisLabels(const QCustomPlot* plot) {
    const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(plot->xAxis->ticker());
    return ticker ? QStringList(ticker->ticks().values()) : QStringList();
}
} // namespace

// Every panel follows the store: with the last dataset removed, none still names it.
void TestMainWindow::removingEverythingClearsEveryPanel() {
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    window.importPaths({test::samplePath("ping18_np")});
    QVERIFY(waitForImport(window));
    DatasetListView* list = window.datasetList();
    list->setCurrentIndex(list->model()->index(0, 0));
    auto* report = window.findChild<ParseReportPanel*>();
    QVERIFY(showsText(report, QStringLiteral("ping18_np")));
    auto* tabs = window.findChild<QTabWidget*>();
    auto* percentiles = window.findChild<PercentileView*>();
    tabs->setCurrentWidget(percentiles);
    auto* intervals = percentiles->findChild<QCustomPlot*>();
    QTRY_VERIFY(axisLabels(intervals).join(QString()).contains(QStringLiteral("ping18")));
    auto* status = window.statusBar();
    QVERIFY(showsText(status, QStringLiteral("loaded")));

    list->selectAll();
    for (QAction* action : list->actions())
        if (action->text() == QStringLiteral("Remove"))
            action->trigger();
    QVERIFY(window.store()->entries().empty());
    QTest::qWait(50); // views redraw on the next pass of the event loop
    QVERIFY(!showsText(report, QStringLiteral("ping18_np")));
    // The start page takes the plots' place; a plot still shown names nothing.
    QVERIFY(window.findChild<StartPage*>()->isVisible());
    QVERIFY2(!intervals->isVisible() || axisLabels(intervals).isEmpty(),
             qPrintable(axisLabels(intervals).join(", ")));
    QVERIFY(!showsText(status, QStringLiteral("loaded")));
}

// A file most of whose replies could not be read is named above the plots, not only marked.
void TestMainWindow::mostlyRejectedFileGetsABanner() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("garbled-ping.txt"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("PING 198.18.0.2 (198.18.0.2) 56(84) bytes of data.\n");
    // 8 readable replies, 6 with a garbled time, 6 cut short (a log written by a killed ping)
    for (int seq = 1; seq <= 20; ++seq) {
        QByteArray line =
            QStringLiteral("64 bytes from 198.18.0.2: icmp_seq=%1 ttl=64 time=%2 ms\n")
                .arg(seq)
                .arg(seq <= 8 ? QStringLiteral("0.0%1").arg(seq) : QStringLiteral("abc"))
                .toUtf8();
        file.write(seq > 14 ? line.left(40) + '\n' : line);
    }
    file.close();
    MainWindow window;
    window.show();
    auto* banner = window.findChild<QLabel*>(QStringLiteral("rejectionBanner"));
    QVERIFY(banner);
    QVERIFY(!banner->isVisibleTo(&window));
    window.importPaths({test::samplePath("ping18_np"), path});
    QVERIFY(waitForImport(window));
    const DatasetEntry& garbled = window.store()->entries().back();
    const qint64 errors = garbled.report.parseErrors.count() + garbled.report.rangeErrors.count();
    QVERIFY2(errors > garbled.report.samples / 9, qPrintable(QString::number(errors)));
    QVERIFY(banner->isVisibleTo(&window));
    QCOMPARE(banner->text(), QStringLiteral("⚠ garbled-ping.txt: kept %1 of %2 replies — see the "
                                            "parse report")
                                 .arg(garbled.report.samples)
                                 .arg(garbled.report.samples + errors));
    QVERIFY(!banner->text().contains(QStringLiteral("ping18_np")));
    window.store()->remove(garbled.id);
    QVERIFY(!banner->isVisibleTo(&window));
}

// A table export that cannot be written and a relabel pattern that cannot be used are listed
// in the Problems panel; no message box waits for an answer.
void TestMainWindow::failedTableExportsAndEditsGoToProblems() {
    MainWindow window;
    window.show();
    window.importPaths({test::samplePath("ping18_np")});
    QVERIFY(waitForImport(window));
    auto* problems = window.findChild<ProblemsPanel*>();
    const QString unwritable = m_dir.filePath(QStringLiteral("no-such-folder/table.csv"));
    int listed = 0;
    for (WorkbenchView* view : window.views()) {
        QVERIFY(!TableExport::saveAs(view, unwritable, {Table{}}));
        QCOMPARE(problems->count(), ++listed);
        QVERIFY2(problems->newestDetails().front().startsWith(unwritable),
                 qPrintable(problems->newestDetails().join('\n')));
    }
    QVERIFY(problems->isVisible());

    DatasetListView* list = window.datasetList();
    list->selectAll();
    QAction* relabel = nullptr;
    for (QAction* action : list->actions())
        if (action->text() == QStringLiteral("Relabel…"))
            relabel = action;
    QVERIFY(relabel);
    QTimer::singleShot(0, [] {
        auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        dialog->setTextValue(QStringLiteral("{nope}"));
        dialog->accept();
    });
    relabel->trigger();
    QCOMPARE(problems->count(), listed + 1);
    QVERIFY2(problems->newestDetails().join('\n').contains(QStringLiteral("nope")),
             qPrintable(problems->newestDetails().join('\n')));
    QCOMPARE(window.store()->entries().front().label, QStringLiteral("ping18_np"));
    QVERIFY(!QApplication::activeModalWidget());
}

void TestMainWindow::screenshots() {
    // For people: with WIREBENCH_SCREENSHOTS=DIR set, saves each tab with the samples loaded.
    const QString dir = qEnvironmentVariable("WIREBENCH_SCREENSHOTS");
    if (dir.isEmpty())
        QSKIP("set WIREBENCH_SCREENSHOTS=DIR to save screenshots of every tab");
    MainWindow window;
    window.resize(1500, 900);
    window.show();
    QString error;
    QVERIFY2(test::openWorkspace(window, test::samplePath("demo.wbws"), &error), qPrintable(error));
    auto* tabs = window.findChild<QTabWidget*>();
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QTest::qWait(200);
        QVERIFY(window.grab().save(QStringLiteral("%1/tab%2.png").arg(dir).arg(i)));
    }
}

// Sizes are physical: a PDF or SVG page of that size, a PNG of inches × dpi pixels; the dialog
// says which, and its legend and font choices reach the export's options.
void TestMainWindow::exportDialogSpeaksItsUnits() {
    ExportOptions defaults;
    defaults.legend = LegendPlace::Below;
    ExportDialog png(QStringLiteral("/tmp/figure.png"), defaults);
    QVERIFY2(
        png.unitsText().contains(QStringLiteral("1050 × 750 pixels, 3.50 × 2.50 in at 300 dpi")),
        qPrintable(png.unitsText()));
    ExportDialog pdf(QStringLiteral("/tmp/figure.pdf"), defaults);
    QVERIFY2(pdf.unitsText().contains(QStringLiteral("3.50 × 2.50 in page (252.0 × 180.0 pt)")),
             qPrintable(pdf.unitsText()));
    QCOMPARE(pdf.findChild<QComboBox*>(QStringLiteral("preset"))->currentIndex(), 0);
    // The same size in centimetres, and a preset picked from the list.
    auto* unit = pdf.findChild<QComboBox*>(QStringLiteral("unit"));
    unit->setCurrentIndex(unit->findText(QStringLiteral("cm")));
    QCOMPARE(pdf.options().points.width(), 252.0);
    auto* preset = pdf.findChild<QComboBox*>(QStringLiteral("preset"));
    preset->setCurrentIndex(2);
    emit preset->activated(2);
    QVERIFY(std::abs(pdf.options().points.width() - 720) < 0.5);
    QVERIFY(std::abs(pdf.options().points.height() - 5.63 * 72) < 0.5);
    QCOMPARE(pdf.options().legend, LegendPlace::Below);
    QCOMPARE(pdf.options().fontSize, 0.0); // the plots' own size unless changed
    QVERIFY(pdf.options().fontFamily.isEmpty());
}

// The next export starts from the last one's size, scale, legend place and font.
namespace {

// The colour most of an image's pixels have (a figure's background), and whether any pixel
// is at most `darkest` or at least `lightest` in lightness (its text and axes).
struct ImageColours {
    QColor mostCommon;
    int darkestLightness = 255;
    int lightestLightness = 0;
};

ImageColours coloursOf(const QImage& image) {
    QHash<QRgb, int> counts;
    ImageColours colours;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            ++counts[pixel.rgb()];
            colours.darkestLightness = std::min(colours.darkestLightness, pixel.lightness());
            colours.lightestLightness = std::max(colours.lightestLightness, pixel.lightness());
        }
    colours.mostCommon = QColor(std::max_element(counts.begin(), counts.end()).key());
    return colours;
}

} // namespace

void TestMainWindow::exportChoicesAreRemembered() {
    ExportOptions chosen;
    chosen.points = QSizeF(500, 300);
    chosen.dpi = 600;
    chosen.legend = LegendPlace::Right;
    chosen.fontFamily = QStringLiteral("DejaVu Serif");
    chosen.fontSize = 8;
    chosen.colours = FigureColours::Screen;
    QCOMPARE(Settings().exportOptions().colours, FigureColours::Paper); // until chosen
    Settings().setExportOptions(chosen);
    const ExportOptions back = Settings().exportOptions();
    QCOMPARE(back.points, QSizeF(500, 300));
    QCOMPARE(back.dpi, 600.0);
    QCOMPARE(back.legend, LegendPlace::Right);
    QCOMPARE(back.fontFamily, QStringLiteral("DejaVu Serif"));
    QCOMPARE(back.fontSize, 8.0);
    QCOMPARE(back.colours, FigureColours::Screen);
    Settings().setExportOptions(ExportOptions());
}

// In the dark theme the export dialog's default draws a figure for paper (white background,
// black text and axes); "as on screen" draws the dark one; the report's figures are light;
// the view stays dark on screen.
void TestMainWindow::exportsStayLightUnlessChosen() {
    AppTheme::apply(AppTheme::Theme::Dark);
    MainWindow window;
    QVERIFY(showQjumpSamples(window));
    QCustomPlot* plot = window.views().front()->plot();
    const QColor base = AppTheme::darkPalette().color(QPalette::Base);
    plot->replot(QCustomPlot::rpImmediateRefresh);
    QCOMPARE(plot->grab().toImage().pixelColor(2, 2).name(), base.name());

    const QString path = m_dir.filePath(QStringLiteral("dark-theme.png"));
    ExportDialog dialog(path, Settings().exportOptions());
    QCOMPARE(dialog.options().colours, FigureColours::Paper);
    QString error;
    QVERIFY2(PlotExporter::save(plot, path, dialog.options(), &error), qPrintable(error));
    ImageColours paper = coloursOf(QImage(path));
    QCOMPARE(paper.mostCommon, QColor(Qt::white));
    QVERIFY(paper.darkestLightness < 40);
    const QByteArray svg = PlotExporter::toSvg(plot, dialog.options());
    QVERIFY(!svg.contains(base.name().toLatin1()));

    auto* colours = dialog.findChild<QComboBox*>(QStringLiteral("colours"));
    QVERIFY(colours);
    colours->setCurrentIndex(colours->findData(static_cast<int>(FigureColours::Screen)));
    QVERIFY2(PlotExporter::save(plot, path, dialog.options(), &error), qPrintable(error));
    const ImageColours screen = coloursOf(QImage(path));
    QCOMPARE(screen.mostCommon.name(), base.name());
    QVERIFY(screen.lightestLightness > 200);
    QVERIFY(PlotExporter::toSvg(plot, dialog.options()).contains(base.name().toLatin1()));

    // The report's figures are light whatever the theme.
    const QString report = m_dir.filePath(QStringLiteral("dark-theme.html"));
    QVERIFY2(window.exportReport(report, &error), qPrintable(error));
    QFile html(report);
    QVERIFY(html.open(QIODevice::ReadOnly));
    const QByteArray page = html.readAll();
    QVERIFY(page.contains("<svg"));
    QVERIFY(!page.contains(base.name().toLatin1()));

    // Exporting left the view in its screen colours.
    plot->replot(QCustomPlot::rpImmediateRefresh);
    QCOMPARE(plot->grab().toImage().pixelColor(2, 2).name(), base.name());
    AppTheme::apply(AppTheme::Theme::System);
}

// View ▸ Theme sets the application's look at once and is remembered; Follow system brings
// the platform's palette back.
void TestMainWindow::themeMenuSwitchesAndIsRemembered() {
    const QColor platformBase = QApplication::palette().color(QPalette::Base);
    MainWindow window;
    QVERIFY(showQjumpSamples(window));
    QCustomPlot* plot = window.views().front()->plot();
    auto choose = [&](const char* name) {
        auto* action = window.findChild<QAction*>(QString::fromLatin1(name));
        QVERIFY(action && action->isCheckable());
        action->trigger();
        QVERIFY(action->isChecked());
    };
    choose("theme-dark");
    QCOMPARE(Settings().theme(), AppTheme::Theme::Dark);
    const auto* proxy = qobject_cast<QProxyStyle*>(QApplication::style());
    QVERIFY(proxy); // Fusion, its check boxes outlined
    QCOMPARE(proxy->baseStyle()->name(), QStringLiteral("fusion"));
    const QColor darkBase = AppTheme::darkPalette().color(QPalette::Base);
    QCOMPARE(QApplication::palette().color(QPalette::Base), darkBase);
    QTRY_COMPARE(plot->xAxis->tickLabelColor(), AppTheme::darkPalette().color(QPalette::Text));
    QVERIFY(PlotTheme::contrast(plot->xAxis->tickLabelColor(), darkBase) >= 4.5);
    // A warning in the window keeps its orange, lightened to read on the dark window.
    auto* mixes = window.findChild<QLabel*>(QStringLiteral("groupMixes"));
    QVERIFY(mixes);
    const QColor warning = mixes->palette().color(QPalette::WindowText);
    QVERIFY2(warning.hslHue() >= 20 && warning.hslHue() <= 40, qPrintable(warning.name()));
    QVERIFY2(PlotTheme::contrast(warning, QApplication::palette().color(QPalette::Window)) >= 4.5,
             qPrintable(warning.name() + QApplication::palette().color(QPalette::Window).name()));

    choose("theme-light");
    QCOMPARE(Settings().theme(), AppTheme::Theme::Light);
    QCOMPARE(QApplication::palette().color(QPalette::Base), QColor(Qt::white));
    QTRY_COMPARE(plot->xAxis->tickLabelColor(), QColor(Qt::black));

    choose("theme-system");
    QCOMPARE(Settings().theme(), AppTheme::Theme::System);
    QCOMPARE(QApplication::palette().color(QPalette::Base), platformBase);
}

// The start page lists every tool the registry reads, offers the window's open actions and
// the recent files, and opens one when it is activated.
void TestMainWindow::startPageSaysWhatCanBeOpened() {
    const QString log = test::samplePath(QStringLiteral("ping18_np"));
    {
        MainWindow first;
        first.importPaths({log});
        QVERIFY(waitForImport(first));
    }
    MainWindow window;
    window.show();
    auto* start = window.findChild<StartPage*>();
    QVERIFY(start && start->isVisible());
    const QString formats = start->findChild<QLabel*>(QStringLiteral("startFormats"))->text();
    for (const FormatEntry& entry : FormatRegistry::formats())
        QVERIFY2(formats.contains(QLatin1String(entry.dialect)), entry.id);
    QStringList buttons;
    for (const QToolButton* button : start->findChildren<QToolButton*>())
        buttons << button->defaultAction()->text();
    QCOMPARE(buttons, (QStringList{"&Open logs…", "Open &folder…", "Open &workspace…"}));
    auto* recent = start->findChild<QListWidget*>(QStringLiteral("recentFiles"));
    QVERIFY(recent->isVisible());
    QCOMPARE(recent->item(0)->data(Qt::UserRole).toString(), QFileInfo(log).absoluteFilePath());
    emit recent->itemActivated(recent->item(0));
    QVERIFY(waitForImport(window));
    QCOMPARE(window.store()->entries().size(), std::size_t(1));
    QVERIFY(!start->isVisible());
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
