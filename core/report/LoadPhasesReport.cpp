#include "LoadPhasesReport.h"

#include "report/DatasetJson.h"
#include "report/LatencyReport.h"

#include <cmath>

namespace wb {

namespace {

QString number(double value, int decimals) {
    return std::isnan(value) ? QStringLiteral("-") : QString::number(value, 'f', decimals);
}

QString optionalNumber(const std::optional<double>& value, int decimals) {
    return value ? number(*value, decimals) : QStringLiteral("-");
}

// RTTs as the logs give them, to the microsecond.
QString ms(double value) {
    return number(value, 3);
}

QString seconds(double value) {
    return number(value, 3);
}

// The first ping's increase of a step: the headline a comparison sets against another's.
const LoadPhases::PingPhases* firstPing(const LoadPhases& step) {
    return step.pings().empty() ? nullptr : &step.pings().front();
}

} // namespace

Table LoadPhasesReport::phaseTable(const std::vector<LoadPhases>& steps) {
    Table table({"step", "latency", "phase", "from (s)", "to (s)", "samples"},
                {false, false, false, true, true, true},
                QStringLiteral("Latency per load phase: before the load (idle), under load "
                               "(from the first load member's recorded start to the last one's "
                               "recorded end, stretches where only some ran included) and "
                               "after it; seconds on the step's time axis"));
    for (double level : LoadPhases::levels())
        table.header << QStringLiteral("p%1 (ms)").arg(LatencyReport::levelName(level));
    table.header << QStringLiteral("lost") << QStringLiteral("loss %");
    table.rightAligned.resize(std::size_t(table.header.size()), true);
    for (const LoadPhases& step : steps)
        for (const LoadPhases::PingPhases& ping : step.pings())
            for (const LoadPhases::PhaseLatency& phase : ping.phases) {
                QStringList row{
                    step.step(),         ping.dataset->label, LoadPhases::phaseName(phase.phase),
                    seconds(phase.from), seconds(phase.to),   QString::number(phase.replies)};
                for (double value : phase.percentilesMs)
                    row << ms(value);
                row << QStringLiteral("%1/%2").arg(phase.lost).arg(phase.requests())
                    << number(phase.lossPercent(), 3);
                table.rows.push_back(row);
            }
    return table;
}

Table LoadPhasesReport::increaseTable(const std::vector<LoadPhases>& steps) {
    Table table({"step", "latency", "idle p50 (ms)", "loaded p50 (ms)", "p50 increase (ms)",
                 "idle p99 (ms)", "loaded p99 (ms)", "p99 increase (ms)", "partial load (s)"},
                {false, false, true, true, true, true, true, true, true},
                QStringLiteral("Latency increase under load: loaded less idle (before the load) "
                               "p50 and p99; partial load: seconds of the load during which not "
                               "every load member ran"));
    for (const LoadPhases& step : steps)
        for (const LoadPhases::PingPhases& ping : step.pings()) {
            const auto& idle = ping.phase(LoadPhases::Phase::Before);
            const auto& loaded = ping.phase(LoadPhases::Phase::UnderLoad);
            table.rows.push_back({step.step(), ping.dataset->label, ms(idle.percentileMs(50)),
                                  ms(loaded.percentileMs(50)), ms(ping.increaseP50Ms),
                                  ms(idle.percentileMs(99)), ms(loaded.percentileMs(99)),
                                  ms(ping.increaseP99Ms), seconds(step.partialSeconds())});
        }
    return table;
}

Table LoadPhasesReport::memberTable(const std::vector<LoadPhases>& steps) {
    Table table(
        {"step", "member", "planned (s)", "started (s)", "late (s)", "from (s)", "to (s)", "note"},
        {false, false, true, true, true, true, true, false},
        QStringLiteral("When the step's members ran: planned and started, seconds after "
                       "the step's start (its record); from and to, on the step's time "
                       "axis (the sidecars' start and end). Late: more than %1 % of the "
                       "step's length after the plan")
            .arg(LoadPhases::kLateShare * 100, 0, 'f', 0));
    for (const LoadPhases& step : steps)
        for (const LoadPhases::Member& member : step.members()) {
            QStringList notes;
            if (member.late())
                notes << QStringLiteral("late");
            if (!member.endRecorded)
                notes << (member.load ? QStringLiteral("end: last interval")
                                      : QStringLiteral("end: last reply"));
            if (!member.schedule)
                notes << QStringLiteral("no step record");
            table.rows.push_back(
                {step.step(), member.name,
                 member.schedule ? seconds(member.schedule->plannedOffset) : QStringLiteral("-"),
                 member.schedule ? optionalNumber(member.schedule->startedOffset, 3)
                                 : QStringLiteral("-"),
                 optionalNumber(member.lateBy(), 3), seconds(member.start), seconds(member.end),
                 notes.join(QStringLiteral("; "))});
        }
    return table;
}

std::vector<Table> LoadPhasesReport::tables(const std::vector<LoadPhases>& steps) {
    if (steps.empty())
        return {};
    return {phaseTable(steps), increaseTable(steps), memberTable(steps)};
}

Table LoadPhasesReport::increaseComparison(const QString& nameA, const LoadPhases& a,
                                           const QString& nameB, const LoadPhases& b) {
    Table table({"latency increase under load", QStringLiteral("A: %1").arg(nameA),
                 QStringLiteral("B: %1").arg(nameB), "B - A (ms)"},
                {false, true, true, true},
                QStringLiteral("Latency increase under load of each step's ping: loaded less "
                               "idle (before the load), ms"));
    const LoadPhases::PingPhases* pingA = firstPing(a);
    const LoadPhases::PingPhases* pingB = firstPing(b);
    const auto row = [&](const QString& name, double LoadPhases::PingPhases::*increase) {
        const double valueA = pingA ? pingA->*increase : std::nan("");
        const double valueB = pingB ? pingB->*increase : std::nan("");
        table.rows.push_back({name, ms(valueA), ms(valueB), ms(valueB - valueA)});
    };
    row(QStringLiteral("p50 increase (ms)"), &LoadPhases::PingPhases::increaseP50Ms);
    row(QStringLiteral("p99 increase (ms)"), &LoadPhases::PingPhases::increaseP99Ms);
    return table;
}

QJsonObject LoadPhasesReport::toJson(const LoadPhases& step) {
    QJsonArray pings;
    for (const LoadPhases::PingPhases& ping : step.pings()) {
        QJsonArray phases;
        for (const LoadPhases::PhaseLatency& phase : ping.phases) {
            QJsonObject object{{"phase", LoadPhases::phaseName(phase.phase)},
                               {"from_s", phase.from},
                               {"to_s", phase.to},
                               {"samples", qint64(phase.replies)},
                               {"lost", qint64(phase.lost)},
                               {"requests", qint64(phase.requests())},
                               {"loss_percent", DatasetJson::number(phase.lossPercent())}};
            for (std::size_t i = 0; i < LoadPhases::levels().size(); ++i)
                object.insert(
                    QStringLiteral("p%1_ms").arg(LatencyReport::levelName(LoadPhases::levels()[i])),
                    DatasetJson::number(phase.percentilesMs[i]));
            phases.append(object);
        }
        pings.append(QJsonObject{{"label", ping.dataset->label},
                                 {"file", ping.dataset->sourceFile},
                                 {"phases", phases},
                                 {"increase_p50_ms", DatasetJson::number(ping.increaseP50Ms)},
                                 {"increase_p99_ms", DatasetJson::number(ping.increaseP99Ms)}});
    }
    QJsonArray members;
    for (const LoadPhases::Member& member : step.members()) {
        QJsonObject object{{"member", member.name},
                           {"load", member.load},
                           {"from_s", member.start},
                           {"to_s", member.end},
                           {"end_recorded", member.endRecorded},
                           {"late_s", DatasetJson::optional(member.lateBy())},
                           {"late", member.late()}};
        if (member.schedule) {
            object.insert("planned_offset_s", member.schedule->plannedOffset);
            object.insert("started_offset_s",
                          DatasetJson::optional(member.schedule->startedOffset));
            object.insert("step_s", DatasetJson::optional(member.schedule->stepSeconds));
        }
        members.append(object);
    }
    QJsonObject out{{"step", step.step()},
                    {"load_from_s", step.load()->first},
                    {"load_to_s", step.load()->second},
                    {"partial_load_s", step.partialSeconds()},
                    {"pings", pings},
                    {"members", members}};
    if (!step.lateWarnings().isEmpty())
        out.insert("warnings", QJsonArray::fromStringList(step.lateWarnings()));
    return out;
}

QJsonArray LoadPhasesReport::toJson(const std::vector<LoadPhases>& steps) {
    QJsonArray out;
    for (const LoadPhases& step : steps)
        out.append(toJson(step));
    return out;
}

QStringList LoadPhasesReport::warnings(const std::vector<LoadPhases>& steps) {
    QStringList out;
    for (const LoadPhases& step : steps)
        out += step.lateWarnings();
    return out;
}

} // namespace wb
