#pragma once

// What a parser read, as stable text, for tests that compare two ways of reading the same
// bytes (chunked, scanned on worker threads, read ahead): shared by the Qt tests and the fuzz
// targets.

#include "parse/LogParser.h"
#include "report/DatasetJson.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace wb::test {

// The parser's report (with its issues and their lines) and every dataset.
inline QByteArray describeParser(const LogParser& parser) {
    QJsonArray datasets;
    for (const Dataset& dataset : parser.datasets())
        datasets.append(DatasetJson::describe(dataset));
    const QJsonObject all{{"report", DatasetJson::describe(parser.report())},
                          {"datasets", datasets}};
    return QJsonDocument(all).toJson(QJsonDocument::Compact);
}

} // namespace wb::test
