#pragma once

#include "PlotExporter.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QFontComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace wb {

// Asks where and how big to export a plot: file (PNG/PDF/SVG by suffix), width and height
// in points, scale (PNG pixels per point), an optional title, where the legend goes and the
// font, and the colours: light for paper (the default) or as the plot is on screen. It says
// the units the chosen format uses: points for PDF and SVG, pixels (points × scale) for PNG.
// The caller remembers the choices through Settings.
class ExportDialog : public QDialog {
    Q_OBJECT

public:
    ExportDialog(const QString& suggestedPath, const ExportOptions& defaults,
                 QWidget* parent = nullptr);

    QString path() const;
    ExportOptions options() const;

    // The line saying what the size means for the chosen file type.
    QString unitsText() const;

private:
    void browse();
    void updateUnits();

    QLineEdit* m_path;
    QComboBox* m_preset;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QDoubleSpinBox* m_scale;
    QLineEdit* m_title;
    QComboBox* m_legend;
    QFontComboBox* m_font;
    QDoubleSpinBox* m_fontSize;
    QComboBox* m_colours;
    QLabel* m_units;
};

} // namespace wb
