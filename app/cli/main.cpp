#include "CliContext.h"
#include "CommandHelp.h"
#include "Commands.h"
#include "import/NativePath.h"

#include <QCoreApplication>

#include <dlfcn.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

// plot lives in libwirebench-cli-plot.so (see CMakeLists.txt), so that every other command
// starts with QtCore alone.
struct PlotModule {
    QCoreApplication* (*application)(int& argc, char** argv) = nullptr;
    int (*run)(const QStringList& args, wb::cli::CliContext& context) = nullptr;
    int (*report)(const QStringList& args, wb::cli::CliContext& context) = nullptr;
};

// Beside the executable in the build tree, LIBDIR/wirebench when installed. Absolute paths:
// under ASan dlopen runs from the sanitizer's interceptor, which ignores our RUNPATH.
std::vector<std::string> plotModuleCandidates() {
    constexpr const char* kName = "libwirebench-cli-plot.so";
    std::vector<std::string> candidates;
    char exe[4096];
    const ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (length > 0) {
        std::string dir(exe, static_cast<std::size_t>(length));
        dir.erase(dir.find_last_of('/') + 1);
        candidates.push_back(dir + kName);
        candidates.push_back(dir + "../" WIREBENCH_INSTALL_LIBDIR "/wirebench/" + kName);
    }
    candidates.emplace_back(kName); // the RUNPATH, then the loader's search path
    return candidates;
}

bool loadPlotModule(PlotModule* module) {
    void* handle = nullptr;
    for (const std::string& candidate : plotModuleCandidates()) {
        handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (handle)
            break;
    }
    if (handle) {
        module->application = reinterpret_cast<decltype(module->application)>(
            dlsym(handle, "wirebenchPlotApplication"));
        module->run = reinterpret_cast<decltype(module->run)>(dlsym(handle, "wirebenchRunPlot"));
        module->report =
            reinterpret_cast<decltype(module->report)>(dlsym(handle, "wirebenchRunReport"));
    }
    if (module->application && module->run && module->report)
        return true;
    std::fprintf(stderr, "wirebench-cli: plot is not available: %s\n", dlerror());
    return false;
}

// What a command printed must have reached its destination: a report redirected to a full
// disk that exits 0 would look complete.
int checkedOutput(wb::cli::CliContext& context, int exitCode) {
    QTextStream& out = context.out();
    out.flush();
    const bool streamFailed = out.status() != QTextStream::Ok;
    errno = 0;
    if (!streamFailed && std::fflush(stdout) == 0 && !std::ferror(stdout))
        return exitCode;
    const QString reason = streamFailed && out.device() ? out.device()->errorString()
                           : errno != 0 ? QString::fromLocal8Bit(std::strerror(errno))
                                        : QStringLiteral("write error");
    std::fprintf(stderr, "wirebench-cli: cannot write the output: %s\n", qPrintable(reason));
    return wb::cli::UsageOrNothingUsable;
}

} // namespace

int main(int argc, char** argv) {
    // Help before anything is loaded: `plot --help` and `report --help` need no plot module.
    const std::vector<std::string> rawArgs(argv + 1, argv + argc);
    if (rawArgs.empty()) {
        std::fputs(wb::cli::overviewText().c_str(), stdout);
        return wb::cli::UsageOrNothingUsable;
    }
    if (rawArgs.front() == "--version") {
        std::fputs(wb::cli::versionText(WIREBENCH_VERSION).c_str(), stdout);
        return wb::cli::Success;
    }
    if (const std::optional<std::string> help = wb::cli::requestedHelp(rawArgs)) {
        std::fputs(help->c_str(), stdout);
        return wb::cli::Success;
    }
    // plot draws with the workbench's views: it needs a GUI application, but no display.
    const bool plotting =
        argc > 1 && (qstrcmp(argv[1], "plot") == 0 || qstrcmp(argv[1], "report") == 0);
    PlotModule plot;
    if (plotting && !loadPlotModule(&plot))
        return wb::cli::UsageOrNothingUsable;
    std::unique_ptr<QCoreApplication> app(plotting ? plot.application(argc, argv)
                                                   : new QCoreApplication(argc, argv));
    QCoreApplication::setApplicationName(QStringLiteral("wirebench-cli"));
    // By their bytes (NativePath), so that a file name that is not UTF-8 can still be opened;
    // argc and argv are what the application left of them.
    QStringList args;
    for (int i = 1; i < argc; ++i)
        args << wb::NativePath::decode(argv[i]);
    wb::cli::CliContext context;
    const QString command = args.takeFirst();
    const std::pair<const char*, std::function<int(const QStringList&, wb::cli::CliContext&)>>
        commands[] = {{"detect", wb::cli::runDetect},
                      {"stats", wb::cli::runStats},
                      {"table", wb::cli::runTable},
                      {"flows", wb::cli::runFlows},
                      {"compare", wb::cli::runCompare},
                      {"sweep", wb::cli::runSweep},
                      {"plot", plot.run},
                      {"report", plot.report},
                      {"run", wb::cli::runRun},
                      {"export", wb::cli::runExport},
                      {"completion", wb::cli::runCompletion}};
    for (const auto& [name, run] : commands) {
        if (command == QLatin1String(name) && run)
            return checkedOutput(context, run(args, context));
    }
    context.usageError(QStringLiteral("unknown command \"%1\"").arg(command));
    return context.exitCode();
}
