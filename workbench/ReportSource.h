#pragma once

#include "ReportContent.h"

#include <QJsonObject>
#include <QMap>
#include <QString>

#include <vector>

namespace wb {

class DatasetStore;

// What a report needs besides the datasets: its title, the settings the workbench's views
// had (axis scales, chosen percentiles; keyed like workspace files, by
// WorkbenchView::settingsKey()), and the files that could not be loaded. With the store it
// gives the report's words and tables; ReportWriter adds the views' plots and draws it all.
struct ReportSource {
    // The key in viewSettings of the figures' own settings: "legend" (auto, inside, right,
    // below, none), "fontFamily" and "fontSize" (points); absent ones are the plots' own.
    static constexpr char kFigureSettings[] = "figures";

    QString title;
    QMap<QString, QJsonObject> viewSettings;
    std::vector<ReportProblem> problems;

    // The visible datasets' runs, metadata, throughput table, comparisons (those chosen in
    // the Compare tab, from its view settings, first) and problems.
    ReportContent content(const DatasetStore& store) const;
    // "Wirebench report of N run(s), generated …", and how many hidden runs were left out.
    static QString subtitle(const DatasetStore& store);
};

} // namespace wb
