#include "CompareView.h"

#include "CompareFigures.h"
#include "GroupWarningLabel.h"
#include "PlotStyle.h"
#include "TableModel.h"
#include "report/ComparisonReport.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <tuple>

namespace wb {

namespace {

QString describe(const CompareView::Choice& choice) {
    const DatasetAnalysis& analysis = *choice.analysis;
    QString what = choice.latency()
                       ? CompareView::tr("latency, %1 samples").arg(analysis.sortedRttMs.size())
                       : CompareView::tr("%1 flows").arg(analysis.flows.flows.size());
    const int runs = static_cast<int>(choice.runs.size());
    if (choice.group)
        what = (runs == 1 ? CompareView::tr("group of 1 run, ")
                          : CompareView::tr("group of %1 runs, ").arg(runs)) +
               what;
    return QStringLiteral("%1 (%2)").arg(choice.label, what);
}

QTableView* tableWidget(const Table& table, QWidget* parent) {
    auto* widget = new QTableView(parent);
    auto* model = new TableModel(widget);
    model->setTable(table);
    widget->setModel(model);
    widget->verticalHeader()->setVisible(false);
    widget->setEditTriggers(QAbstractItemView::NoEditTriggers);
    widget->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    widget->setAlternatingRowColors(true);
    widget->setSelectionMode(QAbstractItemView::NoSelection);
    widget->setFocusPolicy(Qt::NoFocus); // Ctrl+C copies the whole comparison, not a cell
    widget->resizeColumnsToContents();
    widget->horizontalHeader()->setStretchLastSection(false);
    // As wide as its columns, not the window: numbers stay next to their labels.
    widget->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    widget->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
    widget->verticalHeader()->setDefaultSectionSize(widget->fontMetrics().height() + 8);
    // As tall as its rows: the tables sit one under the other in a scroll area.
    int height = widget->horizontalHeader()->sizeHint().height() + 2 * widget->frameWidth();
    for (int row = 0; row < model->rowCount(); ++row)
        height += widget->rowHeight(row);
    // A table wider than the tables' column (the run-level one) scrolls sideways: room for
    // the scroll bar, or it covers the last row.
    if (widget->sizeHint().width() > CompareView::kMaxTablesWidth)
        height += widget->style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    widget->setFixedHeight(height);
    widget->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return widget;
}

// The plain words as the summary label shows them: with repetitions (as rich text) the note of
// which figures come first, the run level's findings (the result), then on a line of its own
// what the pooled samples say, labelled so; without, the samples' findings as plain text.
QString summaryLabelText(const AnalysisComparison& result) {
    if (result.levelNote.isEmpty())
        return result.summary(); // plain text: the label shows it as it is
    QStringList lines{QStringLiteral("<i>%1</i>")
                          .arg(result.levelNote.trimmed().toHtmlEscaped().replace(
                              QLatin1Char('\n'), QStringLiteral("<br>")))};
    const QStringList findings = result.findings();
    const qsizetype runLevel = result.runLevelFindings.size();
    for (const QStringList& part : {findings.mid(0, runLevel), findings.mid(runLevel)})
        if (!part.isEmpty())
            lines << part.join(QLatin1Char(' ')).toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

} // namespace

CompareView::CompareView(DatasetStore* store, QWidget* parent)
    : WorkbenchView(store, parent), m_a(new QComboBox(this)), m_b(new QComboBox(this)),
      m_status(new QLabel(this)), m_summary(new QLabel(this)),
      m_groupWarning(new GroupWarningLabel(this)), m_comparison(new PairComparison(this)) {
    connect(m_comparison, &PairComparison::ready, this, &CompareView::showComparison);
    for (QComboBox* box : {m_a, m_b}) {
        // As wide as 24 characters, not as the longest label: long run names would otherwise
        // widen the window past a laptop's screen. The list that drops down shows them whole.
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(24); // "congestion_control=cubic" whole
        connect(box, qOverload<int>(&QComboBox::activated), this, [this] {
            m_wantedA.clear();
            m_wantedB.clear();
            m_userChose = true;
            compare();
        });
    }
    m_a->setObjectName(QStringLiteral("compareA"));
    m_b->setObjectName(QStringLiteral("compareB"));
    m_a->setToolTip(tr("A: the reference (a visible dataset, or a group when grouping is on)"));
    m_b->setToolTip(tr("B: compared against A; differences are B − A, ratios B / A"));
    auto* swap = new QPushButton(tr("Swap"), this);
    swap->setToolTip(tr("Exchange A and B"));
    connect(swap, &QPushButton::clicked, this, [this] { choose(choiceB(), choiceA()); });
    const TableExport::Buttons buttons = TableExport::createButtons(
        this, tr("tables"), QStringLiteral(".csv"), [this] { return m_tables; });

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("A:"), this));
    controls->addWidget(m_a);
    controls->addWidget(new QLabel(tr("B:"), this));
    controls->addWidget(m_b);
    controls->addWidget(swap);
    controls->addWidget(m_status);
    controls->addStretch(1);
    controls->addWidget(buttons.copy);
    controls->addWidget(buttons.save);

