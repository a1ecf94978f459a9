#include "CliContext.h"
#include "Commands.h"

#include <QCoreApplication>

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace {

const char* const kUsage = R"(Usage: wirebench-cli COMMAND [OPTIONS] FILE...

Commands:
  detect FILE...      name the format and dialect of each log
  stats  FILE...      latency report per file (the QJump artifact's report in text form);
                      for iperf logs, interval bandwidth mean/median/stddev instead
  table  FILE...      one comparison row per file: samples, p50 and p99 in microseconds
                      (latency) or flows, SUM, spread and Jain's fairness (throughput)
  flows  FILE...      per-flow throughput report of iperf/iperf3 logs
  plot   --type cdf|ccdf|timeline|bands|hist|box|flows|timeseries -o OUT.png|.pdf|.svg
         [--width W --height H]
         [--scale S] [--log-x|--linear-x] [--log-y] [--title T] FILE...
                      the workbench's plots, rendered headless. W x H is the figure size
                      (points in PDF/SVG; PNG pixels are W*S x H*S); the default 336 x 240,
                      scale 3, is a paper column at ~300 dpi

  run    [RUN OPTIONS] -o DIR TARGET
                      run ping, iperf or iperf3 against TARGET; the raw log TOOL-TIME.log
                      and its TOOL-TIME.run.json description go to DIR; prints the runs
                      and the `table` summary of their logs
  run    --plan PLAN.json [-o DIR]
                      run every step of an experiment plan (README: Experiment plans)

Run options:
  --tool ping|iperf|iperf3   (default ping)
  ping:   --count N  --interval SECONDS  --size BYTES
  iperf:  --duration SECONDS  --report-interval SECONDS  --streams N  --udp
          --bandwidth RATE (e.g. 10M)  --reverse  --congestion ALGORITHM  --port N
          --json (iperf3 -J)  --start-server
  --client-prefix "ssh node-1"   --server-prefix "ip netns exec ns"
                      run the client / a started server through this command
  --label TEXT        the dataset's label
  Ctrl+C cancels: the partial log is kept and reported.

Options:
  --format text|json|csv|markdown|latex   output format (default text)
  --percentiles 0,1,50,99,100             percentile levels for stats (numpy's linear method)
  --compat qjump                          read logs as the QJump artifact does:
                                          grep "time=" | cut -d= -f4 | cut -d" " -f1,
                                          duplicates counted as samples, < 100 samples is fatal
  -h, --help                              this help

Exit status: 0 success; 1 some file had problems but others were reported;
2 usage error or nothing usable. Problems go to stderr as
"wirebench-cli: FILE: line N: what is wrong".
)";

// plot lives in libwirebench-cli-plot.so (see CMakeLists.txt), so that every other command
// starts with QtCore alone.
struct PlotModule {
    QCoreApplication* (*application)(int& argc, char** argv) = nullptr;
    int (*run)(const QStringList& args, wb::cli::CliContext& context) = nullptr;
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
    }
    if (module->application && module->run)
        return true;
    std::fprintf(stderr, "wirebench-cli: plot is not available: %s\n", dlerror());
    return false;
}

} // namespace

int main(int argc, char** argv) {
    // plot draws with the workbench's views: it needs a GUI application, but no display.
    const bool plotting = argc > 1 && qstrcmp(argv[1], "plot") == 0;
    PlotModule plot;
    if (plotting && !loadPlotModule(&plot))
        return wb::cli::UsageOrNothingUsable;
    std::unique_ptr<QCoreApplication> app(plotting ? plot.application(argc, argv)
                                                   : new QCoreApplication(argc, argv));
    QCoreApplication::setApplicationName(QStringLiteral("wirebench-cli"));
    QStringList args = QCoreApplication::arguments().mid(1);
    wb::cli::CliContext context;
    if (args.isEmpty() || args.front() == QLatin1String("-h") ||
        args.front() == QLatin1String("--help") || args.front() == QLatin1String("help")) {
        context.out() << kUsage;
        return args.isEmpty() ? wb::cli::UsageOrNothingUsable : wb::cli::Success;
    }
    const QString command = args.takeFirst();
    if (args.contains(QLatin1String("--help")) || args.contains(QLatin1String("-h"))) {
        context.out() << kUsage;
        return wb::cli::Success;
    }
    const std::pair<const char*, std::function<int(const QStringList&, wb::cli::CliContext&)>>
        commands[] = {{"detect", wb::cli::runDetect},
                      {"stats", wb::cli::runStats},
                      {"table", wb::cli::runTable},
                      {"flows", wb::cli::runFlows},
                      {"plot", plot.run},
                      {"run", wb::cli::runRun}};
    for (const auto& [name, run] : commands) {
        if (command == QLatin1String(name) && run)
            return run(args, context);
    }
    context.usageError(QStringLiteral("unknown command \"%1\"").arg(command));
    return context.exitCode();
}
