#include "StoreSupport.h"
#include "TestSupport.h"
#include "WindowSupport.h"

#include "BandsView.h"
#include "CdfView.h"
#include "CompareView.h"
#include "DistributionsView.h"
#include "FlowBarsView.h"
#include "ImportController.h"
#include "LaneTitles.h"
#include "LegendLayout.h"
#include "LoadTimeView.h"
#include "LogAxisTicker.h"
#include "MainWindow.h"
#include "PercentileView.h"
#include "PlotExporter.h"
#include "PlotStyle.h"
#include "ReportWriter.h"
#include "ThroughputTimeView.h"
#include "TimelineView.h"
#include "WorkspaceSession.h"
#include "files/WorkspaceFile.h"

#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>

using namespace wb;
using test::CliRun;
using test::runCli;

namespace {

// An HTML table of the report, read back: its caption and cells (entities decoded).
struct HtmlTable {
    QString caption;
    QStringList header;
    std::vector<QStringList> rows;

    int column(const QString& name) const { return static_cast<int>(header.indexOf(name)); }
};

QString plainText(QString html) {
    html.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
    return html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
}

std::vector<HtmlTable> htmlTables(const QString& html) {
    std::vector<HtmlTable> tables;
    static const QRegularExpression table(QStringLiteral("<table.*?</table>"),
                                          QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression caption(QStringLiteral("<caption>(.*?)</caption>"));
    static const QRegularExpression row(QStringLiteral("<tr>(.*?)</tr>"));
    static const QRegularExpression cell(QStringLiteral("<t[hd][^>]*>(.*?)</t[hd]>"));
    for (auto t = table.globalMatch(html); t.hasNext();) {
        const QString text = t.next().captured(0);
        HtmlTable parsed;
        parsed.caption = plainText(caption.match(text).captured(1));
        for (auto r = row.globalMatch(text); r.hasNext();) {
            QStringList cells;
            for (auto c = cell.globalMatch(r.next().captured(1)); c.hasNext();)
                cells << plainText(c.next().captured(1));
            if (parsed.header.isEmpty())
                parsed.header = cells;
            else
                parsed.rows.push_back(cells);
        }
        tables.push_back(parsed);
    }
    return tables;
}

const HtmlTable* findTable(const std::vector<HtmlTable>& tables, const QString& captionPart) {
    for (const HtmlTable& table : tables)
        if (table.caption.contains(captionPart))
            return &table;
    return nullptr;
}

QJsonArray cliJson(const QString& command, const QString& key, const QStringList& files) {
    const CliRun run = runCli(QStringList{command, "--format", "json"} + files);
    return QJsonDocument::fromJson(run.out.toUtf8()).object().value(key).toArray();
}

// A printed number equals the exact one to the digits it shows.
bool sameToShownDigits(const QString& shown, double exact, double scale = 1) {
    bool ok = false;
    const double value = shown.toDouble(&ok);
    const int decimals = static_cast<int>(shown.size() - shown.indexOf('.') - 1);
    return ok && std::abs(value - exact * scale) <= 0.5 * std::pow(10.0, -decimals) + 1e-12;
}

// The runs the demo workspace shows, with its labels (long ones, as users write them).
void addDemoRuns(DatasetStore& store) {
    QString error;
    const std::optional<Workspace> workspace =
        WorkspaceFile::load(test::samplePath("demo.wbws"), &error);
    QVERIFY2(workspace, qPrintable(error));
    for (const WorkspaceDataset& dataset : workspace->datasets)
        if (dataset.visible)
            QVERIFY(test::addLog(store, dataset.absoluteSource,
                                 dataset.label.isEmpty() ? dataset.source : dataset.label) > 0);
}

// A figure's width in the report, and the default export: a paper's column.
ExportOptions figureOfSize(int width, int height) {
    ExportOptions size;
    size.points = ExportOptions::ofLayoutSize(QSize(width, height)).points;
    return size;
}
const ExportOptions kFigureSizes[] = {figureOfSize(480, 300), figureOfSize(336, 240)};
const ExportOptions& kReportFigure = kFigureSizes[0];

// The loss strip's lane labels, top to bottom.
QStringList stripLanes(const TimelineView& view) {
    return view.figure()
        .lossStrip()
        ->axis(QCPAxis::atLeft)
        ->ticker()
        .dynamicCast<QCPAxisTickerText>()
        ->ticks()
        .values();
}

int legendEntries(QCustomPlot* plot) {
    int entries = 0;
    for (int i = 0; i < plot->legend->itemCount(); ++i) // counts the grid's empty cells too
        entries += plot->legend->item(i) ? 1 : 0;
    return entries;
}

QString sizeText(const ExportOptions& size) {
    return QStringLiteral("%1 x %2").arg(size.layoutSize().width()).arg(size.layoutSize().height());
}

// Every legend entry laid out at least as wide as its icon and text: none cut short, and
// all inside the exported area. Checked at the report's width: at a column's, the demo's
// longest labels are wider than the whole plot.
void verifyLegendEntriesWhole(QCustomPlot* plot, const ExportOptions& size) {
    QVERIFY(plot->legend->visible());
    if (size.layoutSize().width() < kReportFigure.layoutSize().width())
        return;
    for (int i = 0; i < plot->legend->itemCount(); ++i) {
        const QCPAbstractLegendItem* item = plot->legend->item(i);
        if (!item) // an empty cell of the legend's grid
            continue;
        QVERIFY2(item->outerRect().width() >= item->minimumOuterSizeHint().width() &&
                     QRect(0, 0, size.layoutSize().width(), size.layoutSize().height())
                         .contains(item->outerRect()),
                 qPrintable(sizeText(size) + QStringLiteral(": entry %1 at %2,%3 %4 x %5, needs %6")
                                                 .arg(i)
                                                 .arg(item->outerRect().x())
                                                 .arg(item->outerRect().y())
                                                 .arg(item->outerRect().width())
                                                 .arg(item->outerRect().height())
                                                 .arg(item->minimumOuterSizeHint().width())));
    }
}

// Pixel segments a graph draws (steps as drawn), in its axis rect's pixels.
std::vector<QLineF> drawnSegments(const QCPGraph* graph) {
    std::vector<QLineF> segments;
    std::optional<QPointF> previous;
    for (const QCPGraphData& point : *graph->data()) {
        if (!std::isfinite(point.value)) {
            previous.reset();
            continue;
        }
        const QPointF pixel(graph->keyAxis()->coordToPixel(point.key),
                            graph->valueAxis()->coordToPixel(point.value));
        if (graph->lineStyle() == QCPGraph::lsNone || !previous) {
            segments.emplace_back(pixel, pixel);
        } else if (graph->lineStyle() == QCPGraph::lsStepLeft) {
            segments.emplace_back(*previous, QPointF(pixel.x(), previous->y()));
            segments.emplace_back(QPointF(pixel.x(), previous->y()), pixel);
        } else {
            segments.emplace_back(*previous, pixel);
        }
        previous = pixel;
    }
    return segments;
}

// Whether a segment passes through a rectangle (tested at sub-pixel steps).
bool crosses(const QLineF& segment, const QRectF& box) {
    const int steps = std::max(1, static_cast<int>(segment.length() * 2));
    for (int i = 0; i <= steps; ++i)
        if (box.contains(segment.pointAt(static_cast<double>(i) / steps)))
            return true;
    return false;
}

// Where the legend and every text item lie, none over a graph's line or point, a bar, a box
// or an error bar of the axis rect it is drawn in.
void verifyNothingOverData(QCustomPlot* plot) {
    std::vector<std::pair<QString, QRectF>> covers;
    if (plot->legend->visible() && plot->legend->layout() == plot->xAxis->axisRect()->insetLayout())
        covers.emplace_back("legend", QRectF(plot->legend->outerRect()).adjusted(1, 1, -1, -1));
    for (int i = 0; i < plot->itemCount(); ++i)
        if (const auto* text = qobject_cast<QCPItemText*>(plot->item(i)); text && text->visible())
            covers.emplace_back(text->text(), QRectF(text->topLeft->pixelPosition(),
                                                     text->bottomRight->pixelPosition())
                                                  .normalized()
                                                  .adjusted(1, 1, -1, -1));
    for (const auto& [name, box] : covers) {
        for (int i = 0; i < plot->plottableCount(); ++i) {
            QCPAbstractPlottable* plottable = plot->plottable(i);
            if (!plottable->visible() ||
                !plottable->keyAxis()->axisRect()->rect().intersects(box.toAlignedRect()))
                continue;
            if (const auto* graph = qobject_cast<const QCPGraph*>(plottable)) {
                for (const QLineF& segment : drawnSegments(graph))
                    QVERIFY2(!crosses(segment, box), qPrintable(name + " over " + graph->name()));
            } else if (QCPPlottableInterface1D* data = plottable->interface1D()) {
                QVERIFY2(data->selectTestRect(box, false).isEmpty(),
                         qPrintable(name + " over " + plottable->name()));
            }
        }
    }
}

// A bar chart's key axis ends after its last bar's right edge (the bar whole), at most half a
// slot (the gap between neighbouring bars' keys) after it.
void verifyAxisEndsAtLastBar(QCustomPlot* plot) {
    double lastEdge = -std::numeric_limits<double>::infinity();
    double slot = std::numeric_limits<double>::infinity();
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto* bars = qobject_cast<QCPBars*>(plot->plottable(i));
            bars && !bars->data()->isEmpty() && bars->keyAxis() == plot->xAxis) {
            bool found = false;
            lastEdge = std::max(lastEdge, bars->getKeyRange(found).upper); // with the widths
            for (auto it = bars->data()->constBegin() + 1; it != bars->data()->constEnd(); ++it)
                slot = std::min(slot, it->key - (it - 1)->key);
        }
    if (!std::isfinite(lastEdge))
        return;
    if (!std::isfinite(slot))
        slot = 1;
    QVERIFY2(lastEdge <= plot->xAxis->range().upper + 1e-9 &&
                 plot->xAxis->range().upper <= lastEdge + 0.5 * slot + 1e-9,
             qPrintable(QStringLiteral("axis to %1, last bar ends at %2, slot %3")
                            .arg(plot->xAxis->range().upper)
                            .arg(lastEdge)
                            .arg(slot)));
}

// A run's name under its slot: whole (broken into lines after a space, '_' or '-'), or
// shortened in the middle ("…" between a start and an end of the name, both its own); its
// tooltip, at the label, the whole name.
void verifyRunNamesUnderSlots(QCustomPlot* plot, const CategoryAxisLabels& labels,
                              const QStringList& names) {
    QCOMPARE(labels.shown().size(), names.size());
    static const QRegularExpression space(QStringLiteral("\\s"));
    for (int i = 0; i < names.size(); ++i) {
        const QString name = QString(names[i]).remove(space);
        // The name's lines: as many as the name takes (a detail line may follow).
        const QString shown = QString(labels.shown()[i]).remove(space);
        const auto cut = shown.indexOf(QChar(0x2026));
        if (cut < 0) {
            QVERIFY2(shown.startsWith(name), qPrintable(labels.shown()[i]));
        } else {
            const QString start = shown.left(cut);
            QVERIFY2(!start.isEmpty() && name.startsWith(start), qPrintable(labels.shown()[i]));
            // The end runs to the name's end, before any detail.
            const QString rest = shown.mid(cut + 1);
            bool endsTheName = false;
            for (qsizetype length = rest.size(); length > 0 && !endsTheName; --length)
                endsTheName =
                    name.endsWith(rest.left(length)) && start.size() + length < name.size();
            QVERIFY2(endsTheName, qPrintable(labels.shown()[i]));
        }
        const QPointF under(plot->xAxis->coordToPixel(i + 1), plot->axisRect()->bottom() + 6);
        QVERIFY2(labels.toolTipAt(plot, under).startsWith(names[i]),
                 qPrintable(labels.toolTipAt(plot, under)));
    }
    // Shortened or not, no two runs' labels alike.
    QCOMPARE(QSet<QString>(labels.shown().begin(), labels.shown().end()).size(), names.size());
}

QString runOutput(const QString& program, const QStringList& arguments) {
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return {};
    return QString::fromUtf8(process.readAllStandardOutput());
}

// A workspace's report as a PDF, opened and written as wirebench-cli report does, with where
// the writer put each piece.
ReportPdfLayout writePdf(const QString& workspace, const QString& path) {
    ReportPdfLayout layout;
    WorkspaceSession::Read read;
    read.workspace = WorkspaceFile::load(workspace, &read.error);
    if (!read.workspace) {
        qWarning() << read.error;
        return layout;
    }
    DatasetStore store;
    ImportController importer(&store);
    WorkspaceSession session(&store, &importer);
    QEventLoop loop;
    QObject::connect(&importer, &ImportController::finished, &loop, &QEventLoop::quit);
    session.open(workspace, *read.workspace);
    session.import(read, true);
    loop.exec();
    QString error;
    if (!ReportWriter::write(&store, session.reportSource(read.workspace->viewSettings), path,
                             &error, &layout))
        qWarning() << error;
    return layout;
}

using Piece = ReportPdfLayout::Piece;

// A line or word pdftotext found on a page, in points from the page's top left.
struct PdfText {
    QRectF box;
    QString text; // words only
};

std::vector<PdfText> pdfBoxes(const QString& pdf, int page, const QString& element) {
    const QString xhtml = runOutput("pdftotext", {"-bbox-layout", "-f", QString::number(page), "-l",
                                                  QString::number(page), pdf, "-"});
    const QRegularExpression box(
        QStringLiteral("<%1 xMin=\"([\\d.]+)\" yMin=\"([\\d.]+)\" xMax=\"([\\d.]+)\" "
                       "yMax=\"([\\d.]+)\">([^<]*)")
            .arg(element));
    std::vector<PdfText> boxes;
    for (const auto& match : box.globalMatch(xhtml)) {
        const QPointF topLeft(match.captured(1).toDouble(), match.captured(2).toDouble());
        const QPointF bottomRight(match.captured(3).toDouble(), match.captured(4).toDouble());
        boxes.push_back({QRectF(topLeft, bottomRight), match.captured(5)});
    }
    return boxes;
}

// The heights of the horizontal lines of text inside `area`, smallest first: pdftotext's line
// boxes are the font's line high, so they measure its size. Vertical lines (an axis title
// turned on its side) are left out: their box's height is their length.
std::vector<double> lineHeights(const std::vector<PdfText>& lines, const QRectF& area) {
    std::vector<double> heights;
    for (const PdfText& line : lines)
        if (area.adjusted(-1, -1, 1, 1).contains(line.box) && line.box.width() >= line.box.height())
            heights.push_back(line.box.height());
    std::sort(heights.begin(), heights.end());
    return heights;
}

// The pieces a browser may not break a cell's text inside: words, and the parts of a range
// around its en dash (a line may break after one, Unicode's line-breaking class BA, which
// stays on the first line: counted with each piece, over-estimating by at most a dash).
QStringList unbreakable(const QString& text) {
    QStringList pieces;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        for (const QString& piece : word.split(QChar(0x2013)))
            pieces << piece + (piece.size() < word.size() ? QString(QChar(0x2013)) : QString());
    return pieces;
}

// A rule of the report's style sheet: its declarations.
QString cssRule(const QString& html, const QString& selector) {
    const QRegularExpression rule(
        QStringLiteral("(?:^|\\n)%1 \\{([^}]*)\\}").arg(QRegularExpression::escape(selector)));
    return rule.match(html).captured(1);
}

// A length declared in a rule ("font-size: 8.5pt"), in CSS pixels (96 per inch); `em` is
// the pixels of the rule's font size. 0 when the rule does not declare it.
double cssPixels(const QString& declarations, const QString& property, double em = 0,
                 int value = 0) {
    const QRegularExpression declared(
        QStringLiteral("(?:^|[;{\\s])%1:\\s*([^;]+)").arg(QRegularExpression::escape(property)));
    const QStringList values =
        declared.match(declarations).captured(1).trimmed().split(QLatin1Char(' '));
    const QRegularExpression length(QStringLiteral("^([\\d.]+)(pt|px|em)$"));
    const auto match = length.match(values.value(value));
    if (!match.hasMatch())
        return 0;
    const double number = match.captured(1).toDouble();
    return match.captured(2) == "pt"   ? number * 96 / 72
           : match.captured(2) == "em" ? number * em
                                       : number;
}
} // namespace

