#include "CompareView.h"

#include "CompareFigures.h"
#include "DatasetGrouping.h"
#include "DatasetStore.h"
#include "PlotStyle.h"
#include "TableExport.h"
#include "report/ComparisonReport.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace wb {

namespace {

// What a comparison was computed from: a label edit or grown data computes it again,
// anything else (a colour, another dataset's visibility) keeps it.
QString signatureOf(const CompareView::Choice& a, const CompareView::Choice& b) {
    QStringList parts;
    for (const CompareView::Choice* choice : {&a, &b})
        parts << choice->key << choice->label
              << QString::number(reinterpret_cast<quintptr>(choice->analysis.get()));
    return parts.join(QLatin1Char('\x1f'));
}

QString describe(const CompareView::Choice& choice, int runs) {
    const DatasetAnalysis& analysis = *choice.analysis;
    QString what = choice.latency
                       ? CompareView::tr("latency, %1 samples").arg(analysis.sortedRttMs.size())
                       : CompareView::tr("%1 flows").arg(analysis.flows.flows.size());
    if (runs > 0)
        what = (runs == 1 ? CompareView::tr("group of 1 run, ")
                          : CompareView::tr("group of %1 runs, ").arg(runs)) +
               what;
    return QStringLiteral("%1 (%2)").arg(choice.label, what);
}

QTableWidget* tableWidget(const Table& table, QWidget* parent) {
    auto* widget = new QTableWidget(static_cast<int>(table.rows.size()),
                                    static_cast<int>(table.header.size()), parent);
    widget->setHorizontalHeaderLabels(table.header);
    widget->verticalHeader()->setVisible(false);
    widget->setEditTriggers(QAbstractItemView::NoEditTriggers);
    widget->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    widget->setAlternatingRowColors(true);
    widget->setSelectionMode(QAbstractItemView::NoSelection);
    widget->setFocusPolicy(Qt::NoFocus); // Ctrl+C copies the whole comparison, not a cell
    for (int row = 0; row < widget->rowCount(); ++row) {
        const QStringList& cells = table.rows[static_cast<std::size_t>(row)];
        for (int column = 0; column < widget->columnCount() && column < cells.size(); ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            const bool right = static_cast<std::size_t>(column) < table.rightAligned.size() &&
                               table.rightAligned[static_cast<std::size_t>(column)];
            item->setTextAlignment((right ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
            widget->setItem(row, column, item);
        }
    }
    widget->resizeColumnsToContents();
    widget->horizontalHeader()->setStretchLastSection(false);
    // As wide as its columns, not the window: numbers stay next to their labels.
    widget->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    widget->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
    widget->verticalHeader()->setDefaultSectionSize(widget->fontMetrics().height() + 8);
    // As tall as its rows: the tables sit one under the other in a scroll area.
    int height = widget->horizontalHeader()->sizeHint().height() + 2 * widget->frameWidth();
    for (int row = 0; row < widget->rowCount(); ++row)
        height += widget->rowHeight(row);
    // A table wider than the tables' column (the run-level one) scrolls sideways: room for
    // the scroll bar, or it covers the last row.
    if (widget->sizeHint().width() > CompareView::kMaxTablesWidth)
        height += widget->style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    widget->setFixedHeight(height);
    widget->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return widget;
}

} // namespace

CompareView::CompareView(DatasetStore* store, QWidget* parent)
    : WorkbenchView(store, parent), m_a(new QComboBox(this)), m_b(new QComboBox(this)),
      m_status(new QLabel(this)), m_summary(new QLabel(this)), m_figures(new CompareFigures(this)) {
    for (QComboBox* box : {m_a, m_b}) {
        // As wide as 16 characters, not as the longest label: long run names would otherwise
        // widen the window past a laptop's screen. The list that drops down shows them whole.
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(16);
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
        this, tr("tables"), [this] { copyToClipboard(); }, [this] { exportWithDialog(); });

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
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(scroll);
    splitter->addWidget(m_figures);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_summary);
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
    m_choices.clear();
    QStringList texts;
    DatasetGrouping* grouping = DatasetGrouping::of(store());
    for (bool latency : {true, false}) {
        const QString kind = latency ? QStringLiteral("latency") : QStringLiteral("flows");
        for (const PooledGroup& group :
             latency ? grouping->latencyGroups() : grouping->throughputGroups()) {
            if (!group.analysis)
                continue; // still pooling; offered when it is done
            std::vector<std::shared_ptr<const Dataset>> runs;
            for (int id : group.memberIds)
                if (const DatasetEntry* member = store()->find(id))
                    runs.push_back(member->analysis->dataset);
            m_choices.push_back({QStringLiteral("group:%1:%2").arg(kind, group.name), group.name,
                                 latency, group.analysis, group.color, true, std::move(runs)});
            texts << describe(m_choices.back(), static_cast<int>(group.memberIds.size()));
        }
    }
    // Other groups on offer (grouping turned on, another key, a group finished pooling): start
    // from the groups. Otherwise keep the user's A and B by key, or by label when restored
    // from a workspace (ids are per session).
    QStringList groupKeys;
    for (const Choice& choice : m_choices)
        groupKeys << choice.key;
    const bool regrouped = groupKeys != m_groupKeys;
    m_groupKeys = groupKeys;
    const QString wantedA = !m_wantedA.isEmpty() ? m_wantedA : regrouped ? QString() : choiceA();
    const QString wantedB = !m_wantedB.isEmpty() ? m_wantedB : regrouped ? QString() : choiceB();
    for (const DatasetEntry& entry : store()->entries()) {
        if (!entry.visible)
            continue;
        m_choices.push_back({QStringLiteral("dataset:%1").arg(entry.id),
                             entry.label,
                             entry.isLatency(),
                             entry.analysis,
                             entry.color,
                             false,
                             {entry.analysis->dataset}});
        texts << describe(m_choices.back(), 0);
    }
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
        // The first two of one kind: groups first when grouping is on, latency before flows.
        a = b = -1;
        for (std::size_t i = 0; i < m_choices.size() && b < 0; ++i)
            for (std::size_t j = i + 1; j < m_choices.size() && b < 0; ++j)
                if (m_choices[i].latency == m_choices[j].latency) {
                    a = static_cast<int>(i);
                    b = static_cast<int>(j);
                }
    }
    for (QComboBox* box : {m_a, m_b}) {
        const QSignalBlocker block(box);
        box->clear();
        for (std::size_t i = 0; i < m_choices.size(); ++i)
            box->addItem(texts[static_cast<int>(i)], m_choices[i].key);
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
    if (a->latency != b->latency) {
        showMessage(tr("A and B must be of the same kind: both latency or both throughput."));
        return;
    }
    const QString signature = signatureOf(*a, *b);
    if (signature == m_computedFrom)
        return; // already shown or on its way
    m_computedFrom = signature;
    m_shownA = *a;
    m_shownB = *b;
    const int generation = ++m_generation;
    const bool latency = a->latency;
    // The datasets a flow's TCP state may be read from (ss samples of the same step).
    std::vector<std::shared_ptr<const DatasetAnalysis>> others;
    if (!latency)
        for (const DatasetEntry& entry : store()->entries())
            if (entry.analysis)
                others.push_back(entry.analysis);
    auto job = [nameA = a->label, nameB = b->label, dataA = a->analysis, dataB = b->analysis,
                runsA = a->runs, runsB = b->runs, latency, others = std::move(others)] {
        Result result;
        std::vector<const Dataset*> runPointers[2];
        for (int side = 0; side < 2; ++side)
            for (const auto& run : side == 0 ? runsA : runsB)
                runPointers[side].push_back(run.get());
        result.runLevel =
            ComparisonReport::withRunLevel({}, runPointers[0], runPointers[1], BootstrapOptions{});
        result.levelNote = ComparisonReport::levelNote(runPointers[0], runPointers[1]).trimmed();
        if (latency) {
            result.latency = std::make_shared<const LatencyComparison>(
                LatencyComparison::of(nameA, dataA->sortedRttMs, nameB, dataB->sortedRttMs));
            return result;
        }
        result.throughput = std::make_shared<const ThroughputComparison>(
            ThroughputComparison::of(nameA, dataA->flows, nameB, dataB->flows));
        std::vector<const Dataset*> datasets;
        for (const auto& other : others)
            datasets.push_back(other->dataset.get());
        result.tcp = std::make_shared<const TcpComparison>(
            TcpComparison::of(nameA, *dataA->dataset, nameB, *dataB->dataset, datasets));
        return result;
    };
    const std::size_t samples =
        latency ? a->analysis->sortedRttMs.size() + b->analysis->sortedRttMs.size() : 0;
    if (samples <= kBackgroundSamples) {
        showComparison(job(), generation);
        return;
    }
    m_computing = true;
    m_status->setText(tr("computing…"));
    m_jobs.run(std::move(job),
               [this, generation](const Result& result) { showComparison(result, generation); });
}

QCustomPlot* CompareView::plot() {
    return m_figures->mainPlot();
}

void CompareView::showComparison(const Result& result, int generation) {
    if (generation != m_generation)
        return; // the user chose something else meanwhile
    m_computing = false;
    m_status->clear();
    m_latency = result.latency;
    m_throughput = result.throughput;
    m_tcp = result.tcp;
    m_tables =
        m_latency ? ComparisonReport::tables(*m_latency) : ComparisonReport::tables(*m_throughput);
    m_tables.insert(m_tables.begin(), result.runLevel.begin(), result.runLevel.end());
    m_levelNote = result.levelNote;
    if (m_tcp && m_tcp->any())
        m_tables.push_back(ComparisonReport::table(*m_tcp));
    const CompareFigures::Side a{m_shownA.label, PlotStyle::toColor(m_shownA.color)};
    const CompareFigures::Side b{m_shownB.label, PlotStyle::toColor(m_shownB.color)};
    if (m_latency)
        m_figures->showLatency(*m_latency, m_shownA.analysis->sortedRttMs,
                               m_shownB.analysis->sortedRttMs, a, b);
    else
        m_figures->showThroughput(*m_throughput, a, b);
    m_summary->setText(m_levelNote.isEmpty()
                           ? summary()
                           : QStringLiteral("<i>%1</i><br>%2")
                                 .arg(m_levelNote.toHtmlEscaped().replace(QLatin1Char('\n'),
                                                                          QStringLiteral("<br>")),
                                      summary().toHtmlEscaped()));
    while (QLayoutItem* item = m_tablesLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    int widest = 0;
    for (const Table& table : m_tables) {
        auto* caption = new QLabel(QStringLiteral("<b>%1</b>").arg(table.caption.toHtmlEscaped()));
        caption->setWordWrap(true);
        m_tablesLayout->addWidget(caption);
        QTableWidget* widget = tableWidget(table, this);
        widest = std::max(widest, widget->sizeHint().width());
        m_tablesLayout->addWidget(widget);
    }
    m_tablesLayout->addStretch(1);
    // As wide as the widest table (the plots take the rest), unless that leaves the plots too
    // little of a small screen: then the tables scroll.
    const int tablesWidth = widest + style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8;
    m_tablesScroll->setMinimumWidth(std::min(tablesWidth, kMaxTablesWidth));
    emit resultReady();
}

void CompareView::showMessage(const QString& text) {
    ++m_generation; // a comparison still running is no longer wanted
    m_computedFrom.clear();
    m_computing = false;
    m_status->clear();
    m_latency.reset();
    m_throughput.reset();
    m_tcp.reset();
    m_tables.clear();
    m_levelNote.clear();
    m_figures->clear();
    m_summary->setText(text);
    while (QLayoutItem* item = m_tablesLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
}

QString CompareView::summary() const {
    if (m_latency)
        return m_latency->summary();
    if (m_throughput)
        return m_throughput->summary();
    return m_summary->text();
}

QString CompareView::tabSeparated() const {
    return TableExport::tabSeparated(m_tables);
}

void CompareView::copyToClipboard() const {
    QApplication::clipboard()->setText(tabSeparated());
}

bool CompareView::exportTo(const QString& path, QString* error) const {
    return TableExport::save(path, m_tables, error);
}

void CompareView::exportWithDialog() {
    if (!m_tables.empty())
        TableExport::saveWithDialog(this, exportName() + QStringLiteral(".csv"), m_tables);
}

std::vector<ChosenComparison> CompareView::chosenComparisons() const {
    if (!m_userChose)
        return {};
    if (!m_wantedA.isEmpty() && !m_wantedB.isEmpty())
        return {{m_wantedA, m_wantedB, m_wantedGroups}};
    const Choice* a = chosen(m_a);
    const Choice* b = chosen(m_b);
    if (!a || !b || a->latency != b->latency)
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
