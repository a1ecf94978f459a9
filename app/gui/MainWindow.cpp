#include "MainWindow.h"

#include "AppTheme.h"
#include "BandsView.h"
#include "CdfView.h"
#include "CompareView.h"
#include "DataExportDialog.h"
#include "DatasetEditActions.h"
#include "DatasetGrouping.h"
#include "DatasetListModel.h"
#include "DatasetListView.h"
#include "DatasetStore.h"
#include "DistributionsView.h"
#include "ExportDialog.h"
#include "FlowBarsView.h"
#include "FormatsDialog.h"
#include "GroupByBox.h"
#include "ImportController.h"
#include "LoadTimeView.h"
#include "NotLoadedPanel.h"
#include "ParseReportPanel.h"
#include "PercentileView.h"
#include "PlotExporter.h"
#include "PlotStyle.h"
#include "ProblemsPanel.h"
#include "RejectionBanner.h"
#include "ReportWriter.h"
#include "RunPanel.h"
#include "ScreenFit.h"
#include "ShortcutsDialog.h"
#include "StartPage.h"
#include "SweepView.h"
#include "ThroughputTimeView.h"
#include "TimelineView.h"
#include "run/StopSignals.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QColorDialog>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScreen>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace wb {

namespace {
// A message box grows with its text and never scrolls: it lists this many lines, the rest
// are counted (and shown under "Show Details…" where the box has them).
constexpr int kLinesListed = 12;
// The share of the first window's width the dataset list takes.
constexpr double kDatasetsShare = 0.3;
constexpr int kDatasetsWidest = 440;
constexpr int kDatasetsLeast = 240; // names stay readable; the window still fits 1280 px
// The most of the window's width the list grows to, to show its names whole.
constexpr double kDatasetsMostShare = 0.4;
constexpr int kPagesLeast = 560;

QString firstLines(const QStringList& lines) {
    QStringList listed = lines.mid(0, kLinesListed);
    if (lines.size() > kLinesListed)
        listed << MainWindow::tr("… and %1 more").arg(lines.size() - kLinesListed);
    return listed.join(QLatin1Char('\n'));
}
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_store(new DatasetStore(this)),
      m_listModel(new DatasetListModel(m_store, this)),
      m_importer(new ImportController(m_store, this)),
      m_session(new WorkspaceSession(m_store, m_importer, this)) {
    setWindowTitle(tr("Wirebench"));
    setWindowIcon(QIcon(QStringLiteral(":/wirebench.svg")));
    setAcceptDrops(true);
    m_store->matchInBackground();
    createViews();
    createDocks();
    createMenus();
    createStatusBar();
    // Most of the screen, up to a size beyond which the plots gain little.
    resize(ScreenFit::initialWindowSize(screen()->availableGeometry(), QSize(1800, 1100)));
    // Room for run names in the list, and rows more than the parse report; a saved window
    // state replaces both.
    auto* datasets = findChild<QDockWidget*>(QStringLiteral("datasets"));
    resizeDocks({datasets}, {std::min(static_cast<int>(width() * kDatasetsShare), kDatasetsWidest)},
                Qt::Horizontal);
    resizeDocks({datasets, findChild<QDockWidget*>(QStringLiteral("parseReport"))},
                {height() * 3 / 5, height() * 2 / 5}, Qt::Vertical);
    for (WorkbenchView* view : m_views)
        view->restoreSettings(m_settings.viewSettings(view->settingsKey()));
    restoreGeometry(m_settings.windowGeometry());
    // Saved on a bigger screen (an external monitor, a lower scale): not past this one's edges.
    // Set only then: a geometry set marks the window as placed, which a window manager respects.
    if (const QRect fits = ScreenFit::fitted(geometry(), screen()->availableGeometry());
        fits != geometry())
        setGeometry(fits);
    restoreState(m_settings.windowState());
}

MainWindow::~MainWindow() {
    // QWidget's destructor hides the docks after this class is gone: the Run dock's
    // visibility handler must not run then.
    m_runDock->disconnect(this);
}

void MainWindow::createViews() {
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    auto* cdf = new CdfView(m_store, m_tabs);
    auto* flows = new FlowBarsView(m_store, m_tabs);
    m_views = {cdf,
               new TimelineView(m_store, m_tabs),
               new BandsView(m_store, m_tabs),
               new DistributionsView(m_store, m_tabs),
               new PercentileView(m_store, m_tabs),
               flows,
               new ThroughputTimeView(m_store, m_tabs),
               new LoadTimeView(m_store, m_tabs),
               new CompareView(m_store, m_tabs),
               new SweepView(m_store, m_tabs)};
    for (WorkbenchView* view : m_views) {
        const int tab = m_tabs->addTab(view, view->tabTitle());
        m_tabs->setTabToolTip(tab, view->title());
        connect(view, &WorkbenchView::problem, this, &MainWindow::showProblem);
    }
    m_pages = new QStackedWidget(this);
    m_start = new StartPage(m_pages);
    m_start->setSamplesWorkspace(StartPage::findSamplesWorkspace());
    connect(m_start, &StartPage::openRequested, this, &MainWindow::importPaths);
    m_pages->addWidget(m_start);
    auto* plots = new QWidget(m_pages);
    auto* plotsLayout = new QVBoxLayout(plots);
    plotsLayout->setContentsMargins(0, 0, 0, 0);
    plotsLayout->addWidget(new RejectionBanner(m_store, plots));
    plotsLayout->addWidget(m_tabs, 1);
    m_pages->addWidget(plots);
    // The least the tabs get, set rather than taken from the pages: a page that grows (grouping
    // shows more controls and wider tables) would otherwise take the room from the dataset
    // list, which would not get it back.
    m_pages->setMinimumWidth(kPagesLeast);
    setCentralWidget(m_pages);
    m_dropOverlay = new QLabel(tr("Drop to add these logs"), m_pages);
    m_dropOverlay->setObjectName(QStringLiteral("dropOverlay"));
    m_dropOverlay->setAlignment(Qt::AlignCenter);
    m_dropOverlay->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_dropOverlay->setStyleSheet(
        QStringLiteral("#dropOverlay { border: 3px solid palette(highlight); border-radius: 8px;"
                       " background: rgba(128, 128, 128, 60); font-size: 18pt; }"));
    m_dropOverlay->hide();
    connect(m_store, &DatasetStore::added, this, &MainWindow::showStartPageWhenEmpty);
    connect(m_store, &DatasetStore::removed, this, &MainWindow::showStartPageWhenEmpty);
    showStartPageWhenEmpty();
    // Show the tab that fits what was just loaded: flows for iperf logs, CDFs for ping.
    connect(m_store, &DatasetStore::added, this, [this, cdf, flows](const QList<int>& ids) {
        if (m_store->entries().size() == static_cast<std::size_t>(ids.size()) &&
            !m_tabFromWorkspace)
            m_tabs->setCurrentWidget(
                m_store->entries().front().isLatency() ? static_cast<QWidget*>(cdf) : flows);
    });
}

void MainWindow::createDocks() {
    m_list = new DatasetListView(m_listModel, this);
    m_list->setAccessibleName(tr("dataset list"));
    m_list->setMinimumWidth(kDatasetsLeast);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_list->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_list->setToolTip(
        tr("Drop ping, fping, iperf or iperf3 logs (or folders) here. Double-click to rename, "
           "tick to show or hide."));
    auto* color = new QAction(tr("Change colour…"), m_list);
    connect(color, &QAction::triggered, this, &MainWindow::chooseColor);
    auto* remove = new QAction(tr("Remove"), m_list);
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut);
    connect(remove, &QAction::triggered, this, &MainWindow::removeSelected);
    m_list->addActions({color, remove});
    auto* edits = new DatasetEditActions(m_list, m_listModel, m_store); // tag, relabel, …
    connect(edits, &DatasetEditActions::problem, this, &MainWindow::showProblem);
    QAction* selectAll = m_list->addSelectAllAction(); // last in the context and Edit menus
    // The edits act on the selection: offered only when there is one.
    const auto offerEdits = [this, selectAll] {
        const bool selected = m_list->selectionModel()->hasSelection();
        for (QAction* action : m_list->actions())
            if (action != selectAll)
                action->setEnabled(selected);
    };
    connect(m_list->selectionModel(), &QItemSelectionModel::selectionChanged, this, offerEdits);
    connect(m_store, &DatasetStore::removed, this, offerEdits); // a reset clears it silently
    offerEdits();

