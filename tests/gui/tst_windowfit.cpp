// The window on small, large and scaled screens: CTest runs this test three times, on offscreen
// screens of 1366×768 and 1920×1080 and on one of 2560×1440 at QT_SCALE_FACTOR=2 (1280×720
// logical pixels); run by hand without a screen configuration it picks the 1366×768 screen.

#include "TestSupport.h"
#include "WindowSupport.h"

#include "AppTheme.h"
#include "DatasetEditActions.h"
#include "DatasetGrouping.h"
#include "DatasetListModel.h"
#include "DatasetListView.h"
#include "DatasetStore.h"
#include "FormatsDialog.h"
#include "ImportController.h"
#include "MainWindow.h"
#include "PercentileView.h"
#include "ProblemsPanel.h"
#include "ShortcutsDialog.h"
#include "StartPage.h"
#include "WorkbenchView.h"
#include "files/WorkspaceFile.h"
#include "parse/FormatRegistry.h"

#include <qcustomplot.h>

#include <QAbstractButton>
#include <QApplication>
#include <QDialog>
#include <QFileDialog>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>

#include <functional>
#include <memory>

using namespace wb;

namespace {

// Why a top-level window does not fit on its screen, or empty when it does.
QString outsideScreen(const QWidget* window) {
    const QRect available = window->screen()->availableGeometry();
    const QRect frame = window->frameGeometry();
    if (available.contains(frame))
        return {};
    return QStringLiteral("\"%1\" (%2) at %3,%4 size %5×%6 exceeds the screen's %7×%8 at %9,%10")
        .arg(window->windowTitle(), QString::fromLatin1(window->metaObject()->className()))
        .arg(frame.x())
        .arg(frame.y())
        .arg(frame.width())
        .arg(frame.height())
        .arg(available.width())
        .arg(available.height())
        .arg(available.x())
        .arg(available.y());
}

QSet<QWidget*> visibleWindows() {
    QSet<QWidget*> windows;
    for (QWidget* widget : QApplication::topLevelWidgets())
        if (widget->isVisible() &&
            (widget->windowType() == Qt::Window || widget->windowType() == Qt::Dialog))
            windows.insert(widget);
    return windows;
}

// Triggers the action; when it opens a window (a modal dialog included), calls inspect on it
// once shown and closes it. False when no window opened within a second.
bool inspectOpenedWindow(QAction* action, const std::function<void(QWidget*)>& inspect) {
    const QSet<QWidget*> before = visibleWindows();
    bool seen = false;
    const auto look = [&] {
        if (seen)
            return true;
        for (QWidget* window : visibleWindows()) {
            if (before.contains(window))
                continue;
            seen = true;
            inspect(window);
            if (auto* dialog = qobject_cast<QDialog*>(window))
                dialog->reject();
            else
                window->close();
            return true;
        }
        return false;
    };
    QTimer poll; // a modal dialog runs its own event loop inside trigger()
    poll.setInterval(10);
    QObject::connect(&poll, &QTimer::timeout, look);
    poll.start();
    action->trigger();
    return QTest::qWaitFor(look, 1000);
}

QList<QAction*> menuActions(QMenu* menu) {
    QList<QAction*> actions;
    for (QAction* action : menu->actions()) {
        if (action->menu())
            actions << menuActions(action->menu());
        else if (!action->isSeparator())
            actions << action;
    }
    return actions;
}

QMenu* menuTitled(QMainWindow& window, const QString& title) {
    for (QAction* action : window.menuBar()->actions())
        if (action->menu() && action->text().remove(QLatin1Char('&')) == title)
            return action->menu();
    return nullptr;
}

// Whether the list shows the cell whole: what the delegate needs for it (check box, swatch,
// text, margins) fits its column.
bool shownWhole(const QTreeView* view, const QModelIndex& index) {
    return view->sizeHintForIndex(index).width() <= view->columnWidth(index.column());
}

// The lightness (0–255) of the most common colour of a widget as drawn: a plot's background.
int backgroundLightness(QWidget* widget) {
    const QImage image = widget->grab().toImage();
    QHash<QRgb, int> counts;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            ++counts[image.pixel(x, y)];
    if (counts.isEmpty())
        return -1;
    return QColor(std::max_element(counts.begin(), counts.end()).key()).lightness();
}

} // namespace

