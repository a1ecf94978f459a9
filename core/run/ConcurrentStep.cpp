#include "ConcurrentStep.h"

#include "ChildProcess.h"
#include "OutputFolder.h"
#include "RunCommands.h"
#include "files/OutputFile.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>

namespace wb {

namespace {

constexpr int kProgressMs = 250;

QString fileName(const QString& path) {
    return path.isEmpty() ? QString() : QFileInfo(path).fileName();
}

double secondsBetween(std::chrono::system_clock::time_point from,
                      std::chrono::system_clock::time_point to) {
    return std::chrono::duration<double>(to - from).count();
}

} // namespace

// Samples TCP socket state while a step runs: every interval, each command (prefix + ss -tin
// FILTER) is started, and when it ends its output is appended to the log after one line with
// the wall-clock time at which it was read, as `date +%s.%N` prints it:
//
//     1764633228.123456789
//     State Recv-Q Send-Q Local Address:Port Peer Address:Port Process
//     ESTAB 0      0      198.18.0.1:43210   198.18.0.2:5201
//          cubic wscale:7,7 rto:204 rtt:0.1/0.05 ... cwnd:10 ...
//
// The ticks are scheduled against one monotonic clock (tick k at k × interval), so they do
// not drift. Each sample is a process of its own, so nothing blocks the event loop. A command
// has one sample running at a time: two of them on a busy machine can read the kernel in the
// other order than they were started, and a counter that steps back reads as a new
// connection. A tick that finds a command's sample still running is skipped for that command
// (counted in skippedTicks()). A sample's time is when its first output arrived (ss prints
// as it reads), else when it ended; the log holds the samples of every command in that order.
class TcpStateSampler : public QObject {
public:
    using Report = std::function<void(const QString& text)>;

    // problem: once per kind of problem, a command that cannot start or that fails.
    // writeFailed: the log could not take a sample (a full disk); sampling has stopped.
    TcpStateSampler(std::vector<QStringList> commands, double intervalSeconds, Report problem,
                    Report writeFailed)
        : m_commands(std::move(commands)),
          m_intervalNs(static_cast<qint64>(std::llround(intervalSeconds * 1e9))),
          m_problem(std::move(problem)), m_writeFailed(std::move(writeFailed)) {
        m_timer.setSingleShot(true);
        m_timer.setTimerType(Qt::PreciseTimer);
        connect(&m_timer, &QTimer::timeout, this, [this] { tick(); });
        for (const QStringList& command : m_commands) {
            auto source = std::make_unique<Source>();
            source->command = command;
            m_sources.push_back(std::move(source));
        }
    }
    ~TcpStateSampler() override { stop(); }

    // Creates the log as a new file (O_EXCL); false with *why, *taken telling a name in use.
    bool open(const QString& path, bool* taken, QString* why) {
        return OutputFile::createNew(m_log, path, taken, why);
    }

    void start() {
        if (m_running || !m_log.isOpen())
            return;
        m_running = true;
        m_clock.start();
        m_tick = 0;
        tick();
    }

    // Stops sampling; a sample still running is discarded (its process killed), so the log
    // ends with a whole sample.
    void stop() {
        m_running = false;
        m_timer.stop();
        // Samples that ended before the stop are whole: they are kept.
        for (Sample& sample : m_queue)
            if (!sample.done) {
                ChildProcess::killNow(sample.process.get(), this);
                sample.done = true;
                sample.ok = false;
            }
        writeFinished();
        m_queue.clear();
        for (auto& source : m_sources)
            source->inFlight = false;
        m_log.close();
    }

    const std::vector<QStringList>& commands() const { return m_commands; }
    QString logPath() const { return m_log.fileName(); }
    int samples() const { return m_samples; }
    // When the log's first sample was read (its first time line), once one was written: the
    // origin of the log's times.
    std::optional<std::chrono::system_clock::time_point> firstSampleStart() const {
        return m_firstSampleStart;
    }
    int skippedTicks() const { return m_skipped; }

    // How a wall-clock time is written: seconds since the epoch with 9 decimals.
    static QString wallTime(std::chrono::system_clock::time_point time) {
        const qint64 ns =
            std::chrono::duration_cast<std::chrono::nanoseconds>(time.time_since_epoch()).count();
        return QStringLiteral("%1.%2")
            .arg(ns / 1000000000)
            .arg(ns % 1000000000, 9, 10, QLatin1Char('0'));
    }

private:
    struct Source;
    struct Sample {
        Source* source = nullptr;
        std::unique_ptr<QProcess> process;
        std::optional<std::chrono::system_clock::time_point> readAt;
        QByteArray output;
        bool done = false;
        bool ok = false;
    };
    struct Source {
        QStringList command;
        bool inFlight = false;
        bool reported = false;
    };

