#include "TcpStateSampler.h"

#include "ChildProcess.h"
#include "RunCommands.h"
#include "files/OutputFile.h"

#include <algorithm>
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
    for (Sample& sample : m_queue)
        ChildProcess::killNow(sample.process.get(), this);
    // Samples that ended before the stop are whole: they are kept, up to the first that did not.
    writeFinished();
    m_queue.clear();
    for (auto& source : m_sources)
        source->inFlight = 0;
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
    if (source.inFlight >= kMaxInFlight) {
        ++m_skipped;
        return;
    }
    ++source.inFlight;
    m_queue.emplace_back();
    Sample& sample = m_queue.back();
    sample.source = &source;
    sample.process = std::make_unique<QProcess>();
    QProcess* process = sample.process.get();
    ChildProcess::prepare(process);
    connect(process, &QProcess::finished, this,
            [this, process](int exitCode, QProcess::ExitStatus status) {
                onSampleFinished(process, exitCode, status);
            });
    connect(process, &QProcess::errorOccurred, this,
            [this, &source, process](QProcess::ProcessError error) {
                if (error != QProcess::FailedToStart)
                    return;
                if (!source.reported) {
                    source.reported = true;
                    emit problem(
                        QStringLiteral("cannot sample TCP state with \"%1\": %2")
                            .arg(RunCommands::display(source.command), process->errorString()));
                }
                onSampleFinished(process, -1, QProcess::CrashExit);
            });
    sample.startedAt = std::chrono::system_clock::now();
    process->start(source.command.front(), source.command.mid(1));
}

void TcpStateSampler::onSampleFinished(QProcess* process, int exitCode,
                                       QProcess::ExitStatus status) {
    auto it = std::find_if(m_queue.begin(), m_queue.end(), [process](const Sample& sample) {
        return sample.process.get() == process;
    });
    if (it == m_queue.end() || it->done)
        return;
    Source& source = *it->source;
    --source.inFlight;
    it->done = true;
    it->ok = status == QProcess::NormalExit && exitCode == 0;
    it->output = process->readAllStandardOutput();
    if (!it->ok && !source.reported && process->error() != QProcess::FailedToStart) {
        source.reported = true;
        emit problem(QStringLiteral("TCP state sampling \"%1\" failed: %2")
                         .arg(RunCommands::display(source.command),
                              RunCommands::lastLines(process->readAllStandardError())));
    }
    // The process is deleted later: this runs inside its own signal.
    it->process.release()->deleteLater();
    writeFinished();
}

void TcpStateSampler::writeFinished() {
    while (!m_queue.empty() && m_queue.front().done) {
        const Sample& sample = m_queue.front();
        if (sample.ok && m_log.isOpen()) {
            // One write per sample, flushed: the log always ends with whole samples.
            QString why;
            if (!OutputFile::append(
                    m_log, wallTime(sample.startedAt).toLatin1() + '\n' + sample.output, &why)) {
                m_running = false;
                m_timer.stop();
                m_log.close();
                emit writeFailed(why);
                m_queue.pop_front();
                continue;
            }
            if (!m_firstSampleStart)
                m_firstSampleStart = sample.startedAt;
            ++m_samples;
        }
        m_queue.pop_front();
    }
}

} // namespace wb
