#include "CliContext.h"
#include "CommandHelp.h"
#include "Commands.h"
#include "OptionParser.h"

namespace wb::cli {

int runCompletion(const QStringList& args, CliContext& context) {
    OptionParser parser("completion", context);
    QStringList operands;
    if (!parser.parse(args, &operands))
        return context.exitCode();
    const std::optional<std::string> script =
        operands.size() == 1 ? completionScript(operands.front().toStdString()) : std::nullopt;
    if (!script) {
        context.usageError(QStringLiteral("completion needs one shell: bash or zsh"));
        return context.exitCode();
    }
    context.out() << QString::fromStdString(*script);
    context.fileReported();
    return context.exitCode();
}

} // namespace wb::cli
