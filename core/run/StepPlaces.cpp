#include "StepPlaces.h"

#include "RunCommands.h"

#include <QFileInfo>

namespace wb {

namespace {

const QStringList& namespacePrefix() {
    static const QStringList prefix{QStringLiteral("ip"), QStringLiteral("netns"),
                                    QStringLiteral("exec")};
    return prefix;
}

QStringList prefixFor(const QString& netns) {
    return namespacePrefix() + QStringList{netns};
}

// A prefix `ip netns exec NAME` is named after its namespace; another (ssh node-1) as written.
StepPlace placeOf(const QStringList& prefix) {
    if (prefix.isEmpty())
        return {QStringLiteral("this host"), prefix};
    if (prefix.size() == 4 && prefix.mid(0, 3) == namespacePrefix())
        return {prefix[3], prefix};
    return {RunCommands::display(prefix), prefix};
}

void addPlace(std::vector<StepPlace>* places, const StepPlace& place) {
    for (const StepPlace& known : *places)
        if (known.prefix == place.prefix)
            return;
    places->push_back(place);
}

} // namespace

QStringList StepPlaces::namespacesIn(const QStringList& argv) {
    QStringList names;
    if (argv.isEmpty() || QFileInfo(argv.front()).fileName() != QLatin1String("ip"))
        return names;
    for (qsizetype i = 1; i + 1 < argv.size(); ++i) {
        const QString& word = argv[i];
        if (word == QLatin1String("-n") || word == QLatin1String("-netns") ||
            word == QLatin1String("--netns")) {
            names << argv[i + 1];
            ++i;
        } else if (word == QLatin1String("netns") && i + 2 < argv.size() &&
                   (argv[i + 1] == QLatin1String("add") || argv[i + 1] == QLatin1String("exec"))) {
            names << argv[i + 2];
            break; // what follows `exec NAME` is the command run there
        } else if (!word.startsWith(QLatin1Char('-'))) {
            break; // the object (link, addr, route...): options came before it
        }
    }
    names.removeDuplicates();
    return names;
}

std::vector<StepPlace> StepPlaces::of(const PlanStep& step) {
    std::vector<StepPlace> places;
    std::vector<const RunSpec*> specs;
    if (step.members.empty())
        specs.push_back(&step.spec);
    for (const StepMember& member : step.members)
        specs.push_back(&member.spec);
    for (const RunSpec* spec : specs)
        addPlace(&places, placeOf(spec->clientPrefix));
    for (const QStringList& command : step.setup)
        for (const QString& netns : namespacesIn(command))
            addPlace(&places, {netns, prefixFor(netns)});
    for (const RunSpec* spec : specs)
        if (spec->startServer || !spec->serverPrefix.isEmpty())
            addPlace(&places, placeOf(spec->serverPrefix));
    return places;
}

QStringList StepPlaces::qdiscReading(const StepPlace& place) {
    return place.prefix + QStringList{QStringLiteral("tc"), QStringLiteral("-s"),
                                      QStringLiteral("qdisc"), QStringLiteral("show")};
}

} // namespace wb
