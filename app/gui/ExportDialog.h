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

// Asks where and how big to export a plot: file (PNG/PDF/SVG by suffix), a size preset or a
// width and height in inches, centimetres or points, the PNG's dpi, an optional title, where
// the legend goes and the font, and the colours: light for paper (the default) or as the plot
// is on screen. It says what the size gives in the chosen format: a page, or pixels at a dpi.
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
    void showUnit();
    double pointsPerUnit() const;
    QSizeF sizeInPoints() const;

    QLineEdit* m_path;
    QComboBox* m_preset;
    QComboBox* m_unit;
    QDoubleSpinBox* m_width;
    QDoubleSpinBox* m_height;
    double m_shownPointsPerUnit = 72; // of the values the spin boxes hold
    QSpinBox* m_dpi;
    QLineEdit* m_title;
    QComboBox* m_legend;
    QFontComboBox* m_font;
    QDoubleSpinBox* m_fontSize;
    QComboBox* m_colours;
    QLabel* m_units;
};

} // namespace wb