class TestReport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void pdfHasEveryFigureOnItsPages();
    void htmlIsOneSelfContainedFile();
    void htmlNumbersEqualTheCli();
    void flowWorkspaceComparesTheTagGroups();
    void reportListsTcpStatePerRun();
    void missingWorkspaceIsAUsageError();
    void missingLogIsReportedAndTheRestWritten();
    void windowExportsTheSameReport();
    void comparisonChosenInTheTabIsReported();
    void histogramLegendCoversNoBar();
    void cdfLegendCoversNoCurve();
    void timelineNamesEveryRunWhole();
    void timelineSaysNothingWasLost();
    void boxLabelsLeaveTheDataTheHeight();
    void flowMeanLabelShowsWhole();
    void columnFigureReadsWhole_data();
    void columnFigureReadsWhole();
    void pdfHeadingsStayWithWhatTheyIntroduce_data();
    void pdfHeadingsStayWithWhatTheyIntroduce();
    void pdfTablesAndFiguresStayInTheTextBlock_data();
    void pdfTablesAndFiguresStayInTheTextBlock();
    void pdfWideTablesTurnTheirPages();
    void pdfTextStaysOnItsPage_data();
    void pdfTextStaysOnItsPage();
    void pdfTextIsNoSmallerThanTheFloor_data();
    void pdfTextIsNoSmallerThanTheFloor();
    void pdfPagesAreUsed_data();
    void pdfPagesAreUsed();
    void pdfWarningIsAParagraphOfItsOwn();
    void pdfFigureTextIsNoSmallerThanCaptions_data();
    void pdfFigureTextIsNoSmallerThanCaptions();
    void htmlFigureTextIsNoSmallerThanCaptions();
    void htmlTablesWrapOrScroll();
    void htmlLegendTextKeepsClearOfItsSwatches();
    void settingsStayInTheTestFolder(); // last: after every test that opens a window

private:
    QString writeWorkspace(const QString& name, const QStringList& logs, const QStringList& tags);
    // Runs wirebench-cli report; true when it exits 0 without a message about any file.
    static bool reportCleanly(const QStringList& arguments);

    QTemporaryDir m_dir;
    // The settings files the window would use outside the test.
    QSet<QString> m_userSettings;
    QString m_demoHtml;
    // The reports the page geometry is checked on, by name: the demo workspace, and the
    // recorded cubic and reno runs grouped by congestion control (group tables with interval
    // columns).
    struct PdfReport {
        QString pdf;
        ReportPdfLayout layout;
    };
    QMap<QString, PdfReport> m_pdfs;
    void addPdfReports() const; // the _data rows: one per report
    const PdfReport& pdfReport() const;
    const QString m_demoName = QStringLiteral("demo");
    const QString m_groupedName = QStringLiteral("cubic-vs-reno by congestion control");
};

