#pragma once

#include "PlotExporter.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace wb {

// Asks where and how big to export a plot: file (PNG/PDF/SVG by suffix), width, height,
// scale and an optional title. Remembers the size through Settings.
class ExportDialog : public QDialog {
    Q_OBJECT

public:
    ExportDialog(const QString& suggestedPath, const ExportOptions& defaults,
                 QWidget* parent = nullptr);

    QString path() const;
    ExportOptions options() const;

private:
    void browse();

    QLineEdit* m_path;
    QComboBox* m_preset;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QDoubleSpinBox* m_scale;
    QLineEdit* m_title;
};

} // namespace wb
