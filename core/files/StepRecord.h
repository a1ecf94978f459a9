#pragma once

#include "files/RunSidecar.h"
#include "model/Dataset.h"

#include <QString>

#include <optional>
#include <vector>

namespace wb {

// What a concurrent step's record (STEP.run.json, written by ConcurrentStep beside its
// members' logs) says of when its members ran: the plan's start offset of each and when its
// client really started, in seconds after the step's start, and how long the step took.
struct StepRecord {
    struct Member {
        QString name;
        double plannedOffset = 0; // the plan's start_offset
        // client_start less the step's start; nullopt when the client never started.
        std::optional<double> startedOffset;
    };

    std::vector<Member> members;
    // From the step's start to its end; nullopt while the record says it is running.
    std::optional<double> stepSeconds;
    // A plan's step: its setup, teardown and qdisc readings (PlanRunner); empty otherwise.
    StepConfiguration configured;

    // The record of the step `step` whose member's log is at memberLog: STEP.run.json in the
    // log's folder.
    static QString pathFor(const QString& memberLog, const QString& step);
    // nullopt with the reason in *why (may be null) when the file cannot be read or is not a
    // step record.
    static std::optional<StepRecord> read(const QString& path, QString* why);
    const Member* member(const QString& name) const;

    // Gives a member of a step (parameters "step" and "member") its StepSchedule from the
    // record beside its log; a dataset of no step, or whose record is missing or does not
    // name it, is left as it is.
    static void applyTo(const QString& logPath, Dataset& dataset);
};

} // namespace wb