// The bytes of a file, empty when there is none.
static QByteArray bytesOf(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The file QSettings keeps the window's settings in when no path is set for it: in the user's
// configuration folder, or Qt's test-mode one.
static QString defaultWindowSettingsPath() {
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
           QStringLiteral("/Wirebench/Wirebench.conf");
}

void TestReport::initTestCase() {
    QVERIFY(m_dir.isValid());
    // The window's settings (recent files, folders, view settings) start empty in the test's
    // own folder, which goes with it: neither the user's settings nor Qt's test-mode folder,
    // which every test run shares, are read or written.
    for (const bool testMode : {false, true}) {
        QStandardPaths::setTestModeEnabled(testMode);
        m_userSettings.insert(defaultWindowSettingsPath());
    }
    for (const QSettings::Format format : {QSettings::NativeFormat, QSettings::IniFormat})
        QSettings::setPath(format, QSettings::UserScope, m_dir.filePath("settings"));
    const QString settings =
        QSettings(QStringLiteral("Wirebench"), QStringLiteral("Wirebench")).fileName();
    QVERIFY2(settings.startsWith(m_dir.filePath("settings/")), qPrintable(settings));
    QVERIFY(!QFileInfo::exists(settings));
    m_demoHtml = m_dir.filePath("demo.html");
    QVERIFY(reportCleanly({test::samplePath("demo.wbws"), "-o", m_demoHtml}));
    const QString demoPdf = m_dir.filePath("demo-layout.pdf");
    m_pdfs[m_demoName] = {demoPdf, writePdf(test::samplePath("demo.wbws"), demoPdf)};
    // Every recorded client log of the cubic-vs-reno study, grouped as the window's Group by
    // does.
    Workspace grouped;
    const QDir study(test::samplePath("cubic-vs-reno"));
    for (const QString& name : study.entryList({"*.log"}, QDir::Files, QDir::Name)) {
        if (name.endsWith(".server.log"))
            continue;
        WorkspaceDataset dataset;
        dataset.source = dataset.absoluteSource = study.filePath(name);
        grouped.datasets.push_back(dataset);
    }
    QCOMPARE(grouped.datasets.size(), std::size_t(12));
    grouped.extra.insert(QStringLiteral("groupBy"), QStringLiteral("congestion_control"));
    const QString groupedWorkspace = m_dir.filePath("cubic-vs-reno.wbws");
    QString error;
    QVERIFY2(WorkspaceFile::save(grouped, groupedWorkspace, &error), qPrintable(error));
    const QString groupedPdf = m_dir.filePath("cubic-vs-reno.pdf");
    m_pdfs[m_groupedName] = {groupedPdf, writePdf(groupedWorkspace, groupedPdf)};
    for (const PdfReport& report : m_pdfs)
        QVERIFY(!report.layout.pages.empty());
}

void TestReport::addPdfReports() const {
    QTest::addColumn<QString>("report");
    for (const QString& name : m_pdfs.keys())
        QTest::newRow(qPrintable(name)) << name;
}

const TestReport::PdfReport& TestReport::pdfReport() const {
    QFETCH(QString, report);
    return m_pdfs.find(report).value();
}

bool TestReport::reportCleanly(const QStringList& arguments) {
    const CliRun run = runCli(QStringList{"report"} + arguments);
    if (run.exitCode == 0 && !run.err.contains("wirebench-cli:"))
        return true;
    qWarning() << "exit" << run.exitCode << run.err;
    return false;
}

QString TestReport::writeWorkspace(const QString& name, const QStringList& logs,
                                   const QStringList& tags) {
    Workspace workspace;
    for (qsizetype i = 0; i < logs.size(); ++i) {
        WorkspaceDataset dataset;
        dataset.source = dataset.absoluteSource = logs[i];
        dataset.tags = QStringList{tags[i]};
        workspace.datasets.push_back(dataset);
    }
    const QString path = m_dir.filePath(name);
    QString error;
    return WorkspaceFile::save(workspace, path, &error) ? path : QString();
}

void TestReport::pdfHasEveryFigureOnItsPages() {
    if (QStandardPaths::findExecutable("pdftotext").isEmpty())
        QSKIP("pdftotext (poppler-utils, in setup.sh's packages) is not installed");
    const QString pdf = m_dir.filePath("demo.pdf");
    QVERIFY(reportCleanly({test::samplePath("demo.wbws"), "-o", pdf}));
    const QString info = runOutput("pdfinfo", {pdf});
    const int pages = QRegularExpression("Pages:\\s+(\\d+)").match(info).captured(1).toInt();
    QVERIFY2(pages >= 10, qPrintable(info)); // ten figures, each at most a page
    // Every page says which it is; every figure is on one page with its caption, which
    // follows the plot's own axis title: a plot cut across pages would split them.
    const QStringList figureAxes{"fraction of samples",
                                 "sequence number",
                                 "percentiles per window",
                                 "samples (%)",
                                 "RTT (ms)",
                                 "throughput (Mbit/s)",
                                 "time (s",
                                 "congestion window",
                                 "smoothed RTT",
                                 "ping RTT"};
    int figuresSeen = 0;
    for (int page = 1; page <= pages; ++page) {
        const QString text = runOutput(
            "pdftotext", {"-f", QString::number(page), "-l", QString::number(page), pdf, "-"});
        QVERIFY2(text.contains(QStringLiteral("page %1 of %2").arg(page).arg(pages)),
                 qPrintable(text));
        for (const auto& caption : QRegularExpression("Figure (\\d+)\\.").globalMatch(text)) {
            const int figure = caption.captured(1).toInt();
            QCOMPARE(figure, ++figuresSeen);
            QVERIFY2(text.left(caption.capturedStart()).contains(figureAxes[figure - 1]),
                     qPrintable(QStringLiteral("figure %1 on page %2").arg(figure).arg(page)));
        }
    }
    QCOMPARE(figuresSeen, 10);
}

void TestReport::htmlIsOneSelfContainedFile() {
    const QString html = QString::fromUtf8(test::readAll(m_demoHtml));
    QVERIFY(html.startsWith("<!DOCTYPE html>"));
    for (const char* external :
         {"src=\"http", "href=\"http", "file:", "<link", "<script", "<img", "url(", "@import"})
        QVERIFY2(!html.contains(QLatin1String(external)), external);
    // One inline SVG per figure; the demo shows 5 latency plots, 4 of throughput (flows, over
    // time, cwnd and RTT: its latency-under-load step has TCP state) and load over time.
    QCOMPARE(html.count("<figure"), 10);
    QCOMPARE(html.count("<svg"), 10);
    QCOMPARE(html.count("</svg>"), 10);
    for (int figure = 1; figure <= 10; ++figure)
        QVERIFY(html.contains(QStringLiteral("<b>Figure %1.</b>").arg(figure)));
    QVERIFY(html.contains("<title>Wirebench samples: QJump Table 1"));
    QVERIFY(html.contains("Comparisons"));
    QVERIFY(html.contains("tag=cubic vs tag=reno"));
}

void TestReport::htmlNumbersEqualTheCli() {
    const std::vector<HtmlTable> tables = htmlTables(QString::fromUtf8(test::readAll(m_demoHtml)));
    const HtmlTable* runs = findTable(tables, "The runs shown");
    const HtmlTable* latency = findTable(tables, "Round-trip time statistics");
    const HtmlTable* throughput = findTable(tables, "Throughput per run");
    QVERIFY(runs && latency && throughput);
    QCOMPARE(runs->rows.size(), std::size_t{15}); // the demo's visible runs
    // Each run's log as the workspace names it (a step's logs are in folders of samples/).
    QString error;
    const std::optional<Workspace> workspace =
        WorkspaceFile::load(test::samplePath("demo.wbws"), &error);
    QVERIFY2(workspace, qPrintable(error));
    QMap<QString, QString> fileOf;
    for (const WorkspaceDataset& dataset : workspace->datasets)
        if (dataset.visible)
            fileOf.insert(dataset.label, dataset.absoluteSource);
    for (const QStringList& row : runs->rows) {
        const QString file = fileOf.value(row[runs->column("label")]);
        QCOMPARE(QFileInfo(file).fileName(), row[runs->column("file")]);
    }

    QCOMPARE(latency->rows.size(), std::size_t{6});
    QMap<QString, QJsonObject> stats;
    for (const QJsonValue& d : cliJson("stats", "datasets", fileOf.values()))
        stats.insert(d["file"].toString(), d.toObject());
    const std::pair<const char*, const char*> latencyColumns[] = {
        {"min (ms)", "min"}, {"mean (ms)", "mean"}, {"stddev (ms)", "stddev"}, {"max (ms)", "max"}};
    for (const QStringList& row : latency->rows) {
        const QJsonObject cli = stats.value(fileOf.value(row[0]));
        QVERIFY2(!cli.isEmpty(), qPrintable(row[0]));
        QCOMPARE(row[latency->column("count")].toLongLong(), cli["samples"].toInteger());
        for (const auto& [header, key] : latencyColumns)
            QVERIFY2(sameToShownDigits(row[latency->column(header)], cli[key].toDouble()),
                     qPrintable(row[0] + ": " + header));
        for (const char* level : {"0", "1", "10", "25", "50", "75", "90", "99", "100"})
            QVERIFY2(sameToShownDigits(row[latency->column(QStringLiteral("p%1 (ms)").arg(level))],
                                       cli["percentiles"][level].toDouble()),
                     qPrintable(row[0] + ": p" + level));
    }

    // The demo's eight throughput runs; its step's ss log is their TCP state, not a run.
    QCOMPARE(throughput->rows.size(), std::size_t{8});
    QMap<QString, QJsonObject> table;
    for (const QJsonValue& r : cliJson("table", "rows", fileOf.values()))
        table.insert(r["file"].toString(), r.toObject());
    for (const QStringList& row : throughput->rows) {
        const QJsonObject cli = table.value(fileOf.value(row[0]));
        QVERIFY2(!cli.isEmpty(), qPrintable(row[0]));
        QCOMPARE(row[throughput->column("flows")].toLongLong(), cli["flows"].toInteger());
        QVERIFY(sameToShownDigits(row[throughput->column("SUM (Mbits/s)")],
                                  cli["sum_bits_per_second"].toDouble(), 1e-6));
        QVERIFY(sameToShownDigits(row[throughput->column("Jain fairness")],
                                  cli["jain_fairness"].toDouble()));
    }
}

void TestReport::flowWorkspaceComparesTheTagGroups() {
    const QString workspace = writeWorkspace(
        "flows.wbws",
        {test::samplePath("tcp-cubic-P1-client.txt"), test::samplePath("tcp-cubic-P30-client.txt"),
         test::samplePath("tcp-reno-P1-client.txt"), test::samplePath("tcp-reno-P30-client.txt")},
        {"cubic", "cubic", "reno", "reno"});
    QVERIFY(!workspace.isEmpty());
    const QString htmlPath = m_dir.filePath("flows.html");
    QVERIFY(reportCleanly({workspace, "-o", htmlPath}));
    const QString html = QString::fromUtf8(test::readAll(htmlPath));
    QVERIFY(html.contains("<title>flows.wbws</title>")); // no title: the file name
    QCOMPARE(html.count("<svg"), 2);                     // flow bars, throughput over time
    QVERIFY(!html.contains("Latency</h2>"));
    const std::vector<HtmlTable> tables = htmlTables(html);
    const HtmlTable* groups = findTable(tables, "Per-flow throughput: tag=cubic (A) vs tag=reno");
    QVERIFY(groups);
    // Pooled groups: 1 + 30 flows each.
    QCOMPARE(groups->rows[0], (QStringList{"flows", "31", "31", "-", "-"}));
    QVERIFY(findTable(tables, "Throughput per run")->rows.size() == 4);
    if (QStandardPaths::findExecutable("pdfinfo").isEmpty())
        return;
    const QString pdf = m_dir.filePath("flows.pdf");
    QVERIFY(reportCleanly({workspace, "-o", pdf}));
    QVERIFY(runOutput("pdfinfo", {pdf}).contains("Title:           flows.wbws"));
}

// Runs whose logs carry the senders' TCP state get a table of it, each figure the CLI's.
void TestReport::reportListsTcpStatePerRun() {
    const QStringList files = {test::samplePath("iperf3-cubic-P4.json"),
                               test::samplePath("iperf3-reno-P4.json")};
    const QString workspace = writeWorkspace("tcp.wbws", files, {"cubic", "reno"});
    QVERIFY(!workspace.isEmpty());
    const QString htmlPath = m_dir.filePath("tcp.html");
    QVERIFY(reportCleanly({workspace, "-o", htmlPath}));
    const std::vector<HtmlTable> tables = htmlTables(QString::fromUtf8(test::readAll(htmlPath)));
    const HtmlTable* tcp = findTable(tables, "TCP sender state per run");
    QVERIFY(tcp);
    QCOMPARE(tcp->rows.size(), std::size_t{2});
    const QJsonArray datasets = cliJson("flows", "datasets", files);
    QCOMPARE(datasets.size(), qsizetype(2));
    for (std::size_t i = 0; i < 2; ++i) {
        const QStringList& row = tcp->rows[i];
        const QJsonObject all = datasets[qsizetype(i)]["tcp"].toObject();
        QCOMPARE(row[tcp->column("flow")], QStringLiteral("all 4"));
        QCOMPARE(row[tcp->column("TCP state from")], QStringLiteral("iperf3 -J"));
        QVERIFY(sameToShownDigits(row[tcp->column("cwnd mean (KBytes)")],
                                  all["cwnd_bytes"]["mean"].toDouble() / 1024));
        QVERIFY(
            sameToShownDigits(row[tcp->column("RTT p99 (ms)")], all["rtt_ms"]["p99"].toDouble()));
        QCOMPARE(row[tcp->column("retransmits")].toLongLong(), all["retransmits"].toInteger());
    }
    // Logs without TCP state get no such table.
    const QString plain =
        writeWorkspace("plain.wbws", {test::samplePath("tcp-cubic-P1-client.txt")}, {"cubic"});
    const QString plainHtml = m_dir.filePath("plain.html");
    QVERIFY(reportCleanly({plain, "-o", plainHtml}));
    QVERIFY(!findTable(htmlTables(QString::fromUtf8(test::readAll(plainHtml))),
                       "TCP sender state per run"));
}

void TestReport::missingWorkspaceIsAUsageError() {
    const QString missing = m_dir.filePath("nowhere.wbws");
    const CliRun run = runCli({"report", missing, "-o", m_dir.filePath("x.pdf")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("nowhere.wbws"), qPrintable(run.err));
    QVERIFY(!QFile::exists(m_dir.filePath("x.pdf")));
    QCOMPARE(runCli({"report", test::samplePath("demo.wbws"), "-o", "out.docx"}).exitCode, 2);
    QCOMPARE(runCli({"report", test::samplePath("demo.wbws")}).exitCode, 2);
}

void TestReport::missingLogIsReportedAndTheRestWritten() {
    const QString gone = m_dir.filePath("deleted-run.txt");
    const QString workspace =
        writeWorkspace("partial.wbws", {test::samplePath("ping18_np"), gone}, {"idle", "idle"});
    const QString htmlPath = m_dir.filePath("partial.html");
    const CliRun run = runCli({"report", workspace, "-o", htmlPath});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("deleted-run.txt"), qPrintable(run.err));
    const std::vector<HtmlTable> tables = htmlTables(QString::fromUtf8(test::readAll(htmlPath)));
    QCOMPARE(findTable(tables, "The runs shown")->rows.size(), std::size_t{1});
    const HtmlTable* problems = findTable(tables, "Problems the parsers found");
    QVERIFY(problems);
    QCOMPARE(problems->rows[0][0], QStringLiteral("deleted-run.txt"));
    QCOMPARE(problems->rows[0][2], QStringLiteral("not loaded"));
}

void TestReport::windowExportsTheSameReport() {
    MainWindow window;
    QString error;
    QVERIFY2(test::openWorkspace(window, test::samplePath("demo.wbws"), &error), qPrintable(error));
    const QString path = m_dir.filePath("window.html");
    QVERIFY2(window.exportReport(path, &error), qPrintable(error));
    // The window and the CLI apply the workspace alike: the same tables, cell for cell.
    const std::vector<HtmlTable> fromWindow = htmlTables(QString::fromUtf8(test::readAll(path)));
    const std::vector<HtmlTable> fromCli = htmlTables(QString::fromUtf8(test::readAll(m_demoHtml)));
    QCOMPARE(fromWindow.size(), fromCli.size());
    for (std::size_t i = 0; i < fromCli.size(); ++i) {
        QCOMPARE(fromWindow[i].caption, fromCli[i].caption);
        QCOMPARE(fromWindow[i].header, fromCli[i].header);
        QVERIFY2(fromWindow[i].rows == fromCli[i].rows, qPrintable(fromCli[i].caption));
    }
    QVERIFY(!window.exportReport(m_dir.filePath("report.txt"), &error));
    QVERIFY(error.contains(".pdf or .html"));
}

void TestReport::comparisonChosenInTheTabIsReported() {
    // Tagged idle / load: left to itself the report compares the two tag groups.
    const QString workspace =
        writeWorkspace("chosen.wbws",
                       {test::samplePath("ping18_np"), test::samplePath("ping18_iperf16_np"),
                        test::samplePath("ping18_iperf18_np")},
                       {"idle", "load", "load"});
    QVERIFY(!workspace.isEmpty());
    const QString automatic = m_dir.filePath("automatic.html");
    QVERIFY(reportCleanly({workspace, "-o", automatic}));
    const QString groupsCaption =
        QStringLiteral("Latency percentiles: tag=idle (A) vs tag=load (B)");
    QVERIFY(findTable(htmlTables(QString::fromUtf8(test::readAll(automatic))), groupsCaption));

    const auto readOutside = [](const QString&, const QStringList&) { return true; };
    MainWindow window;
    window.setOutsideFolderQuestion(readOutside); // the samples are beside the temporary dir
    QString error;
    QVERIFY2(test::openWorkspace(window, workspace, &error), qPrintable(error));
    auto* view = window.findChild<CompareView*>();
    QVERIFY(view);
    view->bringUpToDate(); // a hidden tab rebuilds when shown
    QString loaded;
    QString idle;
    for (const CompareView::Choice& choice : view->choices()) {
        if (choice.label.contains(QStringLiteral("iperf18")))
            loaded = choice.key;
        if (choice.label == QStringLiteral("ping18_np"))
            idle = choice.key;
    }
    QVERIFY(!loaded.isEmpty() && !idle.isEmpty());
    QVERIFY(view->choose(loaded, idle)); // B − A the other way round from the file order
    const QString chosenCaption =
        QStringLiteral("Latency percentiles: %1 (A) vs ping18_np (B)").arg(view->latency()->nameA);
    const auto verifyChosen = [&](const QString& html) {
        const std::vector<HtmlTable> tables = htmlTables(html);
        const HtmlTable* table = findTable(tables, chosenCaption);
        QVERIFY2(table, qPrintable(chosenCaption));
        QCOMPARE(table->rows[0], (QStringList{"samples", "5000", "5000", "-", "-", "-", "-"}));
        QVERIFY(!findTable(tables, groupsCaption)); // the user chose: no automatic ones
        QVERIFY(html.contains(QStringLiteral("chosen in the Compare tab")));
    };
    const QString fromWindow = m_dir.filePath("chosen-window.html");
    QVERIFY2(window.exportReport(fromWindow, &error), qPrintable(error));
    verifyChosen(QString::fromUtf8(test::readAll(fromWindow)));

    // Saved and opened again, by the window and by wirebench-cli report.
    const QString saved = m_dir.filePath("chosen-saved.wbws");
    QVERIFY2(window.saveWorkspace(saved, &error), qPrintable(error));
    MainWindow reopened;
    reopened.setOutsideFolderQuestion(readOutside);
    QVERIFY2(test::openWorkspace(reopened, saved, &error), qPrintable(error));
    CompareView* reopenedView = reopened.findChild<CompareView*>();
    reopenedView->bringUpToDate();
    const std::vector<ChosenComparison> kept = reopenedView->chosenComparisons();
    QCOMPARE(kept.size(), std::size_t(1));
    QCOMPARE(kept.front().b, QStringLiteral("ping18_np"));
    const QString fromReopened = m_dir.filePath("chosen-reopened.html");
    QVERIFY2(reopened.exportReport(fromReopened, &error), qPrintable(error));
    verifyChosen(QString::fromUtf8(test::readAll(fromReopened)));
    const QString fromCli = m_dir.filePath("chosen-cli.html");
    QVERIFY(reportCleanly({saved, "-o", fromCli}));
    verifyChosen(QString::fromUtf8(test::readAll(fromCli)));
}

void TestReport::histogramLegendCoversNoBar() {
    DatasetStore store;
    addDemoRuns(store);
    DistributionsView view(&store);
    for (const ExportOptions& size : kFigureSizes) {
        PlotExporter::layOut(view.plot(), size);
        QCustomPlot* plot = view.plot();
        QCOMPARE(legendEntries(plot), int(store.visibleLatency().size()));
        verifyLegendEntriesWhole(plot, size);
        int barSeries = 0;
        for (int i = 0; i < plot->plottableCount(); ++i) {
            const auto* bars = qobject_cast<QCPBars*>(plot->plottable(i));
            if (!bars)
                continue;
            ++barSeries;
            QVERIFY2(bars->selectTestRect(plot->legend->outerRect(), false).isEmpty(),
                     qPrintable(bars->name() + " at " + sizeText(size)));
        }
        QCOMPARE(barSeries, int(store.visibleLatency().size()));
    }
}

void TestReport::cdfLegendCoversNoCurve() {
    DatasetStore store;
    addDemoRuns(store);
    CdfView view(&store);
    for (const ExportOptions& size : kFigureSizes) {
        PlotExporter::layOut(view.plot(), size);
        QCustomPlot* plot = view.plot();
        QCOMPARE(legendEntries(plot), int(store.visibleLatency().size()));
        verifyLegendEntriesWhole(plot, size);
        const QRectF legend = plot->legend->outerRect();
        // Steps drawn left-stepped: along at the left point's value, then up or down.
        for (const CdfView::Curve& curve : view.curves()) {
            std::optional<QPointF> previous;
            for (const QCPGraphData& point : *curve.graph->data()) {
                const QPointF pixel(plot->xAxis->coordToPixel(point.key),
                                    plot->yAxis->coordToPixel(point.value));
                if (previous) {
                    const QPointF corner(pixel.x(), previous->y());
                    for (const QRectF& segment : {QRectF(*previous, corner), QRectF(corner, pixel)})
                        QVERIFY2(!legend.intersects(segment.normalized().adjusted(-1, -1, 1, 1)),
                                 qPrintable(curve.label + " at " + sizeText(size)));
                }
                previous = pixel;
            }
        }
    }
}

// A run with losses beside one without: a lane per run, each named whole or keyed to its
// run's legend entry.
void TestReport::timelineNamesEveryRunWhole() {
    DatasetStore store;
    const int lossy = test::addLog(store, test::dataPath(QStringLiteral("ping/iputils_O_loss.txt")),
                                   QStringLiteral("iputils -O, responder dropping 30 % (loss)"));
    const int lossFree =
        test::addLog(store, test::samplePath(QStringLiteral("ping18_iperf18_iperf68_np")),
                     QStringLiteral("QJump ping behind iperf 18 and 68 (seed 004)"));
    QVERIFY(lossy > 0 && lossFree > 0);
    QCOMPARE(store.find(lossy)->dataset().latency.lostSequence.size(), std::size_t(8));
    QVERIFY(store.find(lossFree)->dataset().latency.lostSequence.empty());
    TimelineView view(&store);
    QStringList runs;
    for (const DatasetEntry* entry : store.visibleLatency())
        runs << entry->label;
    QCOMPARE(runs.size(), 2);
    for (const ExportOptions& size : kFigureSizes) {
        PlotExporter::layOut(view.plot(), size);
        verifyLegendEntriesWhole(view.plot(), size);
        QVERIFY(!view.figure().lossFreeNote());
        const QStringList lanes = stripLanes(view);
        QCOMPARE(lanes.size(), runs.size());
        // A lane shows its run's whole label, or a key its run's legend entry starts with.
        int lane = 0;
        for (QString label : lanes) {
            // After the run's name (or key): its loss %.
            static const QRegularExpression lossText(QStringLiteral(" [<0-9.]+ %$"));
            QVERIFY2(label.contains(lossText), qPrintable(label));
            label.remove(lossText);
            const QCPGraph* line = view.figure().graphOf(store.visibleLatency()[lane]->id);
            QVERIFY2(label == runs[lane] || line->name() == label + QLatin1Char(' ') + runs[lane],
                     qPrintable(label + " / " + line->name()));
            QVERIFY(view.plot()->legend->hasItemWithPlottable(line));
            ++lane;
        }
    }
    // The eight marks in the lossy run's lane, the first; none in the other's.
    const QCPGraph* lost = view.figure().lostGraphOf(lossy);
    QVERIFY(lost);
    QCOMPARE(lost->data()->size(), 8);
    QCOMPARE(lost->data()->constBegin()->value, 0.5);
    QVERIFY(!view.figure().lostGraphOf(lossFree));
}

// The demo lost no request: one thin lane says so, the legend names the runs without lane
// keys, and the RTT plot keeps its height.
void TestReport::timelineSaysNothingWasLost() {
    DatasetStore store;
    addDemoRuns(store);
    QCOMPARE(store.visibleLatency().size(), std::size_t(6));
    for (const DatasetEntry* entry : store.visibleLatency())
        QVERIFY(entry->dataset().latency.lostSequence.empty());
    TimelineView view(&store);
    for (const ExportOptions& size : kFigureSizes) {
        view.resize(size.layoutSize()); // as wirebench-cli plot does
        PlotExporter::layOut(view.plot(), size);
        verifyLegendEntriesWhole(view.plot(), size);
        QVERIFY(stripLanes(view).isEmpty());
        const QCPItemText* note = view.figure().lossFreeNote();
        QVERIFY(note);
        QCOMPARE(note->text(), QStringLiteral("no lost requests"));
        const QRectF noteRect(note->topLeft->pixelPosition(), note->bottomRight->pixelPosition());
        // The note whole in its lane, and the lane no taller than one line of it.
        QVERIFY2(QRectF(view.figure().lossStrip()->rect())
                     .adjusted(-0.5, -0.5, 0.5, 0.5)
                     .contains(noteRect),
                 qPrintable(sizeText(size)));
        QVERIFY(view.figure().lossStrip()->height() <= QFontMetrics(note->font()).height() + 2);
        for (const DatasetEntry* entry : store.visibleLatency())
            QCOMPARE(view.figure().graphOf(entry->id)->name(), entry->label);
        // At a column's width the demo's long labels stack the legend five rows high; the
        // column case is columnFigureReadsWhole's, with the recorded logs' names.
        const int rtt = view.plot()->xAxis->axisRect()->height();
        QVERIFY2(
            size.layoutSize().width() < kReportFigure.layoutSize().width() ||
                rtt >= 0.45 * size.layoutSize().height(),
            qPrintable(QStringLiteral("%1: RTT plot %2 px tall").arg(sizeText(size)).arg(rtt)));
    }
}

void TestReport::boxLabelsLeaveTheDataTheHeight() {
    DatasetStore store;
    addDemoRuns(store);
    DistributionsView view(&store);
    view.setMode(DistributionsView::Mode::Box);
    const ExportOptions size = kReportFigure;
    PlotExporter::layOut(view.plot(), size);
    QCustomPlot* plot = view.plot();
    // Labels broken into lines under their boxes, not rotated down half the figure.
    QCOMPARE(plot->xAxis->tickLabelRotation(), 0.0);
    QVERIFY2(plot->axisRect()->height() > size.layoutSize().height() / 2,
             qPrintable(QString::number(plot->axisRect()->height())));
    const auto labels = plot->xAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks();
    const auto runs = int(store.visibleLatency().size());
    QCOMPARE(labels.size(), runs);
    const double slot = plot->axisRect()->width() / runs;
    const QFontMetricsF metrics(plot->xAxis->tickLabelFont());
    int key = 0;
    for (const DatasetEntry* entry : store.visibleLatency()) {
        const QString label = labels.value(++key);
        // The name and outlier count ("N outside (P %)", or "(N out)" where that takes a line
        // less), broken into lines; at 8 pt (no tick label is smaller) a name too long for
        // its lines keeps its start and end around "…", which tell the runs apart.
        const QString words = label.split('\n').join(' ');
        QVERIFY2(words.contains(" outside (") || words.endsWith(" out)"), qPrintable(words));
        // The name is what stands before the count: "NAME (N out)" or "NAME N outside (P %)".
        const bool shortDetail = words.endsWith(QStringLiteral(" out)"));
        QString name = words.left(
            words.lastIndexOf(shortDetail ? QStringLiteral(" (") : QStringLiteral(" outside (")));
        if (!shortDetail)
            name = name.left(name.lastIndexOf(' '));
        if (!name.contains(QStringLiteral("…"))) {
            QCOMPARE(name, entry->label);
        } else {
            const QStringList ends = name.split(QStringLiteral("…"));
            QVERIFY2(ends.size() == 2 && !ends[0].trimmed().isEmpty() &&
                         !ends[1].trimmed().isEmpty() &&
                         entry->label.startsWith(ends[0].trimmed()) &&
                         entry->label.endsWith(ends[1].trimmed()),
                     qPrintable(words));
        }
        for (const QString& line : label.split('\n'))
            QVERIFY2(metrics.horizontalAdvance(line) <= slot, qPrintable(line));
    }
}

// The mean slot is named in the legend, not by words over it that would cover the flows'
// bars or stretch the axis, which ends half a slot after the mean bars.
void TestReport::flowMeanLabelShowsWhole() {
    DatasetStore store;
    addDemoRuns(store);
    FlowBarsView view(&store);
    for (const ExportOptions& size : kFigureSizes) {
        PlotExporter::layOut(view.plot(), size);
        QCustomPlot* plot = view.plot();
        verifyLegendEntriesWhole(plot, size);
        bool named = false;
        for (int i = 0; i < plot->legend->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i)))
                named = named || item->plottable()->name().contains(QStringLiteral("95 % CI"));
        QVERIFY2(named, qPrintable(sizeText(size)));
        for (int i = 0; i < plot->itemCount(); ++i)
            QVERIFY(!qobject_cast<QCPItemText*>(plot->item(i)));
        verifyAxisEndsAtLastBar(plot);
        verifyNothingOverData(plot);
    }
}

