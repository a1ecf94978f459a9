// Metadata a user can fix: the Set metadata dialog (every key with the log's value and the
// user's, an override marked, keys added and cleared, by keyboard), the action on the
// window's selection, grouping and the Compare tab by a value the user set (the GENI logs
// name no congestion control), the value surviving a saved workspace, and the report
// marking it.

#include "CompareView.h"
#include "DatasetEditActions.h"
#include "DatasetGrouping.h"
#include "DatasetStore.h"
#include "GroupByBox.h"
#include "ImportController.h"
#include "MainWindow.h"
#include "MetadataDialog.h"
#include "MetadataTableModel.h"
#include "StoreSupport.h"
#include "TestSupport.h"
#include "WindowSupport.h"
#include "files/WorkspaceFile.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QScreen>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

using namespace wb;

namespace {

const QString kCc = QStringLiteral("congestion_control");

bool waitForImport(MainWindow& window) {
    QSignalSpy finished(window.importer(), &ImportController::finished);
    return finished.wait(60000 * test::kSlowdown);
}

std::vector<GroupMember> membersOf(const DatasetStore& store, const std::vector<int>& ids) {
    std::vector<GroupMember> members;
    for (int id : ids)
        members.push_back(DatasetGrouping::memberOf(*store.find(id)));
    return members;
}

QModelIndex userCell(const MetadataTableModel& model, const QString& key) {
    return model.index(model.rowOf(key), MetadataTableModel::UserColumn);
}

// Types into the table's current cell as a user does: the first key opens the editor, Enter
// commits.
void typeIntoCell(QTableView* table, const QString& text) {
    table->setFocus();
    QTest::keyClicks(table, text.left(1));
    auto* editor = table->findChild<QLineEdit*>();
    QVERIFY(editor);
    QTest::keyClicks(editor, text.mid(1));
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents(); // the delegate commits and closes the editor queued
}

// Selects the rows of the window's dataset list, as a user does with Ctrl+click.
void selectRows(MainWindow& window, const std::vector<int>& rows) {
    auto* list = window.findChild<QTreeView*>();
    list->setFocus();
    list->selectionModel()->clearSelection();
    for (int row : rows)
        list->selectionModel()->select(list->model()->index(row, 0),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
}

} // namespace

class TestMetadata : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void dialogSetsMarksAndClears();
    void dialogRefusesTagsAndLabel();
    void geniGroupsByWhatTheUserSet();
    void reportMarksWhatTheUserSet();
    void screenshots();
};

void TestMetadata::initTestCase() {
    QStandardPaths::setTestModeEnabled(true); // keep QSettings away from the user's
}

