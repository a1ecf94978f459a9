#pragma once

#include "RunSpec.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <vector>

namespace wb {

// One option of a run by name, as experiment plans, `wirebench-cli run` (--report-interval)
// and the Run panel's saved form spell it. One table maps every name to its RunSpec field, so
// the three cannot drift apart.
struct RunOption {
    enum class Kind { Tool, Text, Integer, Seconds, Flag, Bandwidth, Words, Template };

    const char* key; // "report_interval"
    Kind kind;
    double minimum; // Integer: smallest value; Seconds: values must be above it
    double maximum;
    // Sets the field from a JSON value of the option's kind (Tool, Text, Bandwidth, Template:
    // a string; Words: an array of strings). Values are checked before, not here.
    void (*set)(RunSpec& spec, const QJsonValue& value);
    QJsonValue (*get)(const RunSpec& spec);

    // Given as text by hand: placeholders apply, and the command line passes it as is.
    bool isText() const {
        return kind == Kind::Tool || kind == Kind::Text || kind == Kind::Bandwidth ||
               kind == Kind::Template;
    }
};

class RunOptions {
public:
    // In the order of the README's table.
    static const std::vector<RunOption>& all();
    static const RunOption* find(const QString& key);
    // Every option of the spec by its key; fromJson takes the keys present (of the right
    // type) over `base` and ignores the rest.
    static QJsonObject toJson(const RunSpec& spec);
    static RunSpec fromJson(const QJsonObject& object, RunSpec base = {});
};

} // namespace wb