    void tick() {
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

    void sample(Source& source) {
        if (source.inFlight) {
            ++m_skipped;
            return;
        }
        source.inFlight = true;
        m_queue.emplace_back();
        Sample& sample = m_queue.back();
        sample.source = &source;
        sample.process = std::make_unique<QProcess>();
        QProcess* process = sample.process.get();
        ChildProcess::prepare(process);
        connect(process, &QProcess::readyReadStandardOutput, this, [this, process] {
            Sample* running = find(process);
            if (running && !running->readAt)
                running->readAt = std::chrono::system_clock::now();
        });
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
                        m_problem(
                            QStringLiteral("cannot sample TCP state with \"%1\": %2")
                                .arg(RunCommands::display(source.command), process->errorString()));
                    }
                    onSampleFinished(process, -1, QProcess::CrashExit);
                });
        process->start(source.command.front(), source.command.mid(1));
    }

    Sample* find(const QProcess* process) {
        auto it = std::find_if(m_queue.begin(), m_queue.end(), [process](const Sample& sample) {
            return sample.process.get() == process;
        });
        return it == m_queue.end() ? nullptr : &*it;
    }

    void onSampleFinished(QProcess* process, int exitCode, QProcess::ExitStatus status) {
        Sample* it = find(process);
        if (!it || it->done)
            return;
        Source& source = *it->source;
        source.inFlight = false;
        it->done = true;
        if (!it->readAt)
            it->readAt = std::chrono::system_clock::now();
        it->ok = status == QProcess::NormalExit && exitCode == 0;
        it->output = process->readAllStandardOutput();
        if (!it->ok && !source.reported && process->error() != QProcess::FailedToStart) {
            source.reported = true;
            m_problem(QStringLiteral("TCP state sampling \"%1\" failed: %2")
                          .arg(RunCommands::display(source.command),
                               RunCommands::lastLines(process->readAllStandardError())));
        }
        // The process is deleted later: this runs inside its own signal.
        it->process.release()->deleteLater();
        writeFinished();
    }

    // Writes the finished samples in the order they were read, up to the first sample still
    // running that has been read already (one not read yet will be read later than any).
    void writeFinished() {
        std::stable_sort(m_queue.begin(), m_queue.end(), [](const Sample& a, const Sample& b) {
            return a.readAt.value_or(kNotReadYet) < b.readAt.value_or(kNotReadYet);
        });
        while (!m_queue.empty() && m_queue.front().done) {
            const Sample& sample = m_queue.front();
            if (sample.ok && m_log.isOpen()) {
                // One write per sample, flushed: the log always ends with whole samples.
                QString why;
                if (!OutputFile::append(
                        m_log, wallTime(*sample.readAt).toLatin1() + '\n' + sample.output, &why)) {
                    m_running = false;
                    m_timer.stop();
                    m_log.close();
                    m_writeFailed(why);
                    m_queue.pop_front();
                    continue;
                }
                if (!m_firstSampleStart)
                    m_firstSampleStart = sample.readAt;
                ++m_samples;
            }
            m_queue.pop_front();
        }
    }

    static constexpr std::chrono::system_clock::time_point kNotReadYet =
        std::chrono::system_clock::time_point::max();

    std::vector<QStringList> m_commands;
    std::vector<std::unique_ptr<Source>> m_sources;
    std::deque<Sample> m_queue; // every command's samples not written yet
    qint64 m_intervalNs;
    QElapsedTimer m_clock;
    qint64 m_tick = 0;
    QTimer m_timer;
    QFile m_log;
    bool m_running = false;
    int m_samples = 0;
    int m_skipped = 0;
    std::optional<std::chrono::system_clock::time_point> m_firstSampleStart;
    Report m_problem;
    Report m_writeFailed;
};

ConcurrentStep::ConcurrentStep(QString label, std::vector<StepMember> members, QString outputDir,
                               QString fileStem, double sampleSeconds, QObject* parent)
    : QObject(parent), m_label(std::move(label)), m_members(std::move(members)),
      m_outputDir(std::move(outputDir)), m_fileStem(std::move(fileStem)),
      m_sampleSeconds(sampleSeconds) {
    StepMembers::complete(&m_members);
    m_tick.setInterval(kProgressMs);
    connect(&m_tick, &QTimer::timeout, this,
            [this] { emit progress(m_clock.elapsed() / 1000.0, m_expectedSeconds); });
}