    // "Group by" sits with the list it groups.
    auto* datasets = new QWidget(this);
    auto* groupRow = new QHBoxLayout;
    groupRow->addWidget(new QLabel(tr("Group by:"), datasets));
    groupRow->addWidget(new GroupByBox(m_store, datasets), 1);
    auto* datasetsLayout = new QVBoxLayout(datasets);
    datasetsLayout->setContentsMargins(0, 0, 0, 0);
    datasetsLayout->addLayout(groupRow);
    // Groups whose runs differ in how they were made (-P 30 beside -P 4), or that pool a run
    // that did not complete, say so here.
    auto* mixes = new QLabel(datasets);
    mixes->setObjectName(QStringLiteral("groupMixes"));
    mixes->setWordWrap(true);
    mixes->setTextFormat(Qt::PlainText);
    AppTheme::keepTextReadable(mixes, QColor(0xb3, 0x59, 0x00));
    mixes->setToolTip(tr("A group pools runs that differ in more than the grouping key (its "
                         "figures mix the effect of both), or a run that did not complete (its "
                         "samples are kept)"));
    mixes->hide();
    const auto showMixes = [this, mixes] {
        const QStringList warnings = DatasetGrouping::of(m_store)->mixWarnings();
        mixes->setText(QStringLiteral("⚠ ") + warnings.join(QStringLiteral("\n⚠ ")));
        mixes->setVisible(!warnings.isEmpty());
    };
    connect(m_store, &DatasetStore::added, mixes, showMixes);
    connect(m_store, &DatasetStore::removed, mixes, showMixes);
    connect(m_store, &DatasetStore::changed, mixes, showMixes);
    datasetsLayout->addWidget(mixes);
    datasetsLayout->addWidget(m_list, 1);
    m_notLoaded = new NotLoadedPanel(datasets);
    datasetsLayout->addWidget(m_notLoaded);
    auto* listDock = new QDockWidget(tr("Datasets"), this);
    listDock->setObjectName(QStringLiteral("datasets"));
    listDock->setWidget(datasets);
    addDockWidget(Qt::LeftDockWidgetArea, listDock);

