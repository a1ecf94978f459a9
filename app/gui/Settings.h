#pragma once

#include "AppTheme.h"
#include "PlotExporter.h"
#include "run/RunSpec.h"

#include <QJsonObject>

#include <QSettings>
#include <QStringList>

namespace wb {

// The one typed facade over QSettings: every preference the workbench keeps, with its key
// and default in one place.
class Settings {
public:
    Settings();

    QString lastFolder() const;
    void setLastFolder(const QString& folder);

    QStringList recentFiles() const;
    void addRecentFile(const QString& path); // most recent first, at most kMaxRecent
    static constexpr int kMaxRecent = 10;

    // The last plot export's size, dpi, legend place, font and colours (not its title).
    ExportOptions exportOptions() const;
    void setExportOptions(const ExportOptions& options);

    // What each view was last set to (units, percentile levels, log axes, ordering), so the
    // workbench opens the way it was left; keyed by the view's class name.
    QJsonObject viewSettings(const QString& view) const;
    void setViewSettings(const QString& view, const QJsonObject& settings);

    // The run form as it was last used (tool, target, options, transport prefixes, label),
    // and the folder runs write their raw logs and sidecars to.
    RunSpec lastRun() const;
    void setLastRun(const RunSpec& spec);
    QString runOutputFolder() const; // default: the app's local data folder + "/runs"
    void setRunOutputFolder(const QString& folder);

    // View ▸ Theme: the platform's look (the default), Fusion light or Fusion dark.
    AppTheme::Theme theme() const;
    void setTheme(AppTheme::Theme theme);

    QByteArray windowGeometry() const;
    QByteArray windowState() const;
    void setWindowLayout(const QByteArray& geometry, const QByteArray& state);

private:
    QSettings m_settings;
};

} // namespace wb