ConcurrentStep::~ConcurrentStep() {
    if (running() && !m_recordPath.isEmpty()) {
        if (m_sampler) {
            m_sampler->stop();
            writeSamplerRecord(RunOutcome::statusName(RunOutcome::Status::Cancelled));
            m_sampler.reset();
        }
        // The members' destructors kill their processes and mark their sidecars cancelled.
        m_error = m_error.isEmpty() ? QStringLiteral("Wirebench stopped during the step") : m_error;
        QString ignored; // nobody is left to tell
        writeRecord(RunOutcome::statusName(RunOutcome::Status::Cancelled), &ignored);
    }
}

void ConcurrentStep::start() {
    if (m_started)
        return;
    m_started = true;
    QStringList problems = StepMembers::check(m_members);
    if (const QString problem = StepMembers::checkSampleSeconds(m_sampleSeconds);
        !problem.isEmpty())
        problems << problem;
    QString why;
    if (problems.isEmpty() && !reserveStem(&why))
        problems << why;
    if (!problems.isEmpty()) {
        // Reported from the event loop, so a caller connects before it hears the result.
        QTimer::singleShot(0, this,
                           [this, problems] { fail(problems.join(QStringLiteral("; "))); });
        return;
    }

    m_wallStart = std::chrono::system_clock::now();
    m_clock.start();
    m_runs.resize(m_members.size());
    for (std::size_t i = 0; i < m_members.size(); ++i) {
        RunSpec spec = m_members[i].spec;
        spec.parameters.insert(QStringLiteral("step"), m_stem);
        spec.parameters.insert(QStringLiteral("member"), m_members[i].name);
        if (spec.label.isEmpty())
            spec.label = m_label + QLatin1Char(' ') + m_members[i].name;
        m_expectedSeconds =
            std::max(m_expectedSeconds,
                     m_members[i].startSeconds + RunCommands::build(spec).expectedSeconds);
        auto run = std::make_unique<MeasurementRun>(spec, m_outputDir, m_stem);
        run->setFileSuffix(m_members[i].name);
        const QString name = m_members[i].name;
        connect(run.get(), &MeasurementRun::status, this, [this, name](const QString& text) {
            emit status(QStringLiteral("%1: %2").arg(name, text));
            // A client start is recorded at once: a step killed later still tells it.
            if (!m_done && text.startsWith(QLatin1String("running ")))
                writeRunningRecord();
        });
        connect(run.get(), &MeasurementRun::snapshot, this, [this, i](const LiveSnapshot& growth) {
            emit snapshot(static_cast<int>(i), growth);
        });
        connect(run.get(), &MeasurementRun::finished, this,
                [this, i](const RunOutcome& outcome) { onMemberFinished(i, outcome); });
        m_runs[i].run = std::move(run);
    }

    QStringList skipped;
    std::vector<QStringList> commands = StepMembers::tcpSampleCommands(m_members, &skipped);
    for (const QString& note : skipped) {
        m_notes << note;
        emit status(note);
    }
    if (!commands.empty())
        openSampler(std::move(commands));

    if (!writeRecord(QStringLiteral("running"), &why)) {
        // Nothing has started yet: the step ends before its first member.
        m_status = RunOutcome::Status::Failed;
        m_error = why;
        m_stopping = true;
        QTimer::singleShot(0, this, [this] { finishIfDone(); });
        return;
    }
    m_tick.start();
    for (std::size_t i = 0; i < m_members.size(); ++i) {
        auto timer = std::make_unique<QTimer>();
        timer->setSingleShot(true);
        timer->setTimerType(Qt::PreciseTimer);
        connect(timer.get(), &QTimer::timeout, this, [this, i] { startMember(i); });
        const qint64 dueMs = std::llround(m_members[i].startSeconds * 1000);
        timer->start(static_cast<int>(std::max<qint64>(0, dueMs - m_clock.elapsed())));
        m_startTimers.push_back(std::move(timer));
    }
}

