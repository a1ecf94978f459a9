#include "EventLoopWatch.h"
#include "ProcessTree.h"
#include "StoreSupport.h"
#include "TestSupport.h"
#include "files/RunSidecar.h"
#include "report/DatasetJson.h"
#include "run/MeasurementRun.h"
#include "run/RunValidation.h"
#include "stats/TcpState.h"

#include "CdfView.h"
#include "DatasetStore.h"
#include "MainWindow.h"
#include "ProblemsPanel.h"
#include "RunForm.h"
#include "RunPanel.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>
#include <random>

#include <time.h>
#include <unistd.h>

using namespace wb;

// Runs go to 127.0.0.1 only: a loopback ping needs no network, no peer and no root.
class TestRunPanel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void loopbackPingGrowsLive();
    void fastLiveRunKeepsTheWindowResponsive();
    void refusedTargetStartsNothing_data();
    void refusedTargetStartsNothing();
    void linkedOutputFolderStartsNothing();
    void cancelKeepsWhatWasMeasured();
    void loopbackIperf3ShowsFlows();
    void planStepsAreLabelled();
    void badPlanListsEveryProblem();
    void irrelevantOptionsAreDisabled();
    void formIsRemembered();
    void runLogsGoToAVisibleFolder();
    void latencyUnderLoadRunsOneStep();
    void irttHasItsOwnOptions();
    void loopbackIrttRunsWithItsServer();
    void stopSignalTearsDownAsQuitDoes();

private:
    static RunPanel* openPanel(MainWindow& window);
    static void fillPing(RunPanel* panel, const QString& target, int count, double interval,
                         const QString& folder);
    static QStringList filesIn(const QString& folder, const QString& pattern);
    static void screenshot(QWidget* window, const QString& name);
    QTemporaryDir m_dir;
};

void TestRunPanel::initTestCase() {
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true); // keep QSettings away from the user's
}

// As a user does: Measure ▸ New run… shows the hidden Run dock.
RunPanel* TestRunPanel::openPanel(MainWindow& window) {
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("run"));
    if (!dock || dock->isVisible())
        return nullptr; // hidden by default
    for (QAction* action : window.findChildren<QAction*>())
        if (action->text() == MainWindow::tr("&New run…"))
            action->trigger();
    return dock->isVisible() ? window.runPanel() : nullptr;
}

void TestRunPanel::fillPing(RunPanel* panel, const QString& target, int count, double interval,
                            const QString& folder) {
    panel->findChild<QComboBox*>(QStringLiteral("tool"))->setCurrentIndex(0); // ping
    auto* targetEdit = panel->findChild<QLineEdit*>(QStringLiteral("target"));
    targetEdit->clear();
    QTest::keyClicks(targetEdit, target);
    panel->findChild<QLineEdit*>(QStringLiteral("label"))->clear();
    panel->findChild<QSpinBox*>(QStringLiteral("count"))->setValue(count);
    panel->findChild<QDoubleSpinBox*>(QStringLiteral("interval"))->setValue(interval);
    panel->findChild<QLineEdit*>(QStringLiteral("clientPrefix"))->clear();
    panel->findChild<QLineEdit*>(QStringLiteral("extraArgs"))->clear();
    auto* output = panel->findChild<QLineEdit*>(QStringLiteral("outputFolder"));
    output->clear();
    QTest::keyClicks(output, folder);
}

QStringList TestRunPanel::filesIn(const QString& folder, const QString& pattern) {
    return QDir(folder).entryList({pattern}, QDir::Files);
}

void TestRunPanel::screenshot(QWidget* window, const QString& name) {
    const QString dir = qEnvironmentVariable("WIREBENCH_SCREENSHOTS");
    if (!dir.isEmpty())
        QVERIFY(window->grab().save(QStringLiteral("%1/%2.png").arg(dir, name)));
}