    m_problems = new ProblemsPanel(this);
    m_problemsDock = new QDockWidget(tr("Problems"), this);
    m_problemsDock->setObjectName(QStringLiteral("problems"));
    m_problemsDock->setWidget(m_problems);

    m_reportPanel = new ParseReportPanel(this);
    auto* reportDock = new QDockWidget(tr("Parse report"), this);
    reportDock->setObjectName(QStringLiteral("parseReport"));
    reportDock->setWidget(m_reportPanel);
    addDockWidget(Qt::LeftDockWidgetArea, reportDock);
    addDockWidget(Qt::LeftDockWidgetArea, m_problemsDock);
    tabifyDockWidget(reportDock, m_problemsDock);
    reportDock->raise();
    m_problemsDock->hide(); // shown with the first problem
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MainWindow::showSelectedReport);
    connect(m_store, &DatasetStore::changed, this, &MainWindow::showSelectedReport);
    // Removing rows resets the list without telling of the current row's change.
    connect(m_store, &DatasetStore::removed, this, &MainWindow::showSelectedReport);

    m_runPanel = new RunPanel(m_store, &m_settings, this);
    m_runDock = new QDockWidget(tr("Run"), this);
    m_runDock->setObjectName(QStringLiteral("run"));
    m_runDock->setWidget(m_runPanel);
    addDockWidget(Qt::RightDockWidgetArea, m_runDock);
    m_runDock->hide(); // Measure ▸ New run… shows it; a saved window state may too
    // The Run panel takes its room from the list when the window is small: given back when
    // it is closed.
    connect(m_runDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible && !m_store->entries().empty())
            QTimer::singleShot(0, this, &MainWindow::widenListForNames);
    });
    connect(m_runPanel, &RunPanel::importRequested, this, &MainWindow::importPaths);
    connect(m_runPanel, &RunPanel::problem, this, &MainWindow::showProblems);
    connect(m_runPanel, &RunPanel::finished, this,
            [this](const QString& summary) { m_status->setText(tr("Run %1").arg(summary)); });
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* openLogs =
        file->addAction(tr("&Open logs…"), QKeySequence::Open, this, &MainWindow::openFiles);
    QAction* openFolder = file->addAction(tr("Open &folder…"), QKeySequence(tr("Ctrl+Shift+O")),
                                          this, &MainWindow::openFolder);
    QAction* openWorkspace =
        file->addAction(tr("Open &workspace…"), QKeySequence(tr("Ctrl+Shift+W")), this,
                        &MainWindow::openWorkspaceDialog);
    m_start->setOpenActions({openLogs, openFolder, openWorkspace});
    file->addAction(tr("&Save workspace…"), QKeySequence::Save, this, &MainWindow::saveWorkspaceAs);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    updateRecentMenu();
    file->addSeparator();
    file->addAction(tr("&Export plot…"), QKeySequence(tr("Ctrl+E")), this, &MainWindow::exportPlot);
    file->addAction(tr("&Copy plot"), QKeySequence(tr("Ctrl+Shift+C")), this,
                    &MainWindow::copyPlot);
    file->addAction(tr("Export &report…"), QKeySequence(tr("Ctrl+Shift+E")), this,
                    &MainWindow::exportReportDialog);
    file->addAction(tr("Export &data…"), this, &MainWindow::exportDataDialog);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    // What the dataset list's context menu offers (colour, remove, tags, relabel, and any edit
    // added to the list later), so the menu and the context menu never differ.
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addActions(m_list->actions());

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Reset view"), QKeySequence(tr("Ctrl+0")), this, [this] {
        if (WorkbenchView* current = currentView())
            current->resetView();
    });
    // Ctrl+1 to Ctrl+9 for the first nine views (Ctrl+0 resets); Ctrl+Tab reaches every tab.
    for (std::size_t i = 0; i < m_views.size(); ++i)
        view->addAction(m_views[i]->title(),
                        i < 9 ? QKeySequence(QStringLiteral("Ctrl+%1").arg(i + 1)) : QKeySequence(),
                        this, [this, i] { m_tabs->setCurrentIndex(static_cast<int>(i)); });

    view->addSeparator();
    QMenu* theme = view->addMenu(tr("&Theme"));
    theme->setObjectName(QStringLiteral("themeMenu"));
    auto* themes = new QActionGroup(theme);
    const std::pair<AppTheme::Theme, QString> choices[] = {
        {AppTheme::Theme::System, tr("Follow &system")},
        {AppTheme::Theme::Light, tr("&Light")},
        {AppTheme::Theme::Dark, tr("&Dark")}};
    for (const auto& [choice, name] : choices) {
        QAction* action = theme->addAction(name);
        action->setObjectName(QStringLiteral("theme-") + AppTheme::nameOf(choice));
        action->setCheckable(true);
        action->setChecked(m_settings.theme() == choice);
        themes->addAction(action);
        connect(action, &QAction::triggered, this, [this, choice = choice] {
            m_settings.setTheme(choice);
            AppTheme::apply(choice);
        });
    }

    createMeasureMenu();

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard shortcuts"), this,
                    [this] { showHelp(new ShortcutsDialog(this)); });
    help->addAction(tr("&Formats"), this, [this] { showHelp(new FormatsDialog(this)); });
    help->addAction(tr("&About Wirebench"), this, [this] {
        QMessageBox::about(
            this, tr("About Wirebench"),
            tr("<b>Wirebench</b><p>A workbench for ping, fping, iperf and iperf3 measurements: "
               "latency CDFs and percentiles (numpy's linear method), per-flow throughput and "
               "fairness, exports for papers.</p>"));
    });
}

