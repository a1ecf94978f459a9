#include "Percentiles.h"

#include <algorithm>
#include <cmath>

namespace wb {

Percentiles::Percentiles(std::vector<double> values) : m_sorted(std::move(values)) {
    // NaN breaks the strict weak ordering std::sort needs; numpy answers NaN for such data.
    const auto firstNaN =
        std::remove_if(m_sorted.begin(), m_sorted.end(), [](double v) { return std::isnan(v); });
    m_containsNaN = firstNaN != m_sorted.end();
    m_sorted.erase(firstNaN, m_sorted.end());
    std::sort(m_sorted.begin(), m_sorted.end());
}

double Percentiles::at(double p) const {
    if (m_containsNaN)
        return std::nan("");
    return ofSorted(m_sorted, p);
}

std::vector<double> Percentiles::at(const std::vector<double>& ps) const {
    std::vector<double> result;
    result.reserve(ps.size());
    for (double p : ps)
        result.push_back(at(p));
    return result;
}

double Percentiles::ofSorted(const std::vector<double>& sorted, double p) {
    if (sorted.empty() || std::isnan(p))
        return std::nan("");
    const auto n = static_cast<double>(sorted.size());
    const double virtualIndex = (n - 1) * (p / 100.0);
    if (virtualIndex >= n - 1)
        return sorted.back();
    if (virtualIndex < 0)
        return sorted.front();
    const double previousIndex = std::floor(virtualIndex);
    const auto previous = static_cast<std::size_t>(previousIndex);
    const double a = sorted[previous];
    const double b = sorted[previous + 1];
    const double gamma = virtualIndex - previousIndex;
    // numpy's _lerp: interpolate from the nearer end, which keeps results monotonic and
    // decides the last bit of the answer.
    const double difference = b - a;
    return gamma >= 0.5 ? b - difference * (1 - gamma) : a + difference * gamma;
}

} // namespace wb
