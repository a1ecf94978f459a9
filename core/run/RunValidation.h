#pragma once

#include "RunSpec.h"

#include <QString>
#include <QStringList>

namespace wb {

// What a value handed to a measurement command may contain. Commands are argument lists,
// never shell strings, so locally nothing is re-parsed; but with an ssh prefix the remote
// shell joins and re-splits the words, so every word must also be safe for a shell. One rule
// for both keeps a plan that works locally safe over ssh.
class RunValidation {
public:
    static constexpr int kMaxValueLength = 255;

    // A host name, IPv4 or IPv6 address (optionally with %zone). Empty string = acceptable,
    // else a message naming the problem ("target \"-f\" starts with '-' ...").
    static QString checkTarget(const QString& target);
    // One argument word of a prefix or setup command: no whitespace, control characters,
    // quotes or shell metacharacters, at most kMaxValueLength characters.
    static QString checkWord(const QString& what, const QString& word);
    // A whole command (program + arguments), e.g. a plan's setup step or a transport prefix.
    static QString checkCommand(const QString& what, const QStringList& argv,
                                bool mayBeEmpty = false);
    // The run's extra arguments for its tool: shell-safe words that replace or contradict
    // nothing Wirebench sets (toolOptionProblem).
    static QString checkExtraArguments(const RunSpec& spec);
    // Every problem of a run, in the order of the form's fields; empty = safe to run.
    static QStringList check(const RunSpec& spec);

private:
    // The extra words read the way the tool's getopt reads them (clusters like "-uJ", values
    // attached or in the next word, "--opt=value", long options abbreviated to any unambiguous
    // prefix), and refused when one would replace or contradict what Wirebench sets: the
    // target, the output and its format, the options the run has fields for (count, interval,
    // duration, streams, port, ...), or a way to end the run other than the one Wirebench
    // expects. Empty when acceptable, else a sentence naming the word and why
    // (ExtraArguments.cpp).
    static QString toolOptionProblem(RunTool tool, const QStringList& words);
};

} // namespace wb
