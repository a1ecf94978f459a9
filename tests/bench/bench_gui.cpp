// The workbench's own timings (issue 7, point 4), on a generated iputils log:
//   - drop to drawn: from importPaths() until the Latency CDF tab has drawn the new curve
//   - one repaint of the CDF tab with ten such datasets visible
//   - the longest the event loop was blocked while the import ran (a 5 ms timer's gaps)
// WIREBENCH_BENCH_REPLIES sets the log size (default 200000 for the CTest smoke run; the
// README's benchmark uses 5000000). With WIREBENCH_BENCH_STRICT=1 a missed target fails;
// the CTest smoke run only checks that everything gets drawn and prints the times, because
// a shared CI machine's timings are not the product's.

#include "EventLoopWatch.h"
#include "TestSupport.h"

#include "CdfView.h"
#include "DatasetStore.h"
#include "ImportController.h"
#include "MainWindow.h"

#include <qcustomplot.h>

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace wb;

namespace {

constexpr qint64 kDropToDrawnMs = 1500;
constexpr double kRepaintMs = 30;
constexpr qint64 kEventLoopBlockMs = 50;
constexpr int kDatasets = 10;

bool strict() {
    return qEnvironmentVariableIntValue("WIREBENCH_BENCH_STRICT") == 1;
}

CdfView* cdfViewOf(MainWindow& window) {
    for (WorkbenchView* view : window.views())
        if (auto* cdf = qobject_cast<CdfView*>(view))
            return cdf;
    return nullptr;
}

} // namespace

class BenchGui : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_replies = qEnvironmentVariableIntValue("WIREBENCH_BENCH_REPLIES");
        if (m_replies <= 0)
            m_replies = 200000;
        QVERIFY(m_dir.isValid());
        m_log = m_dir.filePath(QStringLiteral("ping.log"));
        QProcess generate;
        generate.start(QStringLiteral("/usr/bin/python3"),
                       {QStringLiteral(WIREBENCH_TOOLS_DIR "/../bench/make_ping_log.py"),
                        QString::number(m_replies), m_log});
        QVERIFY(generate.waitForFinished(600000));
        QCOMPARE(generate.exitCode(), 0);
    }

    void dropToDrawnAndResponsive() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        CdfView* cdf = cdfViewOf(window);
        QVERIFY(cdf);
        bool drawn = false;
        connect(cdf->plot(), &QCustomPlot::afterReplot, this,
                [&] { drawn = drawn || cdf->plot()->graphCount() > 0; });
        test::EventLoopWatch watch;
        QSignalSpy finished(window.importer(), &ImportController::finished);
        QElapsedTimer clock;
        watch.start();
        clock.start();
        window.importPaths({m_log});
        QTRY_VERIFY_WITH_TIMEOUT(drawn, 60000);
        const qint64 dropToDrawn = clock.elapsed();
        QVERIFY(finished.count() > 0 || finished.wait(60000));
        const qint64 blocked = watch.stop();
        qInfo("%d replies: drop to drawn %lld ms (target %lld), event loop blocked at most %lld ms "
              "(target %lld)",
              m_replies, dropToDrawn, kDropToDrawnMs, blocked, kEventLoopBlockMs);
        if (strict()) {
            QVERIFY(dropToDrawn <= kDropToDrawnMs);
            QVERIFY(blocked <= kEventLoopBlockMs);
        }
    }

    void repaintWithTenDatasets() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(window.importer(), &ImportController::finished);
        window.importPaths(QStringList(kDatasets, m_log));
        QVERIFY(finished.wait(600000));
        QCOMPARE(window.store()->entries().size(), std::size_t(kDatasets));
        QCustomPlot* plot = cdfViewOf(window)->plot();
        QTest::qWait(50);
        std::vector<double> times;
        for (int i = 0; i < 11; ++i) {
            QElapsedTimer clock;
            clock.start();
            plot->replot(QCustomPlot::rpImmediateRefresh);
            times.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
        }
        std::sort(times.begin(), times.end());
        const double median = times[times.size() / 2];
        qInfo("%d datasets of %d replies: CDF repaint median %.1f ms (target %.0f)", kDatasets,
              m_replies, median, kRepaintMs);
        QVERIFY(plot->graphCount() >= kDatasets);
        if (strict())
            QVERIFY(median <= kRepaintMs);
    }

private:
    QTemporaryDir m_dir;
    QString m_log;
    int m_replies = 0;
};

QTEST_MAIN(BenchGui)
#include "bench_gui.moc"
