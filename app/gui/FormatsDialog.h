#pragma once

#include <QDialog>

namespace wb {

// Help ▸ Formats: every log format the registry reads (FormatRegistry::formats()), with its
// id, description and example lines.
class FormatsDialog : public QDialog {
    Q_OBJECT

public:
    explicit FormatsDialog(QWidget* parent = nullptr);
};

} // namespace wb
