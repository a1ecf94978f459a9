#include "RunOptions.h"

#include "files/SmallFile.h"

#include <QJsonArray>

namespace wb {

namespace {

using Kind = RunOption::Kind;

// Whether a stored value can be what the option holds (saved settings may be from another
// version).
bool fits(const RunOption& option, const QJsonValue& value) {
    switch (option.kind) {
    case Kind::Integer:
    case Kind::Seconds:
        return value.isDouble();
    case Kind::Flag:
        return value.isBool();
    case Kind::Words:
        return value.isArray();
    case Kind::Tool:
        return value.isString() && runToolFromName(value.toString()).has_value();
    default:
        return value.isString();
    }
}

} // namespace

const std::vector<RunOption>& RunOptions::all() {
    // clang-format off
    static const std::vector<RunOption> options = {
        {"tool", Kind::Tool, 0, 0,
         [](RunSpec& s, const QJsonValue& v) { s.tool = runToolFromName(v.toString()).value_or(RunTool::Ping); },
         [](const RunSpec& s) { return QJsonValue(runToolProgram(s.tool)); }},
        {"target", Kind::Text, 0, 0,
         [](RunSpec& s, const QJsonValue& v) { s.target = v.toString(); },
         [](const RunSpec& s) { return QJsonValue(s.target); }},
        {"count", Kind::Integer, 1, 10000000,
         [](RunSpec& s, const QJsonValue& v) { s.count = v.toInt(); },
         [](const RunSpec& s) { return QJsonValue(s.count); }},
        {"interval", Kind::Seconds, 0, 3600,
         [](RunSpec& s, const QJsonValue& v) { s.intervalSeconds = v.toDouble(); },
         [](const RunSpec& s) { return QJsonValue(s.intervalSeconds); }},
        {"size", Kind::Integer, 0, 65507,
         [](RunSpec& s, const QJsonValue& v) { s.packetSize = v.toInt(); },
         [](const RunSpec& s) { return QJsonValue(s.packetSize); }},
        {"length", Kind::Integer, 0, 65507,
         [](RunSpec& s, const QJsonValue& v) { s.packetLength = v.toInt(); },
         [](const RunSpec& s) { return QJsonValue(s.packetLength); }},
        {"duration", Kind::Integer, 1, 86400,
         [](RunSpec& s, const QJsonValue& v) { s.durationSeconds = v.toInt(); },
         [](const RunSpec& s) { return QJsonValue(s.durationSeconds); }},
        {"report_interval", Kind::Seconds, 0, 3600,
         [](RunSpec& s, const QJsonValue& v) { s.reportIntervalSeconds = v.toDouble(); },
         [](const RunSpec& s) { return QJsonValue(s.reportIntervalSeconds); }},
        {"streams", Kind::Integer, 1, 128,
         [](RunSpec& s, const QJsonValue& v) { s.streams = v.toInt(); },
         [](const RunSpec& s) { return QJsonValue(s.streams); }},
        {"udp", Kind::Flag, 0, 0,
         [](RunSpec& s, const QJsonValue& v) { s.udp = v.toBool(); },
         [](const RunSpec& s) { return QJsonValue(s.udp); }},
        {"bandwidth", Kind::Bandwidth, 0, 0,
         [](RunSpec& s, const QJsonValue& v) { s.bandwidth = v.toString(); },
         [](const RunSpec& s) { return QJsonValue(s.bandwidth); }},
        {"reverse", Kind::Flag, 0, 0,
         [](RunSpec& s, const QJsonValue& v) { s.reverse = v.toBool(); },
         [](const RunSpec& s) { return QJsonValue(s.reverse); }},
        {"congestion", Kind::Text, 0, 0,
         [](RunSpec& s, const QJsonValue& v) { s.congestionControl = v.toString(); },
         [](const RunSpec& s) { return QJsonValue(s.congestionControl); }},
        {"port", Kind::Integer, 1, 65535,
         [](RunSpec& s, const QJsonValue& v) { s.port = v.toInt(); },
         [](const RunSpec& s) { return QJsonValue(s.port); }},
        {"json", Kind::Flag, 0, 0,
         [](RunSpec& s, const QJsonValue& v) { s.json = v.toBool(); },
         [](const RunSpec& s) { return QJsonValue(s.json); }},
        {"start_server", Kind::Flag, 0, 0,
         [](RunSpec& s, const QJsonValue& v) { s.startServer = v.toBool(); },
         [](const RunSpec& s) { return QJsonValue(s.startServer); }},
        {"extra_args", Kind::Words, 0, 0,
         [](RunSpec& s, const QJsonValue& v) { s.extraArgs = jsonStrings(v); },
         [](const RunSpec& s) { return QJsonValue(QJsonArray::fromStringList(s.extraArgs)); }},
        {"client_prefix", Kind::Words, 0, 0,
         [](RunSpec& s, const QJsonValue& v) { s.clientPrefix = jsonStrings(v); },
         [](const RunSpec& s) { return QJsonValue(QJsonArray::fromStringList(s.clientPrefix)); }},
        {"server_prefix", Kind::Words, 0, 0,
         [](RunSpec& s, const QJsonValue& v) { s.serverPrefix = jsonStrings(v); },
         [](const RunSpec& s) { return QJsonValue(QJsonArray::fromStringList(s.serverPrefix)); }},
        {"label", Kind::Template, 0, 0,
         [](RunSpec& s, const QJsonValue& v) { s.label = v.toString(); },
         [](const RunSpec& s) { return QJsonValue(s.label); }},
    };
    // clang-format on
    return options;
}

const RunOption* RunOptions::find(const QString& key) {
    for (const RunOption& option : all()) {
        if (key == QLatin1String(option.key))
            return &option;
    }
    return nullptr;
}

QJsonObject RunOptions::toJson(const RunSpec& spec) {
    QJsonObject out;
    for (const RunOption& option : all())
        out.insert(QLatin1String(option.key), option.get(spec));
    return out;
}

RunSpec RunOptions::fromJson(const QJsonObject& object, RunSpec base) {
    for (const RunOption& option : all()) {
        const QJsonValue value = object.value(QLatin1String(option.key));
        if (fits(option, value))
            option.set(base, value);
    }
    return base;
}

} // namespace wb