// Two logs that name their congestion control (cubic, reno): set bbr on both by typing in
// the table, see it marked as replacing the logs' values, clear it with Delete, add a key.
void TestMetadata::dialogSetsMarksAndClears() {
    DatasetStore store;
    const std::vector<int> ids{
        test::addLog(store, test::samplePath("tcp-cubic-P30-client.txt"), "cubic"),
        test::addLog(store, test::samplePath("tcp-reno-P30-client.txt"), "reno")};
    MetadataDialog dialog(membersOf(store, ids));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    const MetadataTableModel& model = *dialog.model();
    // Every key the log side knows is listed, with what the logs say.
    for (const QString& key : {QStringLiteral("tool"), QStringLiteral("streams"), kCc})
        QVERIFY2(model.rowOf(key) >= 0, qPrintable(key));
    QCOMPARE(model.rowOf(QStringLiteral("label")), -1); // edited as the label
    QCOMPARE(model.rowOf(QStringLiteral("tag")), -1);   // tags stay free labels
    QCOMPARE(model.rowOf(QStringLiteral("kind")), -1);  // what the data is
    const int row = model.rowOf(kCc);
    QCOMPARE(model.index(row, MetadataTableModel::LogColumn).data().toString(),
             QStringLiteral("cubic, reno"));
    QCOMPARE(model.index(row, MetadataTableModel::UserColumn).data().toString(), QString());
    QVERIFY(!model.index(row, MetadataTableModel::UserColumn).data(Qt::FontRole).isValid());

    // By keyboard: the current row's "set by you" cell takes what is typed.
    QTableView* table = dialog.table();
    table->setFocus();
    table->setCurrentIndex(model.index(row, MetadataTableModel::KeyColumn));
    QCOMPARE(table->currentIndex().column(), int(MetadataTableModel::UserColumn));
    typeIntoCell(table, QStringLiteral("bbr"));
    const QModelIndex user = userCell(model, kCc);
    QCOMPARE(user.data().toString(), QStringLiteral("bbr"));
    QVERIFY(user.data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(
        model.index(row, MetadataTableModel::KeyColumn).data(Qt::FontRole).value<QFont>().bold());
    QCOMPARE(user.data(Qt::ToolTipRole).toString(),
             QStringLiteral("Set by you; the log says cubic, reno"));
    QVERIFY(model.index(row, MetadataTableModel::LogColumn)
                .data(Qt::FontRole)
                .value<QFont>()
                .strikeOut());
    QCOMPARE(dialog.edits(), (QMap<QString, QString>{{kCc, "bbr"}}));
    QVERIFY(store.find(ids[0])->metadata.isEmpty()); // nothing changes before OK

    // Delete takes it away again: the logs' values are used.
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Delete);
    QCOMPARE(user.data().toString(), QString());
    QVERIFY(!user.data(Qt::FontRole).isValid());
    QCOMPARE(user.data(Qt::ToolTipRole).toString(),
             QStringLiteral("From the log; type a value to set your own"));
    QCOMPARE(dialog.edits(), (QMap<QString, QString>{{kCc, ""}}));

    // A key of the user's own, added with the fields below the table (Enter adds it).
    auto* newKey = dialog.findChild<QLineEdit*>(QStringLiteral("newKey"));
    auto* newValue = dialog.findChild<QLineEdit*>(QStringLiteral("newValue"));
    newKey->setFocus();
    QTest::keyClicks(newKey, QStringLiteral("Test-Bed"));
    QTest::keyClick(newKey, Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), newValue);
    QTest::keyClicks(newValue, QStringLiteral("GENI"));
    QTest::keyClick(newValue, Qt::Key_Return);
    QVERIFY(dialog.isVisible()); // Enter in the value field adds; it does not close the dialog
    QCOMPARE(userCell(model, QStringLiteral("test_bed")).data().toString(), QStringLiteral("GENI"));
    QCOMPARE(userCell(model, QStringLiteral("test_bed")).data(Qt::ToolTipRole).toString(),
             QStringLiteral("Set by you; the log says nothing"));
    QVERIFY(newKey->text().isEmpty());

    // One dataset with a value of its own: the cell says so and editing it unchanged keeps it.
    store.setMetadata({ids[0]}, {{"streams", "32"}});
    MetadataDialog partial(membersOf(store, ids));
    const QModelIndex streams = userCell(*partial.model(), QStringLiteral("streams"));
    QCOMPARE(streams.data().toString(), QStringLiteral("32 (on 1 of 2)"));
    QVERIFY(streams.data(Qt::FontRole).value<QFont>().bold()); // the log says 30
    QVERIFY(!partial.model()->setData(streams, QString(), Qt::EditRole));
    QVERIFY(partial.edits().isEmpty());
    QVERIFY(partial.model()->setData(streams, QStringLiteral("30"), Qt::EditRole));
    QVERIFY(!streams.data(Qt::FontRole).isValid()); // 30 is what the logs say
    QCOMPARE(streams.data(Qt::ToolTipRole).toString(),
             QStringLiteral("Set by you, as the log says"));
}

void TestMetadata::dialogRefusesTagsAndLabel() {
    DatasetStore store;
    const int id = test::addLog(store, test::samplePath("geni-cubic-P30.txt"), "geni");
    MetadataDialog dialog(membersOf(store, {id}));
    auto* newKey = dialog.findChild<QLineEdit*>(QStringLiteral("newKey"));
    auto* newValue = dialog.findChild<QLineEdit*>(QStringLiteral("newValue"));
    auto* error = dialog.findChild<QLabel*>(QStringLiteral("metadataError"));
    const int rows = dialog.model()->rowCount();
    for (const QString& key : {QStringLiteral("tag.site"), QStringLiteral("Label"),
                               QStringLiteral("{x}"), QStringLiteral(" ")}) {
        newKey->setText(key);
        newValue->setText(QStringLiteral("x"));
        dialog.findChild<QPushButton*>(QStringLiteral("addKey"))->click();
        QVERIFY2(!error->isHidden() && !error->text().isEmpty(), qPrintable(key));
        QCOMPARE(dialog.model()->rowCount(), rows);
    }
    QVERIFY(dialog.edits().isEmpty());
}

