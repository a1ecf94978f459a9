#pragma once

#include <QSocketNotifier>

#include <csignal>
#include <functional>
#include <memory>

namespace wb {

// SIGINT, SIGTERM and SIGHUP delivered on the event loop: the handler only writes the
// signal's number to a pipe (all a handler may safely do), which a QSocketNotifier reads.
// A terminal's Ctrl+C, a service manager's stop, a closed terminal and a logout all reach
// `wirebench-cli run` and the window this way, so they can stop their children and write
// their sidecars. One instance at a time; the previous handlers come back when it goes.
class StopSignals {
public:
    explicit StopSignals(std::function<void(int signal)> onSignal);
    ~StopSignals();
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;

    static QString nameOf(int signal); // "SIGINT"

private:
    static constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

    std::function<void(int)> m_onSignal;
    std::unique_ptr<QSocketNotifier> m_notifier;
    struct sigaction m_previous[std::size(kSignals)] = {};
};

} // namespace wb