void ConcurrentStep::openSampler(std::vector<QStringList> commands) {
    m_sampler = std::make_unique<TcpStateSampler>(
        std::move(commands), m_sampleSeconds,
        [this](const QString& text) {
            m_notes << text;
            emit status(text);
        },
        [this](const QString& why) { failSoon(why); });
    const QString path = QDir(m_outputDir).filePath(m_stem + QStringLiteral(".ss.log"));
    QFile record;
    bool taken = false;
    QString why;
    if (!m_sampler->open(path, &taken, &why) ||
        !OutputFile::createNew(record, RunSidecar::pathFor(path), &taken, &why)) {
        m_notes << QStringLiteral("TCP state not sampled: cannot create %1: %2").arg(path, why);
        emit status(m_notes.back());
        if (!m_sampler->logPath().isEmpty())
            QFile::remove(m_sampler->logPath());
        m_sampler.reset();
        return;
    }
    m_samplerRecordPath = RunSidecar::pathFor(path);
    writeSamplerRecord(QStringLiteral("running"));
    m_sampler->start();
}

void ConcurrentStep::writeSamplerRecord(const QString& state) {
    RunRecord record;
    record.label = m_label + QStringLiteral(" ss");
    record.status = state;
    record.tool = QStringLiteral("ss");
    record.formatId = QStringLiteral("ss/tcp-info");
    record.command = m_sampler->commands().front();
    record.host = QSysInfo::machineHostName();
    // The origin of the log's times is its first sample, a few ms after the step began.
    const auto origin = m_sampler->firstSampleStart().value_or(m_wallStart);
    record.start = QDateTime::fromMSecsSinceEpoch(
        std::chrono::duration_cast<std::chrono::milliseconds>(origin.time_since_epoch()).count());
    if (!m_members.empty())
        record.parameters = m_members.front().spec.parameters;
    record.parameters.insert(QStringLiteral("step"), m_stem);
    record.parameters.insert(QStringLiteral("member"), QStringLiteral("ss"));
    record.writer = ProcessIdentity::current();
    if (state != QLatin1String("running"))
        record.end = QDateTime::currentDateTime();
    QString why;
    if (!RunSidecar::write(m_samplerRecordPath, record, &why))
        emit status(why);
}

bool ConcurrentStep::reserveStem(QString* why) {
    using StemTry = OutputFolder::StemTry;
    return OutputFolder::claimStem(
        m_outputDir, m_fileStem,
        [this](const QDir& dir, const QString& stem, QString* failure) {
            // Every file the step will write is still free, so its members keep one stem;
            // each is created O_EXCL again when it is written.
            QStringList names{stem + QStringLiteral(".ss.log"),
                              stem + QStringLiteral(".ss.run.json")};
            for (const StepMember& member : m_members) {
                for (const char* suffix : {".log", ".run.json", ".server.log"})
                    names << stem + QLatin1Char('.') + member.name + QLatin1String(suffix);
            }
            const bool taken = std::any_of(names.begin(), names.end(), [&](const QString& name) {
                const QFileInfo info(dir.filePath(name));
                return info.exists() || info.isSymLink();
            });
            if (taken)
                return StemTry::Taken;
            QFile record;
            bool exists = false;
            const QString path = dir.filePath(stem + QStringLiteral(".run.json"));
            if (OutputFile::createNew(record, path, &exists, failure)) {
                m_stem = stem;
                m_recordPath = path;
                return StemTry::Created;
            }
            if (exists)
                return StemTry::Taken;
            *failure = QStringLiteral("cannot create %1: %2").arg(path, *failure);
            return StemTry::Failed;
        },
        why);
}

void ConcurrentStep::startMember(std::size_t index) {
    Member& member = m_runs[index];
    if (m_stopping || m_done || member.started)
        return;
    member.started = true;
    member.run->start();
}

void ConcurrentStep::markStoppedByDesignCompleted(RunOutcome& outcome) {
    // The member's own sidecar and datasets say so too: a reader of the folder (table,
    // compare) would otherwise take it for a run that did not complete.
    const QString completed = RunOutcome::statusName(RunOutcome::Status::Completed);
    for (Dataset& dataset : outcome.result.datasets)
        dataset.info.extra.insert(QStringLiteral("run_status"), completed);
    QString why;
    std::optional<RunRecord> record = RunSidecar::read(outcome.sidecarPath, &why);
    if (record) {
        record->status = completed;
        record->error.clear();
    }
    if (!record || !RunSidecar::write(outcome.sidecarPath, *record, &why))
        emit status(why);
}