void TestRunPanel::loopbackPingGrowsLive() {
    MainWindow window;
    window.resize(1500, 900);
    window.show();
    RunPanel* panel = openPanel(window);
    QVERIFY(panel);
    const QString folder = m_dir.filePath(QStringLiteral("live"));
    fillPing(panel, QStringLiteral("127.0.0.1"), 12, 0.2, folder);

    // Reply counts the store held while the run was still going, in the order seen.
    std::vector<std::size_t> counts;
    const auto record = [&] {
        if (!panel->busy() || window.store()->entries().empty())
            return;
        const std::size_t n = window.store()->entries().front().dataset().latency.size();
        if (counts.empty() || counts.back() != n)
            counts.push_back(n);
    };
    connect(window.store(), &DatasetStore::added, this, record);
    connect(window.store(), &DatasetStore::changed, this, record);
    QStringList progressTexts;
    auto* progress = panel->findChild<QProgressBar*>(QStringLiteral("progress"));
    connect(progress, &QProgressBar::valueChanged, this,
            [&] { progressTexts << progress->text(); });

    QTest::mouseClick(panel->findChild<QPushButton*>(QStringLiteral("start")), Qt::LeftButton);
    QVERIFY2(panel->problems().isEmpty(), qPrintable(panel->problems().join('\n')));
    QVERIFY(panel->busy());
    QTRY_VERIFY_WITH_TIMEOUT(!panel->busy(), 30000);

    QCOMPARE(window.store()->entries().size(), std::size_t(1));
    const DatasetEntry& entry = window.store()->entries().front();
    QCOMPARE(entry.dataset().latency.size(), std::size_t(12));
    QCOMPARE(entry.label, QStringLiteral("ping 127.0.0.1"));
    // Grew while running: at least two different counts, each larger than the one before.
    QVERIFY2(counts.size() >= 3, qPrintable(QStringLiteral("counts seen: %1").arg(counts.size())));
    QVERIFY(std::is_sorted(counts.begin(), counts.end()));
    QVERIFY(counts.back() <= 12);
    qInfo() << "reply counts seen while running:" << counts;
    // The CDF view draws it.
    CdfView* cdf = nullptr;
    for (WorkbenchView* view : window.views())
        if (auto* c = qobject_cast<CdfView*>(view))
            cdf = c;
    QVERIFY(cdf);
    QTRY_VERIFY(cdf->graphOf(entry.id) && !cdf->graphOf(entry.id)->data()->isEmpty());
    QVERIFY(progressTexts.filter(QRegularExpression(QStringLiteral("^\\d+ / \\d+ s$"))).size() > 0);
    // Once over, the bar says how the run ended, not its last "elapsed / expected".
    QCOMPARE(progress->text(), QStringLiteral("completed"));

    QCOMPARE(filesIn(folder, QStringLiteral("*.log")).size(), 1);
    QCOMPARE(filesIn(folder, QStringLiteral("*.run.json")).size(), 1);
    const QString status = panel->statusText();
    QVERIFY2(status.startsWith(QStringLiteral("completed: 12 replies, log saved to ")),
             qPrintable(status));
    QVERIFY2(status.contains(filesIn(folder, QStringLiteral("*.log")).front()), qPrintable(status));
    // The status bar repeats it with the log's whole path.
    const QString log = QDir(folder).filePath(filesIn(folder, QStringLiteral("*.log")).front());
    bool inStatusBar = false;
    for (QLabel* label : window.statusBar()->findChildren<QLabel*>())
        inStatusBar = inStatusBar || (label->text().contains(QStringLiteral("completed: 12")) &&
                                      label->text().contains(QDir::toNativeSeparators(log)));
    QVERIFY(inStatusBar);
}

namespace {

// An iputils -D log of `replies` replies with seeded RTTs and a few losses.
QByteArray fastPingLog(int replies) {
    std::mt19937 random(11);
    std::lognormal_distribution<double> rtt(-2.3, 0.4);
    std::uniform_int_distribution<int> loss(0, 999);
    QByteArray log = "PING 198.18.0.2 (198.18.0.2) 56(84) bytes of data.\n";
    log.reserve(qsizetype(replies) * 80);
    int received = 0;
    for (int seq = 1; seq <= replies; ++seq) {
        if (loss(random) == 0)
            continue;
        ++received;
        log += "[" + QByteArray::number(1764633228.0 + seq * 0.001, 'f', 6) +
               "] 64 bytes from 198.18.0.2: icmp_seq=" + QByteArray::number(seq) +
               " ttl=64 time=" + QByteArray::number(rtt(random), 'f', 3) + " ms\n";
    }
    log += "\n--- 198.18.0.2 ping statistics ---\n" + QByteArray::number(replies) +
           " packets transmitted, " + QByteArray::number(received) + " received, " +
           QByteArray::number(100.0 * (replies - received) / replies, 'g', 4) +
           "% packet loss, time " + QByteArray::number(replies) + "ms\n";
    return log;
}

double processCpuSeconds() {
    timespec time{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time);
    return double(time.tv_sec) + double(time.tv_nsec) * 1e-9;
}

int fromEnvironment(const char* name, int fallback) {
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok && value > 0 ? value : fallback;
}

} // namespace

