#pragma once

#include <QPointF>
#include <QString>
#include <QStringList>

#include <vector>

class QCustomPlot;

namespace wb {

// The names of the categories at x = 1, 2, … on a plot's bottom axis (one box per run, one
// pair of percentile markers per run), each under its own slot. Run names are long ("QJump:
// shared destination host, ingress port"): written on one line they run into each other, and
// rotated they take half the figure's height. fit() breaks each name between words to its
// slot's width, so the labels take a few lines and the data keeps its height; where that is
// too tall or a word too wide (a column-wide export, names without spaces), in turn: a
// smaller font, names also broken after their '_' or '-', the detail in its short form,
// names shortened in the middle to the lines there is room for (their first line or lines,
// "…", and their end, which tells neighbouring runs apart), then without their detail;
// rotated single lines only when none of these fit or shortening would make two runs' labels
// the same. A shortened label's whole text is toolTipAt() its slot.
class CategoryAxisLabels {
public:
    struct Category {
        QString name;
        QString detail;      // a line under the name ("73 outside (1.5 %)"); may be empty
        QString shortDetail; // the detail where room is short ("(73 out)")
    };

    void setCategories(std::vector<Category> categories);
    // The axis title under the labels, and a shorter one for when the title would not fit
    // the axis on one line (at 8 pt, PlotStyle's smallest one-line title): that one then is
    // on the axis, or (setTitleMayBeNote) the plot's legend, its only entry, each clause on a
    // line, which LegendLayout places over no data: the labels and the data get the title's
    // line. Without a call fit() leaves the title alone.
    void setTitle(const QString& title, const QString& shortTitle);
    // The title's note out of the legend (the plot draws something else now).
    void dropNote(QCustomPlot* plot);
    // Whether a title too long for one line becomes the legend's note (above) or stays on the
    // axis in its short form; the latter unless set (a plot whose legend holds other entries).
    void setTitleMayBeNote(bool may) { m_titleMayBeNote = may; }
    // Fits the labels to the plot's laid-out size; called after every layout
    // (QCustomPlot::afterLayout), the screen's or an export's. Lays the plot out again only
    // when the labels change.
    void fit(QCustomPlot* plot);

    // The labels as on the axis now, one per category.
    const QStringList& shown() const { return m_shown; }
    // The whole name and detail of the category whose label is at `pos` (a pixel of the
    // plot, under its axis rect), for a tooltip; empty elsewhere.
    QString toolTipAt(const QCustomPlot* plot, const QPointF& pos) const;

    // `text` broken as PlotStyle::wrapText(…, breakWords) does into at most `lines` lines of
    // `width` pixels; when it needs more, its first lines - 1 lines, then "…" and as much of
    // its end as fits the last line.
    static QString elideToLines(const QString& text, const QFont& font, double width, int lines);

private:
    // Each true when it changed the axis (and laid the plot out again).
    bool fitTitle(QCustomPlot* plot);
    bool fitLabels(QCustomPlot* plot);

    std::vector<Category> m_categories;
    QString m_title, m_shortTitle;
    QString m_titleShown; // the one of the two on the axis (before PlotStyle fits it)
    QString m_noteShown;  // the title as the legend's note, when it is that
    bool m_titleMayBeNote = false;
    bool m_titleApplied = false; // m_titleShown is on the axis (set since setTitle())
    QStringList m_shown;         // as on the axis now
    bool m_applied = false;      // m_shown is on the axis (set by fit() since setCategories())
    int m_sideMargins = 0;       // left + right margin of the axis rect with unrotated labels
};

} // namespace wb