void ConcurrentStep::onMemberFinished(std::size_t index, const RunOutcome& outcome) {
    Member& member = m_runs[index];
    member.outcome = outcome;
    if (member.stoppedByDesign && outcome.status == RunOutcome::Status::Cancelled &&
        outcome.result.report.samples > 0) {
        member.outcome->status = RunOutcome::Status::Completed;
        member.outcome->error.clear();
        markStoppedByDesignCompleted(*member.outcome);
    }
    for (std::size_t j = 0; j < m_runs.size(); ++j) {
        Member& other = m_runs[j];
        if (m_members[j].until != m_members[index].name || other.outcome || m_stopping)
            continue;
        const QString why =
            QStringLiteral("stopped when member \"%1\" ended").arg(m_members[index].name);
        if (other.started) {
            // An irtt member ends by its own duration, which ends with this member's plan.
            if (!StepMembers::stopsWithItsUntil(m_members[j]))
                continue;
            other.stoppedByDesign = true;
            other.run->cancel(why);
        } else {
            m_startTimers[j]->stop();
            RunOutcome notStarted;
            notStarted.status = RunOutcome::Status::Cancelled;
            notStarted.error = QStringLiteral("not started: ") + why;
            other.outcome = notStarted;
        }
    }
    if (outcome.status == RunOutcome::Status::Failed && !m_stopping) {
        m_status = RunOutcome::Status::Failed;
        m_error =
            QStringLiteral("member \"%1\" failed: %2").arg(m_members[index].name, outcome.error);
        emit status(m_error);
        stopAll(m_error);
    }
    finishIfDone();
}

void ConcurrentStep::cancel(const QString& why) {
    if (!running() || m_stopping)
        return;
    m_status = RunOutcome::Status::Cancelled;
    m_error = why;
    emit status(QStringLiteral("cancelling the step"));
    stopAll(why);
    finishIfDone();
}

void ConcurrentStep::writeRunningRecord() {
    QString why;
    if (!writeRecord(QStringLiteral("running"), &why))
        failSoon(why);
}

void ConcurrentStep::failSoon(const QString& why) {
    // From the event loop: this is called inside a member's or the sampler's signal.
    QTimer::singleShot(0, this, [this, why] {
        if (m_stopping || m_done)
            return;
        m_status = RunOutcome::Status::Failed;
        m_error = why;
        emit status(m_error);
        stopAll(m_error);
        finishIfDone();
    });
}

void ConcurrentStep::stopAll(const QString& why) {
    m_stopping = true;
    for (auto& timer : m_startTimers)
        timer->stop();
    for (Member& member : m_runs) {
        if (member.started && !member.outcome)
            member.run->cancel(why);
    }
}

void ConcurrentStep::finishIfDone() {
    if (m_done)
        return;
    const bool allEnded = std::all_of(m_runs.begin(), m_runs.end(), [&](const Member& member) {
        return member.outcome || (!member.started && m_stopping);
    });
    if (!allEnded)
        return;
    m_done = true;
    m_tick.stop();
    if (m_sampler) {
        m_sampler->stop();
        writeSamplerRecord(RunOutcome::statusName(m_status));
    }

    RunOutcome outcome;
    outcome.logPath = m_recordPath;
    outcome.sidecarPath = m_recordPath;
    if (m_sampler)
        outcome.samplesLogPath = m_sampler->logPath();
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        RunOutcome member;
        if (m_runs[i].outcome) {
            member = *m_runs[i].outcome;
        } else {
            member.status = RunOutcome::Status::Cancelled;
            member.error = QStringLiteral("not started: %1").arg(m_error);
        }
        // A member that did not complete although nobody stopped it fails the step.
        if (m_status == RunOutcome::Status::Completed && !member.completed()) {
            m_status = RunOutcome::Status::Failed;
            m_error =
                QStringLiteral("member \"%1\" %2: %3")
                    .arg(m_members[i].name, RunOutcome::statusName(member.status), member.error);
        }
        for (Dataset& dataset : member.result.datasets)
            outcome.result.datasets.push_back(dataset);
        outcome.result.report.samples += member.result.report.samples;
        outcome.members.push_back(std::move(member));
    }
    QString why;
    if (!writeRecord(RunOutcome::statusName(m_status), &why)) {
        // Its last word stays "running": the step did not end as it should have.
        m_status = RunOutcome::Status::Failed;
        m_error = m_error.isEmpty() ? why : m_error + QStringLiteral("; ") + why;
    }
    outcome.status = m_status;
    outcome.error = m_error;
    emit status(RunOutcome::statusName(outcome.status) +
                (outcome.error.isEmpty() ? QString() : QStringLiteral(": ") + outcome.error));
    emit finished(outcome);
}