class TestWindowFit : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void firstWindowFitsTheScreen();
    void windowSavedOnABiggerScreenFits();
    void nameColumnTakesMostOfTheList();
    void toolTipNamesTheRun();
    void everyDialogFitsTheScreen();
    void problemListFitsTheScreen();
    void togglesAreReachedWithTab();
    void editMenuOffersTheListsEdits();
    void shortcutsComeFromTheActions();
    void formatsListEveryRegisteredFormat();
    void openLogsShowsEveryFile();
    void datasetNamesAndFormatsAreWhole();
    void everyTabIsInTheTabBar();
    void percentileColumnsAreInView();
    void listKeepsItsWidthAfterGroupBy();
    void comparePlotsAreDarkInTheDarkTheme();
    void openStartsInTheLastFolderUsed();
    void startPageOpensTheDemoWorkspace();

private:
    std::unique_ptr<MainWindow> m_window;
};

void TestWindowFit::initTestCase() {
    QStandardPaths::setTestModeEnabled(true); // keep QSettings away from the user's
    // A window size saved by another test would be restored instead of the first size.
    QSettings settings(QStringLiteral("Wirebench"), QStringLiteral("Wirebench"));
    settings.remove(QStringLiteral("window"));
    settings.sync();
    const QSize screen = QApplication::primaryScreen()->availableGeometry().size();
    const QList<QSize> configured{{1366, 768}, {1920, 1080}, {1280, 720}};
    QVERIFY2(
        configured.contains(screen),
        qPrintable(QStringLiteral("this test needs one of its screens (gui/screens), not %1×%2")
                       .arg(screen.width())
                       .arg(screen.height())));
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QString error;
    QVERIFY2(test::openWorkspace(*m_window, test::samplePath("demo.wbws"), &error),
             qPrintable(error));
}

void TestWindowFit::cleanupTestCase() {
    m_window.reset();
}

void TestWindowFit::firstWindowFitsTheScreen() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString problem = outsideScreen(&window);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // The loaded window can still be made as small as the screen, the Run panel shown too.
    m_window->findChild<QDockWidget*>(QStringLiteral("run"))->show();
    const QSize least = m_window->minimumSizeHint();
    const QSize available = m_window->screen()->availableGeometry().size();
    m_window->findChild<QDockWidget*>(QStringLiteral("run"))->hide();
    QVERIFY2(least.width() <= available.width() && least.height() <= available.height(),
             qPrintable(QStringLiteral("the window needs at least %1×%2")
                            .arg(least.width())
                            .arg(least.height())));
}

