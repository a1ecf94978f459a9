#pragma once

#include "BackgroundJobs.h"
#include "SeriesColor.h"
#include "import/FileImporter.h"
#include "model/LatencyMetric.h"
#include "model/ParseReport.h"
#include "stats/DatasetAnalysis.h"

#include <QList>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace wb {

// One dataset as the workbench shows it: the analysed data plus what the user chose for it.
struct DatasetEntry {
    int id = 0; // stable for the session; views key their state on it
    std::shared_ptr<const DatasetAnalysis> analysis;
    // The RTT analysis while the store shows another latency metric (analysis is then of
    // that metric, DatasetStore::setLatencyMetric); null while it shows the RTT.
    std::shared_ptr<const DatasetAnalysis> rttAnalysis;
    QString formatId; // registry id, e.g. "ping/iputils"
    QString formatDescription;
    ParseReport report;  // of the file the dataset came from
    int indexInFile = 0; // which dataset of its file (fping writes one per target)
    QString label;
    SeriesColor color;
    bool visible = true;
    QStringList tags; // free labels
    // Metadata values the user set, by key (DatasetGroups::canonicalKey): each takes the
    // place of the log's value for its key wherever datasets are grouped, relabelled, compared
    // or reported (GroupMember::metadata); a key the log has no field for adds one.
    QMap<QString, QString> metadata;

    const Dataset& dataset() const { return *analysis->dataset; }
    bool isLatency() const { return analysis->isLatency(); }
    bool hasProblems() const { return report.hasProblems(); }

    // The entries of one imported file: each dataset analysed (sorted, summarised). Runs in
    // whatever thread calls it, so importers call it off the GUI thread.
    static std::vector<DatasetEntry> fromImport(ImportResult&& result);
};

// The datasets of the workbench, shared by the list and every view. Views listen to
// changed() and redraw from entries(); nothing here parses or computes. Datasets come and go
// in batches, one signal each: a view redraws once for a folder of ten thousand logs, not
// once per log.
class DatasetStore : public QObject {
    Q_OBJECT

public:
    explicit DatasetStore(QObject* parent = nullptr);

    const std::vector<DatasetEntry>& entries() const { return m_entries; }
    const DatasetEntry* find(int id) const;
    int indexOf(int id) const;
    std::vector<const DatasetEntry*> visibleLatency() const { return visible(true); }
    std::vector<const DatasetEntry*> visibleThroughput() const { return visible(false); }

    // Adds a dataset, with a colour from the palette when none is given; returns its id.
    int add(DatasetEntry entry);
    // Adds several as one change (one aboutToAdd and one added); returns their ids in order.
    QList<int> add(std::vector<DatasetEntry> entries);
    void remove(int id);
    // Removes several as one change; ids not in the store are skipped.
    void remove(const QList<int>& ids);
    void clear();
    void setLabel(int id, const QString& label) { set(id, &DatasetEntry::label, label); }
    void setColor(int id, const SeriesColor& color) { set(id, &DatasetEntry::color, color); }
    void setVisible(int id, bool visible) { set(id, &DatasetEntry::visible, visible); }
    void setTags(int id, const QStringList& tags) { set(id, &DatasetEntry::tags, tags); }
    // Sets, for every dataset of ids, each key of `values` to its value; an empty value takes
    // the user's value for that key away (the log's shows again). Keys are normalized
    // (DatasetGroups::canonicalKey). One change (changed(-1)) for all of them; ids not in
    // the store are skipped.
    void setMetadata(const QList<int>& ids, const QMap<QString, QString>& values);
    // What views group datasets by (a DatasetGroups key); empty = every dataset on its own.
    const QString& groupKey() const { return m_groupKey; }
    void setGroupKey(const QString& key);
    // Which latency every view and table shows: the RTT, or a one-way delay or the IPDV of
    // the datasets that carry them (irtt). While it is not the RTT, each latency entry's
    // analysis is of that metric and latency datasets without it are not among the visible.
    LatencyMetric latencyMetric() const { return m_latencyMetric; }
    void setLatencyMetric(LatencyMetric metric);
    // Whether a visible latency dataset carries one-way delays and IPDV: the metric can be chosen.
    bool visibleLatencyHasOtherMetrics() const;
    // New data for an existing entry (a live run's dataset that grew): replaces the analysis,
    // format, parse report and index in the file; keeps id, label, colour, visibility, tags
    // and metadata.
    void replaceData(int id, DatasetEntry fresh);
    // From now on, TCP state is matched off the GUI thread once the store holds more than
    // kBackgroundMatches datasets: the window's, not a command's, which draws at once.
    void matchInBackground() { m_matchInBackground = true; }
    // Matches at once what a background match has not delivered yet, so that an export
    // reads the analyses the views are about to show (the late result is dropped).
    void settleMatching();
    static constexpr std::size_t kBackgroundMatches = 256;

