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

    m_width = new QSpinBox(this);
    m_width->setRange(100, 10000);
    m_width->setSuffix(tr(" pt"));
    m_width->setValue(defaults.width);
    m_height = new QSpinBox(this);
    m_height->setRange(100, 10000);
    m_height->setSuffix(tr(" pt"));
    m_height->setValue(defaults.height);
    m_scale = new QDoubleSpinBox(this);
    m_scale->setRange(0.5, 8);
    m_scale->setSingleStep(0.5);
    m_scale->setValue(defaults.scale);
    m_scale->setToolTip(
        tr("PNG pixel multiplier: 2 doubles the resolution (≈ 300 dpi at a 10 cm wide figure)."));
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
    connect(m_width, &QSpinBox::valueChanged, this, &ExportDialog::updateUnits);
    connect(m_height, &QSpinBox::valueChanged, this, &ExportDialog::updateUnits);
    connect(m_scale, &QDoubleSpinBox::valueChanged, this, &ExportDialog::updateUnits);

    // Sizes in points: a PDF/SVG page of that size, a PNG of points × scale pixels. A figure
    // exported at the size it is printed keeps its 9-pt text readable; scaling a large canvas
    // down would not.
    m_preset = new QComboBox(this);
    m_preset->addItem(tr("Paper, one column (3.5 in)"), QSize(336, 240));
    m_preset->addItem(tr("Paper, full width (7 in)"), QSize(672, 400));
    m_preset->addItem(tr("Slide (16:9)"), QSize(1280, 720));
    m_preset->addItem(tr("Custom"), QSize());
    auto matchPreset = [this] {
        const QSize size(m_width->value(), m_height->value());
        const int index = m_preset->findData(size);
        m_preset->setCurrentIndex(index >= 0 ? index : m_preset->count() - 1);
    };
    matchPreset();
    connect(m_preset, &QComboBox::activated, this, [this](int index) {
        const QSize size = m_preset->itemData(index).toSize();
        if (size.isValid()) {
            m_width->setValue(size.width());
            m_height->setValue(size.height());
        }
    });
    connect(m_width, &QSpinBox::valueChanged, this, matchPreset);
    connect(m_height, &QSpinBox::valueChanged, this, matchPreset);
    m_title->setPlaceholderText(tr("optional title above the plot"));

    auto* form = new QFormLayout;
    form->addRow(tr("File (.png, .pdf, .svg)"), pathRow);
    form->addRow(tr("Size"), m_preset);
    form->addRow(tr("Width"), m_width);
    form->addRow(tr("Height"), m_height);
    form->addRow(tr("Scale (PNG px per pt)"), m_scale);
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

QString ExportDialog::unitsText() const {
    const bool png = PlotExporter::formatOf(m_path->text()) == QLatin1String("png");
    if (png)
        return tr("PNG: %1 × %2 pixels (points × scale)")
            .arg(qRound(m_width->value() * m_scale->value()))
            .arg(qRound(m_height->value() * m_scale->value()));
    return tr("%1: a %2 × %3 pt page (%4 × %5 in); the scale applies to PNG only")
        .arg(PlotExporter::formatOf(m_path->text()).toUpper().isEmpty()
                 ? tr("PDF/SVG")
                 : PlotExporter::formatOf(m_path->text()).toUpper())
        .arg(m_width->value())
        .arg(m_height->value())
        .arg(m_width->value() / 72.0, 0, 'f', 2)
        .arg(m_height->value() / 72.0, 0, 'f', 2);
}

void ExportDialog::updateUnits() {
    m_units->setText(unitsText());
    m_scale->setEnabled(PlotExporter::formatOf(m_path->text()) != QLatin1String("pdf") &&
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
    options.width = m_width->value();
    options.height = m_height->value();
    options.scale = m_scale->value();
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
