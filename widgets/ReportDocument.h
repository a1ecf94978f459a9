#pragma once

#include "PlotExporter.h"
#include "report/TableWriter.h"

#include <QString>

#include <vector>

class QCustomPlot;

namespace wb {

// One piece of a report, in reading order. Figures and tables carry their number and
// caption; sections carry their number and title.
struct ReportBlock {
    enum class Kind { Section, Subsection, Paragraph, Figure, Table };

    Kind kind = Kind::Paragraph;
    int number = 0;              // subsections: the number within their section
    QString text;                // section title, paragraph, or the caption of a figure or table
    QString anchor;              // figures: the view's export name, an id in the HTML
    QCustomPlot* plot = nullptr; // Figure; drawn through PlotExporter
    ExportOptions size;          // Figure: its size in points, drawn through PlotExporter
    Table table;                 // Table
};

// A report laid out as blocks, built once (ReportWriter) and drawn by both the PDF and the
// HTML writer, so the two always hold the same figures, tables and numbers.
struct ReportDocument {
    // Captions of figures and tables, in both writers; no text in a figure is smaller.
    static constexpr double kCaptionPoints = 8.5;

    QString title;
    QString subtitle;
    std::vector<ReportBlock> blocks;

    void addSection(const QString& title) {
        m_subsections = 0;
        blocks.push_back({ReportBlock::Kind::Section, ++m_sections, title, {}, nullptr, {}, {}});
    }
    void addSubsection(const QString& title) {
        blocks.push_back(
            {ReportBlock::Kind::Subsection, ++m_subsections, title, {}, nullptr, {}, {}});
    }
    void addParagraph(const QString& text) {
        blocks.push_back({ReportBlock::Kind::Paragraph, 0, text, {}, nullptr, {}, {}});
    }
    void addFigure(QCustomPlot* plot, const ExportOptions& size, const QString& caption,
                   const QString& anchor) {
        blocks.push_back({ReportBlock::Kind::Figure, ++m_figures, caption, anchor, plot, size, {}});
    }
    void addTable(const Table& table) {
        blocks.push_back(
            {ReportBlock::Kind::Table, ++m_tables, table.caption, {}, nullptr, {}, table});
    }

private:
    int m_sections = 0;
    int m_subsections = 0;
    int m_figures = 0;
    int m_tables = 0;
};

} // namespace wb
