#pragma once

#include <QComboBox>

namespace wb {

// What a view shows for a group of runs (Group by): run-level figures, the default (each
// run summarised first, the mean of the runs with a CI resampling whole runs), or every
// sample of the group's runs pooled as one run. Shown only while grouping is on.
enum class GroupLevel { RunLevel, Pooled };

class GroupLevelBox : public QComboBox {
    Q_OBJECT

public:
    explicit GroupLevelBox(QWidget* parent = nullptr);

    GroupLevel level() const;
    void setLevel(GroupLevel level); // without emitting levelChosen

    // "run" or "pooled", as workspace settings store it; anything else reads as run level.
    static QString settingsName(GroupLevel level);
    static GroupLevel fromSettingsName(const QString& name);

signals:
    void levelChosen(wb::GroupLevel level); // by the user
};

} // namespace wb