// The size a window was closed at on a bigger screen (or by an older version) is not restored
// past this screen's edges.
void TestWindowFit::windowSavedOnABiggerScreenFits() {
    QByteArray saved;
    {
        MainWindow big;
        big.setGeometry(20, 30, 1900, 1150);
        big.show();
        QVERIFY(QTest::qWaitForWindowExposed(&big));
        big.close(); // saves the window's geometry, as quitting does
    }
    QSettings settings(QStringLiteral("Wirebench"), QStringLiteral("Wirebench"));
    QVERIFY(!settings.value(QStringLiteral("window/geometry")).toByteArray().isEmpty());
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    settings.remove(QStringLiteral("window"));
    const QString problem = outsideScreen(&window);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestWindowFit::nameColumnTakesMostOfTheList() {
    DatasetListView* list = m_window->datasetList();
    QVERIFY(!list->isColumnHidden(DatasetListModel::TagsColumn)); // the demo's runs are tagged
    QCOMPARE(list->textElideMode(), Qt::ElideMiddle);
    const auto checkShare = [list](const char* when) {
        const int name = list->columnWidth(DatasetListModel::LabelColumn);
        const int all = list->viewport()->width();
        QVERIFY2(name >= 0.6 * all, qPrintable(QStringLiteral("%1: name column %2 px of %3 px")
                                                   .arg(QLatin1String(when))
                                                   .arg(name)
                                                   .arg(all)));
    };
    checkShare("demo workspace");
    // Long tags are elided within their share; they take no room from the names.
    std::vector<int> ids;
    for (const DatasetEntry& entry : m_window->store()->entries())
        ids.push_back(entry.id);
    DatasetEditActions::addTags(m_window->store(), ids,
                                QStringLiteral("experiment=qjump-table1-repeated, "
                                               "configuration=ping18_iperf18_iperf68_np"));
    checkShare("long tags");
    // A narrower list (the dock dragged smaller) keeps the share.
    const QSize laidOut = list->size();
    list->resize(list->width() * 3 / 4, list->height());
    QCoreApplication::processEvents();
    checkShare("narrower list");
    list->resize(laidOut);
    for (const char* tag :
         {"experiment=qjump-table1-repeated", "configuration=ping18_iperf18_iperf68_np"})
        DatasetEditActions::removeTag(m_window->store(), ids, QString::fromLatin1(tag));
}

void TestWindowFit::toolTipNamesTheRun() {
    const auto& entries = m_window->store()->entries();
    const auto it = std::find_if(entries.begin(), entries.end(), [](const DatasetEntry& e) {
        return e.dataset().info.streams > 1 && !e.dataset().info.target.isEmpty();
    });
    QVERIFY(it != entries.end());
    const auto* model = qobject_cast<DatasetListModel*>(m_window->datasetList()->model());
    const int row = static_cast<int>(it - entries.begin());
    const QString tip =
        model->index(row, DatasetListModel::LabelColumn).data(Qt::ToolTipRole).toString();
    const QStringList lines = tip.split(QLatin1Char('\n'));
    QCOMPARE(lines.front(), it->label); // the name first, not the path
    QVERIFY2(lines.contains(QStringLiteral("file: ") + it->dataset().sourceFile), qPrintable(tip));
    const RunInfo& info = it->dataset().info;
    QVERIFY2(lines.contains(QStringLiteral("tool: ") + info.tool), qPrintable(tip));
    QVERIFY2(lines.contains(QStringLiteral("target: ") + info.target), qPrintable(tip));
    QVERIFY2(lines.contains(QStringLiteral("streams: %1").arg(info.streams)), qPrintable(tip));
    if (!info.congestionControl.isEmpty())
        QVERIFY2(lines.contains(QStringLiteral("congestion_control: ") + info.congestionControl),
                 qPrintable(tip));
}

// Every action that opens a window ("…" by convention, and the Help menu) opens one that fits.
void TestWindowFit::everyDialogFitsTheScreen() {
    DatasetListView* list = m_window->datasetList();
    list->setCurrentIndex(list->model()->index(0, 0)); // Change colour… is the current row's
    list->selectAll();                                 // the other edits ask for a selection
    QTabWidget* tabs = m_window->findChild<QTabWidget*>();
    tabs->setCurrentIndex(0); // a plot, for Export plot…
    QList<QAction*> actions;
    for (QAction* menu : m_window->menuBar()->actions()) {
        for (QAction* action : menuActions(menu->menu()))
            if (action->text().endsWith(QStringLiteral("…")) ||
                menu->text().remove(QLatin1Char('&')) == QLatin1String("Help"))
                actions << action;
    }
    QVERIFY(actions.size() >= 12);
    QStringList problems;
    for (QAction* action : actions) {
        const QString name = action->text().remove(QLatin1Char('&'));
        const bool opened = inspectOpenedWindow(action, [&](QWidget* window) {
            const QString problem = outsideScreen(window);
            if (!problem.isEmpty())
                problems << name + QStringLiteral(": ") + problem;
        });
        // New run… shows the Run panel inside the window instead.
        if (name == QStringLiteral("New run…")) {
            QVERIFY(!opened);
            const QString problem = outsideScreen(m_window.get());
            if (!problem.isEmpty())
                problems << name + QStringLiteral(": ") + problem;
            m_window->findChild<QDockWidget*>(QStringLiteral("run"))->hide();
        } else {
            QVERIFY2(opened, qPrintable(name));
        }
    }
    m_window->findChild<QDockWidget*>(QStringLiteral("run"))->hide(); // Run plan… shows it too
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestWindowFit::problemListFitsTheScreen() {
    QTemporaryDir dir;
    for (int i = 0; i < 80; ++i) {
        QFile file(dir.filePath(QStringLiteral("core-%1.bin").arg(i)));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray("\x7f"
                              "ELF\x02\x01\x01\0\0\0",
                              10));
    }
    MainWindow window;
    window.show();
    QSignalSpy finished(window.importer(), &ImportController::finished);
    window.importPaths({dir.path()});
    QVERIFY(finished.wait(60000 * test::kSlowdown));
    // Listed in the Problems panel, which scrolls: the window keeps its size, and nothing
    // modal waits for an answer.
    auto* problems = window.findChild<ProblemsPanel*>();
    QVERIFY(problems);
    QTRY_COMPARE(problems->count(), 1);
    QVERIFY(problems->isVisible());
    QVERIFY(!QApplication::activeModalWidget());
    QCOMPARE(problems->newestDetails().size(), 80);
    QVERIFY(
        problems->newestDetails().join('\n').contains(dir.filePath(QStringLiteral("core-79.bin"))));
    const QString problem = outsideScreen(&window);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestWindowFit::togglesAreReachedWithTab() {
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QTabWidget* tabs = m_window->findChild<QTabWidget*>();
    int togglesSeen = 0;
    for (WorkbenchView* view : m_window->views()) {
        tabs->setCurrentWidget(view);
        QCoreApplication::processEvents();
        QList<QAbstractButton*> toggles;
        for (QAbstractButton* button : view->findChildren<QAbstractButton*>())
            if (button->isCheckable() && button->isVisibleTo(view) && button->isEnabled())
                toggles << button;
        togglesSeen += toggles.size();
        // From the tab bar, Tab visits the window's controls in turn; collect one round.
        tabs->tabBar()->setFocus(Qt::TabFocusReason);
        QSet<QWidget*> reached;
        for (int i = 0; i < 300; ++i) {
            QWidget* focus = QApplication::focusWidget();
            QVERIFY(focus);
            reached.insert(focus);
            QTest::keyClick(focus, Qt::Key_Tab);
            if (QApplication::focusWidget() == tabs->tabBar())
                break;
        }
        for (QAbstractButton* toggle : toggles)
            QVERIFY2(reached.contains(toggle),
                     qPrintable(QStringLiteral("%1: \"%2\" is not reached with Tab")
                                    .arg(view->title(), toggle->text())));
    }
    // Log x, CCDF, Percentile markers, three Log y, individual flows, legend at least.
    QVERIFY2(togglesSeen >= 8, qPrintable(QString::number(togglesSeen)));
    // A toggle changes its view's setting from the keyboard (Space).
    tabs->setCurrentIndex(0);
    QAbstractButton* logX = nullptr;
    for (QAbstractButton* button : tabs->currentWidget()->findChildren<QAbstractButton*>())
        if (button->text() == QStringLiteral("Log x"))
            logX = button;
    QVERIFY(logX);
    // Whether the axis starts logarithmic is the data's choice until the user makes it; two
    // presses make it the user's, at the value it had. Nothing else changes.
    WorkbenchView* cdf = m_window->views().front();
    const bool logAtFirst = logX->isChecked();
    QJsonObject expected = cdf->saveSettings();
    logX->setFocus(Qt::TabFocusReason);
    QTest::keyClick(logX, Qt::Key_Space);
    expected.insert(QStringLiteral("logX"), !logAtFirst);
    QCOMPARE(cdf->saveSettings(), expected);
    QTest::keyClick(logX, Qt::Key_Space);
    expected.insert(QStringLiteral("logX"), logAtFirst);
    QCOMPARE(cdf->saveSettings(), expected);
}

void TestWindowFit::editMenuOffersTheListsEdits() {
    QMenu* edit = menuTitled(*m_window, QStringLiteral("Edit"));
    QVERIFY(edit);
    QStringList texts;
    for (QAction* action : edit->actions())
        texts << action->text().remove(QLatin1Char('&'));
    for (const char* wanted : {"Add tag…", "Remove tag…", "Relabel…", "Remove", "Select all"})
        QVERIFY2(texts.contains(QString::fromUtf8(wanted)), qPrintable(texts.join(", ")));
    // The list's own actions: the context menu and the Edit menu are one set.
    for (QAction* action : m_window->datasetList()->actions())
        QVERIFY2(edit->actions().contains(action), qPrintable(action->text()));
    // The edits are offered for a selection only.
    QAction* relabel = edit->actions().at(texts.indexOf(QStringLiteral("Relabel…")));
    m_window->datasetList()->clearSelection();
    QVERIFY(!relabel->isEnabled());
    edit->actions().at(texts.indexOf(QStringLiteral("Select all")))->trigger();
    QVERIFY(relabel->isEnabled());
    QCOMPARE(m_window->datasetList()->selectionModel()->selectedRows().size(),
             static_cast<qsizetype>(m_window->store()->entries().size()));
}

void TestWindowFit::shortcutsComeFromTheActions() {
    // An action added now is listed too: the dialog reads the actions, not a list of its own.
    auto* extra = new QAction(QStringLiteral("Frobnicate the plots"), m_window.get());
    extra->setShortcut(QKeySequence(QStringLiteral("Ctrl+Alt+J")));
    m_window->addAction(extra);
    ShortcutsDialog dialog(m_window.get());
    QStringList rows;
    QTreeWidget* table = dialog.table();
    for (int i = 0; i < table->topLevelItemCount(); ++i)
        rows << table->topLevelItem(i)->text(0) + QLatin1Char('|') +
                    table->topLevelItem(i)->text(1);
    const auto row = [](const QString& text, const QKeySequence& key) {
        return text + QLatin1Char('|') + key.toString(QKeySequence::NativeText);
    };
    QVERIFY2(rows.contains(row(QStringLiteral("Frobnicate the plots"),
                               QKeySequence(QStringLiteral("Ctrl+Alt+J")))),
             qPrintable(rows.join('\n')));
    for (QAction* action : m_window->findChildren<QAction*>()) {
        if (action->shortcut().isEmpty() || action->menu())
            continue;
        QString text = action->text().remove(QLatin1Char('&'));
        if (text.endsWith(QStringLiteral("…")))
            text.chop(1);
        QStringList keys;
        for (const QKeySequence& key : action->shortcuts())
            keys << key.toString(QKeySequence::NativeText);
        QVERIFY2(rows.contains(text + QLatin1Char('|') + keys.join(QStringLiteral(", "))),
                 qPrintable(text));
    }
    QVERIFY(rows.contains(row(QStringLiteral("Relabel"), QKeySequence(QStringLiteral("Ctrl+L")))));
    delete extra;
}

void TestWindowFit::formatsListEveryRegisteredFormat() {
    FormatsDialog dialog(m_window.get());
    const QString text = dialog.findChild<QTextBrowser*>()->toPlainText();
    for (const FormatEntry& format : FormatRegistry::formats()) {
        const QString id = QString::fromLatin1(format.id);
        QVERIFY2(text.contains(QString::fromUtf8(format.description)), format.id);
        const QString example = QString::fromUtf8(format.example);
        QVERIFY2(example.count(QLatin1Char('\n')) >= 1, format.id); // two lines or more
        // Each example is a log of its own format: the registry recognises it as that one.
        const QByteArray bytes = example.toUtf8() + '\n';
        const FormatEntry* detected = FormatRegistry::detect(bytes.toStdString());
        QVERIFY2(
            detected && QLatin1String(detected->id) == id,
            qPrintable(id + QStringLiteral(" read as ") +
                       (detected ? QString::fromLatin1(detected->id) : QStringLiteral("none"))));
        for (const QString& line : example.split(QLatin1Char('\n')))
            QVERIFY2(text.contains(line.trimmed()), qPrintable(line));
    }
}

void TestWindowFit::openLogsShowsEveryFile() {
    QCOMPARE(MainWindow::openLogsFilters().split(QStringLiteral(";;")).front(),
             QStringLiteral("All files (*)"));
    QAction* open = nullptr;
    for (QAction* action : menuActions(menuTitled(*m_window, QStringLiteral("File"))))
        if (action->text().remove(QLatin1Char('&')) == QStringLiteral("Open logs…"))
            open = action;
    QVERIFY(open);
    QString filter;
    QVERIFY(inspectOpenedWindow(open, [&](QWidget* window) {
        if (auto* dialog = qobject_cast<QFileDialog*>(window))
            filter = dialog->selectedNameFilter();
    }));
    QCOMPARE(filter, QStringLiteral("All files (*)"));
}

// A name of the length the QJump runs have is whole on every screen, every sample's name on a
// large one (the bottleneck steps' too); a longer one is elided in the middle, whole in its
// tooltip (toolTipNamesTheRun). Formats are short: always whole.
void TestWindowFit::datasetNamesAndFormatsAreWhole() {
    DatasetListView* list = m_window->datasetList();
    const QAbstractItemModel* model = list->model();
    const bool large = m_window->screen()->availableGeometry().width() >= 1920;
    constexpr int kReasonableName = 45; // characters
    QStringList cut;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex format = model->index(row, DatasetListModel::FormatColumn);
        if (!shownWhole(list, format))
            cut << QStringLiteral("format \"%1\"").arg(format.data().toString());
        const QModelIndex name = model->index(row, DatasetListModel::LabelColumn);
        const QString label = name.data().toString();
        if ((large || label.size() <= kReasonableName) && !shownWhole(list, name))
            cut << QStringLiteral("name \"%1\" needs %2 px of %3 px")
                       .arg(label)
                       .arg(list->sizeHintForIndex(name).width())
                       .arg(list->columnWidth(DatasetListModel::LabelColumn));
    }
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QLatin1Char('\n'))));
}