void TestReport::columnFigureReadsWhole_data() {
    QTest::addColumn<QString>("type");
    for (const char* type : {"cdf", "ccdf", "box", "hist", "timeline", "bands", "flows",
                             "timeseries", "cwnd", "rtt", "retransmits", "loadtime", "percentiles"})
        QTest::newRow(type) << QString::fromLatin1(type);
}

// The default export, a paper's column, of the recorded logs under their file names (long,
// and without spaces to break at): the data keeps its height, and all text shows whole.
void TestReport::columnFigureReadsWhole() {
    QFETCH(QString, type);
    ExportOptions size = kFigureSizes[1];
    if (type == "loadtime")
        size.points.setHeight(300); // wirebench-cli plot's default for its three lanes
    const bool throughput = type == "flows" || type == "timeseries";
    const std::optional<TcpMetric> tcp = TcpState::fromKey(type);
    const bool loadtime = type == "loadtime";
    QStringList logs = tcp ? QStringList{"iperf3-cubic-P4.json", "iperf3-reno-P4.json"}
                       : throughput
                           ? QStringList{"tcp-cubic-P30-client.txt", "tcp-reno-P30-client.txt"}
                           : QStringList{"ping18_np", "ping18_iperf18_np", "ping18_iperf16_np",
                                         "ping18_iperf68_np", "ping18_iperf18_iperf68_np"};
    if (loadtime) // a recorded latency-under-load step: ping, iperf and ss logs
        logs = QDir(test::dataPath("loadtime")).entryList({"*.log"}, QDir::Files, QDir::Name);
    DatasetStore store;
    for (const QString& log : logs)
        QVERIFY(test::addLog(store,
                             loadtime ? test::dataPath("loadtime/" + log) : test::samplePath(log),
                             QFileInfo(log).completeBaseName()) > 0);
    std::unique_ptr<WorkbenchView> view;
    if (type == "cdf" || type == "ccdf") {
        auto cdf = std::make_unique<CdfView>(&store);
        cdf->setCcdf(type == "ccdf");
        view = std::move(cdf);
    } else if (type == "box" || type == "hist") {
        auto distributions = std::make_unique<DistributionsView>(&store);
        distributions->setMode(type == "box" ? DistributionsView::Mode::Box
                                             : DistributionsView::Mode::Histogram);
        view = std::move(distributions);
    } else if (type == "timeline") {
        view = std::make_unique<TimelineView>(&store);
    } else if (type == "bands") {
        view = std::make_unique<BandsView>(&store);
    } else if (type == "flows") {
        view = std::make_unique<FlowBarsView>(&store);
    } else if (loadtime) {
        view = std::make_unique<LoadTimeView>(&store);
    } else if (type == "percentiles") {
        view = std::make_unique<PercentileView>(&store);
    } else {
        auto time = std::make_unique<ThroughputTimeView>(&store);
        if (tcp) { // as wirebench-cli plot --type cwnd|rtt draws them: per flow
            time->setMetric(*tcp);
            time->setFlowsChoice(true);
        }
        view = std::move(time);
    }
    view->resize(size.layoutSize()); // as wirebench-cli plot does
    QCustomPlot* plot = view->plot();
    // To look at: the figures as exported (the percentile view has no wirebench-cli plot type).
    if (const QString dir = qEnvironmentVariable("WIREBENCH_SCREENSHOTS"); !dir.isEmpty()) {
        QDir().mkpath(dir);
        for (const char* suffix : {".png", ".pdf"})
            QVERIFY(PlotExporter::save(plot, dir + "/column-" + type + suffix, size, nullptr));
    }
    PlotExporter::layOut(plot, size);
    const QRect figure(0, 0, size.layoutSize().width(), size.layoutSize().height());

    // The data's share of the figure: the axis rects' height (the timeline's loss strip and
    // loadtime's lanes are data too) and the main rect's width, with the default legend.
    int dataHeight = 0;
    for (const QCPAxisRect* rect : plot->axisRects())
        dataHeight += rect->visible() ? rect->height() : 0;
    const QString where =
        QStringLiteral("legend %1, data %2 x %3 px of %4")
            .arg(LegendLayout::sideOf(plot).isEmpty() ? QStringLiteral("inside")
                                                      : LegendLayout::sideOf(plot))
            .arg(plot->xAxis->axisRect()->width())
            .arg(dataHeight)
            .arg(sizeText(size));
    if (qEnvironmentVariableIsSet("WB_DEBUG_LAYOUT"))
        for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
            if (e)
                qInfo() << e->metaObject()->className() << e->outerRect() << e->rect()
                        << e->margins();
    // Five long run names without spaces need three rows of the smallest legend font (8 pt)
    // below the plot: then the data keeps what is left, 64-66 % of the height, short of the
    // share.
    const bool legendAtSmallest =
        !LegendLayout::sideOf(plot).isEmpty() &&
        plot->legend->font().pointSizeF() <= PlotStyle::kSmallestPointSize;
    const double share = legendAtSmallest ? 0.64 : LegendLayout::kDataShare;
    QVERIFY2(dataHeight >= share * size.layoutSize().height() - 1, qPrintable(where));
    QVERIFY2(plot->xAxis->axisRect()->width() >=
                 LegendLayout::kDataShare * size.layoutSize().width() - 0.5,
             qPrintable(where));
    // Nothing drawn over data: no legend or text rectangle over a plottable's data.
    verifyNothingOverData(plot);
    // Bars' axes end at the last bar, half a slot after it at most.
    verifyAxisEndsAtLastBar(plot);

    // Every legend entry laid out at least as large as its icon and text, inside the figure.
    int entries = 0;
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        const auto* legend = qobject_cast<QCPLegend*>(element);
        if (!legend || !legend->visible())
            continue;
        for (int i = 0; i < legend->itemCount(); ++i) {
            const QCPAbstractLegendItem* item = legend->item(i);
            if (!item)
                continue;
            ++entries;
            const QSize needs = item->minimumOuterSizeHint();
            const QRect at = item->outerRect();
            QVERIFY2(at.width() >= needs.width() && at.height() >= needs.height() &&
                         figure.contains(at),
                     qPrintable(QStringLiteral("entry %1 at %2,%3 %4 x %5, needs %6 x %7")
                                    .arg(i)
                                    .arg(at.x())
                                    .arg(at.y())
                                    .arg(at.width())
                                    .arg(at.height())
                                    .arg(needs.width())
                                    .arg(needs.height())));
            QVERIFY(item->font().pointSizeF() >= PlotStyle::kSmallestPointSize);
        }
    }
    // The run names under the boxes and markers: whole, or shortened with the whole in a tooltip.
    QStringList names;
    for (const QString& log : logs)
        names << QFileInfo(log).completeBaseName();
    if (const auto* boxes = dynamic_cast<DistributionsView*>(view.get()); boxes && type == "box")
        verifyRunNamesUnderSlots(plot, boxes->figure().boxLabels(), names);
    if (const auto* percentiles = dynamic_cast<PercentileView*>(view.get()))
        verifyRunNamesUnderSlots(plot, percentiles->runLabels(), names);
    // Every run drawn is named in the legend; box and percentiles name them on the x axis, and
    // bands draws the first run alone, its median's entry naming it.
    if (type == "bands") {
        bool named = false;
        for (int i = 0; i < plot->legend->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i)))
                named = named || item->plottable()->name().contains(logs.front());
        QVERIFY(named);
    } else if (type == "loadtime") {
        // A step's one ping is named by its lane's title, its flows in the legend.
        const auto* load = dynamic_cast<LoadTimeView*>(view.get());
        const QCPItemText* title =
            load->figure().laneTitles().insideTitle(LoadTimeFigure::LatencyLane);
        const QString rtt =
            title
                ? title->text()
                : load->figure().lane(LoadTimeFigure::LatencyLane)->axis(QCPAxis::atLeft)->label();
        QVERIFY2(rtt.startsWith(QStringLiteral("ping RTT")), qPrintable(rtt));
        QVERIFY(entries + 1 >= logs.size());
    } else {
        QVERIFY(type == "box" || type == "percentiles" || entries >= logs.size());
    }

    for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
        // The title whole along its axis, in the figure.
        const double length = axis->orientation() == Qt::Vertical ? axis->axisRect()->height()
                                                                  : axis->axisRect()->width();
        QVERIFY2(PlotStyle::widestLine(axis->label(), axis->labelFont()) <= length + 1,
                 qPrintable(axis->label()));
        QVERIFY(axis->labelFont().pointSizeF() >= PlotStyle::kSmallestPointSize);
        QVERIFY2(!axis->label().contains('\n') || axis->label().count('\n') == 1,
                 qPrintable(axis->label()));
    }
    QVERIFY(figure.contains(plot->xAxis->axisRect()->outerRect()));

    // No two of the y axis' tick labels touch.
    const QCPAxis* y = plot->yAxis;
    const QFontMetricsF metrics(y->tickLabelFont());
    const double lineHeight = metrics.height() * (y->numberFormat().contains('b') ? 1.4 : 1.0);
    std::vector<double> drawnAt;
    for (int i = 0; i < y->tickVector().size(); ++i)
        if (y->range().contains(y->tickVector()[i]) && !y->tickVectorLabels().value(i).isEmpty())
            drawnAt.push_back(y->coordToPixel(y->tickVector()[i]));
    QVERIFY(drawnAt.size() >= 2);
    std::sort(drawnAt.begin(), drawnAt.end());
    for (std::size_t i = 1; i < drawnAt.size(); ++i)
        QVERIFY2(drawnAt[i] - drawnAt[i - 1] >= lineHeight,
                 qPrintable(QStringLiteral("%1 px apart, %2 px tall")
                                .arg(drawnAt[i] - drawnAt[i - 1])
                                .arg(lineHeight)));
}

