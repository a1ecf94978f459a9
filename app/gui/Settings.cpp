#include "Settings.h"

#include "run/RunOptions.h"

#include "LegendLayout.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStandardPaths>

namespace wb {

namespace {
const char* const kLastFolder = "paths/lastFolder";
const char* const kRecent = "paths/recentFiles";
const char* const kOpenFolder = "paths/openFolder";
const char* const kExportWidth = "export/widthPoints";
const char* const kExportHeight = "export/heightPoints";
const char* const kExportDpi = "export/dpi";
const char* const kExportLegend = "export/legend";
const char* const kExportFont = "export/fontFamily";
const char* const kExportFontSize = "export/fontSize";
const char* const kExportColours = "export/colours";
const char* const kTheme = "view/theme";
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

QString Settings::openFolder() const {
    return m_settings.value(kOpenFolder, lastFolder()).toString();
}
void Settings::setOpenFolder(const QString& folder) {
    m_settings.setValue(kOpenFolder, folder);
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

// The defaults are a paper's column at 300 dpi (ExportOptions); a value out of the dialog's
// range (an edited settings file) is the default's.
ExportOptions Settings::exportOptions() const {
    ExportOptions options;
    auto number = [this](const char* key, double fallback, double lowest, double highest) {
        const double value = m_settings.value(key, fallback).toDouble();
        return value >= lowest && value <= highest ? value : fallback;
    };
    options.points = QSizeF(number(kExportWidth, options.points.width(), ExportOptions::kMinPoints,
                                   ExportOptions::kMaxPoints),
                            number(kExportHeight, options.points.height(),
                                   ExportOptions::kMinPoints, ExportOptions::kMaxPoints));
    options.dpi = number(kExportDpi, options.dpi, ExportOptions::kMinDpi, ExportOptions::kMaxDpi);
    bool known = false;
    const LegendPlace legend =
        LegendLayout::fromName(m_settings.value(kExportLegend).toString(), &known);
    if (known)
        options.legend = legend;
    options.fontFamily = m_settings.value(kExportFont).toString();
    options.fontSize = m_settings.value(kExportFontSize, 0.0).toDouble();
    // Paper unless the user chose the screen's colours: a figure goes on paper by default.
    if (m_settings.value(kExportColours).toString() == QLatin1String("screen"))
        options.colours = FigureColours::Screen;
    return options;
}

void Settings::setExportOptions(const ExportOptions& options) {
    m_settings.setValue(kExportWidth, options.points.width());
    m_settings.setValue(kExportHeight, options.points.height());
    m_settings.setValue(kExportDpi, options.dpi);
    m_settings.setValue(kExportLegend, LegendLayout::nameOf(options.legend));
    m_settings.setValue(kExportFont, options.fontFamily);
    m_settings.setValue(kExportFontSize, options.fontSize);
    m_settings.setValue(kExportColours, options.colours == FigureColours::Screen
                                            ? QStringLiteral("screen")
                                            : QStringLiteral("paper"));
}

AppTheme::Theme Settings::theme() const {
    return AppTheme::fromName(m_settings.value(kTheme).toString());
}

void Settings::setTheme(AppTheme::Theme theme) {
    m_settings.setValue(kTheme, AppTheme::nameOf(theme));
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
    return RunOptions::fromJson(
        QJsonDocument::fromJson(m_settings.value(kLastRun).toByteArray()).object());
}

void Settings::setLastRun(const RunSpec& spec) {
    m_settings.setValue(kLastRun,
                        QJsonDocument(RunOptions::toJson(spec)).toJson(QJsonDocument::Compact));
}

// Until the user picks one, run logs go to a folder they can find in a file manager (the
// documents folder, else home), not under a hidden data directory.
QString Settings::runOutputFolder() const {
    QString base = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (base.isEmpty() || !QFileInfo(base).isDir())
        base = QStandardPaths::writableLocation(QStandardPaths::HomeLocation);
    const QString fallback = base + QStringLiteral("/Wirebench runs");
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
