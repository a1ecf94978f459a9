#include "DatasetStore.h"
#include "ImportController.h"
#include "MainWindow.h"
#include "NotLoadedPanel.h"
#include "ProblemsPanel.h"
#include "TestSupport.h"
#include "WindowSupport.h"
#include "files/WorkspaceFile.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace wb;

// Opening a workspace in the window: datasets whose raw logs are missing stay in the
// workspace (shown as not loaded, saved again, until removed), and so do datasets whose log
// holds fewer runs than their index; logs outside the workspace's folder are read only when
// the user agrees (the question's answer injected); a log opened twice saves and opens as two
// datasets.
class TestWorkspaceOpen : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void missingLogSurvivesSave();
    void outsideLogsNeedConsent_data();
    void outsideLogsNeedConsent();
    void cliReportReadsOutsideLogs();
    void logsGivenWhileOpeningAreKept();
    void runNotInTheLogSurvivesSave();
    void logOpenedTwiceRoundTrips();

private:
    static bool open(MainWindow& window, const QString& workspace);
    static QJsonObject datasetJson(const QString& file, const QString& path);
};

void TestWorkspaceOpen::initTestCase() {
    QStandardPaths::setTestModeEnabled(true); // keep QSettings away from the user's
}

bool TestWorkspaceOpen::open(MainWindow& window, const QString& workspace) {
    QString error;
    if (!test::openWorkspace(window, workspace, &error)) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    return true;
}

// The saved dataset entry whose "path" is `path`, as JSON.
QJsonObject TestWorkspaceOpen::datasetJson(const QString& file, const QString& path) {
    const QJsonArray datasets =
        QJsonDocument::fromJson(test::readAll(file)).object()["datasets"].toArray();
    for (const QJsonValue& dataset : datasets)
        if (dataset["path"].toString() == path)
            return dataset.toObject();
    return {};
}

void TestWorkspaceOpen::missingLogSurvivesSave() {
    QTemporaryDir dir;
    test::writeTestFile(dir.path(), "here.log", test::cleanPingLog());
    const QJsonObject missing{
        {"path", "gone/away.log"},  {"absolutePath", "/nonexistent/elsewhere/away.log"},
        {"format", "ping/iputils"}, {"index", 2},
        {"label", "the lost run"},  {"color", "#123456"},
        {"visible", false},         {"tags", QJsonArray{"cubic", "site:b"}}};
    const QJsonObject here{{"path", "here.log"}, {"label", "kept run"}};
    const QString workspace =
        test::writeTestFile(dir.path(), "ws.wbws",
                            QJsonDocument(QJsonObject{{"format", "wirebench-workspace"},
                                                      {"version", 1},
                                                      {"datasets", QJsonArray{missing, here}}})
                                .toJson());
    MainWindow window;
    window.setOutsideFolderQuestion([](const QString&, const QStringList& logs) {
        qFatal("asked about %s although nothing is outside", qPrintable(logs.join(' ')));
        return false;
    });
    QVERIFY(open(window, workspace));
    QCOMPARE(window.store()->entries().size(), std::size_t{1});

    // Shown as not loaded, with its label and why.
    NotLoadedPanel* panel = window.notLoadedPanel();
    QVERIFY(!panel->isHidden());
    QCOMPARE(panel->rows().size(), 1);
    QVERIFY2(panel->rows().front().contains("the lost run") &&
                 panel->rows().front().contains("not found"),
             qPrintable(panel->rows().front()));

    // Saved again: the entry is there with every member it had.
    const QString saved = dir.filePath("saved.wbws");
    QString error;
    QVERIFY2(window.saveWorkspace(saved, &error), qPrintable(error));
    QCOMPARE(datasetJson(saved, "gone/away.log"), missing);
    QCOMPARE(datasetJson(saved, "here.log")["label"].toString(), QStringLiteral("kept run"));

    // Opened from the saved file it is still the same; removed, the next save drops it.
    MainWindow again;
    QVERIFY(open(again, saved));
    QCOMPARE(again.notLoadedPanel()->datasets().size(), std::size_t{1});
    again.notLoadedPanel()->list()->selectAll();
    again.notLoadedPanel()->removeSelected();
    QVERIFY(again.notLoadedPanel()->isHidden());
    QVERIFY(again.saveWorkspace(saved, &error));
    QVERIFY(datasetJson(saved, "gone/away.log").isEmpty());
    QVERIFY(!datasetJson(saved, "here.log").isEmpty());
}

void TestWorkspaceOpen::outsideLogsNeedConsent_data() {
    QTest::addColumn<bool>("answer");
    QTest::newRow("declined") << false;
    QTest::newRow("agreed") << true;
}