    m_status->setObjectName(QStringLiteral("compareStatus"));
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setContentsMargins(4, 6, 4, 6);
    QFont summaryFont = m_summary->font();
    summaryFont.setPointSizeF(summaryFont.pointSizeF() * 1.1);
    m_summary->setFont(summaryFont);

    auto* tables = new QWidget(this);
    m_tablesLayout = new QVBoxLayout(tables);
    m_tablesLayout->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(tables);
    m_tablesScroll = scroll;

    // The tables on the left, what they say drawn on the right.
    // The tables keep the width of their columns; the plots take the rest.
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter = splitter;
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(scroll);
    splitter->addWidget(plotsPanel());
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_summary);
    layout->addWidget(m_groupWarning); // under the result it qualifies, over its tables
    layout->addWidget(splitter, 1);

    followStore(this, &CompareView::rebuild);
    rebuild();
}

QString CompareView::choiceA() const {
    return m_a->currentData().toString();
}

QString CompareView::choiceB() const {
    return m_b->currentData().toString();
}

const CompareView::Choice* CompareView::chosen(const QComboBox* box) const {
    const int index = box->currentIndex();
    return index >= 0 && index < static_cast<int>(m_choices.size())
               ? &m_choices[static_cast<std::size_t>(index)]
               : nullptr;
}

bool CompareView::choose(const QString& keyA, const QString& keyB) {
    const int a = m_a->findData(keyA);
    const int b = m_b->findData(keyB);
    if (a < 0 || b < 0)
        return false;
    m_a->setCurrentIndex(a);
    m_b->setCurrentIndex(b);
    m_wantedA.clear();
    m_wantedB.clear();
    m_userChose = true;
    compare();
    return true;
}

void CompareView::rebuild() {
    m_choices = PairComparison::sidesOf(store());
    // Other groups on offer (grouping turned on, another key, a group finished pooling): start
    // from the groups. Otherwise keep the user's A and B by key, or by label when restored
    // from a workspace (ids are per session).
    QStringList groupKeys;
    for (const Choice& choice : m_choices)
        if (choice.group)
            groupKeys << choice.key;
    const bool regrouped = groupKeys != m_groupKeys;
    m_groupKeys = groupKeys;
    const QString wantedA = !m_wantedA.isEmpty() ? m_wantedA : regrouped ? QString() : choiceA();
    const QString wantedB = !m_wantedB.isEmpty() ? m_wantedB : regrouped ? QString() : choiceB();
    const auto find = [this](const QString& wanted) {
        for (std::size_t i = 0; i < m_choices.size(); ++i)
            if (m_choices[i].key == wanted || m_choices[i].label == wanted)
                return static_cast<int>(i);
        return -1;
    };
    int a = find(wantedA);
    int b = find(wantedB);
    if (a >= 0 && b >= 0) {
        m_wantedA.clear(); // found: from now on the combo boxes say what is chosen
        m_wantedB.clear();
    } else {
        // The user's pair went away (hidden, regrouped): what follows is the tab's own pick.
        // A pair restored from a workspace stays wanted until its datasets are loaded.
        if (m_wantedA.isEmpty())
            m_userChose = false;
        std::tie(a, b) = PairComparison::defaultPair(m_choices);
    }
    for (QComboBox* box : {m_a, m_b}) {
        const QSignalBlocker block(box);
        box->clear();
        for (const Choice& choice : m_choices)
            box->addItem(describe(choice), choice.key);
    }
    m_a->setCurrentIndex(a);
    m_b->setCurrentIndex(b);
    compare();
}

void CompareView::compare() {
    const Choice* a = chosen(m_a);
    const Choice* b = chosen(m_b);
    if (!a || !b) {
        showMessage(tr("Load two datasets of the same kind (two ping logs, or two iperf logs) to "
                       "compare them."));
        return;
    }
    if (a->latency() != b->latency()) {
        showMessage(tr("A and B must be of the same kind: both latency or both throughput."));
        return;
    }
    m_comparison->compare(*a, *b);
    m_status->setText(m_comparison->computing() ? tr("computing…") : QString());
}

QWidget* CompareView::plotsPanel() {
    auto* panel = new QWidget(this);
    auto* main = new QCustomPlot(panel);
    auto* side = new QCustomPlot(panel);
    main->setObjectName(QStringLiteral("compareMainPlot"));
    side->setObjectName(QStringLiteral("compareSidePlot"));
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(main, 3);
    layout->addWidget(side, 2);
    for (QCustomPlot* plot : {main, side})
        plot->setMinimumSize(320, 160);
    m_figures = new CompareFigures(main, side, this);
    return panel;
}

QCustomPlot* CompareView::plot() {
    return m_figures->mainPlot();
}

