#pragma once

#include "ExperimentPlan.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace wb {

// A host or network namespace a plan's step names, and the prefix that runs a command there.
struct StepPlace {
    QString name;       // the namespace's name, the prefix as written, or "this host"
    QStringList prefix; // empty for the machine Wirebench runs on
};

// The places whose queues a step's traffic may cross: the client's and the server's (from
// their prefixes, of every member of a concurrent step; a server's when it has a prefix or is
// started) and every network namespace the setup
// commands name (`ip netns add|exec NAME`, `ip -n NAME`, `ip -netns NAME`), so that a router
// namespace in the middle is found too, not only the two ends.
class StepPlaces {
public:
    static std::vector<StepPlace> of(const PlanStep& step);
    // The namespaces an `ip` command line names, in order; none for any other command.
    static QStringList namespacesIn(const QStringList& argv);
    // prefix + `tc -s qdisc show`: every qdisc of the place with its drop and backlog counters.
    static QStringList qdiscReading(const StepPlace& place);
};

} // namespace wb
