#pragma once

#include <QLabel>
#include <QStringList>

namespace wb {

// What the groups a figure or table shows pool besides their key
// (DatasetGroups::mixWarning: "congestion_control=cubic: pools -P 1 and -P 30 runs"), one
// line each after "⚠", in the warning orange made readable on the window's colour; hidden
// while there is none. It stands beside what it concerns, so nobody reads a pooled group's
// numbers without it.
class GroupWarningLabel : public QLabel {
    Q_OBJECT

public:
    explicit GroupWarningLabel(QWidget* parent = nullptr);

    void setWarnings(const QStringList& warnings);
    const QStringList& warnings() const { return m_warnings; }

    // The same lines as an HTML paragraph, for a table shown as HTML; empty when none.
    static QString html(const QStringList& warnings);
    // The warning orange, readable on `background`.
    static QColor color(const QColor& background);

protected:
    void changeEvent(QEvent* event) override;

private:
    void followPalette();

    QStringList m_warnings;
};

} // namespace wb
