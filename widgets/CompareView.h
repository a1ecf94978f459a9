#pragma once

#include "PairComparison.h"
#include "TableExport.h"
#include "WorkbenchView.h"

#include <vector>

class QComboBox;
class QScrollArea;
class QSplitter;
class QVBoxLayout;

namespace wb {

class CompareFigures;
class GroupWarningLabel;

// The Compare tab: dataset or group A against B. Latency: each percentile with difference
// and ratio, Kolmogorov–Smirnov and Mann–Whitney, bootstrap CIs of p50 and p99; flows: mean
// per-flow throughput and Jain's fairness with CIs, and the TCP senders' state (cwnd, RTT,
// retransmissions). Numbers, tables and wording are core's (LatencyComparison,
// ThroughputComparison, TcpComparison, ComparisonReport), computed by PairComparison from
// the sides' analyses (off the GUI thread when large) as `wirebench-cli compare` computes
// them. Beside the tables CompareFigures draws them; this holds the choice boxes and read-out.
class CompareView : public WorkbenchView {
    Q_OBJECT

public:
    using Choice = CompareChoice;

    explicit CompareView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Compare"); }
    // The CDFs or the per-flow throughput; the small plot beside it is figures()->sidePlot().
    QCustomPlot* plot() override;
    QString exportName() const override { return QStringLiteral("comparison"); }
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;

    const std::vector<Choice>& choices() const { return m_choices; }
    QString choiceA() const;
    QString choiceB() const;
    // Chooses A and B by key and compares them, as the user does; false when a key is not
    // offered.
    bool choose(const QString& keyA, const QString& keyB);
    // What the user chose to compare (by the boxes, Swap or choose()), for reports; empty
    // while the tab shows the pair it picked itself. Saved with the tab's settings.
    std::vector<ChosenComparison> chosenComparisons() const;

    // True while a comparison runs in the background; resultReady() follows.
    bool computing() const { return m_comparison->computing(); }
    // The comparison shown (at most one of them), nullptr before there is one.
    const LatencyComparison* latency() const { return shown(&AnalysisComparison::latency); }
    const ThroughputComparison* throughput() const {
        return shown(&AnalysisComparison::throughput);
    }
    // With a throughput comparison: the TCP senders' figures of both sides.
    const TcpComparison* tcp() const { return shown(&AnalysisComparison::tcp); }
    const CompareFigures* figures() const { return m_figures; }
    // ComparisonReport's tables of what is shown: the source of the view, Copy and Export.
    // When a side holds two runs or more the run-level table comes first.
    const std::vector<Table>& tables() const { return m_tables; }
    QString summary() const;
    // Which kind of figures come first (ComparisonReport::levelNote); empty when neither side
    // has repetitions.
    QString levelNote() const;
    // What the groups compared pool besides their key (DatasetGroups::mixWarning), shown under
    // the result; empty when neither side is such a group.
    const QStringList& groupWarnings() const;
    QString tabSeparated() const { return TableExport::tabSeparated(m_tables); }
    void copyToClipboard() const { TableExport::copyToClipboard(m_tables); }
    bool exportTo(const QString& path, QString* error) const {
        return TableExport::save(path, m_tables, error);
    }

    // The most the tables take of the tab's width, in pixels, before they scroll.
    static constexpr int kMaxTablesWidth = 640;

signals:
    void resultReady();

private:
    void rebuild(); // choices from the store, keeping the user's A and B
    void compare();
    void showComparison();
    void showMessage(const QString& text);
    void showTables();
    const Choice* chosen(const QComboBox* box) const;
    // The main plot above the side plot, drawn by m_figures (created here).
    QWidget* plotsPanel();
    template <typename T> const T* shown(std::optional<T> AnalysisComparison::*member) const {
        const AnalysisComparison* result = m_comparison->result();
        return result && result->*member ? &*(result->*member) : nullptr;
    }

    QComboBox* m_a;
    QComboBox* m_b;
    QLabel* m_status;
    QLabel* m_summary;
    GroupWarningLabel* m_groupWarning;
    QVBoxLayout* m_tablesLayout;
    CompareFigures* m_figures;
    QScrollArea* m_tablesScroll;
    QSplitter* m_splitter; // the tables beside the plots
    PairComparison* m_comparison;
    std::vector<Choice> m_choices;
    QString m_wantedA; // restored from settings before the datasets are loaded
    QString m_wantedB;
    bool m_wantedGroups = false;
    bool m_userChose = false; // A and B (or the wanted ones) are the user's choice
    QStringList m_groupKeys;  // the groups offered at the last rebuild
    std::vector<Table> m_tables;
};

} // namespace wb
