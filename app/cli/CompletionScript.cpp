// The shells' completion of wirebench-cli, made from the one table of commands and options
// (CommandHelp.cpp), so that a new option completes as soon as its help declares it.
#include "CommandHelp.h"

#include <cctype>
#include <sstream>
#include <string_view>

namespace wb::cli {

namespace {

// What an option's value (or a command's operand) completes to.
struct ValueCompletion {
    enum Kind { None, Words, Files, Folders } kind = None;
    std::vector<std::string> words; // Words: the value is one of them
};

// One option as the shells see it: its names and what its value completes to.
struct CompletedOption {
    std::vector<std::string> names; // "-o", "--output"
    bool takesValue = false;
    ValueCompletion value;
    std::string description;
};

std::vector<std::string> split(std::string_view text, char separator) {
    std::vector<std::string> parts;
    std::string part;
    for (const char c : text) {
        if (c == separator) {
            parts.push_back(part);
            part.clear();
        } else {
            part += c;
        }
    }
    parts.push_back(part);
    return parts;
}

bool isWord(const std::string& text) {
    if (text.empty())
        return false;
    for (const char c : text)
        if (!std::islower(static_cast<unsigned char>(c)) &&
            !std::isdigit(static_cast<unsigned char>(c)) && c != '-')
            return false;
    return true;
}

// "OUT.png", "PLAN.json": a name with a file suffix.
bool hasSuffix(const std::string& metavariable) {
    for (std::size_t dot = metavariable.find('.'); dot != std::string::npos;
         dot = metavariable.find('.', dot + 1))
        if (dot + 1 < metavariable.size() &&
            std::islower(static_cast<unsigned char>(metavariable[dot + 1])))
            return true;
    return false;
}

// A metavariable as the help writes it: "csv|jsonl" lists the words; FILE, OUT.png, PLAN.json
// and WORKSPACE name files; DIR a folder; anything else (N, KEY=VALUE, T) is free text.
ValueCompletion completionOf(const std::string& metavariable) {
    ValueCompletion value;
    const std::vector<std::string> alternatives = split(metavariable, '|');
    bool words = alternatives.size() > 1;
    for (const std::string& alternative : alternatives)
        words = words && isWord(alternative);
    if (words) {
        value.kind = ValueCompletion::Words;
        value.words = alternatives;
    } else if (metavariable == "DIR") {
        value.kind = ValueCompletion::Folders;
    } else if (metavariable.find("FILE") != std::string::npos ||
               metavariable.find("WORKSPACE") != std::string::npos || hasSuffix(metavariable)) {
        value.kind = ValueCompletion::Files;
    }
    return value;
}

// The help's text up to its first clause, at most a line's worth of whole words, without what
// a zsh description cannot hold.
std::string shortDescription(std::string_view text) {
    constexpr std::size_t kLongest = 60;
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ';' || c == ':' || (c == ' ' && i + 1 < text.size() && text[i + 1] == '('))
            break;
        if (c == '[' || c == ']' || c == '\'' || c == '\\' || c == '`' || c == '"' || c == '$')
            continue;
        out += c;
    }
    if (out.size() > kLongest) {
        out.resize(kLongest);
        out.erase(out.find_last_of(' '));
    }
    while (!out.empty() && (out.back() == ' ' || out.back() == ','))
        out.pop_back();
    return out;
}

std::vector<CompletedOption> completedOptions(const CommandHelp& help) {
    std::vector<CompletedOption> options;
    for (const OptionHelp& option : optionsOf(help)) {
        CompletedOption completed;
        completed.description = shortDescription(option.text);
        for (std::string word : split(option.flags, ' ')) {
            if (!word.empty() && word.back() == ',')
                word.pop_back();
            if (word.empty())
                continue;
            if (word[0] == '-' && !completed.takesValue) {
                completed.names.push_back(word);
            } else if (!completed.takesValue) {
                completed.takesValue = true;
                completed.value = completionOf(word);
            }
        }
        options.push_back(completed);
    }
    return options;
}

// What a command's operands complete to: the words of a synopsis that is one list of words
// ("bash|zsh"), else files.
ValueCompletion operandsOf(const CommandHelp& help) {
    if (help.synopses.size() == 1) {
        ValueCompletion value = completionOf(help.synopses.front());
        if (value.kind == ValueCompletion::Words)
            return value;
    }
    ValueCompletion files;
    files.kind = ValueCompletion::Files;
    return files;
}

std::string joined(const std::vector<std::string>& words, const char* separator = " ") {
    std::string out;
    for (const std::string& word : words)
        out += (out.empty() ? "" : separator) + word;
    return out;
}

const char* const kHeader = "generated from wirebench-cli's table of commands and options "
                            "(wirebench-cli completion %s); do not edit";

