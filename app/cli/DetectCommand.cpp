#include "CliContext.h"
#include "Commands.h"

#include "parse/FormatRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace wb::cli {

namespace {
QString kindName(Dataset::Kind kind) {
    return kind == Dataset::Kind::Latency ? QStringLiteral("latency") : QStringLiteral("throughput");
}
} // namespace

int runDetect(const QStringList& args, CliContext& context) {
    CommonOptions options;
    if (!parseCommonOptions(args, context, &options, false, false))
        return context.exitCode();
    QJsonArray files;
    Table table;
    table.header = QStringList{QStringLiteral("file"), QStringLiteral("format"),
                               QStringLiteral("description"), QStringLiteral("kind"),
                               QStringLiteral("target"), QStringLiteral("samples")};
    table.rightAligned = {false, false, false, false, false, true};
    forEachImport(options, context, [&](const ImportResult& result) {
        context.fileReported();
        const FormatEntry& format = *result.format;
        for (const Dataset& dataset : result.datasets) {
            const auto samples = static_cast<qint64>(dataset.latency.size());
            files.append(QJsonObject{{"file", result.file},
                                     {"format", format.id},
                                     {"tool", format.tool},
                                     {"dialect", format.dialect},
                                     {"description", format.description},
                                     {"kind", kindName(format.kind)},
                                     {"target", dataset.info.target},
                                     {"samples", samples}});
            table.rows.push_back({result.file, QString::fromLatin1(format.id),
                                  QString::fromLatin1(format.description), kindName(format.kind),
                                  dataset.info.target, QString::number(samples)});
        }
    });
    if (options.json)
        context.out() << QJsonDocument(QJsonObject{{"files", files}}).toJson(QJsonDocument::Indented);
    else
        context.out() << TableWriter::write(table, options.table);
    return context.exitCode();
}

} // namespace wb::cli