// The GENI example: the logs do not name their algorithm. Set congestion_control on the two
// -P 30 logs through the window's action and dialog; Group by congestion_control then
// gives cubic and reno, the Compare tab offers them, and a saved workspace keeps them.
void TestMetadata::geniGroupsByWhatTheUserSet() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("geni.wbws"));
    {
        MainWindow window;
        window.show();
        window.importPaths(
            {test::samplePath("geni-cubic-P30.txt"), test::samplePath("geni-reno-P30.txt")});
        QVERIFY(waitForImport(window));
        DatasetStore* store = window.store();
        QCOMPARE(store->entries().size(), std::size_t(2));
        const int cubicId = store->entries()[0].id;
        const int renoId = store->entries()[1].id;
        store->setGroupKey(kCc);
        DatasetGrouping* grouping = DatasetGrouping::of(store);
        QCOMPARE(grouping->throughputGroups().size(), std::size_t(1)); // neither records it
        QCOMPARE(grouping->throughputGroups()[0].name,
                 QStringLiteral("congestion_control not recorded"));

        auto* edits = window.findChild<DatasetEditActions*>();
        QVERIFY(edits);
        auto* list = window.findChild<QTreeView*>();
        QVERIFY(list->actions().contains(edits->setMetadataAction())); // the context menu
        QVERIFY(!edits->setMetadataAction()->shortcut().isEmpty());
        QSignalSpy changed(store, &DatasetStore::changed);
        // For each log, by keyboard in the dialog the action opens.
        for (const auto& [row, value] :
             {std::pair{0, QStringLiteral("cubic")}, std::pair{1, QStringLiteral("reno")}}) {
            selectRows(window, {row});
            bool seen = false;
            QTimer::singleShot(0, this, [&seen, value = value] {
                auto* dialog = qobject_cast<MetadataDialog*>(QApplication::activeModalWidget());
                QVERIFY(dialog);
                seen = true;
                // Whatever fails below, the dialog closes and the test goes on to say so.
                const auto close = qScopeGuard([dialog] {
                    if (dialog->isVisible())
                        dialog->reject();
                });
                // It fits a 1366×768 screen.
                QVERIFY(dialog->width() <= 1366 && dialog->height() <= 700);
                QTableView* table = dialog->table();
                table->setCurrentIndex(userCell(*dialog->model(), kCc));
                typeIntoCell(table, value);
                QTest::keyClick(table, Qt::Key_Return); // OK
            });
            edits->setMetadataAction()->trigger();
            QVERIFY(seen);
        }
        QCOMPARE(changed.count(), 2); // one change per edit of the selection
        QCOMPARE(store->find(cubicId)->metadata, (QMap<QString, QString>{{kCc, "cubic"}}));
        QCOMPARE(store->find(renoId)->metadata, (QMap<QString, QString>{{kCc, "reno"}}));

        const std::vector<PooledGroup> groups = grouping->throughputGroups();
        QCOMPARE(groups.size(), std::size_t(2));
        QCOMPARE(groups[0].name, QStringLiteral("congestion_control=cubic"));
        QCOMPARE(groups[0].memberIds, std::vector<int>{cubicId});
        QCOMPARE(groups[1].name, QStringLiteral("congestion_control=reno"));
        QCOMPARE(groups[1].memberIds, std::vector<int>{renoId});
        auto* compare = window.findChild<CompareView*>();
        QVERIFY(compare);
        compare->bringUpToDate();
        QCOMPARE(compare->choiceA(), QStringLiteral("group:flows:congestion_control=cubic"));
        QCOMPARE(compare->choiceB(), QStringLiteral("group:flows:congestion_control=reno"));

        // A key of the user's own is offered by Group by and understood by Relabel.
        store->setMetadata({cubicId, renoId}, {{"Testbed", "geni"}});
        QVERIFY(DatasetGrouping::offeredKeys(*store).contains(QStringLiteral("testbed")));
        QString error;
        QVERIFY2(DatasetEditActions::relabel(store, {cubicId, renoId},
                                             QStringLiteral("{testbed} {congestion_control}"),
                                             &error),
                 qPrintable(error));
        QCOMPARE(store->find(renoId)->label, QStringLiteral("geni reno"));
        QVERIFY2(window.saveWorkspace(path, &error), qPrintable(error));
    }
    MainWindow reopened;
    reopened.setOutsideFolderQuestion([](const QString&, const QStringList&) { return true; });
    QString error;
    QVERIFY2(test::openWorkspace(reopened, path, &error), qPrintable(error));
    const auto& entries = reopened.store()->entries();
    QCOMPARE(entries.size(), std::size_t(2));
    QCOMPARE(entries[0].metadata, (QMap<QString, QString>{{kCc, "cubic"}, {"testbed", "geni"}}));
    QCOMPARE(entries[1].metadata, (QMap<QString, QString>{{kCc, "reno"}, {"testbed", "geni"}}));
    const std::vector<PooledGroup> groups =
        DatasetGrouping::of(reopened.store())->throughputGroups();
    QCOMPARE(groups.size(), std::size_t(2));
    QCOMPARE(groups[1].name, QStringLiteral("congestion_control=reno"));
}