// The text block of the page a piece is on.
static QRectF textBlockOf(const ReportPdfLayout& layout, int page) {
    return layout.pages.at(static_cast<std::size_t>(page - 1)).textBlock;
}

// The pages' sizes pdfinfo reads from the PDF, in points.
static std::vector<QSizeF> pdfPageSizes(const QString& pdf) {
    const QString info = runOutput("pdfinfo", {"-f", "1", "-l", "1000", pdf});
    std::vector<QSizeF> sizes;
    static const QRegularExpression size(
        QStringLiteral("Page\\s+\\d+ size:\\s+([\\d.]+) x ([\\d.]+) pts"));
    for (const auto& match : size.globalMatch(info))
        sizes.emplace_back(match.captured(1).toDouble(), match.captured(2).toDouble());
    return sizes;
}

// The figure and table numbers of the captions pdftotext finds in the whole PDF.
static QSet<int> captionNumbers(const QString& pdf, const QString& kind) {
    QSet<int> numbers;
    // pdftotext starts a page with a form feed.
    const QRegularExpression caption(QStringLiteral("(?:^|\\n)\\f?%1 (\\d+)\\.").arg(kind));
    for (const auto& match : caption.globalMatch(runOutput("pdftotext", {pdf, "-"})))
        numbers << match.captured(1).toInt();
    return numbers;
}

