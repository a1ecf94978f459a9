#pragma once

#include "BackgroundJobs.h"
#include "SeriesColor.h"
#include "report/ComparisonReport.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace wb {

class DatasetStore;

// A comparison the user made in the Compare tab: A against B by label (a run's label, or a
// group's name when `groups`; ids are per session, labels come back with a workspace). The
// tab keeps them in its view settings, so a workspace keeps them, and reports put them first.
struct ChosenComparison {
    QString a;
    QString b;
    bool groups = false;

    friend bool operator==(const ChosenComparison& x, const ChosenComparison& y) {
        return x.a == y.a && x.b == y.b && x.groups == y.groups;
    }

    // The Compare tab's settings key (WorkbenchView::settingsKey() of wb::CompareView): the
    // report reads the choices from a workspace's view settings without the widget.
    static const QString& settingsKey();
    // [{"a","b","groups"}] under "chosen" in the tab's settings.
    static QJsonArray toJson(const std::vector<ChosenComparison>& chosen);
    static std::vector<ChosenComparison> fromSettings(const QJsonObject& settings);
    static std::vector<ChosenComparison>
    fromViewSettings(const QMap<QString, QJsonObject>& viewSettings);
};

// What can be compared: a visible dataset, or a group when grouping is on.
struct CompareChoice {
    QString key; // "dataset:ID" or "group:latency:NAME" / "group:flows:NAME"
    QString label;
    std::shared_ptr<const DatasetAnalysis> analysis;
    SeriesColor color;
    bool group = false;
    // One dataset per run: the dataset itself, or a group's members.
    std::vector<std::shared_ptr<const Dataset>> runs;
    // False for the group of the runs without a value for the key (PooledGroup::recorded):
    // offered, never picked by the tab itself.
    bool recorded = true;
    // A group's "NAME: pools …" (DatasetGroups::mixWarning); empty when its runs agree.
    QString mixWarning;

    bool latency() const { return analysis->isLatency(); }
};

// The comparison of two sides the Compare tab shows: AnalysisComparison of their analyses,
// computed again only when a side's label or data changed. Comparisons of more samples than
// DatasetGrouping::kBackgroundSamples run on BackgroundJobs, as DatasetGrouping pools large
// groups (the tests merge the sorted samples, ~70 ms for 5M); ready() follows either way.
class PairComparison : public QObject {
    Q_OBJECT

public:
    explicit PairComparison(QObject* parent) : QObject(parent) {}

    // The store's groups (DatasetGrouping, those pooled), then its visible datasets.
    static std::vector<CompareChoice> sidesOf(DatasetStore* store);
    // The pair the tab shows until the user chooses (indices into sides, -1 when none): the
    // first two groups of one kind whose runs have a value for the key, else the first two
    // datasets of one kind. Never the group of the runs without a value, nor a group
    // against one of its own runs.
    static std::pair<int, int> defaultPair(const std::vector<CompareChoice>& sides);

    // Compares a and b unless that is what is shown or on its way.
    void compare(const CompareChoice& a, const CompareChoice& b);
    // Nothing shown, and a comparison still running is no longer wanted.
    void clear();
    // True while a comparison runs in the background.
    bool computing() const { return m_computing; }
    // The comparison shown, nullptr before there is one.
    const AnalysisComparison* result() const { return m_result.get(); }
    const CompareChoice& a() const { return m_a; }
    const CompareChoice& b() const { return m_b; }

signals:
    void ready();

private:
    CompareChoice m_a; // what the comparison shown (or running) compares
    CompareChoice m_b;
    std::shared_ptr<const AnalysisComparison> m_result;
    QStringList m_computedFrom; // what the comparison shown (or running) was computed from
    bool m_computing = false;
    int m_generation = 0; // a result of an older choice is dropped
    BackgroundJobs m_jobs{this};
};

} // namespace wb