void TestWorkspaceOpen::outsideLogsNeedConsent() {
    QFETCH(bool, answer);
    QTemporaryDir dir;
    QDir(dir.path()).mkpath("project/logs");
    QDir(dir.path()).mkpath("private");
    test::writeTestFile(dir.path(), "project/logs/inside.log", test::cleanPingLog());
    const QString upward = test::writeTestFile(dir.path(), "private/up.log", test::cleanPingLog());
    const QString absolute =
        test::writeTestFile(dir.path(), "private/absolute.log", test::cleanPingLog());
    const QString linked =
        test::writeTestFile(dir.path(), "private/linked.log", test::cleanPingLog());
    QVERIFY(QFile::link(linked, dir.filePath("project/logs/link.log")));
    const QString workspace = test::writeTestFile(
        dir.path(), "project/ws.wbws",
        QJsonDocument(
            QJsonObject{{"format", "wirebench-workspace"},
                        {"version", 1},
                        {"datasets", QJsonArray{QJsonObject{{"path", "logs/inside.log"}},
                                                QJsonObject{{"path", "../private/up.log"}},
                                                QJsonObject{{"path", absolute}},
                                                QJsonObject{{"path", "logs/link.log"}}}}})
            .toJson());
    MainWindow window;
    QStringList asked;
    QString askedFor;
    window.setOutsideFolderQuestion([&](const QString& file, const QStringList& logs) {
        askedFor = file;
        asked = logs;
        return answer;
    });
    QVERIFY(open(window, workspace));
    QCOMPARE(askedFor, workspace);
    QCOMPARE(asked, (QStringList{upward, absolute, dir.filePath("project/logs/link.log")}));
    QCOMPARE(window.store()->entries().size(), std::size_t(answer ? 4 : 1));
    QCOMPARE(window.notLoadedPanel()->datasets().size(), std::size_t(answer ? 0 : 3));
    if (!answer) {
        QCOMPARE(window.store()->entries().front().dataset().sourceFile,
                 dir.filePath("project/logs/inside.log"));
        // Declined logs stay in the workspace as they were named.
        QString error;
        QVERIFY(window.saveWorkspace(workspace, &error));
        QCOMPARE(datasetJson(workspace, "../private/up.log")["absolutePath"].toString(), upward);
    }
}