// The CLI's report of a workspace whose metadata the user set: the value shown marked, the
// mark explained, a key of the user's own as a column; without any, neither.
void TestMetadata::reportMarksWhatTheUserSet() {
    QTemporaryDir dir;
    Workspace workspace;
    for (const char* name : {"geni-cubic-P30.txt", "geni-reno-P30.txt"}) {
        WorkspaceDataset dataset;
        dataset.source = dataset.absoluteSource = test::samplePath(QString::fromLatin1(name));
        workspace.datasets.push_back(dataset);
    }
    workspace.datasets[0].metadata = {{kCc, "cubic"}, {"testbed", "geni"}};
    workspace.extra.insert("groupBy", kCc); // as the window saves Group by
    const QString marked = dir.filePath("marked.wbws");
    QString error;
    QVERIFY2(WorkspaceFile::save(workspace, marked, &error), qPrintable(error));
    workspace.datasets[0].metadata.clear();
    const QString plain = dir.filePath("plain.wbws");
    QVERIFY2(WorkspaceFile::save(workspace, plain, &error), qPrintable(error));

    const auto report = [&dir](const QString& wbws) {
        const QString html = dir.filePath(QFileInfo(wbws).baseName() + ".html");
        const test::CliRun run = test::runCli({"report", wbws, "-o", html});
        return run.exitCode == 0 ? QString::fromUtf8(test::readAll(html)) : run.err;
    };
    const QString withMarks = report(marked);
    QVERIFY2(withMarks.contains(QStringLiteral("<td>cubic*</td>")),
             qPrintable(withMarks.left(4000)));
    QVERIFY(withMarks.contains(QStringLiteral("<th>testbed</th>")));
    QVERIFY(withMarks.contains(QStringLiteral("<td>geni*</td>")));
    QVERIFY(withMarks.contains(QStringLiteral("* set by the user")));
    // Grouped by it as the workspace's Group by says: cubic and the log without a value each a
    // row of the group table, not compared with each other unasked.
    QVERIFY(withMarks.contains(QStringLiteral("<td>congestion_control=cubic</td>")));
    QVERIFY(withMarks.contains(QStringLiteral("<td>congestion_control not recorded</td>")));
    QVERIFY(!withMarks.contains(QStringLiteral("vs congestion_control not recorded")));
    const QString without = report(plain);
    QVERIFY(without.contains(QStringLiteral("<table")));
    QVERIFY(!without.contains(QStringLiteral("*</td>")));
    QVERIFY(!without.contains(QStringLiteral("* set by the user")));
    QVERIFY(!without.contains(QStringLiteral("testbed")));
}

// Not a check: the dialog at 1366×768 for a human to look at (WIREBENCH_SCREENSHOTS=dir).
void TestMetadata::screenshots() {
    const QString dir = qEnvironmentVariable("WIREBENCH_SCREENSHOTS");
    if (dir.isEmpty())
        QSKIP("set WIREBENCH_SCREENSHOTS=DIR to write screenshots");
    DatasetStore store;
    const std::vector<int> ids{
        test::addLog(store, test::samplePath("tcp-cubic-P30-client.txt"), "cubic"),
        test::addLog(store, test::samplePath("geni-reno-P30.txt"), "geni")};
    store.setMetadata({ids[0]}, {{kCc, "bbr"}});
    store.setMetadata({ids[1]}, {{kCc, "reno"}, {"testbed", "geni"}});
    MetadataDialog dialog(membersOf(store, ids));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(dialog.grab().save(dir + "/metadata-dialog.png"));
    dialog.hide();

    // The window on a 1366×768 screen (under Xvfb) with the dialog over it.
    MainWindow window;
    window.importPaths(
        {test::samplePath("geni-cubic-P30.txt"), test::samplePath("geni-reno-P30.txt")});
    QVERIFY(waitForImport(window));
    window.showMaximized();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    MetadataDialog over(membersOf(*window.store(), {window.store()->entries()[0].id,
                                                    window.store()->entries()[1].id}),
                        &window);
    over.show();
    QVERIFY(QTest::qWaitForWindowExposed(&over));
    QTest::qWait(200);
    QVERIFY(QGuiApplication::primaryScreen()->grabWindow(0).save(dir + "/metadata-screen.png"));
}

QTEST_MAIN(TestMetadata)
#include "tst_metadata.moc"
