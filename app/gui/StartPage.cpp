#include "StartPage.h"

#include "parse/FormatRegistry.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include <map>

namespace wb {

namespace {

QString heading(const QString& text) {
    return QStringLiteral("<b>%1</b>").arg(text.toHtmlEscaped());
}

} // namespace

StartPage::StartPage(QWidget* parent) : QFrame(parent) {
    setObjectName(QStringLiteral("startPage"));
    setAcceptDrops(false); // the window takes the drop
    auto* outer = new QVBoxLayout(this);
    outer->addStretch(1);
    auto* column = new QVBoxLayout;
    outer->addLayout(column);
    outer->addStretch(2);

    auto* title = new QLabel(tr("Drop logs, folders or a workspace here"), this);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.5);
    titleFont.setBold(true);
    title->setFont(titleFont);
    title->setAlignment(Qt::AlignCenter);
    title->setWordWrap(true);
    column->addWidget(title);

    auto* what = new QLabel(this);
    what->setObjectName(QStringLiteral("startFormats"));
    what->setWordWrap(true);
    what->setTextFormat(Qt::RichText);
    what->setAlignment(Qt::AlignCenter);
    what->setText(tr("Raw logs of any of these, whole folders of them (every log inside is "
                     "read; the others are named with the reason), or a workspace "
                     "(<code>.wbws</code>):") +
                  QStringLiteral("<br>") +
                  formatLines().join(QStringLiteral(" · ")).toHtmlEscaped());
    column->addWidget(what);

    m_actionsRow = new QWidget(this);
    auto* actions = new QHBoxLayout(m_actionsRow);
    actions->setContentsMargins(0, 8, 0, 8);
    actions->addStretch(1);
    m_samples = new QPushButton(tr("Open the &demo workspace"), m_actionsRow);
    m_samples->setObjectName(QStringLiteral("openSamples"));
    m_samples->setToolTip(tr("The demo workspace: QJump ping logs, cubic vs reno iperf runs, "
                             "UDP runs and TCP state samples"));
    m_samples->hide();
    actions->addWidget(m_samples);
    actions->addStretch(1);
    column->addWidget(m_actionsRow);
    connect(m_samples, &QPushButton::clicked, this, [this] {
        if (!m_samplesPath.isEmpty())
            emit openRequested({m_samplesPath});
    });

    m_recentTitle = new QLabel(heading(tr("Recent files and workspaces")), this);
    m_recentTitle->setAlignment(Qt::AlignCenter);
    column->addWidget(m_recentTitle);
    m_recent = new QListWidget(this);
    m_recent->setObjectName(QStringLiteral("recentFiles"));
    m_recent->setMaximumHeight(fontMetrics().height() * 8);
    m_recent->setToolTip(tr("Enter or double-click opens it again"));
    column->addWidget(m_recent);
    m_recentTitle->setBuddy(m_recent);
    connect(m_recent, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        emit openRequested({item->data(Qt::UserRole).toString()});
    });
    setRecentFiles({});
    column->setContentsMargins(24, 0, 24, 0);
    setDropHighlighted(false);
}

void StartPage::setOpenActions(const QList<QAction*>& actions) {
    auto* row = static_cast<QHBoxLayout*>(m_actionsRow->layout());
    int at = 1; // after the leading stretch, before Open samples
    for (QAction* action : actions) {
        auto* button = new QToolButton(m_actionsRow);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setFocusPolicy(Qt::StrongFocus);
        row->insertWidget(at++, button);
    }
}

void StartPage::setSamplesWorkspace(const QString& path) {
    m_samplesPath = path;
    m_samples->setVisible(!path.isEmpty());
}

void StartPage::setRecentFiles(const QStringList& paths) {
    m_recent->clear();
    for (const QString& path : paths) {
        const QFileInfo info(path);
        auto* item = new QListWidgetItem(
            QStringLiteral("%1 — %2").arg(info.fileName(), QDir::toNativeSeparators(info.path())),
            m_recent);
        item->setData(Qt::UserRole, path);
        item->setToolTip(QDir::toNativeSeparators(path));
    }
    m_recent->setVisible(!paths.isEmpty());
    m_recentTitle->setVisible(!paths.isEmpty());
}

void StartPage::setDropHighlighted(bool highlighted) {
    m_highlighted = highlighted;
    // A dashed outline says "drop here"; it turns solid and tinted while a drag hovers.
    setStyleSheet(highlighted ? QStringLiteral("#startPage { border: 3px solid palette(highlight);"
                                               " border-radius: 8px;"
                                               " background: palette(alternate-base); }")
                              : QStringLiteral("#startPage { border: 2px dashed palette(mid);"
                                               " border-radius: 8px; }"));
}

QStringList StartPage::formatLines() {
    // Tools in the registry's order, each with its dialects.
    std::vector<QString> tools;
    std::map<QString, QStringList> dialects;
    for (const FormatEntry& entry : FormatRegistry::formats()) {
        const QString tool = QString::fromLatin1(entry.tool);
        if (dialects.find(tool) == dialects.end())
            tools.push_back(tool);
        dialects[tool] << QString::fromLatin1(entry.dialect);
    }
    QStringList lines;
    for (const QString& tool : tools)
        lines << (dialects[tool] == QStringList{tool}
                      ? tool
                      : QStringLiteral("%1 (%2)").arg(tool,
                                                      dialects[tool].join(QStringLiteral(", "))));
    return lines;
}

QString StartPage::findSamplesWorkspace() {
    // Installed beside the program, else the source tree's (a build of any layout: the program
    // may be at any depth of its build folder, and tests run from theirs).
    const QDir app(QCoreApplication::applicationDirPath());
    for (const QString& path :
         {QDir::cleanPath(app.filePath(QStringLiteral("../share/wirebench/samples/demo.wbws"))),
          QStringLiteral(WIREBENCH_SOURCE_SAMPLES_DIR "/demo.wbws")}) {
        if (QFileInfo(path).isFile())
            return path;
    }
    return {};
}

} // namespace wb
