#pragma once

#include <QPointer>
#include <QString>
#include <QStringList>

#include <vector>

class QCPAxis;
class QCPAxisRect;
class QCPItemText;
class QCustomPlot;

namespace wb {

// The titles of axis rects stacked on one time axis (lanes): on each lane's value axis, turned
// a quarter, where every lane is tall enough for its title's first line at the smallest size
// PlotStyle fits titles to and the figure is wider than a paper column; else written across the
// top-left corner inside each lane, its lines joined, with the lane's value axis raised (when its
// figure lets the legend raise it, PlotStyle::letLegendRaiseTop) so that no data lie under the
// title. Short lanes then keep whole titles that do not run into each other, and the figure keeps
// the width the turned titles took. Chosen again after every layout (the screen's or an export's).
class LaneTitles {
public:
    // Titles `lanes` of `plot`, which outlives this.
    LaneTitles(QCustomPlot* plot, std::vector<QCPAxisRect*> lanes);

    // One title per lane, lines apart by '\n' (the first names the quantity and its unit).
    // Call after the plot's items were cleared: the titles inside are items of the plot.
    void setTitles(const QStringList& titles);
    // The lane whose top right holds the plot's legend (LegendLayout::setHome): as many
    // entries per row as fit beside its title, and its value axis raised below both.
    void setLegendLane(int lane) { m_legendLane = lane; }
    // An axis of `lane` whose 0..1 scale holds marks at the lane's top (lost requests): its
    // range is kept so that 1 is the bottom of the band the title and legend take there.
    void setTopMarks(int lane, QCPAxis* axis);
    // Whether the titles are inside the lanes now.
    bool inside() const { return m_inside; }
    // The title drawn inside a lane, nullptr while the titles are on the axes.
    QCPItemText* insideTitle(int lane) const;

private:
    void fit();
    // Whether every lane's first title line fits its height turned a quarter.
    bool fitOnAxes() const;
    void raiseBelowTitle(int lane, bool raise);
    // The legend's entries per row fitted beside the title of its lane; whether they changed.
    bool fitLegendBesideTitle();
    // The height at the top of `lane` kept free of data: its title's and the legend's there.
    double topBand(int lane, bool titleInside) const;

    QCustomPlot* m_plot;
    std::vector<QCPAxisRect*> m_lanes;
    QStringList m_titles;
    std::vector<QPointer<QCPItemText>> m_items;
    int m_legendLane = -1;
    std::vector<QPointer<QCPAxis>> m_topMarks; // per lane; null where none
    bool m_inside = false;
    bool m_fitting = false; // fit() lays the plot out again, which emits afterLayout
};

} // namespace wb