void MainWindow::createMeasureMenu() {
    QMenu* measure = menuBar()->addMenu(tr("&Measure"));
    measure->addAction(tr("&New run…"), QKeySequence(tr("Ctrl+R")), this,
                       &MainWindow::showRunPanel);
    QAction* start = measure->addAction(tr("&Start"), this, [this] {
        showRunPanel();
        m_runPanel->start();
    });
    QAction* cancel = measure->addAction(tr("&Cancel run"), m_runPanel, &RunPanel::cancel);
    measure->addSeparator();
    QAction* plan =
        measure->addAction(tr("Run &plan…"), QKeySequence(tr("Ctrl+Shift+R")), this, [this] {
            showRunPanel();
            m_runPanel->choosePlan();
        });
    const auto sync = [start, cancel, plan](bool busy) {
        start->setEnabled(!busy);
        plan->setEnabled(!busy);
        cancel->setEnabled(busy);
    };
    connect(m_runPanel, &RunPanel::busyChanged, this, sync);
    sync(m_runPanel->busy());
}

void MainWindow::showHelp(QDialog* dialog) {
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show(); // not modal: readable beside the window it explains
}

void MainWindow::showRunPanel() {
    m_runDock->show();
    m_runDock->raise();
    m_runPanel->focusForm();
}

