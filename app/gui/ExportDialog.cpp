#include "ExportDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFontComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include <cmath>

namespace wb {

ExportDialog::ExportDialog(const QString& suggestedPath, const ExportOptions& defaults,
                           QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Export plot"));
    m_path = new QLineEdit(suggestedPath, this);
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);

    // Width and height are physical, shown in the unit chosen beside them and kept in points.
    m_unit = new QComboBox(this);
    m_unit->setObjectName(QStringLiteral("unit"));
    m_unit->addItem(tr("in"), 72.0);
    m_unit->addItem(tr("cm"), 72 / 2.54);
    m_unit->addItem(tr("pt"), 1.0);
    m_width = new QDoubleSpinBox(this);
    m_height = new QDoubleSpinBox(this);
    for (QDoubleSpinBox* length : {m_width, m_height})
        length->setDecimals(2);
    showUnit();
    m_width->setValue(defaults.points.width() / pointsPerUnit());
    m_height->setValue(defaults.points.height() / pointsPerUnit());
    connect(m_unit, &QComboBox::currentIndexChanged, this, [this] {
        const QSizeF points = sizeInPoints();
        showUnit();
        m_width->setValue(points.width() / pointsPerUnit());
        m_height->setValue(points.height() / pointsPerUnit());
    });
    m_dpi = new QSpinBox(this);
    m_dpi->setRange(qRound(ExportOptions::kMinDpi), qRound(ExportOptions::kMaxDpi));
    m_dpi->setSingleStep(50);
    m_dpi->setSuffix(tr(" dpi"));
    m_dpi->setValue(qRound(defaults.dpi));
    m_dpi->setToolTip(tr("PNG pixels per inch: the file records it, so the image prints at "
                         "the size above"));
    m_title = new QLineEdit(defaults.title, this);
    m_legend = new QComboBox(this);
    m_legend->addItem(tr("Automatic: inside where it hides no data, else below or right"),
                      static_cast<int>(LegendPlace::Auto));
    m_legend->addItem(tr("Inside the plot"), static_cast<int>(LegendPlace::Inside));
    m_legend->addItem(tr("Right of the plot"), static_cast<int>(LegendPlace::Right));
    m_legend->addItem(tr("Below the plot"), static_cast<int>(LegendPlace::Below));
    m_legend->addItem(tr("None"), static_cast<int>(LegendPlace::None));
    m_legend->setCurrentIndex(m_legend->findData(static_cast<int>(defaults.legend)));
    m_font = new QFontComboBox(this);
    m_font->setCurrentFont(
        QFont(defaults.fontFamily.isEmpty() ? QStringLiteral("DejaVu Sans") : defaults.fontFamily));
    m_fontSize = new QDoubleSpinBox(this);
    m_fontSize->setRange(4, 72);
    m_fontSize->setSingleStep(0.5);
    m_fontSize->setSuffix(tr(" pt"));
    m_fontSize->setValue(defaults.fontSize > 0 ? defaults.fontSize
                                               : ExportOptions::kDefaultFontSize);
    m_fontSize->setToolTip(tr("Tick labels and legend; axis titles in proportion"));
    m_colours = new QComboBox(this);
    m_colours->setObjectName(QStringLiteral("colours"));
    m_colours->addItem(tr("Light, for paper"), static_cast<int>(FigureColours::Paper));
    m_colours->addItem(tr("As on screen"), static_cast<int>(FigureColours::Screen));
    m_colours->setCurrentIndex(m_colours->findData(static_cast<int>(defaults.colours)));
    m_colours->setToolTip(tr("Light: white background and black text whatever the theme; as on "
                             "screen: the plot's colours in the current theme"));
    m_units = new QLabel(this);
    m_units->setWordWrap(true);
    connect(m_path, &QLineEdit::textChanged, this, &ExportDialog::updateUnits);
    connect(m_width, &QDoubleSpinBox::valueChanged, this, &ExportDialog::updateUnits);
    connect(m_height, &QDoubleSpinBox::valueChanged, this, &ExportDialog::updateUnits);
    connect(m_dpi, &QSpinBox::valueChanged, this, &ExportDialog::updateUnits);