// A heading shares its page with the start of the first figure or table it introduces (after
// any paragraphs of introduction), so no page ends in a heading whose content is overleaf;
// and no heading in the bottom fifth of a page is its last piece.
void TestReport::pdfHeadingsStayWithWhatTheyIntroduce_data() {
    addPdfReports();
}

void TestReport::pdfHeadingsStayWithWhatTheyIntroduce() {
    const ReportPdfLayout& layout = pdfReport().layout;
    const auto& placed = layout.placed;
    int headings = 0;
    for (std::size_t i = 0; i < placed.size(); ++i) {
        if (placed[i].piece != Piece::Heading)
            continue;
        ++headings;
        const QRectF text = textBlockOf(layout, placed[i].page);
        const QString where = QStringLiteral("heading of block %1 on page %2")
                                  .arg(placed[i].block)
                                  .arg(placed[i].page);
        QVERIFY2(i + 1 < placed.size(), qPrintable(where));
        if (placed[i].rect.bottom() > text.bottom() - text.height() / 5)
            QVERIFY2(placed[i + 1].page == placed[i].page, qPrintable(where));
        for (std::size_t j = i + 1; j < placed.size() && placed[j].piece != Piece::Heading; ++j)
            if (placed[j].piece == Piece::Figure || placed[j].piece == Piece::TableRow ||
                placed[j].piece == Piece::Caption) {
                QVERIFY2(placed[j].page == placed[i].page,
                         qPrintable(QStringLiteral("%1: what it introduces is on page %2")
                                        .arg(where)
                                        .arg(placed[j].page)));
                break;
            }
    }
    QVERIFY(headings >= 4); // Runs, Latency or Throughput, Comparisons, Problems
}

// Figures, captions and table rows lie inside their page's text block: none wider than it, no
// row or figure across the page's foot. Every table is drawn whole in its width, each row
// once (a page break repeats the header only), none in column parts. The layout is the PDF's:
// as many pages of the same sizes, as many figures and tables as it has captions.
void TestReport::pdfTablesAndFiguresStayInTheTextBlock_data() {
    addPdfReports();
}

void TestReport::pdfTablesAndFiguresStayInTheTextBlock() {
    const PdfReport& report = pdfReport();
    QMap<int, QList<int>> rowsOfTable;
    QSet<int> figures;
    QSet<int> tables;
    for (const ReportPdfLayout::Placed& piece : report.layout.placed) {
        const QString where = QStringLiteral("piece %1 of block %2 on page %3: %4 %5 %6 x %7")
                                  .arg(int(piece.piece))
                                  .arg(piece.block)
                                  .arg(piece.page)
                                  .arg(piece.rect.x())
                                  .arg(piece.rect.y())
                                  .arg(piece.rect.width())
                                  .arg(piece.rect.height());
        const QRectF text = textBlockOf(report.layout, piece.page).adjusted(-0.5, -0.5, 0.5, 0.5);
        QVERIFY2(text.contains(piece.rect), qPrintable(where));
        if (piece.piece == Piece::Figure)
            figures << piece.block;
        if (piece.piece == Piece::TableRow) {
            tables << piece.block;
            if (piece.row >= 0)
                rowsOfTable[piece.block] << piece.row;
        }
    }
    for (auto it = rowsOfTable.begin(); it != rowsOfTable.end(); ++it) {
        const QList<int>& rows = it.value();
        for (int r = 0; r < rows.size(); ++r)
            QVERIFY2(rows[r] == r, qPrintable(QStringLiteral("table of block %1: row %2 drawn "
                                                             "as its row %3")
                                                  .arg(it.key())
                                                  .arg(rows[r])
                                                  .arg(r)));
    }
    if (QStandardPaths::findExecutable("pdfinfo").isEmpty())
        QSKIP("pdfinfo (poppler-utils, in setup.sh's packages) is not installed");
    const std::vector<QSizeF> sizes = pdfPageSizes(report.pdf);
    QCOMPARE(sizes.size(), report.layout.pages.size());
    for (std::size_t page = 0; page < sizes.size(); ++page) {
        const QSizeF recorded = report.layout.pages[page].size;
        QVERIFY2(std::abs(sizes[page].width() - recorded.width()) < 0.5 &&
                     std::abs(sizes[page].height() - recorded.height()) < 0.5,
                 qPrintable(QStringLiteral("page %1").arg(page + 1)));
    }
    QCOMPARE(captionNumbers(report.pdf, "Figure").size(), figures.size());
    QCOMPARE(captionNumbers(report.pdf, "Table").size(), tables.size());
    QVERIFY(tables.size() >= 5);
    QVERIFY(figures.size() >= 2);
}

