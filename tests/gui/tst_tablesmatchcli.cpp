// The window's Percentiles and Flows tables show, cell by cell, the numbers `wirebench-cli
// stats --format json` and `flows --format json` print for the same logs: both come from the
// one analysis of each dataset (DatasetAnalysis), the store's matching an iperf log's TCP
// state with the ss samples read beside it as the CLI does. The Compare tab's comparison is
// the JSON `wirebench-cli compare --format json` prints, of two runs or of two groups.

#include "CompareView.h"
#include "DatasetStore.h"
#include "FlowBarsView.h"
#include "PercentileTableModel.h"
#include "PercentileView.h"
#include "StoreSupport.h"
#include "TestSupport.h"
#include "report/ComparisonReport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace wb;

namespace {

// The `datasets` array of a command's JSON on files.
QJsonArray cliDatasets(const QString& command, const QStringList& files) {
    const test::CliRun run = test::runCli(QStringList{command, "--format", "json"} + files);
    return QJsonDocument::fromJson(run.out.toUtf8()).object().value("datasets").toArray();
}

// A shown cell against a number: "-" for null, else the number at the cell's decimals.
bool cellShows(const QString& cell, const QJsonValue& value, double scale = 1) {
    if (value.isNull() || value.isUndefined())
        return cell == QLatin1String("-");
    bool ok = false;
    const double shown = cell.toDouble(&ok);
    const qsizetype point = cell.indexOf(QLatin1Char('.'));
    const int decimals = point < 0 ? 0 : int(cell.size() - point - 1);
    const double expected = value.toDouble() / scale;
    return ok && std::abs(shown - expected) <=
                     0.5 * std::pow(10.0, -decimals) * (1 + 1e-9) + 1e-12 * std::abs(expected);
}

void compareCell(const QString& cell, const QJsonValue& value, const QString& where,
                 double scale = 1) {
    QVERIFY2(cellShows(cell, value, scale),
             qPrintable(QStringLiteral("%1: shown %2, CLI %3")
                            .arg(where, cell, QString::number(value.toDouble() / scale, 'g', 17))));
}

// Every throughput log of samples/, and an iperf3 client with the ss samples of its run.
QStringList throughputLogs() {
    QStringList files;
    const QDir samples(test::samplePath(QString()));
    for (const QString& name :
         samples.entryList({"iperf3-*", "tcp-*", "geni-*", "udp-*"}, QDir::Files, QDir::Name))
        files << samples.filePath(name);
    return files << test::dataPath("ss/iperf3-cubic-P2-client.txt")
                 << test::dataPath("ss/iperf3-cubic-P2.ss.log");
}

void addAll(DatasetStore& store, const QStringList& files) {
    for (const QString& file : files)
        store.add(DatasetEntry::fromImport(FileImporter::importFile(file)));
}

QJsonObject cliComparison(const QStringList& args) {
    const test::CliRun run = test::runCli(QStringList{"compare", "--format", "json"} + args);
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

// The comparison the tab shows, in the CLI's JSON shape.
QJsonObject shownComparison(const CompareView& view) {
    return view.latency() ? ComparisonReport::toJson(*view.latency())
                          : ComparisonReport::toJson(*view.throughput());
}

} // namespace

class TestTablesMatchCli : public QObject {
    Q_OBJECT

private slots:
    void percentilesTableEqualsStats();
    void flowsTableEqualsFlows();
    void storeMatchesTcpStateWithTheSamplersItHolds();
    void compareTabEqualsCompare();
    void compareTabOfGroupsEqualsCompareGroupBy();
};

void TestTablesMatchCli::percentilesTableEqualsStats() {
    const QStringList files = test::qjumpSamplePaths();
    const QJsonArray cli = cliDatasets("stats", files);
    QVERIFY(!cli.isEmpty());
    DatasetStore store;
    addAll(store, files);
    PercentileView view(&store);
    view.model()->setUnit(PercentileTableModel::Unit::Milliseconds);
    const Table table = view.currentTable();
    QCOMPARE(table.rows.size(), std::size_t(cli.size()));
    QCOMPARE(table.rows.size(), std::size_t(5));
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const QJsonObject json = cli[int(r)].toObject();
        const QStringList& row = table.rows[r];
        QCOMPARE(row[0], json.value("label").toString());
        for (qsizetype c = 1; c < table.header.size(); ++c) {
            QString header = table.header[c];
            header.remove(QStringLiteral(" (ms)"));
            QJsonValue value;
            if (header == QLatin1String("count"))
                value = json.value("samples");
            else if (header.startsWith(QLatin1Char('p')))
                value = json.value("percentiles").toObject().value(header.mid(1));
            else if (header == QLatin1String("loss (%)"))
                value = json.value("loss_percent");
            else if (header == QLatin1String("longest burst"))
                value = json.value("loss_bursts").toObject().value("longest");
            else
                value = json.value(header);
            QVERIFY2(!value.isUndefined(), qPrintable(header));
            compareCell(row[c], value, row[0] + " " + header);
        }
    }
}

