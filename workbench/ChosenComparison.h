#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QString>

#include <vector>

namespace wb {

// A comparison the user made in the Compare tab: A against B by label (a run's label, or a
// group's name when `groups`; ids are per session, labels come back with a workspace). The
// tab keeps them in its view settings, so a workspace keeps them, and reports put them first.
struct ChosenComparison {
    QString a;
    QString b;
    bool groups = false;

    friend bool operator==(const ChosenComparison& x, const ChosenComparison& y) {
        return x.a == y.a && x.b == y.b && x.groups == y.groups;
    }

    // The Compare tab's settings key (WorkbenchView::settingsKey() of wb::CompareView): the
    // report reads the choices from a workspace's view settings without the widget.
    static const QString& settingsKey();
    // [{"a","b","groups"}] under "chosen" in the tab's settings.
    static QJsonArray toJson(const std::vector<ChosenComparison>& chosen);
    static std::vector<ChosenComparison> fromSettings(const QJsonObject& settings);
    static std::vector<ChosenComparison>
    fromViewSettings(const QMap<QString, QJsonObject>& viewSettings);
};

} // namespace wb
