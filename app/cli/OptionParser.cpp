#include "OptionParser.h"

#include "CliContext.h"
#include "CommandHelp.h"

#include <cmath>

namespace wb::cli {

OptionParser::OptionParser(const char* command, CliContext& context)
    : m_context(context), m_command(command) {
    for (const OptionHelp& help : findCommandHelp(command)->options) {
        Option option;
        for (const QString& word : QString::fromLatin1(help.flags).split(QLatin1Char(' '))) {
            if (word.startsWith(QLatin1Char('-')))
                m_byName[word.chopped(word.endsWith(QLatin1Char(',')) ? 1 : 0)] = m_options.size();
            else
                option.takesValue = true;
        }
        m_options.push_back(option);
    }
}

void OptionParser::on(const QString& name, Handler handler) {
    if (declares(name))
        m_options[m_byName.at(name)].handler = std::move(handler);
    else
        m_undeclared << name;
}

void OptionParser::on(const QString& name, QString* value) {
    on(name, [value](const QString& text) {
        *value = text;
        return true;
    });
}

void OptionParser::on(const QString& name, bool* flag) {
    on(name, [flag](const QString&) { return *flag = true; });
}

void OptionParser::on(const QString& name, double* value, double minimum, double maximum,
                      const QString& what) {
    on(name, [=](const QString& text) {
        bool ok = false;
        *value = text.toDouble(&ok);
        // toDouble takes "nan", "inf" and "1e999" as numbers; no option wants them.
        if (ok && std::isfinite(*value) && *value >= minimum && *value <= maximum)
            return true;
        m_context.usageError(
            QStringLiteral("%1 must be %2 between %3 and %4 (got \"%5\")")
                .arg(name, what, QString::number(minimum), QString::number(maximum), text));
        return false;
    });
}

bool OptionParser::parse(const QStringList& args, QStringList* operands) {
    for (const QString& name : m_undeclared)
        m_context.usageError(QStringLiteral("internal error: %1 reads %2, which its help does "
                                            "not declare")
                                 .arg(QLatin1String(m_command), name));
    for (int i = 0; i < args.size() && m_undeclared.isEmpty(); ++i) {
        const QString& arg = args[i];
        if (arg == QLatin1String("--")) {
            *operands += args.mid(i + 1);
            break;
        }
        if (!arg.startsWith(QLatin1Char('-')) || arg.size() == 1) {
            *operands << arg;
            continue;
        }
        const QString name = arg.section(QLatin1Char('='), 0, 0);
        const Option* option = declares(name) ? &m_options[m_byName.at(name)] : nullptr;
        const bool inlineValue = name.size() < arg.size();
        if (!option || !option->handler || (inlineValue && !option->takesValue)) {
            m_context.usageError(unknownOption.arg(arg));
            return false;
        }
        if (option->takesValue && !inlineValue && i + 1 >= args.size()) {
            m_context.usageError(QStringLiteral("%1 needs a value").arg(arg));
            return false;
        }
        const QString value = !option->takesValue ? QString()
                              : inlineValue       ? arg.mid(name.size() + 1)
                                                  : args[++i];
        if (!option->handler(value))
            return false;
    }
    return m_undeclared.isEmpty();
}

} // namespace wb::cli