// A 1 ms ping's pace of output (60,000 replies a second) written into a live run in the
// window by a stand-in tool (tests/tools/paced_writer.cpp, as the run's client prefix): the
// event loop never stops for more than 50 ms, the run's whole parse costs at most twice the
// import of the saved log (a parse of everything so far per snapshot costs quadratic time),
// the dataset grows in the window while the run goes on, and ends as the import of the log.
// WIREBENCH_LIVE_REPLIES and WIREBENCH_LIVE_SECONDS scale it up for the README's benchmark.
void TestRunPanel::fastLiveRunKeepsTheWindowResponsive() {
    const int replies = fromEnvironment("WIREBENCH_LIVE_REPLIES", 300000);
    const int seconds = fromEnvironment("WIREBENCH_LIVE_SECONDS", 5);
    const QString log = test::writeTestFile(m_dir.path(), QStringLiteral("recorded-fast.log"),
                                            fastPingLog(replies));
    MainWindow window;
    window.resize(1500, 900);
    window.show();
    RunPanel* panel = openPanel(window);
    QVERIFY(panel);
    const QString folder = m_dir.filePath(QStringLiteral("fast"));
    fillPing(panel, QStringLiteral("198.18.0.2"), replies, 0.001, folder);
    panel->findChild<QLineEdit*>(QStringLiteral("clientPrefix"))
        ->setText(QStringLiteral("%1 %2 %3").arg(WIREBENCH_PACED_WRITER, log).arg(seconds));

    // The event loop is watched from the click to the final dataset in the store, and while
    // the output streams in: from the first data in the store to the end of the run (the
    // start and the end of a run also create processes and write its description).
    test::EventLoopWatch watch;
    test::EventLoopWatch streaming;
    std::vector<std::size_t> counts; // replies in the store while the run went on
    const auto record = [&] {
        if (!panel->busy() || window.store()->entries().empty())
            return;
        if (counts.empty())
            streaming.start();
        counts.push_back(window.store()->entries().front().dataset().latency.size());
    };
    connect(window.store(), &DatasetStore::added, this, record);
    connect(window.store(), &DatasetStore::changed, this, record);
    qint64 blockedWhileStreaming = -1;
    watch.start();
    QElapsedTimer clock;
    clock.start();
    QTest::mouseClick(panel->findChild<QPushButton*>(QStringLiteral("start")), Qt::LeftButton);
    QVERIFY2(panel->problems().isEmpty(), qPrintable(panel->problems().join('\n')));
    auto* run = panel->findChild<MeasurementRun*>();
    QVERIFY(run);
    RunOutcome outcome;
    connect(run, &MeasurementRun::finished, this, [&](const RunOutcome& o) {
        blockedWhileStreaming = streaming.stop();
        outcome.status = o.status;
        outcome.error = o.error;
        outcome.logPath = o.logPath;
        outcome.parseCpuSeconds = o.parseCpuSeconds;
    });
    const auto finalInStore = [&] {
        return !panel->busy() && !window.store()->entries().empty() &&
               window.store()->entries().front().dataset().info.extra.value("run_status") ==
                   QLatin1String("completed");
    };
    QTRY_VERIFY_WITH_TIMEOUT(finalInStore(), (seconds + 60) * 1000 * test::kSlowdown);
    const qint64 runMs = clock.elapsed();
    const qint64 blocked = watch.stop();
    QVERIFY2(outcome.status == RunOutcome::Status::Completed, qPrintable(outcome.error));

    const double importStart = processCpuSeconds();
    const ImportResult imported = FileImporter::importFile(outcome.logPath);
    const double importCpu = processCpuSeconds() - importStart;
    QCOMPARE(window.store()->entries().size(), std::size_t(1));
    const Dataset& shown = window.store()->entries().front().dataset();
    QCOMPARE(imported.datasets.size(), std::size_t(1));
    QCOMPARE(DatasetJson::describe(shown), DatasetJson::describe(imported.datasets.front()));
    QVERIFY(shown.latency.size() > std::size_t(replies) * 9 / 10);
    qInfo("%d replies written in %d s: run %lld ms, event loop blocked at most %lld ms while "
          "the output streamed in, %lld ms from the click to the final dataset; parse CPU %.3f "
          "s, import of the log %.3f s CPU; %zu updates while running",
          replies, seconds, runMs, blockedWhileStreaming, blocked, outcome.parseCpuSeconds,
          importCpu, counts.size());
    QVERIFY2(blockedWhileStreaming >= 0 && blockedWhileStreaming <= 50 * test::kSlowdown,
             qPrintable(QString::number(blockedWhileStreaming)));
    QVERIFY2(blocked <= 100 * test::kSlowdown, qPrintable(QString::number(blocked)));
    QVERIFY2(
        outcome.parseCpuSeconds <= 2 * importCpu + 0.01,
        qPrintable(QStringLiteral("%1 s vs %2 s").arg(outcome.parseCpuSeconds).arg(importCpu)));
    // It grew while the run went on: a part of the replies was shown before the end. Updates
    // are spaced by their cost, which the sanitizers multiply on a loaded machine: there one
    // update while running is all that can be asked for.
    QVERIFY2(counts.size() >= (test::kSlowdown > 1 ? 1 : 3),
             qPrintable(QString::number(counts.size())));
    QVERIFY(std::is_sorted(counts.begin(), counts.end()));
    QVERIFY(counts.front() < shown.latency.size());
}

void TestRunPanel::refusedTargetStartsNothing_data() {
    QTest::addColumn<QString>("target");
    QTest::newRow("option") << QStringLiteral("-f");
    QTest::newRow("shell") << QStringLiteral("a;b");
}

