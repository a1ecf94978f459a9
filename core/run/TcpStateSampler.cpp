#include "TcpStateSampler.h"

#include "ChildProcess.h"
#include "RunCommands.h"
#include "io/OutputFile.h"

#include <cmath>

namespace wb {

TcpStateSampler::TcpStateSampler(std::vector<QStringList> commands, double intervalSeconds,
                                 QObject* parent)
    : QObject(parent), m_commands(std::move(commands)),
      m_intervalNs(static_cast<qint64>(std::llround(intervalSeconds * 1e9))) {
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &TcpStateSampler::tick);
    for (const QStringList& command : m_commands) {
        auto source = std::make_unique<Source>();
        source->command = command;
        m_sources.push_back(std::move(source));
    }
}

TcpStateSampler::~TcpStateSampler() {
    stop();
}

bool TcpStateSampler::open(const QString& path, bool* taken, QString* why) {
    return OutputFile::createNew(m_log, path, taken, why);
}

QString TcpStateSampler::wallTime(std::chrono::system_clock::time_point time) {
    const qint64 ns =
        std::chrono::duration_cast<std::chrono::nanoseconds>(time.time_since_epoch()).count();
    return QStringLiteral("%1.%2")
        .arg(ns / 1000000000)
        .arg(ns % 1000000000, 9, 10, QLatin1Char('0'));
}

void TcpStateSampler::start() {
    if (m_running || !m_log.isOpen())
        return;
    m_running = true;
    m_clock.start();
    m_tick = 0;
    tick();
}

void TcpStateSampler::stop() {
    m_running = false;
    m_timer.stop();
    for (auto& source : m_sources) {
        if (source->process && source->process->state() != QProcess::NotRunning) {
            source->process->disconnect(this);
            ChildProcess::killNow(source->process.get());
        }
        source->process.reset();
    }
    m_log.close();
}

void TcpStateSampler::tick() {
    if (!m_running)
        return;
    for (auto& source : m_sources)
        sample(*source);
    // The next tick on the grid k × interval that is still ahead: a late event loop skips
    // ticks rather than firing them in a burst.
    const qint64 now = m_clock.nsecsElapsed();
    qint64 next = m_tick + 1;
    if (next * m_intervalNs <= now) {
        const qint64 ahead = now / m_intervalNs + 1;
        m_skipped += static_cast<int>((ahead - next) * static_cast<qint64>(m_sources.size()));
        next = ahead;
    }
    m_tick = next;
    const qint64 waitNs = next * m_intervalNs - now;
    m_timer.start(static_cast<int>((waitNs + 999999) / 1000000));
}

void TcpStateSampler::sample(Source& source) {
    if (source.process && source.process->state() != QProcess::NotRunning) {
        ++m_skipped;
        return;
    }
    source.process = std::make_unique<QProcess>();
    QProcess* process = source.process.get();
    ChildProcess::prepare(process);
    connect(process, &QProcess::finished, this,
            [this, &source](int exitCode, QProcess::ExitStatus status) {
                onSampleFinished(source, exitCode, status);
            });
    connect(process, &QProcess::errorOccurred, this, [this, &source](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart || source.reported)
            return;
        source.reported = true;
        emit problem(QStringLiteral("cannot sample TCP state with \"%1\": %2")
                         .arg(RunCommands::display(source.command), source.process->errorString()));
    });
    source.startedAt = wallTime(std::chrono::system_clock::now());
    process->start(source.command.front(), source.command.mid(1));
}

void TcpStateSampler::onSampleFinished(Source& source, int exitCode, QProcess::ExitStatus status) {
    const QByteArray output = source.process->readAllStandardOutput();
    if (status != QProcess::NormalExit || exitCode != 0) {
        if (!source.reported) {
            source.reported = true;
            emit problem(QStringLiteral("TCP state sampling \"%1\" failed: %2")
                             .arg(RunCommands::display(source.command),
                                  RunCommands::lastLines(source.process->readAllStandardError())));
        }
        return;
    }
    if (!m_log.isOpen())
        return;
    // One write per sample, flushed: the log always ends with whole samples.
    m_log.write(source.startedAt.toLatin1() + '\n' + output);
    m_log.flush();
    ++m_samples;
}

} // namespace wb
