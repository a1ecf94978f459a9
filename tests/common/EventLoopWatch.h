#pragma once

// For GUI tests and benchmarks: how long the event loop could not run while something went on.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <algorithm>

namespace wb::test {

// Records the longest gap between the ticks of a fast timer: how long the event loop could
// not run (a user's click would have waited that long).
class EventLoopWatch : public QObject {
public:
    EventLoopWatch() {
        m_timer.setInterval(kTickMs);
        connect(&m_timer, &QTimer::timeout, this,
                [this] { m_longest = std::max(m_longest, m_sinceTick.restart() - kTickMs); });
    }
    void start() {
        m_longest = 0;
        m_sinceTick.start();
        m_timer.start();
    }
    qint64 stop() {
        m_timer.stop();
        return m_longest;
    }

private:
    static constexpr int kTickMs = 5;
    QTimer m_timer;
    QElapsedTimer m_sinceTick;
    qint64 m_longest = 0;
};

} // namespace wb::test