void ConcurrentStep::fail(const QString& why) {
    m_done = true;
    RunOutcome outcome;
    outcome.status = RunOutcome::Status::Failed;
    outcome.error = why;
    emit status(QStringLiteral("failed: ") + why);
    emit finished(outcome);
}

bool ConcurrentStep::writeRecord(const QString& state, QString* problem) {
    QJsonArray members;
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        const MeasurementRun& run = *m_runs[i].run;
        const RunCommands commands = RunCommands::build(run.spec());
        QJsonObject member{{"name", m_members[i].name},
                           {"tool", runToolProgram(run.spec().tool)},
                           {"start_offset", m_members[i].startSeconds},
                           {"log", fileName(run.logPath())}};
        if (!commands.client.isEmpty()) {
            member.insert(QStringLiteral("command"), QJsonArray::fromStringList(commands.client));
            member.insert(QStringLiteral("command_line"), RunCommands::display(commands.client));
            member.insert(QStringLiteral("sidecar"), fileName(RunSidecar::pathFor(run.logPath())));
        }
        if (!commands.server.isEmpty())
            member.insert(QStringLiteral("server_command"),
                          QJsonArray::fromStringList(commands.server));
        if (const auto start = run.clientStart()) {
            member.insert(QStringLiteral("client_start"), TcpStateSampler::wallTime(*start));
            member.insert(QStringLiteral("client_start_seconds"),
                          secondsBetween(m_wallStart, *start));
        }
        if (const std::optional<RunOutcome>& outcome = m_runs[i].outcome) {
            member.insert(QStringLiteral("status"), RunOutcome::statusName(outcome->status));
            if (!outcome->error.isEmpty())
                member.insert(QStringLiteral("error"), outcome->error);
            if (!outcome->serverLogPath.isEmpty())
                member.insert(QStringLiteral("server_log"), fileName(outcome->serverLogPath));
        } else {
            member.insert(QStringLiteral("status"), m_runs[i].started ? QStringLiteral("running")
                                                                      : QStringLiteral("waiting"));
        }
        members.append(member);
    }
    QJsonObject parameters;
    if (!m_members.empty()) {
        const QMap<QString, QString>& values = m_members.front().spec.parameters;
        for (auto it = values.begin(); it != values.end(); ++it)
            parameters.insert(it.key(), it.value());
    }
    parameters.insert(QStringLiteral("step"), m_stem);
    QJsonObject root{{"wirebench_step", kRecordVersion},
                     {"label", m_label},
                     {"status", state},
                     {"start", TcpStateSampler::wallTime(m_wallStart)},
                     {"start_iso", QDateTime::fromMSecsSinceEpoch(
                                       std::chrono::duration_cast<std::chrono::milliseconds>(
                                           m_wallStart.time_since_epoch())
                                           .count())
                                       .toUTC()
                                       .toString(Qt::ISODateWithMs)},
                     {"parameters", parameters},
                     {"members", members},
                     {"host", QSysInfo::machineHostName()},
                     {"writer", ProcessIdentity::current().toJson()}};
    if (!m_error.isEmpty())
        root.insert(QStringLiteral("error"), m_error);
    if (state != QLatin1String("running"))
        root.insert(QStringLiteral("end"),
                    TcpStateSampler::wallTime(std::chrono::system_clock::now()));
    if (m_sampler) {
        QJsonArray commands;
        for (const QStringList& command : m_sampler->commands())
            commands.append(QJsonArray::fromStringList(command));
        root.insert(QStringLiteral("tcp_state"),
                    QJsonObject{{"log", fileName(m_sampler->logPath().isEmpty()
                                                     ? m_stem + QStringLiteral(".ss.log")
                                                     : m_sampler->logPath())},
                                {"interval", m_sampleSeconds},
                                {"commands", commands},
                                {"samples", m_sampler->samples()},
                                {"skipped_ticks", m_sampler->skippedTicks()}});
    }
    if (!m_notes.isEmpty())
        root.insert(QStringLiteral("notes"), QJsonArray::fromStringList(m_notes));
    QString why;
    if (OutputFile::write(m_recordPath, QJsonDocument(root).toJson(QJsonDocument::Indented), &why))
        return true;
    *problem = QStringLiteral("cannot write %1: %2").arg(m_recordPath, why);
    return false;
}

} // namespace wb