void TestTablesMatchCli::flowsTableEqualsFlows() {
    const QStringList files = throughputLogs();
    const QJsonArray cli = cliDatasets("flows", files);
    QVERIFY(!cli.isEmpty());
    DatasetStore store;
    addAll(store, files);
    // The ss log is its client's flows' TCP state, not a dataset of flows of its own; recorded
    // by hand (no plan step), the table lists its connections last, as `flows` does apart.
    const auto samplers = std::count_if(
        store.entries().begin(), store.entries().end(),
        [](const DatasetEntry& entry) { return TcpState::isSampler(entry.dataset()); });
    QCOMPARE(samplers, 1);
    QCOMPARE(std::size_t(cli.size()), store.entries().size() - std::size_t(samplers));
    FlowBarsView view(&store);
    view.showFlowTable();
    const Table& table = view.flowTable();
    std::size_t r = 0;
    int matched = 0; // flows whose state is read from the ss samples
    for (const QJsonValue& dataset : cli) {
        const QJsonObject json = dataset.toObject();
        const QJsonArray flows = json.value("flows").toArray();
        // One row per flow, then the run's; the run's TCP figures are every flow's together.
        for (int f = 0; f <= flows.size(); ++f, ++r) {
            QVERIFY(r < table.rows.size());
            const QStringList& row = table.rows[r];
            const bool all = f == flows.size();
            const QJsonObject flow = all ? json.value("tcp").toObject() : flows[f].toObject();
            const QString where = row[0] + " " + row[1];
            QCOMPARE(row[0], json.value("label").toString());
            QCOMPARE(row[1], all ? QStringLiteral("all %1").arg(flows.size())
                                 : flow.value("id").toString());
            compareCell(row[2],
                        all ? json.value("sum").toObject().value("bits_per_second")
                            : flow.value("bits_per_second"),
                        where + " Mbits/s", 1e6);
            const QJsonValue cwnd = flow.value("cwnd_bytes"), rtt = flow.value("rtt_ms");
            compareCell(row[3], cwnd.isObject() ? cwnd["mean"] : QJsonValue(), where, 1024);
            compareCell(row[4], cwnd.isObject() ? cwnd["max"] : QJsonValue(), where, 1024);
            compareCell(row[5], rtt.isObject() ? rtt["mean"] : QJsonValue(), where);
            compareCell(row[6], rtt.isObject() ? rtt["p99"] : QJsonValue(), where);
            compareCell(row[7], flow.value("retransmits"), where + " retransmits");
            compareCell(row[8], flow.value("retransmits_per_mb"), where);
            const QString source = flow.value("tcp_source").toString();
            QCOMPARE(row[9], source.isEmpty() ? QStringLiteral("-") : source);
            matched += !all && json.value("tool") != QLatin1String("ss") &&
                       source == QLatin1String("ss -tin samples");
        }
    }
    // Then the sampler's two connections and all of them, without throughput.
    QCOMPARE(r + 3, table.rows.size());
    QCOMPARE(table.rows.back()[1], QStringLiteral("all 2 sampled"));
    QCOMPARE(table.rows.back()[2], QStringLiteral("-"));
    QCOMPARE(matched, 2); // the client's two flows
}

