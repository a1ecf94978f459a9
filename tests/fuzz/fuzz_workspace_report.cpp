// A shared workspace opened and made into a report, as `wirebench-cli report` does: the .wbws
// reader, the bounds on its view settings (ViewSettingsLimits), the import of its raw logs
// with the saved labels, tags and metadata, and the HTML report of it all.
//
// The input is a workspace, optionally followed by a line "--- log ---" and the bytes of one
// raw log. Every dataset of the workspace reads that log, wherever its path points, so the
// target never reads a file the input did not bring. Promises: a refused workspace comes
// with a reason; a report is written or refused with a reason; a written report is
// well-formed XML that holds only the elements and attributes the report and its SVG figures
// are made of: no markup from the workspace or the log.

#include "FuzzSupport.h"

#include "DatasetStore.h"
#include "ImportController.h"
#include "ReportWriter.h"
#include "ViewSettingsLimits.h"
#include "WorkspaceSession.h"
#include "files/WorkspaceFile.h"

#include <QApplication>
#include <QEventLoop>
#include <QFile>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QXmlStreamReader>

namespace {

const QByteArray kLogSeparator = QByteArrayLiteral("\n--- log ---\n");

// Every element name the HTML writer and QSvgGenerator write.
const QSet<QString>& knownElements() {
    static const QSet<QString> names{"html",
                                     "head",
                                     "meta",
                                     "title",
                                     "style",
                                     "body",
                                     "h1",
                                     "h2",
                                     "h3",
                                     "p",
                                     "b",
                                     "figure",
                                     "figcaption",
                                     "div",
                                     "table",
                                     "caption",
                                     "thead",
                                     "tbody",
                                     "tr",
                                     "th",
                                     "td",
                                     "svg",
                                     "desc",
                                     "defs",
                                     "g",
                                     "path",
                                     "polyline",
                                     "polygon",
                                     "rect",
                                     "text",
                                     "image",
                                     "ellipse",
                                     "circle",
                                     "line",
                                     "linearGradient",
                                     "radialGradient",
                                     "stop",
                                     "clipPath"};
    return names;
}

QApplication& application() {
    static int argc = 1;
    static char name[] = "fuzz_workspace_report";
    static char* argv[] = {name, nullptr};
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static QApplication app(argc, argv);
    return app;
}

void checkReport(const QByteArray& html, const QByteArray& input) {
    QXmlStreamReader xml(html);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (!knownElements().contains(xml.name().toString()))
            wb::fuzz::fail("the report holds only its own elements", input,
                           xml.name().toString().toUtf8());
        for (const QXmlStreamAttribute& attribute : xml.attributes())
            if (attribute.name().startsWith(QLatin1String("on"), Qt::CaseInsensitive) ||
                attribute.value().contains(QLatin1String("javascript:"), Qt::CaseInsensitive))
                wb::fuzz::fail("the report has no script in attributes", input,
                               attribute.name().toString().toUtf8());
    }
    if (xml.hasError())
        wb::fuzz::fail("the report is well-formed XML", input,
                       QStringLiteral("%1 at line %2 column %3")
                           .arg(xml.errorString())
                           .arg(xml.lineNumber())
                           .arg(xml.columnNumber())
                           .toUtf8());
}

// Text laid out at 72 pt and 10,000 histogram bars take seconds under the sanitizers without
// reaching new code, and a fuzzing iteration must be quick: the target draws at most 12 pt
// and 100 bins. The limits themselves are tst_escaping's to check.
void capForSpeed(QMap<QString, QJsonObject>* viewSettings, const QString& view, const char* key,
                 double most) {
    if (!viewSettings->contains(view))
        return;
    QJsonObject& settings = (*viewSettings)[view];
    if (settings.value(QLatin1String(key)).toDouble() > most)
        settings.insert(QLatin1String(key), most);
}

} // namespace

// Fontconfig keeps the patterns of every font family Qt asks it about (an input's font family
// is a new one each time) where LeakSanitizer cannot see them; they are not Wirebench's to free.
extern "C" const char* __lsan_default_suppressions() {
    return "leak:libfontconfig.so\n";
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    application();
    static QTemporaryDir folder;
    const QByteArray input(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const qsizetype separator = input.indexOf(kLogSeparator);
    const QByteArray workspaceBytes = separator < 0 ? input : input.left(separator);

    const QString workspacePath = folder.filePath(QStringLiteral("workspace.wbws"));
    QString error;
    std::optional<wb::Workspace> workspace =
        wb::WorkspaceFile::fromJson(workspaceBytes, workspacePath, &error);
    if (!workspace) {
        if (error.isEmpty())
            wb::fuzz::fail("a refused workspace comes with a reason", "a reason", "none");
        return 0;
    }
    if (separator < 0 || workspace->datasets.empty())
        return 0; // no log to read: `report` refuses, having read nothing

    const QString logPath = folder.filePath(QStringLiteral("log"));
    {
        QFile log(logPath);
        if (!log.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            log.write(input.mid(separator + kLogSeparator.size())) < 0)
            wb::fuzz::fail("the log is written", "written", log.errorString().toUtf8());
    }
    for (wb::WorkspaceDataset& dataset : workspace->datasets)
        dataset.absoluteSource = logPath;

    QMap<QString, QJsonObject> viewSettings = workspace->viewSettings;
    wb::ViewSettingsLimits::clamp(&viewSettings);
    if (!wb::ViewSettingsLimits::clamp(&viewSettings).isEmpty())
        wb::fuzz::fail("bounded settings stay as they are", input, "changed again");
    capForSpeed(&viewSettings, QStringLiteral("figures"), "fontSize", 12);
    capForSpeed(&viewSettings, QStringLiteral("wb::DistributionsView"), "bins", 100);

    wb::DatasetStore store;
    wb::ImportController importer(&store);
    wb::WorkspaceSession session(&store, &importer);
    QEventLoop loop;
    QObject::connect(&importer, &wb::ImportController::finished, &loop, &QEventLoop::quit);
    session.open(workspacePath, *workspace);
    wb::WorkspaceSession::Read read;
    read.workspace = std::move(workspace);
    session.import(read, true);
    loop.exec();
    if (store.entries().empty())
        return 0;

    const QString reportPath = folder.filePath(QStringLiteral("report.html"));
    if (!wb::ReportWriter::write(&store, session.reportSource(viewSettings), reportPath, &error)) {
        if (error.isEmpty())
            wb::fuzz::fail("a refused report comes with a reason", "a reason", "none");
        return 0;
    }
    QFile report(reportPath);
    if (!report.open(QIODevice::ReadOnly))
        wb::fuzz::fail("the written report can be read", "readable", "unreadable");
    checkReport(report.readAll(), input);
    return 0;
}