void TestRunPanel::refusedTargetStartsNothing() {
    QFETCH(QString, target);
    MainWindow window;
    window.show();
    RunPanel* panel = openPanel(window);
    QVERIFY(panel);
    const QString folder = m_dir.filePath(
        QStringLiteral("refused-%1").arg(QString::fromLatin1(QTest::currentDataTag())));
    fillPing(panel, target, 3, 0.2, folder);
    auto* message = panel->findChild<QLabel*>(QStringLiteral("message"));
    QVERIFY(!message->isVisible());

    QTest::mouseClick(panel->findChild<QPushButton*>(QStringLiteral("start")), Qt::LeftButton);
    QVERIFY(!panel->busy());
    QVERIFY(message->isVisible());
    QVERIFY2(message->text().contains(target), qPrintable(message->text()));
    QCOMPARE(message->text(), panel->problems().join('\n'));
    QTest::qWait(300);
    screenshot(&window, QStringLiteral("run-refused-%1").arg(QTest::currentDataTag()));
    QVERIFY(window.store()->entries().empty());
    QVERIFY(!QFileInfo::exists(folder) || filesIn(folder, QStringLiteral("*")).isEmpty());

    // A good target clears the message.
    auto* targetEdit = panel->findChild<QLineEdit*>(QStringLiteral("target"));
    targetEdit->clear();
    QTest::keyClicks(targetEdit, QStringLiteral("127.0.0.1"));
    panel->findChild<QSpinBox*>(QStringLiteral("count"))->setValue(1);
    QTest::keyClick(targetEdit, Qt::Key_Return, Qt::ControlModifier); // the panel's shortcut
    QVERIFY(panel->busy());
    QVERIFY(!message->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(!panel->busy(), 30000);
}

// An output folder that is a symbolic link is refused before anything runs, as in the CLI.
void TestRunPanel::linkedOutputFolderStartsNothing() {
    MainWindow window;
    window.show();
    RunPanel* panel = openPanel(window);
    QVERIFY(panel);
    const QString elsewhere = m_dir.filePath(QStringLiteral("link-target"));
    QVERIFY(QDir().mkpath(elsewhere));
    const QString link = m_dir.filePath(QStringLiteral("linked-runs"));
    QVERIFY(QFile::link(elsewhere, link));
    fillPing(panel, QStringLiteral("127.0.0.1"), 1, 0.2, link);
    QTest::mouseClick(panel->findChild<QPushButton*>(QStringLiteral("start")), Qt::LeftButton);
    QVERIFY(!panel->busy());
    QVERIFY2(
        panel->problems().join('\n').contains(QStringLiteral("is a symbolic link to ") + elsewhere),
        qPrintable(panel->problems().join('\n')));
    QVERIFY(filesIn(elsewhere, QStringLiteral("*")).isEmpty());
}

void TestRunPanel::cancelKeepsWhatWasMeasured() {
    MainWindow window;
    window.resize(1500, 900);
    window.show();
    RunPanel* panel = openPanel(window);
    QVERIFY(panel);
    const QString folder = m_dir.filePath(QStringLiteral("cancel"));
    fillPing(panel, QStringLiteral("127.0.0.1"), 50, 0.2, folder);
    panel->findChild<QLineEdit*>(QStringLiteral("label"))->setText(QStringLiteral("loopback"));
    QTest::mouseClick(panel->findChild<QPushButton*>(QStringLiteral("start")), Qt::LeftButton);
    QVERIFY(panel->busy());
    QTRY_VERIFY_WITH_TIMEOUT(!window.store()->entries().empty() &&
                                 window.store()->entries().front().dataset().latency.size() >= 8,
                             20000);
    QTest::qWait(300); // a progress tick, so the screenshot shows the bar
    screenshot(&window, QStringLiteral("run-dock"));

    QTest::mouseClick(panel->findChild<QPushButton*>(QStringLiteral("cancel")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!panel->busy(), 20000);
    screenshot(&window, QStringLiteral("run-dock-cancelled"));
    QCOMPARE(window.store()->entries().size(), std::size_t(1));
    const DatasetEntry& entry = window.store()->entries().front();
    QCOMPARE(entry.label, QStringLiteral("loopback"));
    QVERIFY(entry.dataset().latency.size() >= 8);
    QVERIFY(entry.dataset().latency.size() < 50);
    QVERIFY2(panel->statusText().startsWith(QStringLiteral("cancelled: ")),
             qPrintable(panel->statusText()));
    QCOMPARE(filesIn(folder, QStringLiteral("*.log")).size(), 1);
    QCOMPARE(filesIn(folder, QStringLiteral("*.run.json")).size(), 1);
}

void TestRunPanel::loopbackIperf3ShowsFlows() {
    if (QStandardPaths::findExecutable(QStringLiteral("iperf3")).isEmpty())
        QSKIP("iperf3 is not installed");
    MainWindow window;
    window.show();
    RunPanel* panel = openPanel(window);
    QVERIFY(panel);
    RunSpec spec;
    spec.tool = RunTool::Iperf3;
    spec.target = QStringLiteral("127.0.0.1");
    spec.durationSeconds = 2;
    spec.reportIntervalSeconds = 0.5;
    spec.streams = 2;
    spec.json = false; // text arrives as it is measured; -J only at the end
    spec.startServer = true;
    spec.port = 20000 + int(QCoreApplication::applicationPid() % 20000); // not a shared default
    panel->form()->setSpec(spec);
    const QString folder = m_dir.filePath(QStringLiteral("iperf3"));
    panel->form()->setOutputFolder(folder);
    QTest::mouseClick(panel->findChild<QPushButton*>(QStringLiteral("start")), Qt::LeftButton);
    QVERIFY2(panel->problems().isEmpty(), qPrintable(panel->problems().join('\n')));
    QTRY_VERIFY_WITH_TIMEOUT(!panel->busy(), 40000);
    QVERIFY2(panel->statusText().startsWith(QStringLiteral("completed: 2 flows")),
             qPrintable(panel->statusText()));
    QCOMPARE(window.store()->entries().size(), std::size_t(1));
    const DatasetEntry& entry = window.store()->entries().front();
    QVERIFY(!entry.isLatency());
    QCOMPARE(entry.label, QStringLiteral("iperf3 127.0.0.1"));
    QCOMPARE(entry.dataset().flows.flows.size(), std::size_t(2));
    QCOMPARE(filesIn(folder, QStringLiteral("*.server.log")).size(), 1);
}

// "Latency under load": prefilled like RRUL, and run as one step whose members appear as
// datasets of their own (here 1 flow each way for 2 s, ping 1 s before and after).
void TestRunPanel::latencyUnderLoadRunsOneStep() {
    if (QStandardPaths::findExecutable(QStringLiteral("iperf3")).isEmpty())
        QSKIP("iperf3 is not installed");
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    RunPanel* panel = openPanel(window);
    QVERIFY(panel);
    RunSpec spec;
    spec.target = QStringLiteral("127.0.0.1");
    spec.intervalSeconds = 0.2;
    spec.port = 20000 + int(QCoreApplication::applicationPid() % 20000);
    panel->form()->setSpec(spec);
    auto* mode = panel->findChild<QComboBox*>(QStringLiteral("mode"));
    QVERIFY(!panel->findChild<QGroupBox*>(QStringLiteral("loadBox"))->isVisibleTo(panel));
    mode->setCurrentIndex(1);
    QVERIFY(panel->form()->latencyUnderLoad());
    QVERIFY(panel->findChild<QGroupBox*>(QStringLiteral("loadBox"))->isVisibleTo(panel));
    QVERIFY(!panel->findChild<QComboBox*>(QStringLiteral("tool"))->isEnabled());
    std::vector<StepMember> members = panel->form()->loadMembers();
    QCOMPARE(int(members.size()), 9);
    QCOMPARE(members[0].name, QStringLiteral("ping"));
    QCOMPARE(members[0].spec.count, 350); // 5 + 60 + 5 s at 0.2 s
    QCOMPARE(members[1].name, QStringLiteral("up-1"));
    QCOMPARE(members[1].startSeconds, 5.0);
    QCOMPARE(members[1].spec.durationSeconds, 60);
    QCOMPARE(members[8].name, QStringLiteral("down-4"));
    QVERIFY(members[8].spec.reverse && members[8].spec.startServer);
    screenshot(&window, QStringLiteral("latency-under-load"));

    panel->findChild<QSpinBox*>(QStringLiteral("flowsUp"))->setValue(1);
    panel->findChild<QSpinBox*>(QStringLiteral("flowsDown"))->setValue(1);
    panel->findChild<QSpinBox*>(QStringLiteral("loadDuration"))->setValue(2);
    panel->findChild<QDoubleSpinBox*>(QStringLiteral("margin"))->setValue(1);
    const QString folder = m_dir.filePath(QStringLiteral("load"));
    panel->form()->setOutputFolder(folder);
    QTest::mouseClick(panel->findChild<QPushButton*>(QStringLiteral("start")), Qt::LeftButton);
    QVERIFY2(panel->problems().isEmpty(), qPrintable(panel->problems().join('\n')));
    QTRY_VERIFY_WITH_TIMEOUT(!panel->busy(), 40000);
    QVERIFY2(panel->statusText().contains(QStringLiteral("1 of 1 steps completed")),
             qPrintable(panel->statusText()));
    // The members, and the step's ss samples imported once it ended.
    QTRY_COMPARE_WITH_TIMEOUT(window.store()->entries().size(), std::size_t(4),
                              10000 * test::kSlowdown);
    QStringList labels;
    const Dataset* samples = nullptr;
    const Dataset* up = nullptr;
    std::vector<const Dataset*> all;
    for (const DatasetEntry& entry : window.store()->entries()) {
        labels << entry.label;
        QVERIFY(entry.dataset().info.parameters.value("step").startsWith("load-ping-127.0.0.1"));
        all.push_back(&entry.dataset());
        if (entry.dataset().info.tool == QLatin1String("ss"))
            samples = &entry.dataset();
        if (entry.label.endsWith(QLatin1String("up-1")))
            up = &entry.dataset();
    }
    QVERIFY(samples && up);
    labels.sort();
    QCOMPARE(labels, (QStringList{
                         "latency under load 127.0.0.1 down-1", "latency under load 127.0.0.1 ping",
                         "latency under load 127.0.0.1 ss", "latency under load 127.0.0.1 up-1"}));
    // The upload flow's TCP state is read from the step's samples.
    const std::vector<TcpFlowState> states = TcpState::statesOf(*up, all);
    QCOMPARE(states.size(), std::size_t(1));
    QCOMPARE(int(states.front().kind), int(TcpStateSource::SsSamples));
    QCOMPARE(filesIn(folder, QStringLiteral("*.ss.log")).size(), 1);
    QCOMPARE(filesIn(folder, QStringLiteral("*.server.log")).size(), 2);
}

// irtt's options are shown only when irtt runs, alone or as the latency under load; each has
// its unit; the keyboard reaches them; the form gives what they say.
void TestRunPanel::irttHasItsOwnOptions() {
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    RunPanel* panel = openPanel(window);
    QVERIFY(panel);
    auto* tool = panel->findChild<QComboBox*>(QStringLiteral("tool"));
    auto* box = panel->findChild<QGroupBox*>(QStringLiteral("irttBox"));
    auto* duration = panel->findChild<QSpinBox*>(QStringLiteral("irttDuration"));
    auto* interval = panel->findChild<QDoubleSpinBox*>(QStringLiteral("irttInterval"));
    auto* length = panel->findChild<QSpinBox*>(QStringLiteral("irttLength"));
    auto* port = panel->findChild<QSpinBox*>(QStringLiteral("irttPort"));
    auto* server = panel->findChild<QCheckBox*>(QStringLiteral("irttStartServer"));
    auto* serverPrefix = panel->findChild<QLineEdit*>(QStringLiteral("serverPrefix"));
    QVERIFY(box && duration && interval && length && port && server);
    tool->setCurrentIndex(tool->findData(int(RunTool::Ping)));
    QVERIFY(!box->isVisibleTo(panel));
    tool->setCurrentIndex(tool->findData(int(RunTool::Irtt)));
    QVERIFY(box->isVisibleTo(panel));
    QVERIFY(!panel->findChild<QSpinBox*>(QStringLiteral("count"))->isEnabled());
    QVERIFY(!panel->findChild<QSpinBox*>(QStringLiteral("streams"))->isEnabled());
    QCOMPARE(duration->suffix(), RunForm::tr(" s"));
    QCOMPARE(interval->suffix(), RunForm::tr(" s"));
    QCOMPARE(length->suffix(), RunForm::tr(" bytes"));
    for (QWidget* field : std::initializer_list<QWidget*>{duration, interval, length, port, server})
        QVERIFY(!field->toolTip().isEmpty());
    server->setChecked(false);
    QVERIFY(!serverPrefix->isEnabled());
    server->setChecked(true);
    QVERIFY(serverPrefix->isEnabled());

    // Tab from the tool reaches every irtt field, in the box's order.
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    tool->setFocus(Qt::TabFocusReason);
    const QList<QWidget*> fields{duration, interval, length, port, server};
    QList<QWidget*> reached;
    for (int i = 0; i < 40 && !reached.contains(server); ++i) {
        QWidget* focus = QApplication::focusWidget();
        QVERIFY(focus);
        QTest::keyClick(focus, Qt::Key_Tab);
        QWidget* now = QApplication::focusWidget();
        for (QWidget* field : fields)
            if (now == field || (now && now->parentWidget() == field))
                reached << field;
    }
    QCOMPARE(reached, fields);

    duration->setValue(12);
    interval->setValue(0.02);
    length->setValue(300);
    port->setValue(2400);
    panel->findChild<QLineEdit*>(QStringLiteral("target"))->setText(QStringLiteral("198.18.0.2"));
    const RunSpec spec = panel->form()->spec();
    QCOMPARE(spec.tool, RunTool::Irtt);
    QCOMPARE(spec.durationSeconds, 12);
    QCOMPARE(spec.intervalSeconds, 0.02);
    QCOMPARE(spec.packetLength, 300);
    QCOMPARE(spec.port, 2400);
    QVERIFY(spec.startServer);
    QVERIFY(RunValidation::check(spec).isEmpty());
    QCOMPARE(RunForm::defaultLabel(spec), QStringLiteral("irtt 198.18.0.2"));
    screenshot(&window, QStringLiteral("irtt"));

    // Under load: irtt measures the latency, for the load and its margins, with its server.
    tool->setCurrentIndex(tool->findData(int(RunTool::Ping)));
    panel->findChild<QComboBox*>(QStringLiteral("mode"))->setCurrentIndex(1);
    auto* latency = panel->findChild<QComboBox*>(QStringLiteral("latencyTool"));
    QVERIFY(latency);
    QVERIFY(!box->isVisibleTo(panel));
    latency->setCurrentIndex(latency->findData(int(RunTool::Irtt)));
    QVERIFY(box->isVisibleTo(panel));
    QVERIFY(!duration->isVisibleTo(panel) && !port->isVisibleTo(panel));
    QVERIFY(!server->isVisibleTo(panel) && interval->isVisibleTo(panel));
    QVERIFY(!panel->findChild<QDoubleSpinBox*>(QStringLiteral("interval"))->isEnabled());
    const std::vector<StepMember> members = panel->form()->loadMembers();
    QCOMPARE(members[0].name, QStringLiteral("irtt"));
    QCOMPARE(members[0].spec.durationSeconds, 70); // 5 + 60 + 5 s
    QCOMPARE(members[0].spec.intervalSeconds, 0.02);
    QCOMPARE(members[0].spec.packetLength, 300);
    QCOMPARE(members[0].spec.port, 2112);
    QCoreApplication::processEvents(); // the scroll area's layout follows the shown box
    screenshot(&window, QStringLiteral("irtt-under-load"));
}

// irtt and its server through the panel on loopback: one dataset with one-way delays.
void TestRunPanel::loopbackIrttRunsWithItsServer() {
    if (QStandardPaths::findExecutable(QStringLiteral("irtt")).isEmpty())
        QSKIP("irtt is not installed (Debian package irtt)");
    MainWindow window;
    window.show();
    RunPanel* panel = openPanel(window);
    QVERIFY(panel);
    RunSpec spec;
    spec.tool = RunTool::Irtt;
    spec.target = QStringLiteral("127.0.0.1");
    spec.durationSeconds = 2;
    spec.intervalSeconds = 0.05;
    spec.startServer = true;
    spec.port = 20000 + int(QCoreApplication::applicationPid() % 20000);
    panel->form()->setSpec(spec);
    const QString folder = m_dir.filePath(QStringLiteral("irtt"));
    panel->form()->setOutputFolder(folder);
    QTest::mouseClick(panel->findChild<QPushButton*>(QStringLiteral("start")), Qt::LeftButton);
    QVERIFY2(panel->problems().isEmpty(), qPrintable(panel->problems().join('\n')));
    QTRY_VERIFY_WITH_TIMEOUT(!panel->busy(), 40000);
    QVERIFY2(panel->statusText().startsWith(QStringLiteral("completed")),
             qPrintable(panel->statusText()));
    QCOMPARE(window.store()->entries().size(), std::size_t(1));
    const DatasetEntry& entry = window.store()->entries().front();
    QVERIFY(entry.isLatency());
    QCOMPARE(entry.label, QStringLiteral("irtt 127.0.0.1"));
    QVERIFY(entry.dataset().latency.size() >= 30);
    QVERIFY(entry.dataset().latency.hasOneWayDelays());
    QCOMPARE(filesIn(folder, QStringLiteral("*.server.log")).size(), 1);
}

void TestRunPanel::planStepsAreLabelled() {
    const QString planPath = m_dir.filePath(QStringLiteral("loop-plan.json"));
    QFile plan(planPath);
    QVERIFY(plan.open(QIODevice::WriteOnly));
    plan.write(R"({"wirebench_plan": 1, "name": "loop", "output": "plan-out",
                   "runs": [{"name": "sizes", "tool": "ping", "target": "127.0.0.1",
                             "count": 3, "interval": 0.2, "label": "loop size {size}",
                             "matrix": {"size": [56, 120]}}]})");
    plan.close();

    MainWindow window;
    window.show();
    RunPanel* panel = openPanel(window);
    QVERIFY(panel);
    QStringList stepTexts;
    auto* progress = panel->findChild<QProgressBar*>(QStringLiteral("progress"));
    connect(progress, &QProgressBar::valueChanged, this, [&] { stepTexts << progress->text(); });
    QVERIFY(panel->startPlan(planPath));
    QVERIFY(panel->busy());
    QTRY_VERIFY_WITH_TIMEOUT(!panel->busy(), 60000);

    QStringList labels;
    for (const DatasetEntry& entry : window.store()->entries()) {
        labels << entry.label;
        QCOMPARE(entry.dataset().latency.size(), std::size_t(3));
    }
    QCOMPARE(labels,
             (QStringList{QStringLiteral("loop size 56"), QStringLiteral("loop size 120")}));
    QVERIFY2(!stepTexts.filter(QStringLiteral("step 2/2: loop size 120")).isEmpty(),
             qPrintable(stepTexts.join('\n')));
    QVERIFY2(panel->statusText().startsWith(QStringLiteral("plan finished: 2 of 2")),
             qPrintable(panel->statusText()));
    QCOMPARE(filesIn(m_dir.filePath(QStringLiteral("plan-out")), QStringLiteral("*.log")).size(),
             2);
}

void TestRunPanel::badPlanListsEveryProblem() {
    const QString planPath = m_dir.filePath(QStringLiteral("bad-plan.json"));
    QFile plan(planPath);
    QVERIFY(plan.open(QIODevice::WriteOnly));
    plan.write(R"({"wirebench_plan": 1, "name": "bad",
                   "runs": [{"name": "a", "tool": "ping", "count": 0, "size": -1}]})");
    plan.close();

    MainWindow window;
    window.show();
    RunPanel* panel = openPanel(window);
    QVERIFY(panel);
    QVERIFY(!panel->startPlan(planPath));
    QVERIFY(!panel->busy());
    // Listed in the Problems panel; no dialog waits for an answer.
    auto* listed = window.findChild<ProblemsPanel*>();
    QCOMPARE(listed->count(), 1);
    const QStringList problems = listed->newestDetails();
    QVERIFY2(problems.size() >= 2, qPrintable(problems.join('\n')));
    QVERIFY(problems.join('\n').contains(QStringLiteral("count")));
    QVERIFY(problems.join('\n').contains(QStringLiteral("size")));
    QVERIFY(!QApplication::activeModalWidget());
    QVERIFY(window.store()->entries().empty());
}