// Every tab's title is in the tab bar, whole, without scroll arrows.
void TestWindowFit::everyTabIsInTheTabBar() {
    QTabWidget* tabs = m_window->findChild<QTabWidget*>();
    QTabBar* bar = tabs->tabBar();
    QCOMPARE(bar->count(), static_cast<int>(m_window->views().size()));
    for (const QToolButton* arrow : bar->findChildren<QToolButton*>())
        QVERIFY2(!arrow->isVisible(), "the tab bar shows scroll arrows");
    for (int i = 0; i < bar->count(); ++i) {
        const QRect tab = bar->tabRect(i);
        QVERIFY2(bar->rect().contains(tab) &&
                     tab.width() > bar->fontMetrics().horizontalAdvance(bar->tabText(i)),
                 qPrintable(QStringLiteral("tab \"%1\" at %2 px, %3 px wide, in a bar of %4 px")
                                .arg(bar->tabText(i))
                                .arg(tab.x())
                                .arg(tab.width())
                                .arg(bar->width())));
        // The whole title where the tab's is shorter.
        const QString title = m_window->views()[static_cast<std::size_t>(i)]->title();
        QVERIFY2(bar->tabText(i) == title || bar->tabToolTip(i) == title, qPrintable(title));
    }
}

// The Percentiles table's columns fill its width: p50 and p99 are in view, no empty area
// beside them.
void TestWindowFit::percentileColumnsAreInView() {
    auto* view = m_window->findChild<PercentileView*>();
    QVERIFY(view);
    m_window->findChild<QTabWidget*>()->setCurrentWidget(view);
    QCoreApplication::processEvents();
    auto* table = view->findChild<QTableView*>();
    QVERIFY(table && table->model()->rowCount() > 0);
    const QHeaderView* header = table->horizontalHeader();
    const int width = table->viewport()->width();
    QStringList seen;
    for (int column = 0; column < header->count(); ++column) {
        const QString name = table->model()->headerData(column, Qt::Horizontal).toString();
        if (!name.startsWith(QStringLiteral("p50")) && !name.startsWith(QStringLiteral("p99")))
            continue;
        seen << name.section(QLatin1Char('\n'), 0, 0);
        const int left = header->sectionViewportPosition(column);
        QVERIFY2(left >= 0 && left + header->sectionSize(column) <= width,
                 qPrintable(QStringLiteral("%1 at %2–%3 px of a %4 px view")
                                .arg(seen.back())
                                .arg(left)
                                .arg(left + header->sectionSize(column))
                                .arg(width)));
    }
    QCOMPARE(seen, (QStringList{"p50", "p99"}));
    QVERIFY2(
        header->length() >= width,
        qPrintable(
            QStringLiteral("columns %1 px wide in a %2 px view").arg(header->length()).arg(width)));
}