// The command line reads what the workspace names: the user asked for that report.
void TestWorkspaceOpen::cliReportReadsOutsideLogs() {
    QTemporaryDir dir;
    QDir(dir.path()).mkpath("project");
    test::writeTestFile(dir.path(), "outside.log", test::cleanPingLog());
    const QString workspace =
        test::writeTestFile(dir.path(), "project/ws.wbws",
                            QByteArray(R"({"format":"wirebench-workspace","version":1,"datasets":[
            {"path":"../outside.log","label":"from outside"}]})"));
    const test::CliRun run = test::runCli({"report", workspace, "-o", dir.filePath("r.html")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(test::readAll(dir.filePath("r.html")).contains("from outside"));
}

void TestWorkspaceOpen::logsGivenWhileOpeningAreKept() {
    // The workspace is read in the background: logs dropped meanwhile are imported after its
    // own (not cleared away when it is applied), and on their own when it cannot be opened.
    QTemporaryDir dir;
    test::writeTestFile(dir.path(), "listed.log", test::cleanPingLog());
    const QString dropped = test::writeTestFile(dir.path(), "dropped.log", test::cleanPingLog());
    const QString workspace = test::writeTestFile(
        dir.path(), "ws.wbws",
        QJsonDocument(QJsonObject{{"format", "wirebench-workspace"},
                                  {"version", 1},
                                  {"datasets", QJsonArray{QJsonObject{{"path", "listed.log"}}}}})
            .toJson());
    MainWindow window;
    QSignalSpy opened(&window, &MainWindow::workspaceOpened);
    window.importPaths({workspace});
    QVERIFY(window.openingWorkspace());
    window.importPaths({dropped});
    QVERIFY(opened.wait(60000 * test::kSlowdown));
    QTRY_VERIFY_WITH_TIMEOUT(!window.importer()->busy(), 60000 * test::kSlowdown);
    QStringList sources;
    for (const DatasetEntry& entry : window.store()->entries())
        sources << QFileInfo(entry.dataset().sourceFile).fileName();
    QCOMPARE(sources, (QStringList{"listed.log", "dropped.log"}));

    const QString broken = test::writeTestFile(dir.path(), "broken.wbws", "{\"format\":");
    MainWindow other;
    QSignalSpy refused(&other, &MainWindow::workspaceOpened);
    other.importPaths({broken, dropped});
    QVERIFY(refused.wait(60000 * test::kSlowdown));
    QVERIFY(refused.first().at(1).toString().contains("broken.wbws"));
    QTRY_COMPARE_WITH_TIMEOUT(other.store()->entries().size(), std::size_t{1},
                              60000 * test::kSlowdown);
}

// A log re-recorded with fewer runs than the workspace's index: the dataset is named in the
// Problems panel and the report's stderr, shown as not loaded, and saved back unchanged.
void TestWorkspaceOpen::runNotInTheLogSurvivesSave() {
    QTemporaryDir dir;
    test::writeTestFile(dir.path(), "one-run.log", test::cleanPingLog());
    const QJsonObject first{{"path", "one-run.log"}, {"label", "first run"}};
    const QJsonObject third{{"path", "one-run.log"},
                            {"absolutePath", dir.filePath("one-run.log")},
                            {"format", "ping/iputils"},
                            {"index", 2},
                            {"label", "third run"},
                            {"color", "#123456"},
                            {"visible", true},
                            {"tags", QJsonArray{"cubic"}},
                            {"metadata", QJsonObject{{"testbed", "geni"}}}};
    const QString workspace =
        test::writeTestFile(dir.path(), "ws.wbws",
                            QJsonDocument(QJsonObject{{"format", "wirebench-workspace"},
                                                      {"version", 1},
                                                      {"datasets", QJsonArray{first, third}}})
                                .toJson());
    const QString why = QStringLiteral("run 3 of 1 is not in the log any more");
    MainWindow window;
    QVERIFY(open(window, workspace));
    QCOMPARE(window.store()->entries().size(), std::size_t{1});
    QCOMPARE(window.store()->entries().front().label, QStringLiteral("first run"));
    const ProblemsPanel* problems = window.findChild<ProblemsPanel*>();
    QVERIFY(problems);
    QVERIFY2(problems->newestDetails().join('\n').contains(why),
             qPrintable(problems->newestDetails().join('\n')));
    QCOMPARE(window.notLoadedPanel()->rows().size(), 1);
    QVERIFY2(window.notLoadedPanel()->rows().front().contains("third run") &&
                 window.notLoadedPanel()->rows().front().contains(why),
             qPrintable(window.notLoadedPanel()->rows().front()));
    const QString saved = dir.filePath("saved.wbws");
    QString error;
    QVERIFY2(window.saveWorkspace(saved, &error), qPrintable(error));
    const QJsonArray datasets =
        QJsonDocument::fromJson(test::readAll(saved)).object()["datasets"].toArray();
    QCOMPARE(datasets.size(), 2);
    QCOMPARE(datasets[1].toObject(), third);

    const test::CliRun run = test::runCli({"report", workspace, "-o", dir.filePath("r.html")});
    QCOMPARE(run.exitCode, 1); // a report of what was read, with a file that failed
    QVERIFY2(run.err.contains(dir.filePath("one-run.log") + QStringLiteral(": ") + why),
             qPrintable(run.err));
    QVERIFY(QString::fromUtf8(test::readAll(dir.filePath("r.html"))).contains(why));
}

// A log opened twice is two datasets; saved, both are in the workspace, and opened again
// both come back with what the user set on each.
void TestWorkspaceOpen::logOpenedTwiceRoundTrips() {
    QTemporaryDir dir;
    const QString log = test::writeTestFile(dir.path(), "run.log", test::cleanPingLog());
    MainWindow window;
    for (int i = 0; i < 2; ++i) {
        QSignalSpy imported(window.importer(), &ImportController::finished);
        window.importPaths({log});
        QVERIFY(imported.wait(60000 * test::kSlowdown));
    }
    QCOMPARE(window.store()->entries().size(), std::size_t{2});
    window.store()->setLabel(window.store()->entries()[0].id, QStringLiteral("as baseline"));
    window.store()->setLabel(window.store()->entries()[1].id, QStringLiteral("as candidate"));
    window.store()->setTags(window.store()->entries()[1].id, {QStringLiteral("candidate")});
    const QString saved = dir.filePath("twice.wbws");
    QString error;
    QVERIFY2(window.saveWorkspace(saved, &error), qPrintable(error));
    const QJsonArray first =
        QJsonDocument::fromJson(test::readAll(saved)).object()["datasets"].toArray();
    QCOMPARE(first.size(), 2);

    MainWindow again;
    QVERIFY(open(again, saved));
    QCOMPARE(again.store()->entries().size(), std::size_t{2});
    QCOMPARE(again.store()->entries()[0].label, QStringLiteral("as baseline"));
    QCOMPARE(again.store()->entries()[1].label, QStringLiteral("as candidate"));
    QCOMPARE(again.store()->entries()[1].tags, QStringList{"candidate"});
    QVERIFY(again.notLoadedPanel()->datasets().empty());
    QVERIFY(again.saveWorkspace(saved, &error));
    QCOMPARE(QJsonDocument::fromJson(test::readAll(saved)).object()["datasets"].toArray(), first);
}

QTEST_MAIN(TestWorkspaceOpen)
#include "tst_workspaceopen.moc"