void MainWindow::createStatusBar() {
    const QString hint = tr("Drop logs or folders here, or use File ▸ Open.");
    m_status = new QLabel(hint, this);
    // Every dataset removed: what the status said about them is no longer true.
    connect(m_store, &DatasetStore::removed, this, [this, hint] {
        if (m_store->entries().empty())
            m_status->setText(hint);
    });
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(240);
    m_progress->setFormat(QStringLiteral("%p%"));
    m_progress->hide();
    m_cancel = new QToolButton(this);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the import; what was read so far is kept"));
    m_cancel->hide();
    connect(m_cancel, &QToolButton::clicked, m_importer, &ImportController::cancel);
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);

    // Logs loaded into an empty list: the list grows to show their names (and never shrinks on
    // its own, so a width the user chose is kept when more logs come).
    connect(m_importer, &ImportController::started, this,
            [this] { m_widenListForImport = m_store->entries().empty(); });
    connect(m_importer, &ImportController::started, this, [this](int files) {
        m_importErrors.clear();
        m_status->setText(tr("Importing %n file(s)…", nullptr, files));
        m_progress->setValue(0);
        m_progress->show();
        m_cancel->show();
    });
    connect(m_importer, &ImportController::progress, this,
            [this](int perMille, const QString& file) {
                m_progress->setValue(perMille);
                if (!file.isEmpty())
                    m_status->setText(tr("Reading %1…").arg(QFileInfo(file).fileName()));
            });
    connect(m_importer, &ImportController::fileFailed, this,
            [this](const QString& file, const QString& why) {
                m_importErrors << QStringLiteral("%1: %2").arg(file, why);
            });
    // Kept, and written back when the workspace is saved.
    connect(m_importer, &ImportController::datasetsNotLoaded, this,
            [this](const std::vector<NotLoadedDataset>& datasets) {
                if (m_importsToForget == 0)
                    m_notLoaded->add(datasets);
            });
    connect(m_importer, &ImportController::finished, this, [this] {
        if (std::exchange(m_widenListForImport, false)) // once the window has laid them out
            QTimer::singleShot(0, this, &MainWindow::widenListForNames);
        if (m_importsToForget > 0)
            --m_importsToForget;
    });
    connect(m_importer, &ImportController::finished, this, &MainWindow::importFinished);
}

WorkbenchView* MainWindow::currentView() const {
    return qobject_cast<WorkbenchView*>(m_tabs->currentWidget());
}

void MainWindow::importPaths(const QStringList& paths) {
    // A workspace among the paths opens as a workspace (replacing what is loaded); the logs
    // given with it are added after it.
    QStringList logs;
    QString workspace;
    for (const QString& path : paths) {
        if (WorkspaceSession::isWorkspaceFile(path))
            workspace = path; // one workspace replaces another: the last one given wins
        else
            logs << path;
    }
    for (const QString& path : logs) {
        m_settings.addRecentFile(QFileInfo(path).absoluteFilePath());
        rememberOpened(path);
    }
    updateRecentMenu();
    if (!workspace.isEmpty())
        openWorkspace(workspace, logs);
    else if (openingWorkspace())
        m_logsAfterWorkspace << logs;
    else if (!logs.isEmpty())
        m_importer->importPaths(logs);
}

void MainWindow::importFinished(int added, int failed, bool cancelled) {
    m_progress->hide();
    m_cancel->hide();
    QString text = tr("%n dataset(s) loaded", nullptr, added);
    if (failed > 0)
        text += tr(", %n file(s) could not be read", nullptr, failed);
    if (cancelled)
        text += tr(" (import cancelled; what was read is kept)");
    m_status->setText(text);
    if (m_importErrors.isEmpty())
        return;
    // Not modal: the files that did load are already on screen.
    showProblems(
        tr("Some files were not loaded"),
        tr("%n file(s) could not be read:", nullptr, static_cast<int>(m_importErrors.size())),
        m_importErrors);
}

void MainWindow::showProblems(const QString& title, const QString& text,
                              const QStringList& details) {
    // Listed in a panel, not a dialog: nothing waits for an answer, and drops keep working.
    m_problems->add(title, text, details);
    m_problemsDock->show();
    m_problemsDock->raise();
}