// Grouping changes what the tabs show, not the room the list has.
void TestWindowFit::listKeepsItsWidthAfterGroupBy() {
    auto* dock = m_window->findChild<QDockWidget*>(QStringLiteral("datasets"));
    QVERIFY(dock);
    QCoreApplication::processEvents();
    const int before = dock->width();
    const QStringList keys = DatasetGrouping::offeredKeys(*m_window->store());
    QVERIFY(!keys.isEmpty());
    QTabWidget* tabs = m_window->findChild<QTabWidget*>();
    for (const QString& key : keys) {
        m_window->store()->setGroupKey(key);
        for (int i = 0; i < tabs->count(); ++i) { // each tab shows its groups
            tabs->setCurrentIndex(i);
            QTest::qWait(20);
        }
        QVERIFY2(dock->width() == before,
                 qPrintable(QStringLiteral("grouped by %1: %2 px, before %3 px")
                                .arg(key)
                                .arg(dock->width())
                                .arg(before)));
    }
    m_window->store()->setGroupKey(QString());
    QTest::qWait(20);
    QCOMPARE(dock->width(), before);
    tabs->setCurrentIndex(0);
}

// A theme chosen while another tab is shown reaches every tab's plots when they are shown,
// the Compare tab's two included.
void TestWindowFit::comparePlotsAreDarkInTheDarkTheme() {
    QTabWidget* tabs = m_window->findChild<QTabWidget*>();
    for (int i = 0; i < tabs->count(); ++i) { // each drawn once in the light theme
        tabs->setCurrentIndex(i);
        QTest::qWait(20);
    }
    tabs->setCurrentIndex(0);
    AppTheme::apply(AppTheme::Theme::Dark);
    QCoreApplication::processEvents();
    QStringList light;
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        for (QCustomPlot* plot : tabs->widget(i)->findChildren<QCustomPlot*>()) {
            if (!plot->isVisible())
                continue;
            if (!QTest::qWaitFor([plot] { return backgroundLightness(plot) < 100; }, 2000))
                light << QStringLiteral("%1 %2: lightness %3")
                             .arg(tabs->tabText(i), plot->objectName())
                             .arg(backgroundLightness(plot));
        }
    }
    AppTheme::apply(AppTheme::Theme::System);
    tabs->setCurrentIndex(0);
    QVERIFY2(light.isEmpty(), qPrintable(light.join(QLatin1Char('\n'))));
}