// A table goes on a landscape page only when a portrait page's text block is too narrow for
// it at the smallest table type: every landscape page holds a table wider than that. The
// grouped report's group tables, with their interval columns, need one.
void TestReport::pdfWideTablesTurnTheirPages() {
    const QRectF portrait = textBlockOf(m_pdfs[m_demoName].layout, 1);
    QVERIFY(portrait.width() < portrait.height());
    int landscapePages = 0;
    for (const PdfReport& report : m_pdfs) {
        const ReportPdfLayout& layout = report.layout;
        for (std::size_t page = 0; page < layout.pages.size(); ++page) {
            const QSizeF size = layout.pages[page].size;
            if (size.width() < size.height())
                continue;
            ++landscapePages;
            double widest = 0;
            for (const ReportPdfLayout::Placed& piece : layout.placed)
                if (piece.page == static_cast<int>(page + 1) && piece.piece == Piece::TableRow)
                    widest = std::max(widest, piece.rect.width());
            QVERIFY2(widest > portrait.width(),
                     qPrintable(QStringLiteral("page %1: widest table %2 pt, portrait text %3 pt")
                                    .arg(page + 1)
                                    .arg(widest)
                                    .arg(portrait.width())));
        }
    }
    QVERIFY(landscapePages >= 1);
}

// Every word pdftotext finds on a page lies inside the page's text block, or in the footer
// under it, as wide as the text block, which reads "… page N of M": no column, label or line
// runs off the page or into its margins.
void TestReport::pdfTextStaysOnItsPage_data() {
    addPdfReports();
}

void TestReport::pdfTextStaysOnItsPage() {
    if (QStandardPaths::findExecutable("pdftotext").isEmpty())
        QSKIP("pdftotext (poppler-utils, in setup.sh's packages) is not installed");
    const PdfReport& report = pdfReport();
    const int pages = static_cast<int>(report.layout.pages.size());
    for (int page = 1; page <= pages; ++page) {
        const QRectF text = textBlockOf(report.layout, page).adjusted(-1, -1, 1, 1);
        const QRectF footer(text.bottomLeft(),
                            QPointF(text.right(), report.layout.pages[page - 1].size.height()));
        QStringList footerWords;
        const std::vector<PdfText> words = pdfBoxes(report.pdf, page, "word");
        QVERIFY(!words.empty());
        for (const PdfText& word : words) {
            const bool inFooter = footer.contains(word.box);
            if (inFooter)
                footerWords << word.text;
            QVERIFY2(text.contains(word.box) || inFooter,
                     qPrintable(QStringLiteral("page %1: \"%2\" at %3, %4 to %5, %6")
                                    .arg(page)
                                    .arg(word.text)
                                    .arg(word.box.left())
                                    .arg(word.box.top())
                                    .arg(word.box.right())
                                    .arg(word.box.bottom())));
        }
        QVERIFY2(
            footerWords.join(' ').endsWith(QStringLiteral("page %1 of %2").arg(page).arg(pages)),
            qPrintable(footerWords.join(' ')));
    }
}

// No text anywhere in the PDF is set smaller than 6.5 pt, the table type's floor: measured in
// the PDF against the captions, which are 8.5 pt.
void TestReport::pdfTextIsNoSmallerThanTheFloor_data() {
    addPdfReports();
}

void TestReport::pdfTextIsNoSmallerThanTheFloor() {
    if (QStandardPaths::findExecutable("pdftotext").isEmpty())
        QSKIP("pdftotext (poppler-utils, in setup.sh's packages) is not installed");
    const PdfReport& report = pdfReport();
    constexpr double kFloorPoints = 6.5;
    constexpr double kCaptionPoints = 8.5;
    for (const ReportPdfLayout::Placed& piece : report.layout.placed)
        if (piece.points > 0)
            QVERIFY2(piece.points >= kFloorPoints, qPrintable(QString::number(piece.points)));
    std::vector<double> captionLines;
    const int pages = static_cast<int>(report.layout.pages.size());
    std::vector<std::vector<PdfText>> linesOfPage(static_cast<std::size_t>(pages) + 1);
    for (int page = 1; page <= pages; ++page)
        linesOfPage[static_cast<std::size_t>(page)] = pdfBoxes(report.pdf, page, "line");
    for (const ReportPdfLayout::Placed& piece : report.layout.placed)
        if (piece.piece == Piece::Caption)
            for (double height :
                 lineHeights(linesOfPage[static_cast<std::size_t>(piece.page)], piece.rect))
                captionLines.push_back(height);
    QVERIFY(captionLines.size() >= 10);
    std::sort(captionLines.begin(), captionLines.end());
    const double caption = captionLines[captionLines.size() / 2];
    const double floor = 0.98 * caption * kFloorPoints / kCaptionPoints;
    for (int page = 1; page <= pages; ++page) {
        const QRectF whole(QPointF(0, 0), report.layout.pages[page - 1].size);
        const std::vector<double> heights =
            lineHeights(linesOfPage[static_cast<std::size_t>(page)], whole);
        QVERIFY(!heights.empty());
        QVERIFY2(heights.front() >= floor,
                 qPrintable(QStringLiteral("page %1: a line %2 pt high, the floor %3 pt")
                                .arg(page)
                                .arg(heights.front())
                                .arg(floor)));
    }
}

// Every page but the last is at least 30 % used: no heading or table left alone on one.
void TestReport::pdfPagesAreUsed_data() {
    addPdfReports();
}

void TestReport::pdfPagesAreUsed() {
    const ReportPdfLayout& layout = pdfReport().layout;
    const int pages = static_cast<int>(layout.pages.size());
    std::vector<double> lowest(static_cast<std::size_t>(pages) + 1, 0);
    for (int page = 1; page <= pages; ++page)
        lowest[static_cast<std::size_t>(page)] = textBlockOf(layout, page).top();
    for (const ReportPdfLayout::Placed& piece : layout.placed)
        lowest[static_cast<std::size_t>(piece.page)] =
            std::max(lowest[static_cast<std::size_t>(piece.page)], piece.rect.bottom());
    QStringList used;
    for (int page = 1; page <= pages; ++page) {
        const QRectF text = textBlockOf(layout, page);
        used << QString::number(
            (lowest[static_cast<std::size_t>(page)] - text.top()) / text.height(), 'f', 2);
    }
    qInfo().noquote() << "pages used:" << used.join(' ');
    // A page may end short only where what opens the next page (its pieces down to the first
    // figure or table row, with the heading and introduction kept with it) needs more room.
    const auto openingHeight = [&layout](int page, const QRectF& text) {
        qreal bottom = text.top();
        for (const ReportPdfLayout::Placed& piece : layout.placed) {
            if (piece.page != page)
                continue;
            bottom = std::max(bottom, piece.rect.bottom());
            if (piece.piece == Piece::Figure || piece.piece == Piece::TableRow)
                break;
        }
        return bottom - text.top();
    };
    for (int page = 1; page < pages; ++page) {
        const QRectF text = textBlockOf(layout, page);
        const qreal room = text.height() * (1 - used[page - 1].toDouble());
        const bool nextNeedsMore = openingHeight(page + 1, textBlockOf(layout, page + 1)) > room;
        QVERIFY2(used[page - 1].toDouble() >= 0.30 || nextNeedsMore,
                 qPrintable(QStringLiteral("page %1: ").arg(page) + used.join(' ')));
    }
}

// A table's warning is a paragraph of its own under the caption, not the caption's last words.
void TestReport::pdfWarningIsAParagraphOfItsOwn() {
    if (QStandardPaths::findExecutable("pdftotext").isEmpty())
        QSKIP("pdftotext (poppler-utils, in setup.sh's packages) is not installed");
    int warnings = 0;
    for (const PdfReport& report : m_pdfs) {
        const auto& placed = report.layout.placed;
        for (std::size_t i = 0; i < placed.size(); ++i) {
            if (placed[i].piece != Piece::Warning)
                continue;
            ++warnings;
            QVERIFY(i > 0);
            const ReportPdfLayout::Placed& caption = placed[i - 1];
            QCOMPARE(caption.piece, Piece::Caption);
            QCOMPARE(caption.block, placed[i].block);
            QCOMPARE(caption.page, placed[i].page);
            QVERIFY(placed[i].rect.top() >= caption.rect.bottom());
            // In the PDF: "Warning:" starts a line, the caption's last line ends before it.
            bool startsLine = false;
            for (const PdfText& word : pdfBoxes(report.pdf, placed[i].page, "word"))
                if (word.text == "Warning:" &&
                    placed[i].rect.adjusted(-1, -1, 1, 1).contains(word.box))
                    startsLine = word.box.left() <= placed[i].rect.left() + 1;
            QVERIFY2(startsLine, qPrintable(QStringLiteral("page %1").arg(placed[i].page)));
        }
        const QString text = runOutput("pdftotext", {report.pdf, "-"});
        QVERIFY(!text.contains(QRegularExpression("[a-z] Warning:")));
    }
    // cubic-vs-reno grouped by congestion_control pools -P 1 and -P 30 runs in each group.
    QVERIFY(warnings >= 1);
}

// Text in a figure, measured in the PDF, is no smaller than the captions' text: the loss
// strip's lane labels and note included.
void TestReport::pdfFigureTextIsNoSmallerThanCaptions_data() {
    addPdfReports();
}

void TestReport::pdfFigureTextIsNoSmallerThanCaptions() {
    if (QStandardPaths::findExecutable("pdftotext").isEmpty())
        QSKIP("pdftotext (poppler-utils, in setup.sh's packages) is not installed");
    const PdfReport& report = pdfReport();
    const auto& placed = report.layout.placed;
    int figures = 0;
    for (std::size_t i = 0; i + 1 < placed.size(); ++i) {
        if (placed[i].piece != Piece::Figure)
            continue;
        ++figures;
        const std::vector<PdfText> lines = pdfBoxes(report.pdf, placed[i].page, "line");
        const std::vector<double> inFigure = lineHeights(lines, placed[i].rect);
        const std::vector<double> inCaption = lineHeights(lines, placed[i + 1].rect);
        QVERIFY(!inFigure.empty() && !inCaption.empty());
        const double caption = inCaption[inCaption.size() / 2];
        QVERIFY2(inFigure.front() >= 0.98 * caption,
                 qPrintable(QStringLiteral("figure of block %1: text %2 pt high, caption %3 pt")
                                .arg(placed[i].block)
                                .arg(inFigure.front())
                                .arg(caption)));
    }
    QCOMPARE(qsizetype(figures), captionNumbers(report.pdf, "Figure").size());
}