void MainWindow::showProblem(const QString& title, const QStringList& details) {
    showProblems(title, QString(), details);
}

void MainWindow::widenListForNames() {
    auto* dock = findChild<QDockWidget*>(QStringLiteral("datasets"));
    const int around = dock->width() - m_list->width(); // the dock's frame and margins
    const int wanted = std::min(m_list->widthForWholeNames() + around,
                                static_cast<int>(width() * kDatasetsMostShare));
    if (wanted > dock->width())
        resizeDocks({dock}, {wanted}, Qt::Horizontal);
}

void MainWindow::showStartPageWhenEmpty() {
    m_pages->setCurrentIndex(m_store->entries().empty() ? 0 : 1);
}

// The start page turns highlighted; over the plots a tinted frame says the drop adds logs.
void MainWindow::setDropHighlighted(bool highlighted) {
    m_start->setDropHighlighted(highlighted);
    const bool overPlots = highlighted && m_pages->currentWidget() != m_start;
    if (overPlots) {
        m_dropOverlay->setGeometry(m_pages->rect());
        m_dropOverlay->raise();
    }
    m_dropOverlay->setVisible(overPlots);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) {
        event->acceptProposedAction();
        setDropHighlighted(true);
    }
}

void MainWindow::dragLeaveEvent(QDragLeaveEvent* event) {
    setDropHighlighted(false);
    QMainWindow::dragLeaveEvent(event);
}

void MainWindow::dropEvent(QDropEvent* event) {
    setDropHighlighted(false);
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    importPaths(paths);
}

void MainWindow::closeOnStopSignals() {
    // A session's end sends SIGTERM (then SIGKILL): the default action would end the process
    // at once, leaving a run's children and its sidecar saying "running".
    m_stopSignals = std::make_unique<StopSignals>([this](int) {
        close();
        QCoreApplication::quit(); // also out of a dialog's own loop
    });
}

void MainWindow::closeEvent(QCloseEvent* event) {
    m_importer->cancel();
    m_runPanel->cancel();
    m_runPanel->saveForm();
    m_settings.setWindowLayout(saveGeometry(), saveState());
    for (const WorkbenchView* view : m_views)
        m_settings.setViewSettings(view->settingsKey(), view->saveSettings());
    event->accept();
}

void MainWindow::openFiles() {
    const QStringList files =
        QFileDialog::getOpenFileNames(this, tr("Open logs"), openDialogFolder(), openLogsFilters());
    if (files.isEmpty())
        return;
    m_settings.setLastFolder(QFileInfo(files.front()).absolutePath());
    importPaths(files);
}

QString MainWindow::openDialogFolder() const {
    return m_settings.openFolder();
}

void MainWindow::rememberOpened(const QString& path) {
    const QFileInfo info(path);
    m_settings.setOpenFolder(info.isDir() ? info.absoluteFilePath() : info.absolutePath());
}

QString MainWindow::openLogsFilters() {
    // All files first: logs often have no extension (ping18_np), and the content decides the
    // format, not the name.
    return tr("All files (*);;Logs (*.txt *.log *.csv *.json *.jsonl *.out)");
}

void MainWindow::openFolder() {
    const QString folder =
        QFileDialog::getExistingDirectory(this, tr("Open a folder of logs"), openDialogFolder());
    if (folder.isEmpty())
        return;
    m_settings.setLastFolder(folder);
    importPaths({folder});
}

QMap<QString, QJsonObject> MainWindow::viewSettings() const {
    QMap<QString, QJsonObject> settings;
    for (const WorkbenchView* view : m_views)
        settings.insert(view->settingsKey(), view->saveSettings());
    return settings;
}

bool MainWindow::saveWorkspace(const QString& path, QString* error) {
    if (!m_session->save(path, m_notLoaded->datasets(), viewSettings(), m_tabs->currentIndex(),
                         error))
        return false;
    m_settings.addRecentFile(QFileInfo(path).absoluteFilePath());
    updateRecentMenu();
    return true;
}