    // A figure exported at the size it is printed keeps its 9-pt text 9 pt; a large canvas
    // scaled down to a column would not.
    m_preset = new QComboBox(this);
    m_preset->setObjectName(QStringLiteral("preset"));
    for (const FigureSizePreset& preset : figureSizePresets())
        m_preset->addItem(QCoreApplication::translate("ExportSize", preset.title), preset.points);
    m_preset->addItem(tr("Custom"), QSizeF());
    auto matchPreset = [this] {
        const QSizeF points = sizeInPoints();
        int index = m_preset->count() - 1;
        for (int i = 0; i < m_preset->count() - 1; ++i) {
            const QSizeF preset = m_preset->itemData(i).toSizeF();
            // Equal to the displayed precision: 7.16 in is 515.52 pt.
            if (std::abs(preset.width() - points.width()) < 0.05 * pointsPerUnit() &&
                std::abs(preset.height() - points.height()) < 0.05 * pointsPerUnit())
                index = i;
        }
        m_preset->setCurrentIndex(index);
    };
    matchPreset();
    connect(m_preset, &QComboBox::activated, this, [this](int index) {
        const QSizeF points = m_preset->itemData(index).toSizeF();
        if (points.isValid()) {
            m_width->setValue(points.width() / pointsPerUnit());
            m_height->setValue(points.height() / pointsPerUnit());
        }
    });
    connect(m_width, &QDoubleSpinBox::valueChanged, this, matchPreset);
    connect(m_height, &QDoubleSpinBox::valueChanged, this, matchPreset);
    m_title->setPlaceholderText(tr("optional title above the plot"));

    auto* form = new QFormLayout;
    form->addRow(tr("File (.png, .pdf, .svg)"), pathRow);
    form->addRow(tr("Size"), m_preset);
    auto* lengths = new QHBoxLayout;
    lengths->addWidget(m_width, 1);
    lengths->addWidget(new QLabel(QStringLiteral("×"), this));
    lengths->addWidget(m_height, 1);
    lengths->addWidget(m_unit);
    form->addRow(tr("Width × height"), lengths);
    form->addRow(tr("Resolution (PNG)"), m_dpi);
    form->addRow(QString(), m_units);
    form->addRow(tr("Title"), m_title);
    form->addRow(tr("Legend"), m_legend);
    form->addRow(tr("Font"), m_font);
    form->addRow(tr("Font size"), m_fontSize);
    form->addRow(tr("Colours"), m_colours);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    updateUnits();
}

double ExportDialog::pointsPerUnit() const {
    return m_unit->currentData().toDouble();
}

QSizeF ExportDialog::sizeInPoints() const {
    return QSizeF(m_width->value(), m_height->value()) * m_shownPointsPerUnit;
}

// The spin boxes' range and step in the chosen unit: 1 to 40 in.
void ExportDialog::showUnit() {
    const double perUnit = pointsPerUnit();
    for (QDoubleSpinBox* length : {m_width, m_height}) {
        length->setRange(ExportOptions::kMinPoints / perUnit, ExportOptions::kMaxPoints / perUnit);
        length->setSingleStep(perUnit == 1 ? 10 : perUnit > 50 ? 0.1 : 0.5);
        length->setSuffix(QLatin1Char(' ') + m_unit->currentText());
    }
    m_shownPointsPerUnit = perUnit;
}

QString ExportDialog::unitsText() const {
    const QString format = PlotExporter::formatOf(m_path->text()).toUpper();
    const QSizeF points = sizeInPoints();
    const QString inches =
        tr("%1 × %2 in").arg(points.width() / 72, 0, 'f', 2).arg(points.height() / 72, 0, 'f', 2);
    if (format == QLatin1String("PNG"))
        return tr("PNG: %1 × %2 pixels, %3 at %4 dpi")
            .arg(qRound(points.width() / 72 * m_dpi->value()))
            .arg(qRound(points.height() / 72 * m_dpi->value()))
            .arg(inches)
            .arg(m_dpi->value());
    return tr("%1: a %2 page (%3 × %4 pt); text is the size it says when printed at 100 %")
        .arg(format.isEmpty() ? tr("PDF/SVG") : format, inches)
        .arg(points.width(), 0, 'f', 1)
        .arg(points.height(), 0, 'f', 1);
}

void ExportDialog::updateUnits() {
    m_units->setText(unitsText());
    m_dpi->setEnabled(PlotExporter::formatOf(m_path->text()) != QLatin1String("pdf") &&
                      PlotExporter::formatOf(m_path->text()) != QLatin1String("svg"));
}

void ExportDialog::browse() {
    const QString file =
        QFileDialog::getSaveFileName(this, tr("Export plot"), m_path->text(),
                                     tr("PDF (*.pdf);;PNG image (*.png);;SVG image (*.svg)"));
    if (!file.isEmpty())
        m_path->setText(file);
}

QString ExportDialog::path() const {
    return m_path->text();
}

ExportOptions ExportDialog::options() const {
    ExportOptions options;
    options.points = sizeInPoints();
    options.dpi = m_dpi->value();
    options.title = m_title->text();
    options.legend = static_cast<LegendPlace>(m_legend->currentData().toInt());
    if (m_font->currentFont().family() != QLatin1String("DejaVu Sans"))
        options.fontFamily = m_font->currentFont().family();
    if (m_fontSize->value() != ExportOptions::kDefaultFontSize)
        options.fontSize = m_fontSize->value();
    options.colours = static_cast<FigureColours>(m_colours->currentData().toInt());
    return options;
}

} // namespace wb
