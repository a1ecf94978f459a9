#include "ExportDialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace wb {

ExportDialog::ExportDialog(const QString& suggestedPath, const ExportOptions& defaults, QWidget* parent)
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
    m_scale->setToolTip(tr("PNG pixel multiplier: 2 doubles the resolution (≈ 300 dpi at a 10 cm wide figure)."));
    m_title = new QLineEdit(defaults.title, this);
    m_title->setPlaceholderText(tr("optional title above the plot"));

    auto* form = new QFormLayout;
    form->addRow(tr("File (.png, .pdf, .svg)"), pathRow);
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
    const QString file = QFileDialog::getSaveFileName(this, tr("Export plot"), m_path->text(),
                                                      tr("PDF (*.pdf);;PNG image (*.png);;SVG image (*.svg)"));
    if (!file.isEmpty())
        m_path->setText(file);
}

QString ExportDialog::path() const { return m_path->text(); }

ExportOptions ExportDialog::options() const {
    ExportOptions options;
    options.width = m_width->value();
    options.height = m_height->value();
    options.scale = m_scale->value();
    options.title = m_title->text();
    return options;
}

} // namespace wb