void TestRunPanel::irrelevantOptionsAreDisabled() {
    MainWindow window;
    RunPanel* panel = window.runPanel();
    auto* tool = panel->findChild<QComboBox*>(QStringLiteral("tool"));
    auto* count = panel->findChild<QSpinBox*>(QStringLiteral("count"));
    auto* streams = panel->findChild<QSpinBox*>(QStringLiteral("streams"));
    auto* json = panel->findChild<QCheckBox*>(QStringLiteral("json"));
    auto* server = panel->findChild<QCheckBox*>(QStringLiteral("startServer"));
    auto* serverPrefix = panel->findChild<QLineEdit*>(QStringLiteral("serverPrefix"));
    server->setChecked(false);
    tool->setCurrentIndex(0);
    QVERIFY(count->isEnabled());
    QVERIFY(!streams->isEnabled());
    QVERIFY(!serverPrefix->isEnabled());
    tool->setCurrentIndex(1); // iperf2
    QVERIFY(!count->isEnabled());
    QVERIFY(streams->isEnabled());
    QVERIFY(!json->isEnabled());
    server->setChecked(true);
    QVERIFY(serverPrefix->isEnabled());
    tool->setCurrentIndex(2); // iperf3
    QVERIFY(json->isEnabled());
    QVERIFY(!streams->toolTip().isEmpty());
}

