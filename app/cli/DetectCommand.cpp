#include "CliContext.h"
#include "Commands.h"

#include "parse/FormatRegistry.h"
#include "report/DatasetJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace wb::cli {

namespace {
// "udp client, 4 streams" for throughput logs; the protocol for ping.
QString modeOf(const RunInfo& info) {
    QStringList parts;
    for (const QString& part : {info.protocol, info.role})
        if (!part.isEmpty())
            parts << part;
    QString mode = parts.join(QLatin1Char(' '));
    if (info.streams > 0)
        mode += QStringLiteral(", %1 stream%2").arg(info.streams).arg(info.streams == 1 ? "" : "s");
    if (!info.version.isEmpty())
        mode += QStringLiteral(", %1").arg(info.version);
    return mode.isEmpty() ? QStringLiteral("-") : mode;
}

// What the log says of the dataset by key (DatasetGroups::logFields) and what the user set.
QJsonObject metadataOf(const Dataset& dataset, const UserMetadata& user) {
    QJsonObject log;
    for (const auto& [key, value] : DatasetGroups::logFields(dataset))
        log.insert(key, value);
    return {{"log", log}, {"user", DatasetJson::object(user.of(dataset.sourceFile))}};
}

} // namespace

int runDetect(const QStringList& args, CliContext& context) {
    CommonOptions options;
    if (!parseCommonOptions("detect", args, context, &options))
        return context.exitCode();
    QJsonArray files;
    QStringList read;
    Table table;
    table.header =
        QStringList{"file", "format", "description", "kind", "mode", "target", "samples/flows"};
    table.rightAligned = {false, false, false, false, false, false, true};
    forEachImport(options, context, [&](const ImportResult& result) {
        context.fileReported();
        const FormatEntry& format = *result.format;
        for (const Dataset& dataset : result.datasets) {
            // Replies for latency logs, flows for throughput logs.
            const auto samples = static_cast<qint64>(dataset.kind == Dataset::Kind::Latency
                                                         ? dataset.latency.size()
                                                         : dataset.flows.flows.size());
            files.append(QJsonObject{{"file", result.file},
                                     {"format", format.id},
                                     {"tool", format.tool},
                                     {"dialect", format.dialect},
                                     {"description", format.description},
                                     {"kind", kindName(format.kind)},
                                     {"target", dataset.info.target},
                                     {"protocol", dataset.info.protocol},
                                     {"role", dataset.info.role},
                                     {"streams", dataset.info.streams},
                                     {"version", dataset.info.version},
                                     {"metadata", metadataOf(dataset, options.metadata)},
                                     {"samples", samples}});
            read << dataset.sourceFile;
            table.rows.push_back({result.file, QString::fromLatin1(format.id),
                                  QString::fromLatin1(format.description), kindName(format.kind),
                                  modeOf(dataset.info), dataset.info.target,
                                  QString::number(samples)});
        }
    });
    warnOfUnreadLogs(options.metadata, read, context);
    if (options.json)
        context.out()
            << QJsonDocument(QJsonObject{{"files", files}}).toJson(QJsonDocument::Indented);
    else
        context.out() << TableWriter::write(table, options.table);
    return context.exitCode();
}

} // namespace wb::cli
