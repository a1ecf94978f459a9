#pragma once

#include "PairComparison.h"
#include "model/ParseReport.h"
#include "report/TableWriter.h"
#include "stats/DatasetAnalysis.h"
#include "stats/TcpState.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace wb {

// One dataset as a report lists it: the data, what its file's parser saw, and what the user
// chose for it (label, tags).
struct ReportRun {
    std::shared_ptr<const DatasetAnalysis> analysis;
    const ParseReport* parseReport = nullptr;
    QString label;
    QString formatId; // registry id, e.g. "ping/iputils"
    QStringList tags;
    QMap<QString, QString> metadata; // values the user set by key (GroupMember::metadata)

    const Dataset& dataset() const { return *analysis->dataset; }
};

// A file the report could not include, and why (a workspace's raw log that went missing).
struct ReportProblem {
    QString file;
    QString why;
};

// Two runs (or two pooled groups of runs) set against each other: the wording and the
// tables of ComparisonReport, as `wirebench-cli compare` prints them.
struct ReportComparison {
    QString title; // "A vs B"
    QString summary;
    std::vector<Table> tables;
};

// What a workspace report says besides the workbench's own plots and tables: the runs and
// their metadata, the throughput figures `wirebench-cli table` prints, and every problem
// the parsers found. Plain tables, so the PDF and the HTML writer show the same cells.
struct ReportContent {
    QString title;
    Table runs; // what was measured: label, file, tool, target, protocol, ..., the user's keys
    Table environment; // how: host, kernel, command line, plan parameters, tags; may be empty
    // Under the two tables above when a cell shows a value the user set (marked "cubic*"):
    // DatasetMetadata::userMarkNote(). Empty otherwise.
    QString metadataNote;
    Table throughput; // FlowReport::comparisonTable of the throughput runs; may be empty
    Table tcp;        // FlowReport::tcpTable's run rows, when a run has TCP state; may be empty
    // Per kind of run: the comparisons the user chose in the Compare tab, in their order;
    // when there are none of that kind, the first two groups by the grouping key when it
    // makes two or more, else the first run against each of the next ones
    // (kMaxBaselineComparisons at most).
    std::vector<ReportComparison> comparisons;
    QStringList comparisonNotes; // how the pairs were chosen, one sentence per kind
    // Per kind, when groupKey makes two groups or more: one row per group at run level
    // (GroupSummaryReport::table; a group of one run at sample level, as it says).
    std::vector<Table> groupSummaries;
    Table warnings;              // file, line, kind, message, line text; may be empty
    std::int64_t issueCount = 0; // problems in all, including those the table leaves out
    // The TCP state figures the throughput runs have data for (cwnd, RTT), in that order.
    std::vector<TcpMetric> tcpFigures;
    // The runs hold a latency-under-load step (LoadTimeline::isLoadStep): the report draws
    // its lanes on one time axis.
    bool latencyUnderLoad = false;
    // Its ping per load phase, the latency increase under load and when its members started
    // (LoadPhasesReport::tables of every such step); empty without one.
    std::vector<Table> loadPhases;

    // Parse issues listed per kind and file; the count says how many more there are.
    static constexpr std::size_t kIssuesShownPerFile = 10;
    static constexpr std::size_t kMaxBaselineComparisons = 4;

    // groupKey: a DatasetGroups key ("tag", "congestion_control", ...) to compare groups by;
    // chosen: the Compare tab's choices (runs by label, groups by name under groupKey).
    static ReportContent of(const QString& title, const std::vector<ReportRun>& runs,
                            const std::vector<ReportProblem>& problems, const QString& groupKey,
                            const std::vector<ChosenComparison>& chosen = {});
};

} // namespace wb