// Before the user chose a folder, the form offers one a file manager shows: no hidden
// (dot) folder on its path, as the application data location would be.
void TestRunPanel::runLogsGoToAVisibleFolder() {
    QSettings(QStringLiteral("Wirebench"), QStringLiteral("Wirebench"))
        .remove(QStringLiteral("run/outputFolder"));
    MainWindow window;
    const QString folder = QDir::fromNativeSeparators(window.runPanel()->form()->outputFolder());
    QVERIFY2(folder.endsWith(QStringLiteral("/Wirebench runs")), qPrintable(folder));
    const QString home = QDir::homePath();
    QVERIFY2(folder.startsWith(home), qPrintable(folder));
    QVERIFY2(!folder.mid(home.size()).contains(QStringLiteral("/.")), qPrintable(folder));
}

void TestRunPanel::formIsRemembered() {
    RunSpec spec;
    spec.tool = RunTool::Iperf3;
    spec.target = QStringLiteral("node-b");
    spec.label = QStringLiteral("cubic P4");
    spec.streams = 4;
    spec.durationSeconds = 30;
    spec.reportIntervalSeconds = 0.5;
    spec.congestionControl = QStringLiteral("cubic");
    spec.udp = true;
    spec.bandwidth = QStringLiteral("10M");
    spec.port = 5301;
    spec.json = false;
    spec.startServer = true;
    spec.clientPrefix = {QStringLiteral("ssh"), QStringLiteral("node-a")};
    spec.serverPrefix = {QStringLiteral("ip"), QStringLiteral("netns"), QStringLiteral("exec"),
                         QStringLiteral("ns")};
    spec.extraArgs = {QStringLiteral("-w"), QStringLiteral("4M")};
    const QString folder = m_dir.filePath(QStringLiteral("remembered"));
    {
        MainWindow window;
        window.runPanel()->form()->setSpec(spec);
        window.runPanel()->form()->setOutputFolder(folder);
        window.show();
        window.close(); // saves the form
    }
    MainWindow again;
    QCOMPARE(QDir::fromNativeSeparators(again.runPanel()->form()->outputFolder()), folder);
    const RunSpec back = again.runPanel()->form()->spec();
    QCOMPARE(back.tool, spec.tool);
    QCOMPARE(back.target, spec.target);
    QCOMPARE(back.label, spec.label);
    QCOMPARE(back.streams, spec.streams);
    QCOMPARE(back.durationSeconds, spec.durationSeconds);
    QCOMPARE(back.reportIntervalSeconds, spec.reportIntervalSeconds);
    QCOMPARE(back.congestionControl, spec.congestionControl);
    QCOMPARE(back.udp, spec.udp);
    QCOMPARE(back.bandwidth, spec.bandwidth);
    QCOMPARE(back.port, spec.port);
    QCOMPARE(back.json, spec.json);
    QCOMPARE(back.startServer, spec.startServer);
    QCOMPARE(back.clientPrefix, spec.clientPrefix);
    QCOMPARE(back.extraArgs, spec.extraArgs);
    QCOMPARE(back.serverPrefix, spec.serverPrefix);
    QCOMPARE(QDir::fromNativeSeparators(again.runPanel()->form()->outputFolder()), folder);
}