// Each figure of the HTML report shows at its own size (never wider than the page), so its
// text is drawn at the size it was laid out at: none smaller than the captions.
void TestReport::htmlFigureTextIsNoSmallerThanCaptions() {
    const QString html = QString::fromUtf8(test::readAll(m_demoHtml));
    const QString figureRule = cssRule(html, "figure svg");
    QVERIFY2(!figureRule.contains(QRegularExpression("(^|[^-])width:")), qPrintable(figureRule));
    const double caption = cssPixels(cssRule(html, "figcaption, caption"), "font-size");
    QVERIFY(caption > 0);
    static const QRegularExpression svgElement(QStringLiteral("<svg.*?</svg>"),
                                               QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression size(
        QStringLiteral("<svg width=\"([\\d.]+)mm\".*?viewBox=\"0 0 ([\\d.]+) "),
        QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression fontSize(QStringLiteral("font-size=\"([\\d.]+)\""));
    int figures = 0;
    for (const auto& svg : svgElement.globalMatch(html)) {
        ++figures;
        const auto dimensions = size.match(svg.captured(0));
        QVERIFY(dimensions.hasMatch());
        const double pixelsPerUnit =
            dimensions.captured(1).toDouble() / 25.4 * 96 / dimensions.captured(2).toDouble();
        double smallest = std::numeric_limits<double>::infinity();
        for (const auto& font : fontSize.globalMatch(svg.captured(0)))
            smallest = std::min(smallest, font.captured(1).toDouble() * pixelsPerUnit);
        QVERIFY2(smallest >= caption - 0.01,
                 qPrintable(QStringLiteral("figure %1: text %2 px, captions %3 px")
                                .arg(figures)
                                .arg(smallest)
                                .arg(caption)));
    }
    QCOMPARE(figures, 10);
}

// A legend's line samples and the words after them, read from a figure's SVG: every
// horizontal two-point line whose middle is level with the middle of a text's line just right
// of it (within one em) is a sample and its entry's text. The gap between the line's end (its
// square cap included) and the text's start is at least 2 units (1.5 pt).
void TestReport::htmlLegendTextKeepsClearOfItsSwatches() {
    const QString html = QString::fromUtf8(test::readAll(m_demoHtml));
    static const QRegularExpression svgElement(QStringLiteral("<svg.*?</svg>"),
                                               QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression group(QStringLiteral("<g ([^>]*)>(.*?)</g>"),
                                          QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression matrix(
        QStringLiteral("transform=\"matrix\\(([-\\d.e]+),([-\\d.e]+),([-\\d.e]+),([-\\d.e]+),"
                       "([-\\d.e]+),([-\\d.e]+)\\)\""));
    static const QRegularExpression strokeWidth(QStringLiteral("stroke-width=\"([\\d.]+)\""));
    static const QRegularExpression line(
        QStringLiteral("<polyline[^>]*points=\"([-\\d.]+),([-\\d.]+) ([-\\d.]+),([-\\d.]+) \""));
    static const QRegularExpression text(QStringLiteral(
        "<text[^>]* x=\"([-\\d.]+)\" y=\"([-\\d.]+)\"[^>]*font-size=\"([\\d.]+)\"[^>]*>([^<]+)"));
    struct Sample {
        double right = 0; // the line's end with its cap
        double y = 0;
    };
    struct Words {
        double left = 0;
        double middle = 0; // of the lower-case letters, where a sample line meets the text
        double em = 0;
        QString text;
    };
    int figures = 0;
    int samples = 0;
    for (const auto& svg : svgElement.globalMatch(html)) {
        ++figures;
        std::vector<Sample> lines;
        std::vector<Words> words;
        for (const auto& g : group.globalMatch(svg.captured(0))) {
            const auto m = matrix.match(g.captured(1));
            // Unrotated and unscaled groups only: legends are drawn so.
            if (!m.hasMatch() || m.captured(1).toDouble() != 1 || m.captured(2).toDouble() != 0 ||
                m.captured(3).toDouble() != 0 || m.captured(4).toDouble() != 1)
                continue;
            const double dx = m.captured(5).toDouble();
            const double dy = m.captured(6).toDouble();
            const double pen = strokeWidth.match(g.captured(1)).captured(1).toDouble();
            for (const auto& l : line.globalMatch(g.captured(2))) {
                const double y1 = l.captured(2).toDouble();
                if (y1 != l.captured(4).toDouble())
                    continue;
                const double right = std::max(l.captured(1).toDouble(), l.captured(3).toDouble());
                lines.push_back({dx + right + pen / 2, dy + y1});
            }
            for (const auto& t : text.globalMatch(g.captured(2))) {
                const double em = t.captured(3).toDouble();
                // DejaVu Sans: lower-case letters' middle about 0.27 em above the baseline.
                words.push_back({dx + t.captured(1).toDouble(),
                                 dy + t.captured(2).toDouble() - 0.27 * em, em,
                                 t.captured(4).trimmed()});
            }
        }
        for (const Sample& sample : lines)
            for (const Words& entry : words) {
                const double gap = entry.left - sample.right;
                if (std::abs(entry.middle - sample.y) > entry.em / 2 || gap > entry.em ||
                    gap < -entry.em)
                    continue;
                ++samples;
                QVERIFY2(gap >= 2, qPrintable(QStringLiteral("figure %1: \"%2\" %3 units after "
                                                             "its sample")
                                                  .arg(figures)
                                                  .arg(entry.text)
                                                  .arg(gap)));
            }
    }
    QCOMPARE(figures, 10);
    QVERIFY(samples >= 10); // the legends of the demo's line figures
}

// A wide table of the HTML report fits the page's width, its headers and text wrapped between
// words and numbers whole, measured at the style sheet's sizes; and on a screen narrower than
// that it scrolls sideways rather than hiding its last columns.
void TestReport::htmlTablesWrapOrScroll() {
    const QString html = QString::fromUtf8(test::readAll(m_demoHtml));
    QVERIFY(cssRule(html, "div.table").contains("overflow-x: auto"));
    QCOMPARE(html.count("<div class=\"table\"><table"), html.count("<table"));
    const QString body = cssRule(html, "body");
    const double bodyFont = cssPixels(body, "font-size");
    const double page = cssPixels(body, "max-width", bodyFont);
    QVERIFY(page > 0);
    const double tableFont = cssPixels(cssRule(html, "table"), "font-size");
    const double wideFont = cssPixels(cssRule(html, "table.wide"), "font-size");
    const QString cellRule = cssRule(html, "td");
    const QString headerRule = cssRule(html, "th");
    const double padding = std::max(cssPixels(cellRule, "padding", 0, 1) * 2,
                                    cssPixels(headerRule, "padding", 0, 1) * 2);
    // Wide tables' cells may have padding of their own, left and right.
    const QString wideCells = cssRule(html, "table.wide th, table.wide td");
    const double widePadding = wideCells.isEmpty() ? padding
                                                   : cssPixels(wideCells, "padding-left") +
                                                         cssPixels(wideCells, "padding-right");
    const bool textBreaksAnywhere = cellRule.contains("overflow-wrap: anywhere");
    const bool numbersWhole = cssRule(html, "td.number").contains("white-space: nowrap");
    static const QRegularExpression tableElement(QStringLiteral("<table[^>]*>.*?</table>"),
                                                 QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression cell(QStringLiteral("<t([hd])([^>]*)>(.*?)</t[hd]>"));
    static const QRegularExpression row(QStringLiteral("<tr>(.*?)</tr>"));
    int tables = 0;
    for (const auto& table : tableElement.globalMatch(html)) {
        ++tables;
        const QString text = table.captured(0);
        const bool wide = text.left(text.indexOf(QLatin1Char('>'))).contains("class=\"wide\"");
        QFont font(QStringLiteral("DejaVu Sans"));
        font.setPointSizeF((wide && wideFont > 0 ? wideFont : tableFont) * 72 / 96);
        QFont bold = font;
        bold.setBold(true);
        const double cellPadding = wide ? widePadding : padding;
        std::vector<double> least;
        for (const auto& r : row.globalMatch(text)) {
            int column = 0;
            for (const auto& c : cell.globalMatch(r.captured(1))) {
                const bool header = c.captured(1) == "h";
                const bool number = c.captured(2).contains("number");
                const QString content = plainText(c.captured(3));
                const QFontMetricsF metrics(header ? bold : font);
                double width = 0;
                if (number && !header && numbersWhole)
                    width = metrics.horizontalAdvance(content);
                else if (number || header || !textBreaksAnywhere)
                    for (const QString& word : unbreakable(content))
                        width = std::max(width, metrics.horizontalAdvance(word));
                if (static_cast<std::size_t>(column) >= least.size())
                    least.push_back(0);
                least[static_cast<std::size_t>(column)] =
                    std::max(least[static_cast<std::size_t>(column)], width + cellPadding);
                ++column;
            }
        }
        const double first =
            cssPixels(cssRule(html, "td:first-child"), "min-width", font.pointSizeF() * 96 / 72) +
            cellPadding;
        if (!least.empty())
            least.front() = std::max(least.front(), first);
        const double width = std::accumulate(least.begin(), least.end(), 0.0);
        QVERIFY2(width <= page, qPrintable(QStringLiteral("table %1: at least %2 px wide, the "
                                                          "page %3 px")
                                               .arg(tables)
                                               .arg(width)
                                               .arg(page)));
    }
    QVERIFY(tables >= 10);
}

// The windows the tests opened kept their recent files in the test's settings, and no settings
// file outside the test's folder names anything of it (other tests may write there meanwhile).
void TestReport::settingsStayInTheTestFolder() {
    const QStringList recent = QSettings(QStringLiteral("Wirebench"), QStringLiteral("Wirebench"))
                                   .value(QStringLiteral("paths/recentFiles"))
                                   .toStringList();
    QVERIFY2(recent.contains(m_dir.filePath("chosen-saved.wbws")), qPrintable(recent.join(' ')));
    QCOMPARE(m_userSettings.size(), 2);
    for (const QString& path : std::as_const(m_userSettings))
        QVERIFY2(!bytesOf(path).contains(m_dir.path().toUtf8()), qPrintable(path));
}

QTEST_MAIN(TestReport)
#include "tst_report.moc"
