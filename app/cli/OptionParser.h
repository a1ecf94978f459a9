#pragma once

#include <QStringList>

#include <functional>
#include <map>
#include <vector>

namespace wb::cli {

class CliContext;

// Reads a command's arguments by the options its help declares (CommandHelp's flags: the
// names, then a value if a word such as FILE follows), so a command reads exactly the options
// its --help documents. Each option given ("--name VALUE" or "--name=VALUE") calls its handler,
// in the order given; any other argument starting with "-" is an unknown option, the rest
// ("-" alone too) and all after "--" are operands.
class OptionParser {
public:
    // Takes the value ("" for a flag); false after reporting a usage error.
    using Handler = std::function<bool(const QString& value)>;

    OptionParser(const char* command, CliContext& context);
    // Any spelling of a declared option ("-o" or "--output"). Naming one the help does not
    // declare fails every parse, so every test of the command fails with it.
    void on(const QString& name, Handler handler);
    void on(const QString& name, QString* value);
    void on(const QString& name, bool* flag);
    // A finite number from minimum to maximum, else "NAME must be WHAT between MIN and MAX".
    void on(const QString& name, double* value, double minimum, double maximum,
            const QString& what);
    bool declares(const QString& name) const { return m_byName.count(name) > 0; }
    bool parse(const QStringList& args, QStringList* operands);

    QString unknownOption = QStringLiteral("unknown option %1");

private:
    struct Option {
        bool takesValue = false;
        Handler handler; // none: read as unknown
    };
    CliContext& m_context;
    const char* m_command;
    std::vector<Option> m_options;
    std::map<QString, std::size_t> m_byName;
    QStringList m_undeclared;
};

} // namespace wb::cli