void MainWindow::openWorkspace(const QString& path, const QStringList& logsAfter) {
    const int request = ++m_workspaceRequest;
    m_logsAfterWorkspace = logsAfter;
    if (logsAfter.isEmpty())
        rememberOpened(path); // else the logs given with it are the last opened
    m_status->setText(tr("Opening %1…").arg(QFileInfo(path).fileName()));
    m_jobs.run([path] { return WorkspaceSession::read(path); },
               [this, path, request](WorkspaceSession::Read read) {
                   if (request != m_workspaceRequest)
                       return; // another workspace was asked for meanwhile
                   m_workspaceApplied = request;
                   if (read.workspace) {
                       applyWorkspace(path, read);
                   } else {
                       m_status->clear();
                       showProblems(tr("Workspace not opened"),
                                    tr("The workspace could not be opened:"), {read.error});
                   }
                   // Queued behind the workspace's logs, if it opened.
                   if (!m_logsAfterWorkspace.isEmpty())
                       m_importer->importPaths(std::exchange(m_logsAfterWorkspace, {}));
                   emit workspaceOpened(path, read.workspace ? QString() : read.error);
               });
}

void MainWindow::applyWorkspace(const QString& path, const WorkspaceSession::Read& read) {
    if (m_importer->busy())
        m_importsToForget = 1; // cancel() leaves at most the running import
    m_importer->cancel();
    m_session->open(path, *read.workspace);
    setWindowTitle(tr("Wirebench — %1").arg(m_session->displayTitle()));
    for (WorkbenchView* view : m_views)
        view->restoreSettings(read.workspace->viewSettings.value(view->settingsKey()));
    m_tabs->setCurrentIndex(WorkspaceSession::currentTab(*read.workspace));
    m_tabFromWorkspace = true; // the saved tab, not the one the first dataset would pick
    const bool readOutside = !read.outsideLogs.isEmpty() && m_askOutside(path, read.outsideLogs);
    m_notLoaded->setDatasets(m_session->import(read, readOutside));
    if (!read.missingLogs.isEmpty())
        showProblems(
            tr("Raw logs missing"),
            tr("These raw logs of the workspace were not found (moved or deleted); their datasets "
               "stay in the workspace, listed under the datasets, until you remove them:"),
            read.missingLogs);
}

void MainWindow::setOutsideFolderQuestion(OutsideFolderQuestion question) {
    m_askOutside = std::move(question);
}

bool MainWindow::askToReadOutside(const QString& workspace, const QStringList& logs) {
    QMessageBox box(QMessageBox::Question, tr("Read files outside the workspace?"),
                    logs.size() == 1
                        ? tr("The workspace %1 names a raw log outside its folder. Read it?")
                              .arg(QFileInfo(workspace).fileName())
                        : tr("The workspace %1 names %2 raw logs outside its folder. Read them?")
                              .arg(QFileInfo(workspace).fileName())
                              .arg(logs.size()),
                    QMessageBox::Yes | QMessageBox::No, this);
    box.setInformativeText(tr("A workspace from someone else may name any file of this "
                              "computer. If you do not read them, they stay in the workspace "
                              "as not loaded.\n\n") +
                           firstLines(logs));
    box.setDefaultButton(QMessageBox::No);
    return box.exec() == QMessageBox::Yes;
}