void TestTablesMatchCli::storeMatchesTcpStateWithTheSamplersItHolds() {
    DatasetStore store;
    addAll(store, {test::dataPath("ss/iperf3-cubic-P2-client.txt")});
    const int client = store.entries().front().id;
    const auto own = store.find(client)->analysis;
    QCOMPARE(own->tcpSource(), TcpStateSource::Iperf3Text);
    addAll(store, {test::dataPath("ss/iperf3-cubic-P2.ss.log")});
    const int sampler = store.entries().back().id;
    const auto matched = store.find(client)->analysis;
    QCOMPARE(matched->tcpSource(), TcpStateSource::SsSamples);
    // Only the TCP state was matched again; the rest of the analysis is the one computed at import.
    QCOMPARE(matched->dataset, own->dataset);
    QCOMPARE(matched->flows.sum.bitsPerSecond, own->flows.sum.bitsPerSecond);
    store.remove(sampler);
    QCOMPARE(store.find(client)->analysis->tcpSource(), TcpStateSource::Iperf3Text);
    QVERIFY(store.find(client)->analysis->samplers.empty());
}

void TestTablesMatchCli::compareTabEqualsCompare() {
    const QStringList pairs[] = {
        {test::samplePath("ping18_np"), test::samplePath("ping18_iperf16_np")},
        {test::samplePath("iperf3-cubic-P4.json"), test::samplePath("iperf3-reno-P4.json")}};
    for (const QStringList& files : pairs) {
        // Labelled as the CLI names its operands, so the names and the wording match too.
        DatasetStore store;
        const int a = test::addLog(store, files[0], files[0]);
        const int b = test::addLog(store, files[1], files[1]);
        CompareView view(&store);
        QVERIFY(
            view.choose(QStringLiteral("dataset:%1").arg(a), QStringLiteral("dataset:%1").arg(b)));
        QCOMPARE(shownComparison(view), cliComparison(files));
    }
}

void TestTablesMatchCli::compareTabOfGroupsEqualsCompareGroupBy() {
    const QStringList files{
        test::samplePath("tcp-cubic-P1-client.txt"), test::samplePath("tcp-cubic-P30-client.txt"),
        test::samplePath("tcp-reno-P1-client.txt"), test::samplePath("tcp-reno-P30-client.txt")};
    DatasetStore store;
    addAll(store, files);
    store.setGroupKey(QStringLiteral("congestion_control"));
    CompareView view(&store); // the first two groups
    QVERIFY(view.choiceA().startsWith(QStringLiteral("group:")));
    QJsonObject cli = cliComparison(QStringList{"--group-by", "congestion_control"} + files);
    const QJsonArray runLevel = cli.take("run_level").toArray();
    QVERIFY(!runLevel.isEmpty()); // two runs a side
    cli.remove("warnings"); // what a group pools besides its key: the window says it elsewhere
    // The words: the run level's with the pooled samples' after them, in both.
    QCOMPARE(view.summary(), cli.value("summary").toString());
    cli.insert("summary", cli.take("sample_summary"));
    QCOMPARE(shownComparison(view), cli);
    // Run level first, a row per statistic the CLI compares at run level.
    const Table& table = view.tables().front();
    QCOMPARE(table.rows.size(), static_cast<std::size_t>(runLevel.size()));
    for (qsizetype i = 0; i < runLevel.size(); ++i)
        QCOMPARE(table.rows[static_cast<std::size_t>(i)][0],
                 runLevel[i].toObject().value("statistic").toString());
}

QTEST_MAIN(TestTablesMatchCli)
#include "tst_tablesmatchcli.moc"
