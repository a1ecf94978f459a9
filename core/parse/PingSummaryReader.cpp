#include "PingSummaryReader.h"

#include "TextScan.h"

namespace wb {

using namespace scan;

bool readPingSummary(std::string_view body, PingSummary& summary) {
    if (contains(body, "packets transmitted")) {
        // iputils: "5 packets transmitted, 5 received, +4 duplicates, +3 errors, 0% packet
        //           loss, time 4017ms"
        // BSD/BusyBox: "... 9 packets received, 2 duplicates, 10% packet loss"
        std::string_view rest = body;
        summary.transmitted = takeInt(rest);
        summary.received = intAfter(body, ", ");
        if (auto dup = after(body, " duplicates")) {
            std::string_view head = body.substr(0, body.size() - dup->size() - 11);
            const std::size_t start = head.find_last_of(" +");
            std::string_view number = head.substr(start + 1);
            summary.duplicates = takeInt(number);
        }
        if (auto err = after(body, " errors")) {
            std::string_view head = body.substr(0, body.size() - err->size() - 7);
            std::string_view number = head.substr(head.find_last_of(" +") + 1);
            summary.errors = takeInt(number);
        }
        if (auto loss = after(body, "% packet loss")) {
            std::string_view head = body.substr(0, body.size() - loss->size() - 13);
            std::string_view number = head.substr(head.find_last_of(' ') + 1);
            summary.lossPercent = takeDouble(number);
        }
        summary.timeMs = doubleAfter(body, ", time ");
        return true;
    }
    if (contains(body, "min/avg/max")) {
        // "rtt min/avg/max/mdev = a/b/c/d ms[, pipe 2, ...]" or "round-trip min/avg/max = a/b/c ms"
        auto values = after(body, "= ");
        if (!values)
            return false;
        std::string_view rest = *values;
        std::optional<double>* fields[] = {&summary.rttMin, &summary.rttAvg, &summary.rttMax,
                                           &summary.rttDeviation};
        for (auto* field : fields) {
            *field = takeDouble(rest);
            if (rest.empty() || rest.front() != '/')
                break;
            rest.remove_prefix(1);
        }
        return true;
    }
    return false;
}

} // namespace wb