std::string headerLine(const char* shell) {
    char line[200];
    std::snprintf(line, sizeof line, kHeader, shell);
    return std::string("# ") + shell + " completion of wirebench-cli, " + line + '\n';
}

// COMPREPLY for a value: the assignment a bash case branch runs.
std::string bashReply(const ValueCompletion& value) {
    switch (value.kind) {
    case ValueCompletion::Words:
        return "COMPREPLY=($(compgen -W \"" + joined(value.words) + "\" -- \"$cur\"))";
    case ValueCompletion::Files:
        return "COMPREPLY=($(compgen -f -- \"$cur\"))";
    case ValueCompletion::Folders:
        return "COMPREPLY=($(compgen -d -- \"$cur\"))";
    case ValueCompletion::None:
        break;
    }
    return "COMPREPLY=()";
}

std::string bashScript() {
    std::ostringstream out;
    std::vector<std::string> commands;
    for (const CommandHelp& help : commandHelp())
        commands.push_back(help.name);
    out << headerLine("bash") << "_wirebench_cli() {\n"
        << "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
        << "    if [[ $COMP_CWORD -eq 1 ]]; then\n"
        << "        COMPREPLY=($(compgen -W \"" << joined(commands) << " --help --version\" -- "
        << "\"$cur\"))\n"
        << "        return\n"
        << "    fi\n"
        << "    local options operands\n"
        << "    case ${COMP_WORDS[1]} in\n";
    for (const CommandHelp& help : commandHelp()) {
        const std::vector<CompletedOption> options = completedOptions(help);
        std::vector<std::string> names;
        out << "    " << help.name << ")\n        case $prev in\n";
        for (const CompletedOption& option : options) {
            names.insert(names.end(), option.names.begin(), option.names.end());
            if (option.takesValue)
                out << "        " << joined(option.names, "|") << ") " << bashReply(option.value)
                    << "; return ;;\n";
        }
        out << "        esac\n"
            << "        options=\"" << joined(names) << "\"\n"
            << "        operands='" << bashReply(operandsOf(help)) << "'\n"
            << "        ;;\n";
    }
    out << "    *) return ;;\n"
        << "    esac\n"
        << "    if [[ $cur == -* ]]; then\n"
        << "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
        << "    else\n"
        << "        eval \"$operands\"\n"
        << "    fi\n"
        << "}\n"
        << "complete -o filenames -F _wirebench_cli wirebench-cli\n";
    return out.str();
}

// The action of a zsh _arguments spec for a value.
std::string zshAction(const ValueCompletion& value) {
    switch (value.kind) {
    case ValueCompletion::Words:
        return "(" + joined(value.words) + ")";
    case ValueCompletion::Files:
        return "_files";
    case ValueCompletion::Folders:
        return "_files -/";
    case ValueCompletion::None:
        break;
    }
    return " ";
}

std::string zshScript() {
    std::ostringstream out;
    out << "#compdef wirebench-cli\n"
        << headerLine("zsh") << "_wirebench_cli() {\n"
        << "  local -a commands\n"
        << "  commands=(\n";
    for (const CommandHelp& help : commandHelp())
        out << "    '" << help.name << ':' << shortDescription(help.summary) << "'\n";
    out << "  )\n"
        << "  if (( CURRENT == 2 )); then\n"
        << "    _describe -t commands 'wirebench-cli command' commands\n"
        << "    compadd -- --help --version\n"
        << "    return\n"
        << "  fi\n"
        << "  local command=${words[2]}\n"
        << "  words=(${words[1]} ${words[3,-1]})\n"
        << "  (( CURRENT-- ))\n"
        << "  case $command in\n";
    for (const CommandHelp& help : commandHelp()) {
        out << "  " << help.name << ")\n    _arguments -S \\\n";
        for (const CompletedOption& option : completedOptions(help)) {
            const std::string names = option.names.size() == 1
                                          ? "'*" + option.names.front()
                                          : "'*'{" + joined(option.names, ",") + "}'";
            out << "      " << names << '[' << option.description << ']';
            if (option.takesValue)
                out << ":value:" << zshAction(option.value);
            out << "' \\\n";
        }
        const ValueCompletion operands = operandsOf(help);
        out << "      '*:" << (operands.kind == ValueCompletion::Words ? "word" : "file") << ':'
            << zshAction(operands) << "'\n"
            << "    ;;\n";
    }
    out << "  esac\n"
        << "}\n"
        << "_wirebench_cli \"$@\"\n";
    return out.str();
}

} // namespace

std::optional<std::string> completionScript(const std::string& shell) {
    if (shell == "bash")
        return bashScript();
    if (shell == "zsh")
        return zshScript();
    return std::nullopt;
}

} // namespace wb::cli
