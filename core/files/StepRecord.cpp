#include "StepRecord.h"

#include "files/SmallFile.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace wb {

namespace {

// A step record holds a few members' commands: far below this.
constexpr qint64 kMaxStepRecordBytes = 1 << 20;

// Wall-clock times are written as "SECONDS.NANOSECONDS" (TcpStateSampler::wallTime): the
// whole seconds and the nanoseconds apart, so that differences keep every digit.
struct WallTime {
    qint64 seconds = 0;
    qint64 nanoseconds = 0;

    static std::optional<WallTime> parse(const QString& text) {
        const QStringList parts = text.split(QLatin1Char('.'));
        bool wholeOk = false;
        WallTime time;
        time.seconds = parts.value(0).toLongLong(&wholeOk);
        if (!wholeOk || parts.size() > 2)
            return std::nullopt;
        if (parts.size() == 2) {
            const QString digits = parts[1].left(9).leftJustified(9, QLatin1Char('0'));
            bool fractionOk = false;
            time.nanoseconds = digits.toLongLong(&fractionOk);
            if (!fractionOk || parts[1].isEmpty() || time.nanoseconds < 0)
                return std::nullopt;
        }
        return time;
    }
    double secondsSince(const WallTime& earlier) const {
        return double(seconds - earlier.seconds) + double(nanoseconds - earlier.nanoseconds) / 1e9;
    }
};

} // namespace

QString StepRecord::pathFor(const QString& memberLog, const QString& step) {
    return QFileInfo(memberLog).dir().filePath(step + QStringLiteral(".run.json"));
}

std::optional<StepRecord> StepRecord::read(const QString& path, QString* why) {
    QString reason;
    const std::optional<QByteArray> bytes =
        SmallFile::read(path, kMaxStepRecordBytes, QStringLiteral("a step record"), &reason);
    const auto fail = [why](const QString& text) {
        if (why)
            *why = text;
        return std::nullopt;
    };
    if (!bytes)
        return fail(reason);
    QJsonParseError error{};
    const QJsonObject root = QJsonDocument::fromJson(*bytes, &error).object();
    if (error.error != QJsonParseError::NoError)
        return fail(error.errorString());
    const std::optional<WallTime> start =
        WallTime::parse(root.value(QLatin1String("start")).toString());
    if (!root.contains(QLatin1String("wirebench_step")) || !start)
        return fail(QStringLiteral("not a Wirebench step record"));
    StepRecord record;
    if (const auto end = WallTime::parse(root.value(QLatin1String("end")).toString()))
        record.stepSeconds = end->secondsSince(*start);
    record.configured =
        StepConfiguration::fromJson(root.value(QLatin1String("configured")).toObject());
    for (const QJsonValue& value : root.value(QLatin1String("members")).toArray()) {
        const QJsonObject object = value.toObject();
        Member member;
        member.name = object.value(QLatin1String("name")).toString();
        member.plannedOffset = object.value(QLatin1String("start_offset")).toDouble();
        if (const auto client =
                WallTime::parse(object.value(QLatin1String("client_start")).toString()))
            member.startedOffset = client->secondsSince(*start);
        if (!member.name.isEmpty())
            record.members.push_back(member);
    }
    return record;
}

const StepRecord::Member* StepRecord::member(const QString& name) const {
    for (const Member& member : members)
        if (member.name == name)
            return &member;
    return nullptr;
}

void StepRecord::applyTo(const QString& logPath, Dataset& dataset) {
    const QString step = dataset.info.parameters.value(QStringLiteral("step"));
    const QString name = dataset.info.parameters.value(QStringLiteral("member"));
    if (step.isEmpty() || name.isEmpty())
        return;
    const std::optional<StepRecord> record = read(pathFor(logPath, step), nullptr);
    const Member* member = record ? record->member(name) : nullptr;
    if (!member)
        return;
    dataset.info.schedule =
        StepSchedule{member->plannedOffset, member->startedOffset, record->stepSeconds};
}

} // namespace wb