void MainWindow::saveWorkspaceAs() {
    const QString suggested =
        m_session->path().isEmpty()
            ? QDir(m_settings.lastFolder()).filePath(QStringLiteral("workspace.wbws"))
            : m_session->path();
    const QString path = QFileDialog::getSaveFileName(this, tr("Save workspace"), suggested,
                                                      tr("Wirebench workspace (*.wbws)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveWorkspace(path, &error))
        showProblem(tr("Workspace not saved"), {error});
    else
        m_status->setText(tr("Saved %1").arg(path));
}

void MainWindow::openWorkspaceDialog() {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open workspace"), openDialogFolder(),
                                     tr("Wirebench workspace (*.wbws);;All files (*)"));
    if (!path.isEmpty())
        openWorkspace(path);
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    for (const QString& path : m_settings.recentFiles())
        m_recentMenu->addAction(path, this, [this, path] { importPaths({path}); });
    m_recentMenu->setEnabled(!m_recentMenu->isEmpty());
    m_start->setRecentFiles(m_settings.recentFiles());
}

void MainWindow::exportPlot() {
    WorkbenchView* view = currentView();
    if (!view || !view->plot()) {
        m_status->setText(tr("This tab is a table: use its own Copy and Export buttons."));
        return;
    }
    const ExportOptions defaults = m_settings.exportOptions();
    ExportDialog dialog(
        QDir(m_settings.lastFolder()).filePath(view->exportName() + QStringLiteral(".pdf")),
        defaults, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const ExportOptions options = dialog.options();
    m_settings.setExportOptions(options);
    m_settings.setLastFolder(QFileInfo(dialog.path()).absolutePath());
    QString error;
    m_store->settleMatching(); // what is saved is what the views are about to show
    if (!PlotExporter::save(view->plot(), dialog.path(), options, &error))
        showProblem(tr("Plot not exported"),
                    {tr("%1: %2").arg(QDir::toNativeSeparators(dialog.path()), error)});
    else
        m_status->setText(tr("Exported %1").arg(dialog.path()));
}

void MainWindow::copyPlot() {
    if (WorkbenchView* view = currentView(); view && view->plot()) {
        m_store->settleMatching();
        PlotExporter::copyToClipboard(view->plot(), m_settings.exportOptions());
        m_status->setText(tr("Plot copied to the clipboard"));
    }
}

bool MainWindow::exportReport(const QString& path, QString* error) {
    m_store->settleMatching();
    return ReportWriter::write(m_store, m_session->reportSource(viewSettings()), path, error);
}

void MainWindow::exportReportDialog() {
    if (m_store->entries().empty()) {
        m_status->setText(tr("Open logs or a workspace first: the report shows them."));
        return;
    }
    const QString stem = m_session->path().isEmpty()
                             ? QStringLiteral("report")
                             : QFileInfo(m_session->path()).completeBaseName();
    const QString pdf = tr("PDF report (*.pdf)");
    const QString html = tr("HTML report, one self-contained file (*.html)");
    QString filter = pdf;
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export report"),
        QDir(m_settings.lastFolder()).filePath(stem + QStringLiteral(".pdf")),
        pdf + QStringLiteral(";;") + html, &filter);
    if (path.isEmpty())
        return;
    if (ReportWriter::formatOf(path).isEmpty())
        path += filter == html ? QStringLiteral(".html") : QStringLiteral(".pdf");
    m_settings.setLastFolder(QFileInfo(path).absolutePath());
    QString error;
    if (!exportReport(path, &error))
        showProblem(tr("Report not written"),
                    {tr("%1: %2").arg(QDir::toNativeSeparators(path), error)});
    else
        m_status->setText(tr("Report written to %1").arg(path));
}

bool MainWindow::exportData(const QString& path, TidyExport::Table table, TidyExport::Format format,
                            QString* error) {
    std::vector<DataExport::Member> members;
    for (const DatasetEntry& entry : m_store->entries())
        members.push_back({entry.analysis, DatasetGrouping::memberOf(entry)});
    return DataExport::run(members, path, table, format, this, error);
}

void MainWindow::exportDataDialog() {
    if (m_store->entries().empty()) {
        m_status->setText(tr("Open logs or a workspace first: the export holds their data."));
        return;
    }
    const QString stem = m_session->path().isEmpty()
                             ? QStringLiteral("wirebench-data")
                             : QFileInfo(m_session->path()).completeBaseName();
    DataExportDialog dialog(QDir(m_settings.lastFolder()).filePath(stem + QStringLiteral(".csv")),
                            this);
    if (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty())
        return;
    m_settings.setLastFolder(QFileInfo(dialog.path()).absolutePath());
    QString error;
    if (!exportData(dialog.path(), dialog.table(), dialog.format(), &error))
        showProblem(tr("Data not exported"),
                    {tr("%1: %2").arg(QDir::toNativeSeparators(dialog.path()), error)});
    else
        m_status->setText(tr("Data exported to %1").arg(dialog.path()));
}

void MainWindow::removeSelected() {
    QList<int> ids;
    for (const QModelIndex& index : m_list->selectionModel()->selectedRows())
        ids << m_listModel->idAt(index.row());
    m_store->remove(ids);
}

void MainWindow::chooseColor() {
    const int id = m_listModel->idAt(m_list->currentIndex().row());
    if (const DatasetEntry* entry = m_store->find(id)) {
        const QColor color = QColorDialog::getColor(PlotStyle::toColor(entry->color), this,
                                                    tr("Colour of %1").arg(entry->label));
        if (color.isValid())
            m_store->setColor(id, PlotStyle::fromColor(color));
    }
}

void MainWindow::showSelectedReport() {
    m_reportPanel->show(m_store->find(m_listModel->idAt(m_list->currentIndex().row())));
}

} // namespace wb
