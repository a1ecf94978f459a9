#pragma once

#include <QString>
#include <QStringList>

namespace wb {

// The order people expect of run names: digit runs compare as numbers, so "run-2" comes before
// "run-10" ("-1, -2, -10", not "-1, -10, -2"). Every place that orders runs, files or groups by
// name uses it, so a list, a figure and a table show runs in one order.
class NaturalOrder {
public:
    // True when a comes before b. Numbers of any length compare by value ("007" as 7); names
    // that differ only in leading zeros keep a fixed order, so this is a strict weak order.
    static bool less(const QString& a, const QString& b);
    static void sort(QStringList* names);
};

} // namespace wb
