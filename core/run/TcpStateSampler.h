#pragma once

#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QTimer>

#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace wb {

// Samples TCP socket state while a step runs: every interval, each command (prefix + ss -tin
// FILTER) is started, and when it ends its output is appended to the log after one line with
// the wall-clock time at which it was started, as `date +%s.%N` prints it:
//
//     1764633228.123456789
//     State Recv-Q Send-Q Local Address:Port Peer Address:Port Process
//     ESTAB 0      0      198.18.0.1:43210   198.18.0.2:5201
//          cubic wscale:7,7 rto:204 rtt:0.1/0.05 ... cwnd:10 ...
//
// The ticks are scheduled against one monotonic clock (tick k at k × interval), so they do
// not drift. Each sample is a process of its own, so nothing blocks the event loop; a few may
// run at once (ss can take longer than a 10 ms interval on a busy machine), and the outputs
// of all commands are written in the order they were started, so the times in the log never
// step back. A tick that finds kMaxInFlight samples of a command still running is skipped
// for that command (counted in skippedTicks()).
class TcpStateSampler : public QObject {
    Q_OBJECT

public:
    TcpStateSampler(std::vector<QStringList> commands, double intervalSeconds,
                    QObject* parent = nullptr);
    ~TcpStateSampler() override;

    // Creates the log as a new file (O_EXCL); false with *why, *taken telling a name in use.
    bool open(const QString& path, bool* taken, QString* why);
    void start();
    // Stops sampling; a sample still running is discarded (its process killed), so the log
    // ends with a whole sample.
    void stop();

    const std::vector<QStringList>& commands() const { return m_commands; }
    QString logPath() const { return m_log.fileName(); }
    int samples() const { return m_samples; }
    // When the log's first sample was started (its first time line), once one was written:
    // the origin of the log's times.
    std::optional<std::chrono::system_clock::time_point> firstSampleStart() const {
        return m_firstSampleStart;
    }
    int skippedTicks() const { return m_skipped; }

    // How a wall-clock time is written: seconds since the epoch with 9 decimals.
    static QString wallTime(std::chrono::system_clock::time_point time);

    static constexpr int kMaxInFlight = 4;

signals:
    // Once per kind of problem: a command that cannot start or that fails.
    void problem(const QString& text);
    // The log could not take a sample (a full disk): sampling has stopped.
    void writeFailed(const QString& why);

private:
    struct Source;
    struct Sample {
        Source* source = nullptr;
        std::unique_ptr<QProcess> process;
        std::chrono::system_clock::time_point startedAt;
        QByteArray output;
        bool done = false;
        bool ok = false;
    };
    struct Source {
        QStringList command;
        int inFlight = 0;
        bool reported = false;
    };

    void tick();
    void sample(Source& source);
    void onSampleFinished(QProcess* process, int exitCode, QProcess::ExitStatus status);
    // Writes the finished samples at the front of the queue, in the order started.
    void writeFinished();

    std::vector<QStringList> m_commands;
    std::vector<std::unique_ptr<Source>> m_sources;
    std::deque<Sample> m_queue; // every command's samples, in the order started
    qint64 m_intervalNs;
    QElapsedTimer m_clock;
    qint64 m_tick = 0;
    QTimer m_timer;
    QFile m_log;
    bool m_running = false;
    int m_samples = 0;
    int m_skipped = 0;
    std::optional<std::chrono::system_clock::time_point> m_firstSampleStart;
};

} // namespace wb
