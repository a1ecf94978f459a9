#include "GroupLevelBox.h"

namespace wb {

GroupLevelBox::GroupLevelBox(QWidget* parent) : QComboBox(parent) {
    setObjectName(QStringLiteral("groupLevel"));
    addItem(tr("run level (mean of runs)"), static_cast<int>(GroupLevel::RunLevel));
    addItem(tr("pooled samples (runs treated as one)"), static_cast<int>(GroupLevel::Pooled));
    setToolTip(tr("With Group by: each run summarised first and the mean of the runs shown, with "
                  "a CI resampling whole runs; or every sample of a group's runs pooled as one "
                  "run, whose CIs are too narrow when runs differ"));
    connect(this, qOverload<int>(&QComboBox::activated), this,
            [this] { emit levelChosen(level()); });
}

GroupLevel GroupLevelBox::level() const {
    return static_cast<GroupLevel>(currentData().toInt());
}

void GroupLevelBox::setLevel(GroupLevel level) {
    setCurrentIndex(findData(static_cast<int>(level)));
}

QString GroupLevelBox::settingsName(GroupLevel level) {
    return level == GroupLevel::Pooled ? QStringLiteral("pooled") : QStringLiteral("run");
}

GroupLevel GroupLevelBox::fromSettingsName(const QString& name) {
    return name == QLatin1String("pooled") ? GroupLevel::Pooled : GroupLevel::RunLevel;
}

} // namespace wb