// A logout or shutdown sends SIGTERM to the window: it closes as File ▸ Quit does, and what
// the closed window leaves (main() then returns) has stopped the plan's ping and written its
// sidecar. Without the handler the signal would end the process with the run still going.
void TestRunPanel::stopSignalTearsDownAsQuitDoes() {
    const QString planPath = m_dir.filePath(QStringLiteral("signal-plan.json"));
    QFile plan(planPath);
    QVERIFY(plan.open(QIODevice::WriteOnly));
    plan.write(R"({"wirebench_plan": 1, "name": "signal", "output": "signal-out",
                   "runs": [{"name": "long", "tool": "ping", "target": "127.0.0.1",
                             "count": 100, "interval": 0.2}]})");
    plan.close();

    // Closing saves the window's layout and form: put the settings back as they were, so a
    // later test (or run) opens the window as before.
    QSettings settings(QStringLiteral("Wirebench"), QStringLiteral("Wirebench"));
    QMap<QString, QVariant> before;
    for (const QString& key : settings.allKeys())
        before.insert(key, settings.value(key));
    const auto restore = qScopeGuard([&] {
        settings.clear();
        for (auto it = before.begin(); it != before.end(); ++it)
            settings.setValue(it.key(), it.value());
        settings.sync();
    });

    auto window = std::make_unique<MainWindow>();
    window->closeOnStopSignals();
    window->show();
    RunPanel* panel = openPanel(*window);
    QVERIFY(panel);
    QVERIFY(panel->startPlan(planPath));
    QTRY_VERIFY_WITH_TIMEOUT(!window->store()->entries().empty() &&
                                 window->store()->entries().front().dataset().latency.size() >= 2,
                             20000);
    QList<test::ProcessEntry> pings; // not the watchdog, which lives as long as this process
    for (const test::ProcessEntry& process :
         test::descendantsOf(QCoreApplication::applicationPid()))
        if (process.name == "ping")
            pings << process;
    QVERIFY(!pings.isEmpty());

    QCOMPARE(::kill(::getpid(), SIGTERM), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!window->isVisible(), 5000);
    window.reset(); // as main() returns
    const QStringList left = test::leftAfter(pings, 5000);
    QVERIFY2(left.isEmpty(), qPrintable("left behind: " + left.join(", ")));
    const QString log = m_dir.filePath(QStringLiteral("signal-out/long.log"));
    const auto record = RunSidecar::read(RunSidecar::pathFor(log), nullptr);
    QVERIFY(record);
    QCOMPARE(record->status, QStringLiteral("cancelled"));
}

QTEST_MAIN(TestRunPanel)
#include "tst_runpanel.moc"
