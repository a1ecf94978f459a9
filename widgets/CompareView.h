#pragma once

#include "BackgroundJobs.h"
#include "ChosenComparison.h"
#include "SeriesColor.h"
#include "WorkbenchView.h"
#include "report/TableWriter.h"
#include "stats/Comparison.h"
#include "stats/TcpComparison.h"

#include <memory>
#include <vector>

class QComboBox;
class QCustomPlot;
class QLabel;
class QScrollArea;
class QVBoxLayout;

namespace wb {

class CompareFigures;
struct DatasetAnalysis;

// The Compare tab: dataset or group A against B. Latency: each percentile with difference
// and ratio, Kolmogorov–Smirnov and Mann–Whitney, bootstrap CIs of p50 and p99; flows: mean
// per-flow throughput and Jain's fairness with CIs, and the TCP senders' state (cwnd, RTT,
// retransmissions). Numbers, tables and wording are core's (LatencyComparison,
// ThroughputComparison, TcpComparison, ComparisonReport): the same as `wirebench-cli compare`
// prints. Beside the tables CompareFigures draws them. Large datasets are compared off the
// GUI thread.
class CompareView : public WorkbenchView {
    Q_OBJECT

public:
    // What can be compared: a visible dataset, or a group when grouping is on.
    struct Choice {
        QString key; // "dataset:ID" or "group:latency:NAME" / "group:flows:NAME"
        QString label;
        bool latency = true;
        std::shared_ptr<const DatasetAnalysis> analysis;
        SeriesColor color;
        bool group = false;
        // One dataset per run: the dataset itself, or a group's members.
        std::vector<std::shared_ptr<const Dataset>> runs;
    };

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
    bool computing() const { return m_computing; }
    // The comparison shown (at most one of them), nullptr before there is one.
    const LatencyComparison* latency() const { return m_latency.get(); }
    const ThroughputComparison* throughput() const { return m_throughput.get(); }
    // With a throughput comparison: the TCP senders' figures of both sides.
    const TcpComparison* tcp() const { return m_tcp.get(); }
    const CompareFigures* figures() const { return m_figures; }
    // ComparisonReport's tables of what is shown: the source of the view, Copy and Export.
    // When a side holds two runs or more the run-level table comes first.
    const std::vector<Table>& tables() const { return m_tables; }
    QString summary() const;
    // Which kind of figures come first (ComparisonReport::levelNote); empty when neither side
    // has repetitions.
    QString levelNote() const { return m_levelNote; }
    QString tabSeparated() const;
    void copyToClipboard() const;
    bool exportTo(const QString& path, QString* error) const;

    // Comparisons with more samples than this (A and B together) run off the GUI thread:
    // the tests merge the sorted samples, ~70 ms for 5M samples.
    static constexpr std::size_t kBackgroundSamples = 1000000;
    // The most the tables take of the tab's width, in pixels, before they scroll.
    static constexpr int kMaxTablesWidth = 640;

signals:
    void resultReady();

private:
    void rebuild(); // choices from the store, keeping the user's A and B
    void compare();
    struct Result {
        std::shared_ptr<const LatencyComparison> latency;
        std::shared_ptr<const ThroughputComparison> throughput;
        std::shared_ptr<const TcpComparison> tcp;
        std::vector<Table> runLevel; // ComparisonReport::withRunLevel's table, if any
        QString levelNote;           // ComparisonReport::levelNote of the runs
    };
    void showComparison(const Result& result, int generation);
    void showMessage(const QString& text);
    void exportWithDialog();
    const Choice* chosen(const QComboBox* box) const;

    QComboBox* m_a;
    QComboBox* m_b;
    QLabel* m_status;
    QLabel* m_summary;
    QVBoxLayout* m_tablesLayout;
    CompareFigures* m_figures;
    QScrollArea* m_tablesScroll;
    std::vector<Choice> m_choices;
    QString m_wantedA; // restored from settings before the datasets are loaded
    QString m_wantedB;
    bool m_wantedGroups = false;
    bool m_userChose = false; // A and B (or the wanted ones) are the user's choice
    QStringList m_groupKeys;  // the groups offered at the last rebuild
    std::shared_ptr<const LatencyComparison> m_latency;
    std::shared_ptr<const ThroughputComparison> m_throughput;
    std::shared_ptr<const TcpComparison> m_tcp;
    Choice m_shownA; // what the comparison shown (or running) compares
    Choice m_shownB;
    std::vector<Table> m_tables;
    QString m_levelNote;
    QString m_computedFrom; // what the comparison shown (or running) was computed from
    bool m_computing = false;
    int m_generation = 0; // a result of an older choice is dropped
    BackgroundJobs m_jobs{this};
};

} // namespace wb
