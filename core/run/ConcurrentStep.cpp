#include "ConcurrentStep.h"

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
    m_sampler = std::make_unique<TcpStateSampler>(std::move(commands), m_sampleSeconds);
    connect(m_sampler.get(), &TcpStateSampler::problem, this, [this](const QString& text) {
        m_notes << text;
        emit status(text);
    });
    connect(m_sampler.get(), &TcpStateSampler::writeFailed, this, &ConcurrentStep::failSoon);
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

void ConcurrentStep::onMemberFinished(std::size_t index, const RunOutcome& outcome) {
    Member& member = m_runs[index];
    member.outcome = outcome;
    if (member.stoppedByDesign && outcome.status == RunOutcome::Status::Cancelled &&
        outcome.result.report.samples > 0) {
        member.outcome->status = RunOutcome::Status::Completed;
        member.outcome->error.clear();
    }
    for (std::size_t j = 0; j < m_runs.size(); ++j) {
        Member& other = m_runs[j];
        if (m_members[j].until != m_members[index].name || other.outcome || m_stopping)
            continue;
        const QString why =
            QStringLiteral("stopped when member \"%1\" ended").arg(m_members[index].name);
        if (other.started) {
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
