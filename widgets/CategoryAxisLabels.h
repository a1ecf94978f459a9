#pragma once

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
// smaller font, names also broken after their '_' or '-', the detail in its short form;
// rotated single lines only when none of these fit (many runs).
class CategoryAxisLabels {
public:
    struct Category {
        QString name;
        QString detail;      // a line under the name ("73 outside (1.5 %)"); may be empty
        QString shortDetail; // the detail where room is short ("(73 out)")
    };

    void setCategories(std::vector<Category> categories);
    // Fits the labels to the plot's laid-out size; called after every layout
    // (QCustomPlot::afterLayout), the screen's or an export's. Lays the plot out again only
    // when the labels change.
    void fit(QCustomPlot* plot);

private:
    std::vector<Category> m_categories;
    QStringList m_shown;    // as on the axis now
    bool m_applied = false; // m_shown is on the axis (set by fit() since setCategories())
    int m_sideMargins = 0;  // left + right margin of the axis rect with unrotated labels
};

} // namespace wb
