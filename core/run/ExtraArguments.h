#pragma once

#include "RunSpec.h"

#include <QString>
#include <QStringList>

namespace wb {

// The extra arguments a run may add for its tool (RunSpec::extraArgs, e.g. {"-w", "4M"}).
// Read the way the tool's getopt reads them (clusters like "-uJ", values attached or in the
// next word, "--opt=value", long options abbreviated to any unambiguous prefix), and refused
// when one would replace or contradict what Wirebench sets: the target, the output and its
// format, the options the run has fields for (count, interval, duration, streams, port, ...),
// or a way to end the run other than the one Wirebench expects. Words are checked for the
// shell by RunValidation first; this is about what they mean to the tool.
class ExtraArguments {
public:
    // Empty when the words are acceptable, else a sentence naming the word and why.
    static QString problem(RunTool tool, const QStringList& words);
};

} // namespace wb