    // Edits made while one lives (labels, colours, visibility, tags, metadata) are
    // reported as one changed(-1) when the last one ends, so views redraw once.
    class ChangeBatch {
    public:
        explicit ChangeBatch(DatasetStore* store);
        ~ChangeBatch();
        ChangeBatch(const ChangeBatch&) = delete;
        ChangeBatch& operator=(const ChangeBatch&) = delete;

    private:
        DatasetStore* m_store;
    };

    // Calls receiver->update() after any dataset is added, removed or changed: what every
    // view and table model needs to stay in step with the store.
    template <typename Receiver> void onAnyChange(Receiver* receiver, void (Receiver::*update)()) {
        connect(this, &DatasetStore::added, receiver, update);
        connect(this, &DatasetStore::removed, receiver, update);
        connect(this, &DatasetStore::changed, receiver, update);
    }

signals:
    // Rows first..last are about to be appended: lets item models call beginInsertRows.
    void aboutToAdd(int first, int last);
    void added(const QList<int>& ids);
    void removed(const QList<int>& ids);
    // Something about one entry changed (label, colour, visibility, tags, metadata, data); -1 =
    // everything (also the group key).
    void changed(int id);

private:
    DatasetEntry* entry(int id);
    std::vector<const DatasetEntry*> visible(bool latency) const;
    // One of the user's choices for one entry, reported when it changes.
    template <typename T> void set(int id, T DatasetEntry::*field, const T& value) {
        if (DatasetEntry* e = entry(id); e && e->*field != value) {
            e->*field = value;
            reportChange(id);
        }
    }
    void reportChange(int id); // changed(id), or noted for the open ChangeBatch
    // Points the entry's analysis at the chosen latency metric (keeping its RTT analysis).
    void showLatencyMetric(DatasetEntry& entry) const;
    bool showsLatencyMetric(const DatasetEntry& entry) const;
    // Matches each throughput dataset's TCP state with the ss samplers now in the store (a
    // step's samples explain its iperf flows, DatasetAnalysis::matchedAmong); true when an
    // analysis changed. When mayWait and the store is large it matches in the background: the
    // result replaces the analyses, with changed(-1), unless datasets came or went meanwhile.
    bool matchTcpState(bool mayWait);
    bool replaceAnalyses(const DatasetAnalysis::Analyses& matched);

    std::vector<DatasetEntry> m_entries; // in the order added, so ascending by id
    int m_nextId = 1;
    int m_colorsUsed = 0;
    QString m_groupKey;
    LatencyMetric m_latencyMetric = LatencyMetric::Rtt;
    int m_openBatches = 0;
    bool m_batchChanged = false;
    bool m_matchInBackground = false;
    bool m_matchPending = false; // a background match has not delivered yet
    int m_matchGeneration = 0;   // counts the matches started, so only the newest applies
    BackgroundJobs m_jobs{this};
};

} // namespace wb
