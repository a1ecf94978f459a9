#include "PairComparison.h"

#include "DatasetGrouping.h"
#include "DatasetStore.h"

namespace wb {

const QString& ChosenComparison::settingsKey() {
    static const QString key = QStringLiteral("wb::CompareView");
    return key;
}

QJsonArray ChosenComparison::toJson(const std::vector<ChosenComparison>& chosen) {
    QJsonArray array;
    for (const ChosenComparison& pair : chosen)
        array.append(QJsonObject{{"a", pair.a}, {"b", pair.b}, {"groups", pair.groups}});
    return array;
}

std::vector<ChosenComparison> ChosenComparison::fromSettings(const QJsonObject& settings) {
    std::vector<ChosenComparison> chosen;
    for (const QJsonValue& value : settings.value(QStringLiteral("chosen")).toArray()) {
        const QJsonObject pair = value.toObject();
        ChosenComparison comparison{pair.value(QStringLiteral("a")).toString(),
                                    pair.value(QStringLiteral("b")).toString(),
                                    pair.value(QStringLiteral("groups")).toBool()};
        if (!comparison.a.isEmpty() && !comparison.b.isEmpty())
            chosen.push_back(comparison);
    }
    return chosen;
}

std::vector<ChosenComparison>
ChosenComparison::fromViewSettings(const QMap<QString, QJsonObject>& viewSettings) {
    return fromSettings(viewSettings.value(settingsKey()));
}

std::vector<CompareChoice> PairComparison::sidesOf(DatasetStore* store) {
    std::vector<CompareChoice> sides;
    DatasetGrouping* grouping = DatasetGrouping::of(store);
    for (bool latency : {true, false}) {
        const QString kind = latency ? QStringLiteral("latency") : QStringLiteral("flows");
        for (const PooledGroup& group :
             latency ? grouping->latencyGroups() : grouping->throughputGroups()) {
            if (!group.analysis)
                continue; // still pooling; offered when it is done
            std::vector<std::shared_ptr<const Dataset>> runs;
            for (int id : group.memberIds)
                if (const DatasetEntry* member = store->find(id))
                    runs.push_back(member->analysis->dataset);
            sides.push_back({QStringLiteral("group:%1:%2").arg(kind, group.name), group.name,
                             group.analysis, group.color, true, std::move(runs), group.recorded,
                             DatasetGroups::mixWarning(group.name, group.mixes)});
        }
    }
    for (const DatasetEntry& entry : store->entries())
        if (entry.visible)
            sides.push_back({QStringLiteral("dataset:%1").arg(entry.id), entry.label,
                             entry.analysis, entry.color, false,
                             std::vector{entry.analysis->dataset}, true, QString()});
    return sides;
}

std::pair<int, int> PairComparison::defaultPair(const std::vector<CompareChoice>& sides) {
    for (const bool groups : {true, false})
        for (std::size_t i = 0; i < sides.size(); ++i)
            for (std::size_t j = i + 1; j < sides.size(); ++j) {
                const CompareChoice& a = sides[i];
                const CompareChoice& b = sides[j];
                if (a.group == groups && b.group == groups && a.recorded && b.recorded &&
                    a.latency() == b.latency())
                    return {static_cast<int>(i), static_cast<int>(j)};
            }
    return {-1, -1};
}

void PairComparison::compare(const CompareChoice& a, const CompareChoice& b) {
    // A label edit or grown data computes it again, anything else (a colour, another
    // dataset's visibility) keeps it.
    QStringList signature;
    for (const CompareChoice* side : {&a, &b})
        signature << side->key << side->label
                  << QString::number(reinterpret_cast<quintptr>(side->analysis.get()));
    if (signature == m_computedFrom)
        return; // already shown or on its way
    m_computedFrom = signature;
    m_a = a;
    m_b = b;
    const auto show = [this, generation = ++m_generation](auto result) {
        if (generation != m_generation)
            return; // another pair was chosen meanwhile
        m_computing = false;
        m_result = std::move(result);
        emit ready();
    };
    auto job = [a, b] {
        ComparisonSide sides[2] = {{a.label, a.analysis, {}}, {b.label, b.analysis, {}}};
        for (const CompareChoice* choice : {&a, &b})
            for (const auto& run : choice->runs)
                sides[choice == &a ? 0 : 1].runs.push_back(run.get());
        return std::make_shared<const AnalysisComparison>(
            AnalysisComparison::of(sides[0], sides[1]));
    };
    const std::size_t samples = a.analysis->sortedRttMs.size() + b.analysis->sortedRttMs.size();
    m_computing = samples > DatasetGrouping::kBackgroundSamples;
    if (m_computing)
        m_jobs.run(std::move(job), show);
    else
        show(job());
}

void PairComparison::clear() {
    ++m_generation;
    m_computedFrom.clear();
    m_computing = false;
    m_result.reset();
}

} // namespace wb
