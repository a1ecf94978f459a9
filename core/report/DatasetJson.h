#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QMap>

#include <optional>
#include <type_traits>

namespace wb {

struct Dataset;
struct ImportResult;
struct ParseReport;

// A complete, stable JSON description of what an import produced. Golden tests compare it
// with files under tests/data, and `wirebench-cli detect --format json` prints parts of it.
class DatasetJson {
public:
    static QJsonObject describe(const ImportResult& result);
    static QJsonObject describe(const Dataset& dataset);
    static QJsonObject describe(const ParseReport& report);
    // A double as JSON: NaN and infinities (which JSON lacks) become null.
    static QJsonValue number(double value);
    // A map of strings (or of JSON values) as a JSON object.
    template <typename T> static QJsonObject object(const QMap<QString, T>& map) {
        QJsonObject out;
        for (auto it = map.begin(); it != map.end(); ++it)
            out.insert(it.key(), it.value());
        return out;
    }
    // Adds "parameters" (what a plan varied for the run) when the dataset has any.
    static void insertParameters(QJsonObject* out, const QMap<QString, QString>& parameters);
    // An optional number as JSON: null when absent.
    template <typename T> static QJsonValue optional(const std::optional<T>& value) {
        if (!value)
            return QJsonValue::Null;
        if constexpr (std::is_floating_point_v<T>)
            return number(*value);
        else
            return static_cast<qint64>(*value);
    }
};

} // namespace wb
