#pragma once

#include <QDialog>
#include <QString>

namespace wb {

// Help ▸ Formats: every log format the registry reads (FormatRegistry::formats()), with its
// id, description and two lines of the kind of log it reads.
class FormatsDialog : public QDialog {
    Q_OBJECT

public:
    explicit FormatsDialog(QWidget* parent = nullptr);

    // Two short lines of a real log of the format with this registry id (from samples/ and
    // tests/data); empty for a format without one.
    static QString example(const QString& formatId);
};

} // namespace wb
