#include "NaturalOrder.h"

#include <algorithm>

namespace wb {

namespace {

// The digit run that starts at `at`, without its leading zeros; `at` moves past it.
QStringView numberAt(const QString& text, qsizetype* at) {
    qsizetype begin = *at;
    qsizetype end = begin;
    while (end < text.size() && text[end].isDigit())
        ++end;
    *at = end;
    while (begin + 1 < end && text[begin] == QLatin1Char('0'))
        ++begin;
    return QStringView(text).mid(begin, end - begin);
}

// <0, 0, >0 as the numbers the digit strings (no leading zeros) stand for compare; a longer
// one is larger, so numbers past any integer type still compare.
int compareNumbers(QStringView a, QStringView b) {
    if (a.size() != b.size())
        return a.size() < b.size() ? -1 : 1;
    return a.compare(b);
}

} // namespace

bool NaturalOrder::less(const QString& a, const QString& b) {
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].isDigit() && b[j].isDigit()) {
            const int order = compareNumbers(numberAt(a, &i), numberAt(b, &j));
            if (order != 0)
                return order < 0;
            continue;
        }
        if (a[i] != b[j])
            return a[i] < b[j];
        ++i;
        ++j;
    }
    if (a.size() - i != b.size() - j) // one is the other with more after it
        return a.size() - i < b.size() - j;
    return a < b; // equal but for leading zeros: a fixed order all the same
}

void NaturalOrder::sort(QStringList* names) {
    std::sort(names->begin(), names->end(), &NaturalOrder::less);
}

} // namespace wb
