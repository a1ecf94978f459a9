// The workspace session without a window: what the store holds (labels, colours, hidden
// datasets, tags, metadata, grouping), the views' settings, the tab and the datasets not
// loaded survive saving and opening again on real sample logs, in the file layout of before.
#include "DatasetStore.h"
#include "ImportController.h"
#include "TestSupport.h"
#include "WorkspaceSession.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace wb;

class TestWorkspaceSession : public QObject {
    Q_OBJECT

private slots:
    void saveOpenApplyRoundTrip();
    void colourNamesRoundAsQColor();
};

namespace {

QByteArray contentsOf(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// A store and its importer with the session on them, as the window and `report` have.
struct Workbench {
    DatasetStore store;
    ImportController importer{&store};
    WorkspaceSession session{&store, &importer};

    bool waitForImport(const std::function<void()>& start) {
        QSignalSpy finished(&importer, &ImportController::finished);
        start();
        return finished.wait(60000 * test::kSlowdown);
    }
};

} // namespace

void TestWorkspaceSession::saveOpenApplyRoundTrip() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QStringList logs;
    for (const char* name : {"ping18_np", "geni-cubic-P30.txt", "iperf3-cubic-P4.json"}) {
        logs << folder.filePath(QString::fromLatin1(name));
        QVERIFY(QFile::copy(test::samplePath(QString::fromLatin1(name)), logs.back()));
    }
    Workbench before;
    QVERIFY(before.waitForImport([&] { before.importer.importPaths(logs); }));
    QCOMPARE(before.store.entries().size(), std::size_t(3));
    const QList<int> ids{before.store.entries()[0].id, before.store.entries()[1].id,
                         before.store.entries()[2].id};
    before.store.setLabel(ids[0], QStringLiteral("idle ping"));
    before.store.setColor(ids[0], SeriesColor::palette(8)); // 16-bit channels: rounded when saved
    before.store.setColor(ids[1], SeriesColor::rgb8(0x12, 0x34, 0x56));
    before.store.setVisible(ids[2], false);
    before.store.setTags(ids[1], {QStringLiteral("cubic"), QStringLiteral("geni")});
    before.store.setMetadata({ids[2]}, {{QStringLiteral("testbed"), QStringLiteral("lab")}});
    before.store.setGroupKey(QStringLiteral("tag"));
    WorkspaceDataset gone;
    gone.source = QStringLiteral("gone.txt");
    gone.absoluteSource = folder.filePath(gone.source);
    gone.label = QStringLiteral("moved away");
    gone.color = QStringLiteral("#abcdef");
    const QMap<QString, QJsonObject> views{{"wb::CdfView", {{"logX", true}}},
                                           {"figures", {{"fontSize", 11}}}};
    const QString path = folder.filePath(QStringLiteral("saved.wbws"));
    QString error;
    QVERIFY2(before.session.save(path, {{gone, QStringLiteral("missing")}}, views, 2, &error),
             qPrintable(error));
    QCOMPARE(before.session.path(), path);

    // The layout of before: the colour as #rrggbb, the grouping and tab in "extra".
    const QJsonObject saved = QJsonDocument::fromJson(contentsOf(path)).object();
    QCOMPARE(saved.value("extra").toObject(), (QJsonObject{{"groupBy", "tag"}, {"currentTab", 2}}));
    QCOMPARE(saved.value("datasets").toArray()[0].toObject().value("color").toString(),
             QStringLiteral("#004c77"));
    QCOMPARE(saved.value("datasets").toArray().size(), 4);

    Workbench after;
    WorkspaceSession::Read read = WorkspaceSession::read(path);
    QVERIFY2(read.workspace, qPrintable(read.error));
    QVERIFY(read.outsideLogs.isEmpty());
    QCOMPARE(read.missingLogs, QStringList{gone.absoluteSource});
    std::vector<NotLoadedDataset> notLoaded;
    QVERIFY(after.waitForImport([&] {
        after.session.open(path, *read.workspace);
        notLoaded = after.session.import(read, false);
    }));
    QCOMPARE(notLoaded.size(), std::size_t(1));
    QCOMPARE(notLoaded[0].dataset.label, gone.label);
    const std::vector<DatasetEntry>& entries = after.store.entries();
    QCOMPARE(entries.size(), std::size_t(3));
    QCOMPARE(entries[0].label, QStringLiteral("idle ping"));
    QCOMPARE(entries[0].color, SeriesColor::rgb8(0x00, 0x4c, 0x77));
    QCOMPARE(entries[1].color, SeriesColor::rgb8(0x12, 0x34, 0x56));
    QCOMPARE(entries[1].tags, (QStringList{"cubic", "geni"}));
    QCOMPARE(entries[2].metadata.value("testbed"), QStringLiteral("lab"));
    for (std::size_t i = 0; i < entries.size(); ++i) {
        QCOMPARE(entries[i].visible, i != 2);
        QCOMPARE(entries[i].label.isEmpty(), false);
        QCOMPARE(entries[i].dataset().sourceFile, logs[int(i)]);
    }
    QCOMPARE(after.store.groupKey(), QStringLiteral("tag"));
    QCOMPARE(read.workspace->viewSettings, views);
    QCOMPARE(WorkspaceSession::currentTab(*read.workspace), 2);
    QCOMPARE(after.session.displayTitle(), QStringLiteral("saved.wbws"));
    const ReportSource report = after.session.reportSource(read.workspace->viewSettings);
    QCOMPARE(report.title, QStringLiteral("saved.wbws"));
    QCOMPARE(report.problems.size(), std::size_t(1));
    QCOMPARE(report.problems[0].file, gone.absoluteSource);

    // Saved again as opened, it is the same file, the dataset not loaded included.
    const QString again = folder.filePath(QStringLiteral("again.wbws"));
    QVERIFY2(after.session.save(again, notLoaded, read.workspace->viewSettings,
                                WorkspaceSession::currentTab(*read.workspace), &error),
             qPrintable(error));
    QCOMPARE(contentsOf(again), contentsOf(path));
}

// QColor::name() of the colour the store keeps, as the window wrote it before.
void TestWorkspaceSession::colourNamesRoundAsQColor() {
    QCOMPARE(SeriesColor::palette(0).name(), QStringLiteral("#0072b2"));
    QCOMPARE(SeriesColor::palette(9).name(), QStringLiteral("#8e3f00"));
    QCOMPARE(SeriesColor().name(), QStringLiteral("#000000"));
    // 385 / 257 = 1.498: rounds down, as QColor::fromRgba64(385, 11110, 30289).name() does.
    QCOMPARE((SeriesColor{385, 11110, 30289, true}.name()), QStringLiteral("#012b76"));
    QCOMPARE(SeriesColor::fromName(QStringLiteral("#abcdef")), SeriesColor::rgb8(0xab, 0xcd, 0xef));
}

QTEST_GUILESS_MAIN(TestWorkspaceSession)
#include "tst_workspacesession.moc"
