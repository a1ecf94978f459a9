#pragma once

#include "report/TidyExport.h"

#include "BackgroundJobs.h"
#include "Settings.h"
#include "WorkspaceSession.h"

#include <QMainWindow>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

class QDialog;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QStackedWidget;
class QTabWidget;
class QToolButton;

namespace wb {

class DatasetListModel;
class DatasetListView;
class DatasetStore;
class ImportController;
class NotLoadedPanel;
class ParseReportPanel;
class ProblemsPanel;
class RunPanel;
class StartPage;
class StopSignals;
class WorkbenchView;

// The workbench window: the dataset list and parse report on the left, one tab per view,
// import progress in the status bar. It wires things together; views draw, core computes.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Logs, folders of logs, and workspace files (which open as workspaces).
    void importPaths(const QStringList& paths);
    // Workspaces: the datasets (by their raw logs), labels, colours, visibility, view settings.
    bool saveWorkspace(const QString& path, QString* error);
    // Reads the workspace and checks its logs in the background (thousands of them take a
    // while), then clears the window and re-imports the logs, and after them `logsAfter`;
    // missing logs are reported and kept as not-loaded datasets. Logs outside the workspace's
    // folder are read only when the question (a dialog unless set) answers yes.
    // workspaceOpened() tells when the workspace is applied, or why it was not (the window is
    // then unchanged). A later call supersedes one still being read.
    void openWorkspace(const QString& path, const QStringList& logsAfter = {});
    bool openingWorkspace() const { return m_workspaceRequest != m_workspaceApplied; }
    using OutsideFolderQuestion =
        std::function<bool(const QString& workspace, const QStringList& logs)>;
    void setOutsideFolderQuestion(OutsideFolderQuestion question);
    // The report of what the window shows (ReportWriter): .pdf or .html by the suffix.
    bool exportReport(const QString& path, QString* error);
    // File ▸ Export data without its dialog: a tidy table of every dataset (TidyExport), with
    // the window's labels, tags and metadata, written to path.
    bool exportData(const QString& path, TidyExport::Table table, TidyExport::Format format,
                    QString* error);
    DatasetStore* store() const { return m_store; }
    ImportController* importer() const { return m_importer; }
    const std::vector<WorkbenchView*>& views() const { return m_views; }
    WorkbenchView* currentView() const;
    // Files refused by the last import, with the reason, as shown to the user.
    const QStringList& lastImportErrors() const { return m_importErrors; }
    RunPanel* runPanel() const { return m_runPanel; }
    NotLoadedPanel* notLoadedPanel() const { return m_notLoaded; }
    DatasetListView* datasetList() const { return m_list; }
    // File ▸ Open logs' file type choices, the first one the default.
    static QString openLogsFilters();
    // The folder File ▸ Open's dialogs start in.
    QString openDialogFolder() const;
    // SIGTERM, SIGINT and SIGHUP (a logout, a shutdown, Ctrl+C in the terminal that started
    // it) close the window as File ▸ Quit does, so a run or plan is stopped and its sidecars
    // written, and end the event loop. For the application's one window.
    void closeOnStopSignals();

signals:
    // After openWorkspace(): error is empty when the workspace was applied (its import has
    // started), else it says why the workspace could not be opened.
    void workspaceOpened(const QString& path, const QString& error);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragLeaveEvent(QDragLeaveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void createViews();
    void createDocks();
    void createMenus();
    void createStatusBar();
    void createMeasureMenu();
    void showRunPanel();
    void showHelp(QDialog* dialog);
    void openFiles();
    void openFolder();
    void saveWorkspaceAs();
    void openWorkspaceDialog();
    // Where the next File ▸ Open starts: the folder of `path` (a folder itself when it is one).
    void rememberOpened(const QString& path);
    void exportPlot();
    void copyPlot();
    void exportReportDialog();
    void exportDataDialog();
    void removeSelected();
    void chooseColor();
    void updateRecentMenu();
    void importFinished(int added, int failed, bool cancelled);
    void showSelectedReport();
    void showProblems(const QString& title, const QString& text, const QStringList& details);
    void showProblem(const QString& title, const QStringList& details);
    void showStartPageWhenEmpty();
    // The list grows to show its names whole, up to a share of the window.
    void widenListForNames();
    void setDropHighlighted(bool highlighted);
    bool askToReadOutside(const QString& workspace, const QStringList& logs);
    void applyWorkspace(const QString& path, const WorkspaceSession::Read& read);
    QMap<QString, QJsonObject> viewSettings() const; // by WorkbenchView::settingsKey()

    Settings m_settings;
    DatasetStore* m_store;
    DatasetListModel* m_listModel;
    ImportController* m_importer;
    WorkspaceSession* m_session;
    DatasetListView* m_list = nullptr;
    ParseReportPanel* m_reportPanel = nullptr;
    NotLoadedPanel* m_notLoaded = nullptr;
    OutsideFolderQuestion m_askOutside = [this](const QString& workspace, const QStringList& logs) {
        return askToReadOutside(workspace, logs);
    };
    RunPanel* m_runPanel = nullptr;
    QDockWidget* m_runDock = nullptr;
    QTabWidget* m_tabs = nullptr;
    // The start page while the store is empty, else the banner and the tabs.
    QStackedWidget* m_pages = nullptr;
    StartPage* m_start = nullptr;
    QLabel* m_dropOverlay = nullptr; // over the plots while a drag hovers
    ProblemsPanel* m_problems = nullptr;
    QDockWidget* m_problemsDock = nullptr;
    std::vector<WorkbenchView*> m_views;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancel = nullptr;
    QLabel* m_status = nullptr;
    QMenu* m_recentMenu = nullptr;
    QStringList m_importErrors;
    // Imports cancelled by opening a workspace that are still ending: the datasets they did
    // not load belong to the workspace that was closed.
    int m_importsToForget = 0;
    bool m_tabFromWorkspace = false;
    bool m_widenListForImport = false; // the import running started with an empty list
    int m_workspaceRequest = 0;        // counts openWorkspace() calls; only the latest is applied
    int m_workspaceApplied = 0;        // the request last applied or refused
    // Logs given while a workspace is being read: imported after its logs, or on their own
    // when it cannot be opened, so a drop during the opening is not lost.
    QStringList m_logsAfterWorkspace;
    std::unique_ptr<StopSignals> m_stopSignals;
    BackgroundJobs m_jobs{this}; // last: waited for before the members above are destroyed
};

} // namespace wb
