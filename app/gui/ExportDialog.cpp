#include "ExportDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
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
    m_width->setSuffix(tr(" px"));
    m_width->setValue(defaults.width);
    m_height = new QSpinBox(this);
    m_height->setRange(100, 10000);
    m_height->setSuffix(tr(" px"));
    m_height->setValue(defaults.height);
    m_scale = new QDoubleSpinBox(this);
    m_scale->setRange(0.5, 8);
    m_scale->setSingleStep(0.5);
    m_scale->setValue(defaults.scale);
    m_scale->setToolTip(
        tr("PNG pixel multiplier: 2 doubles the resolution (≈ 300 dpi at a 10 cm wide figure)."));
    m_title = new QLineEdit(defaults.title, this);

    // Sizes in points for PDF/SVG (pixels at scale 1 for PNG): a figure exported at the size
    // it is printed keeps its 9-pt text readable; scaling a large canvas down would not.
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
    form->addRow(tr("Scale (PNG)"), m_scale);
    form->addRow(tr("Title"), m_title);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
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
    return options;
}

} // namespace wb
