#include "FormatsDialog.h"

#include "parse/FormatRegistry.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace wb {

FormatsDialog::FormatsDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Formats Wirebench reads"));
    auto* text = new QTextBrowser(this);
    text->setObjectName(QStringLiteral("formats"));
    QString html = tr("<p>Each file is recognised by its content (the first %1 KiB), not by its "
                      "name: logs without an extension are read too. Folders are read file by "
                      "file; a run's <tt>.run.json</tt> sidecar is read with its log.</p>")
                       .arg(FormatRegistry::kSniffBytes / 1024);
    for (const FormatEntry& format : FormatRegistry::formats()) {
        const QString id = QString::fromLatin1(format.id);
        html += QStringLiteral("<h4>%1 <small>(%2)</small></h4>")
                    .arg(QString::fromUtf8(format.description).toHtmlEscaped(), id);
        html +=
            QStringLiteral("<pre>%1</pre>").arg(QString::fromUtf8(format.example).toHtmlEscaped());
    }
    text->setHtml(html);
    text->setLineWrapMode(QTextEdit::WidgetWidth);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(text, 1);
    layout->addWidget(buttons);
    resize(640, 560);
}

} // namespace wb