// File ▸ Open's dialogs start where the user last opened something, however it was opened,
// also in the next session.
void TestWindowFit::openStartsInTheLastFolderUsed() {
    QSettings(QStringLiteral("Wirebench"), QStringLiteral("Wirebench"))
        .remove(QStringLiteral("paths"));
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("logs")));
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("workspaces")));
    const QString logs = QDir(dir.path()).filePath(QStringLiteral("logs"));
    const QString log = QDir(logs).filePath(QStringLiteral("ping18_np"));
    QVERIFY(QFile::copy(test::samplePath("ping18_np"), log));
    const QString workspace = QDir(dir.path()).filePath(QStringLiteral("workspaces/study.wbws"));
    {
        MainWindow window;
        QSignalSpy finished(window.importer(), &ImportController::finished);
        window.importPaths({log}); // as a drop, the recent files or the start page do
        QVERIFY(finished.wait(60000 * test::kSlowdown));
        QCOMPARE(window.openDialogFolder(), logs);
        QString error;
        QVERIFY2(window.saveWorkspace(workspace, &error), qPrintable(error));
        window.close();
    }
    MainWindow window;
    QCOMPARE(window.openDialogFolder(), logs); // remembered
    window.setOutsideFolderQuestion([](const QString&, const QStringList&) { return true; });
    QString error;
    QVERIFY2(test::openWorkspace(window, workspace, &error), qPrintable(error));
    QCOMPARE(window.openDialogFolder(), QFileInfo(workspace).absolutePath());
    QSettings(QStringLiteral("Wirebench"), QStringLiteral("Wirebench"))
        .remove(QStringLiteral("paths"));
}