void CompareView::showComparison() {
    const AnalysisComparison& result = *m_comparison->result();
    m_status->clear();
    m_tables = result.tables;
    if (result.tcp && result.tcp->any())
        m_tables.push_back(ComparisonReport::table(*result.tcp));
    const CompareChoice& shownA = m_comparison->a();
    const CompareChoice& shownB = m_comparison->b();
    const CompareFigures::Side a{shownA.label, PlotStyle::toColor(shownA.color)};
    const CompareFigures::Side b{shownB.label, PlotStyle::toColor(shownB.color)};
    // With repetitions the run-level table is the result; the figures draw pooled samples.
    const bool pooledRuns = !result.levelNote.isEmpty();
    if (result.latency)
        m_figures->showLatency(*result.latency, shownA.analysis->sortedRttMs,
                               shownB.analysis->sortedRttMs, a, b, pooledRuns);
    else
        m_figures->showThroughput(*result.throughput, a, b, pooledRuns);
    m_summary->setText(summaryLabelText(result));
    QStringList warnings;
    for (const CompareChoice* side : {&shownA, &shownB})
        if (!side->mixWarning.isEmpty())
            warnings << side->mixWarning;
    m_groupWarning->setWarnings(warnings);
    showTables();
    emit resultReady();
}

void CompareView::showTables() {
    while (QLayoutItem* item = m_tablesLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    if (m_tables.empty())
        return;
    int widest = 0;
    for (const Table& table : m_tables) {
        auto* caption = new QLabel(QStringLiteral("<b>%1</b>").arg(table.caption.toHtmlEscaped()));
        caption->setWordWrap(true);
        m_tablesLayout->addWidget(caption);
        QTableView* widget = tableWidget(table, this);
        widest = std::max(widest, widget->sizeHint().width());
        // Whole, the tables' column scrolling when narrower: a table scrolling on its own
        // would hide its last row under its scroll bar. The widest (the run-level) scrolls.
        if (widget->sizeHint().width() <= kMaxTablesWidth)
            widget->setMinimumWidth(widget->sizeHint().width());
        m_tablesLayout->addWidget(widget);
    }
    m_tablesLayout->addStretch(1);
    // As wide as the widest table (the plots take the rest), unless that leaves the plots too
    // little of a small screen: then the tables scroll. A width, not a minimum: wider tables
    // (groups' run-level ones) must not widen the tab, and the user may drag the splitter.
    const int tablesWidth =
        std::min(widest + style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8, kMaxTablesWidth);
    const int all = m_splitter->width() - m_splitter->handleWidth();
    m_splitter->setSizes({tablesWidth, std::max(all - tablesWidth, 0)});
}

void CompareView::showMessage(const QString& text) {
    m_comparison->clear();
    m_status->clear();
    m_tables.clear();
    m_figures->clear();
    m_summary->setText(text);
    m_groupWarning->setWarnings({});
    showTables();
}

QString CompareView::summary() const {
    return m_comparison->result() ? m_comparison->result()->summary() : m_summary->text();
}

const QStringList& CompareView::groupWarnings() const {
    return m_groupWarning->warnings();
}

QString CompareView::levelNote() const {
    return m_comparison->result() ? m_comparison->result()->levelNote.trimmed() : QString();
}

std::vector<ChosenComparison> CompareView::chosenComparisons() const {
    if (!m_userChose)
        return {};
    if (!m_wantedA.isEmpty() && !m_wantedB.isEmpty())
        return {{m_wantedA, m_wantedB, m_wantedGroups}};
    const Choice* a = chosen(m_a);
    const Choice* b = chosen(m_b);
    if (!a || !b || a->latency() != b->latency())
        return {};
    return {{a->label, b->label, a->group && b->group}};
}

QJsonObject CompareView::saveSettings() const {
    // Labels, not ids: ids are per session, labels come back with the workspace.
    const Choice* a = chosen(m_a);
    const Choice* b = chosen(m_b);
    QJsonObject settings{{QStringLiteral("a"), a && m_wantedA.isEmpty() ? a->label : m_wantedA},
                         {QStringLiteral("b"), b && m_wantedB.isEmpty() ? b->label : m_wantedB}};
    const std::vector<ChosenComparison> pairs = chosenComparisons();
    if (!pairs.empty())
        settings.insert(QStringLiteral("chosen"), ChosenComparison::toJson(pairs));
    return settings;
}

void CompareView::restoreSettings(const QJsonObject& settings) {
    const std::vector<ChosenComparison> pairs = ChosenComparison::fromSettings(settings);
    m_userChose = !pairs.empty();
    m_wantedA = m_userChose ? pairs.front().a : settings.value(QStringLiteral("a")).toString();
    m_wantedB = m_userChose ? pairs.front().b : settings.value(QStringLiteral("b")).toString();
    m_wantedGroups = m_userChose && pairs.front().groups;
    rebuild();
}

} // namespace wb
