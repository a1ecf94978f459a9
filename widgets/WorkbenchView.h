#pragma once

#include "DatasetStore.h"
#include "DrawnRuns.h"
#include "Readout.h"

#include <QJsonObject>
#include <QLabel>
#include <QTimer>
#include <QWidget>

#include <functional>
#include <utility>

class QCustomPlot;
class QPointF;
class QToolBar;

namespace wb {

// A tab of the workbench. Views redraw themselves from the DatasetStore when it changes;
// the main window only needs this interface to export, copy and save view settings.
class WorkbenchView : public QWidget {
    Q_OBJECT

public:
    WorkbenchView(DatasetStore* store, QWidget* parent) : QWidget(parent), m_store(store) {}
    ~WorkbenchView() override;

    virtual QString title() const = 0;
    // The tab's title: a word where title() is long, so that the tab bar holds every view's on
    // a laptop's screen; title() is the tab's tooltip and the View menu's entry.
    virtual QString tabTitle() const { return title(); }
    // The plot to export (layOutPlot's), or nullptr for views that are tables.
    virtual QCustomPlot* plot() { return m_plot; }
    // A file name stem for exports, e.g. "latency-cdf".
    virtual QString exportName() const = 0;
    // View settings (axis scales, chosen percentiles, ordering) for workspace files.
    // Kept under the class name: stable across languages and across export-name changes.
    QString settingsKey() const { return QString::fromLatin1(metaObject()->className()); }
    virtual QJsonObject saveSettings() const { return {}; }
    virtual void restoreSettings(const QJsonObject& /*settings*/) {}
    // Back to the automatic axis ranges.
    virtual void resetView() {}
    // Rebuilds now if the store changed while this view was a hidden tab (see followStore);
    // exporters call it before drawing a view that may not have been shown.
    void bringUpToDate();
    // What the plot leaves out of many runs (DrawnRuns::note), shown under it and added to
    // its caption in reports; empty when it draws every run.
    const QString& drawingNote() const { return m_drawingNote; }
    // Something the user asked for failed (an export not written): said through problem(),
    // which the window lists in its Problems panel; no dialog waits for an answer.
    void reportProblem(const QString& title, const QStringList& details) {
        emit problem(title, details);
    }
    // The read-out line under the plot (layOutPlot): what the mouse points at, or empty.
    QString readout() const { return m_readout->text(); }
    // The read-out for a point in plot pixel coordinates, its data point marked on the plot
    // (HoverMark); what mouse moves call.
    void showReadoutAt(const QPointF& pixel);

signals:
    void problem(const QString& title, const QStringList& details);

protected:
    DatasetStore* store() const { return m_store; }

    // A timer that runs work once per event-loop pass however often it is started: panning
    // and zooming fire rangeChanged for every mouse move, and one recomputation per burst of
    // them is enough.
    QTimer* coalescingTimer(std::function<void()> work) {
        auto* timer = new QTimer(this);
        timer->setSingleShot(true);
        timer->setInterval(0);
        connect(timer, &QTimer::timeout, this, std::move(work));
        return timer;
    }

    // Calls rebuild on every store change while the view can be seen; a hidden tab only
    // notes that it is stale and rebuilds when shown, so a large import does not make every
    // tab recompute on the GUI thread at once (bands sort every window of millions of RTTs).
    template <typename View> void followStore(View* view, void (View::*rebuild)()) {
        rebuildWhenSeen(view, rebuild);
        m_store->onAnyChange(this, &WorkbenchView::requestRebuild);
    }
    // The same for a view that decides itself when to rebuild (requestRebuild).
    template <typename View> void rebuildWhenSeen(View* view, void (View::*rebuild)()) {
        m_rebuild = [view, rebuild] { (view->*rebuild)(); };
    }
    // Rebuilds now when the view can be seen, else when it is shown.
    void requestRebuild();
    void showEvent(QShowEvent* event) override;

    // The layout of a plot view: a text-only tool bar (returned, for the view to fill), the
    // plot, which the user may zoom and pan (watchNavigation), and with `readoutAt` a read-out
    // line under it that says what the mouse points at.
    QToolBar* layOutPlot(QCustomPlot* plot,
                         std::function<Readout(const QPointF&)> readoutAt = nullptr);
    QLabel* readoutLine() const { return m_readout; }
    // Tooltips over `plot`: what `tipAt` says of the point under the mouse (plot pixels),
    // hidden where it says nothing; the data point it reads is marked (HoverMark) until the
    // mouse leaves the plot.
    void showToolTips(QCustomPlot* plot, std::function<Readout(const QPointF&)> tipAt);
    // Runs `redraw` and replots once per event-loop pass after the plot's x range changes
    // (the figure draws what is visible). A figure reduced to pixel columns reduces again
    // itself when a layout changes their number.
    void redrawOnNavigation(std::function<void()> redraw);
    bool eventFilter(QObject* watched, QEvent* event) override;
    // The tool bar's last action: back to the automatic ranges (resetView).
    void addResetAction(QToolBar* bar, const QString& toolTip);

    // The runs of entries the plot draws (DrawnRuns); sets drawingNote() for this rebuild.
    std::vector<const DatasetEntry*> drawable(const std::vector<const DatasetEntry*>& entries,
                                              const QString& what = QStringLiteral("runs"));
    void setDrawingNote(const QString& note);

    // A view follows its data (a live run grows under it) until the user zooms or pans; from
    // then on a data change keeps their ranges, and resetView() follows the data again.
    void watchNavigation(QCustomPlot* plot);
    bool userNavigated() const { return m_userNavigated; }
    void followData() { m_userNavigated = false; }

private:
    DatasetStore* m_store;
    QCustomPlot* m_plot = nullptr;
    QLabel* m_readout = nullptr;
    std::function<Readout(const QPointF&)> m_readoutAt;
    bool m_userNavigated = false;
    std::function<void()> m_rebuild;
    bool m_stale = false;
    QString m_drawingNote;
    QLabel* m_noteLabel = nullptr; // created under the view's layout when first needed
};

// A view of one figure: the plot it owns (the one exported), and the figure drawn on it, made
// with `figureArguments` after the plot.
template <typename Figure> class FigureView : public WorkbenchView {
public:
    QCustomPlot* plot() override { return m_plot; }
    // What is drawn.
    const Figure& figure() const { return m_figure; }

protected:
    template <typename... FigureArguments>
    FigureView(DatasetStore* store, QWidget* parent, FigureArguments&&... figureArguments)
        : WorkbenchView(store, parent), m_plot(new QCustomPlot(this)),
          m_figure(m_plot, std::forward<FigureArguments>(figureArguments)...) {}

    // Back to the ranges of the data drawn, which the view follows again.
    void resetRanges() {
        followData();
        m_figure.resetRanges();
    }

    QCustomPlot* m_plot;
    Figure m_figure;
};

} // namespace wb
