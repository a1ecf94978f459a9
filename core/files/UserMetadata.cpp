#include "files/UserMetadata.h"

#include "files/SmallFile.h"
#include "stats/DatasetGroups.h"

#include <QDir>
#include <QFileInfo>

namespace wb {

namespace {
// A line per log and key: 64 MiB are hundreds of thousands of logs.
constexpr qint64 kMaxBytes = qint64{64} << 20;
} // namespace

QString UserMetadata::keyOf(const QString& path) {
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(info.absoluteFilePath()) : canonical;
}

std::optional<UserMetadata::Error> UserMetadata::readFile(const QString& path) {
    QString why;
    const std::optional<QByteArray> bytes =
        SmallFile::read(path, kMaxBytes, QStringLiteral("a metadata file"), &why);
    if (!bytes)
        return Error{path, 0, QStringLiteral("cannot read the metadata file: ") + why};
    const QDir folder = QFileInfo(path).absoluteDir();
    QMap<QString, QMap<QString, QString>> byFile;
    std::vector<NamedLog> named;
    std::int64_t number = 0;
    for (qsizetype at = 0; at < bytes->size();) {
        ++number;
        qsizetype end = bytes->indexOf('\n', at);
        end = end < 0 ? bytes->size() : end + 1;
        QString line = QString::fromUtf8(bytes->constData() + at, end - at);
        at = end;
        while (line.endsWith(QLatin1Char('\n')) || line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (line.trimmed().isEmpty() || line.trimmed().startsWith(QLatin1Char('#')))
            continue;
        const QStringList fields = line.split(QLatin1Char('\t'));
        if (fields.size() != 3)
            return Error{path, number,
                         QStringLiteral("expected file<TAB>key<TAB>value, found %1 field%2")
                             .arg(fields.size())
                             .arg(fields.size() == 1 ? "" : "s")};
        const QString log = fields[0].trimmed();
        const QString key = DatasetGroups::canonicalKey(fields[1]);
        if (log.isEmpty() || key.isEmpty())
            return Error{path, number, QStringLiteral("the file and the key must not be empty")};
        const QString logPath = QDir::cleanPath(folder.absoluteFilePath(log));
        byFile[keyOf(logPath)].insert(key, fields[2].trimmed());
        named.push_back({logPath, path, number});
    }
    for (auto it = byFile.begin(); it != byFile.end(); ++it)
        m_byFile[it.key()].insert(it.value());
    m_named.insert(m_named.end(), named.begin(), named.end());
    return std::nullopt;
}

void UserMetadata::setForAll(const QString& key, const QString& value) {
    m_forAll.insert(DatasetGroups::canonicalKey(key), value);
}

bool UserMetadata::hasKey(const QString& key) const {
    const QString k = DatasetGroups::canonicalKey(key);
    if (m_forAll.contains(k))
        return true;
    for (const auto& values : m_byFile)
        if (values.contains(k))
            return true;
    return false;
}

QMap<QString, QString> UserMetadata::of(const QString& path) const {
    QMap<QString, QString> values = m_byFile.value(keyOf(path));
    values.insert(m_forAll);
    return values;
}

std::vector<UserMetadata::NamedLog> UserMetadata::notAmong(const QStringList& read) const {
    QSet<QString> known;
    for (const QString& path : read)
        known.insert(keyOf(path));
    std::vector<NamedLog> out;
    QSet<QString> told;
    for (const NamedLog& log : m_named) {
        const QString key = keyOf(log.path);
        if (!known.contains(key) && !told.contains(key)) {
            told.insert(key);
            out.push_back(log);
        }
    }
    return out;
}

} // namespace wb
