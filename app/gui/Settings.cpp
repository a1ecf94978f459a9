#include "Settings.h"

#include "PlotExporter.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>

namespace wb {

namespace {
const char* const kLastFolder = "paths/lastFolder";
const char* const kRecent = "paths/recentFiles";
const char* const kExportWidth = "export/width";
const char* const kExportHeight = "export/height";
const char* const kExportScale = "export/scale";
const QString kViews = QStringLiteral("views/");
const char* const kLastRun = "run/form";
const char* const kRunFolder = "run/outputFolder";
const char* const kGeometry = "window/geometry";
const char* const kState = "window/state";
} // namespace

Settings::Settings() : m_settings(QStringLiteral("Wirebench"), QStringLiteral("Wirebench")) {}

QString Settings::lastFolder() const {
    return m_settings.value(kLastFolder, QDir::homePath()).toString();
}
void Settings::setLastFolder(const QString& folder) {
    m_settings.setValue(kLastFolder, folder);
}

QStringList Settings::recentFiles() const {
    return m_settings.value(kRecent).toStringList();
}

void Settings::addRecentFile(const QString& path) {
    QStringList recent = recentFiles();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    m_settings.setValue(kRecent, recent);
}

// The defaults are a paper's column: printed at this size the plot's 9-pt text stays 9 pt,
// and a PNG at scale 3 has about 300 dpi there.
int Settings::exportWidth() const {
    return m_settings.value(kExportWidth, ExportOptions().width).toInt();
}
int Settings::exportHeight() const {
    return m_settings.value(kExportHeight, ExportOptions().height).toInt();
}
double Settings::exportScale() const {
    return m_settings.value(kExportScale, ExportOptions().scale).toDouble();
}

void Settings::setExportSize(int width, int height, double scale) {
    m_settings.setValue(kExportWidth, width);
    m_settings.setValue(kExportHeight, height);
    m_settings.setValue(kExportScale, scale);
}

QJsonObject Settings::viewSettings(const QString& view) const {
    return QJsonDocument::fromJson(m_settings.value(kViews + view).toByteArray()).object();
}

void Settings::setViewSettings(const QString& view, const QJsonObject& settings) {
    m_settings.setValue(kViews + view, QJsonDocument(settings).toJson(QJsonDocument::Compact));
}

// One JSON object under one key: a form that gains a field needs no new key here, and a
// missing field falls back to RunSpec's default.
RunSpec Settings::lastRun() const {
    const QJsonObject o =
        QJsonDocument::fromJson(m_settings.value(kLastRun).toByteArray()).object();
    const RunSpec d;
    const auto words = [&o](const char* key) {
        QStringList list;
        for (const QJsonValue& word : o.value(QLatin1String(key)).toArray())
            list << word.toString();
        return list;
    };
    RunSpec spec;
    spec.tool = runToolFromName(o.value(QLatin1String("tool")).toString()).value_or(d.tool);
    spec.target = o.value(QLatin1String("target")).toString(d.target);
    spec.label = o.value(QLatin1String("label")).toString(d.label);
    spec.count = o.value(QLatin1String("count")).toInt(d.count);
    spec.intervalSeconds = o.value(QLatin1String("interval")).toDouble(d.intervalSeconds);
    spec.packetSize = o.value(QLatin1String("size")).toInt(d.packetSize);
    spec.durationSeconds = o.value(QLatin1String("duration")).toInt(d.durationSeconds);
    spec.reportIntervalSeconds =
        o.value(QLatin1String("reportInterval")).toDouble(d.reportIntervalSeconds);
    spec.streams = o.value(QLatin1String("streams")).toInt(d.streams);
    spec.udp = o.value(QLatin1String("udp")).toBool(d.udp);
    spec.bandwidth = o.value(QLatin1String("bandwidth")).toString(d.bandwidth);
    spec.reverse = o.value(QLatin1String("reverse")).toBool(d.reverse);
    spec.congestionControl = o.value(QLatin1String("congestion")).toString(d.congestionControl);
    spec.port = o.value(QLatin1String("port")).toInt(d.port);
    spec.json = o.value(QLatin1String("json")).toBool(d.json);
    spec.startServer = o.value(QLatin1String("startServer")).toBool(d.startServer);
    spec.clientPrefix = words("clientPrefix");
    spec.serverPrefix = words("serverPrefix");
    return spec;
}

void Settings::setLastRun(const RunSpec& spec) {
    const QJsonObject o{
        {QStringLiteral("tool"), runToolProgram(spec.tool)},
        {QStringLiteral("target"), spec.target},
        {QStringLiteral("label"), spec.label},
        {QStringLiteral("count"), spec.count},
        {QStringLiteral("interval"), spec.intervalSeconds},
        {QStringLiteral("size"), spec.packetSize},
        {QStringLiteral("duration"), spec.durationSeconds},
        {QStringLiteral("reportInterval"), spec.reportIntervalSeconds},
        {QStringLiteral("streams"), spec.streams},
        {QStringLiteral("udp"), spec.udp},
        {QStringLiteral("bandwidth"), spec.bandwidth},
        {QStringLiteral("reverse"), spec.reverse},
        {QStringLiteral("congestion"), spec.congestionControl},
        {QStringLiteral("port"), spec.port},
        {QStringLiteral("json"), spec.json},
        {QStringLiteral("startServer"), spec.startServer},
        {QStringLiteral("clientPrefix"), QJsonArray::fromStringList(spec.clientPrefix)},
        {QStringLiteral("serverPrefix"), QJsonArray::fromStringList(spec.serverPrefix)},
    };
    m_settings.setValue(kLastRun, QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QString Settings::runOutputFolder() const {
    const QString fallback =
        QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
        QStringLiteral("/runs");
    return m_settings.value(kRunFolder, fallback).toString();
}

void Settings::setRunOutputFolder(const QString& folder) {
    m_settings.setValue(kRunFolder, folder);
}

QByteArray Settings::windowGeometry() const {
    return m_settings.value(kGeometry).toByteArray();
}
QByteArray Settings::windowState() const {
    return m_settings.value(kState).toByteArray();
}

void Settings::setWindowLayout(const QByteArray& geometry, const QByteArray& state) {
    m_settings.setValue(kGeometry, geometry);
    m_settings.setValue(kState, state);
}

} // namespace wb
