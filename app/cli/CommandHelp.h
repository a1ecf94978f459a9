#pragma once

#include <optional>
#include <string>
#include <vector>

namespace wb::cli {

// One option of a subcommand as --help and the man page show it.
struct OptionHelp {
    const char* flags; // "--format text|json|csv|markdown|latex": names, then any value
    const char* text;
};

// What a subcommand takes and does: the one source of `wirebench-cli --help` (the overview),
// `wirebench-cli CMD --help`, the man page wirebench-cli(1) and the options the command reads
// (OptionParser), so they cannot disagree.
// Plain ASCII, unwrapped: each output wraps it for its medium.
struct CommandHelp {
    const char* name;
    std::vector<const char*> synopses; // what follows "wirebench-cli NAME"; [...] never breaks
    const char* summary;               // the overview's line
    std::vector<const char*> paragraphs;
    std::vector<OptionHelp> options;  // -h, --help is added by the formatters
    const char* exitStatus = nullptr; // when it differs from the common one
};

const std::vector<CommandHelp>& commandHelp();
const CommandHelp* findCommandHelp(const std::string& name);
// A command's options with the one every command has (-h, --help).
std::vector<OptionHelp> optionsOf(const CommandHelp& help);

std::string overviewText();                          // wirebench-cli --help
std::string commandText(const CommandHelp& help);    // wirebench-cli CMD --help
std::string manPage(const std::string& version);     // wirebench-cli(1) in roff
std::string versionText(const std::string& version); // wirebench-cli --version

// The completion script of wirebench-cli for "bash" or "zsh" (CompletionScript.cpp), made from
// commandHelp(): every command, its options and the words an option's value is one of;
// nothing for another shell.
std::optional<std::string> completionScript(const std::string& shell);

// The help the arguments after the program name ask for: the overview for --help, -h or
// help; a command's own for CMD ... --help|-h (before any "--"). Nothing otherwise, or when
// the command is unknown (running it reports that).
std::optional<std::string> requestedHelp(const std::vector<std::string>& args);

} // namespace wb::cli