// An empty window offers the samples' demo workspace, from the keyboard too, and opening it
// loads every dataset the workspace lists.
void TestWindowFit::startPageOpensTheDemoWorkspace() {
    QString error;
    const auto workspace = WorkspaceFile::load(test::samplePath("demo.wbws"), &error);
    QVERIFY2(workspace, qPrintable(error));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* start = window.findChild<StartPage*>();
    QVERIFY(start && start->isVisible());
    QPushButton* demo = nullptr;
    for (QPushButton* button : start->findChildren<QPushButton*>())
        if (button->isVisible() &&
            button->text().remove(QLatin1Char('&')).contains(QStringLiteral("demo workspace")))
            demo = button;
    QVERIFY2(demo, "no visible \"Open the demo workspace\" button");
    QVERIFY(demo->focusPolicy() & Qt::TabFocus);
    QVERIFY(demo->text().contains(QLatin1Char('&'))); // a mnemonic
    QSignalSpy opened(&window, &MainWindow::workspaceOpened);
    QSignalSpy imported(window.importer(), &ImportController::finished);
    demo->setFocus(Qt::TabFocusReason);
    QTest::keyClick(demo, Qt::Key_Space);
    QVERIFY(!opened.isEmpty() || opened.wait(60000 * test::kSlowdown));
    QCOMPARE(opened.first().at(1).toString(), QString());
    QVERIFY(!imported.isEmpty() || imported.wait(60000 * test::kSlowdown));
    QCOMPARE(window.store()->entries().size(), workspace->datasets.size());
    QVERIFY(!start->isVisible());
}

int main(int argc, char** argv) {
    // Run by hand (or on the plain offscreen platform, an 800×800 screen): the laptop screen
    // CTest gives the first of its two runs.
    const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    if (platform.isEmpty() || platform == "offscreen")
        qputenv("QT_QPA_PLATFORM",
                "offscreen:configfile=" WIREBENCH_TEST_SCREENS_DIR "/laptop-1366x768.json");
    QApplication app(argc, argv);
    TestWindowFit test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_windowfit.moc"
