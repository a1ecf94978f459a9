#include "files/WorkspaceFile.h"

#include "files/OutputFile.h"
#include "files/SmallFile.h"
#include "import/FileKind.h"
#include "report/DatasetJson.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

namespace wb {

namespace {

// A workspace holds settings and paths, never data; anything this large is some other file
// (a multi-GB raw log opened by mistake) and is refused before it is read into memory.
constexpr qint64 kMaxWorkspaceBytes = 32 * 1024 * 1024;

QString describeType(const QJsonValue& value) {
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QStringLiteral("the number %1").arg(value.toDouble());
    case QJsonValue::String:
        return QStringLiteral("the string \"%1\"").arg(value.toString().left(40));
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

bool isColor(const QString& text) {
    static const QRegularExpression color(QStringLiteral("\\A#[0-9a-fA-F]{6}\\z"));
    return color.match(text).hasMatch();
}

// Reads the members of one JSON object with the types they must have. The first mismatch
// becomes the error, named by its place in the file ("datasets[2].visible") so that a
// hand-edited workspace is easy to fix. After an error every getter returns its default.
class FieldReader {
public:
    FieldReader(const QJsonObject& object, QString where, QString* error)
        : m_object(object), m_where(std::move(where)), m_error(error) {}

    bool ok() const { return m_error->isEmpty(); }

    QString string(const char* key, bool required = false) {
        return typed(key, "a string", &QJsonValue::isString, required,
                     [](const QJsonValue& v) { return v.toString(); });
    }

    bool boolean(const char* key, bool fallback) {
        return typed(
            key, "true or false", &QJsonValue::isBool, false,
            [](const QJsonValue& v) { return v.toBool(); }, fallback);
    }

    // JSON has only doubles; an index or a version must be a whole number that fits an int.
    int count(const char* key, int fallback, int minimum, bool required = false) {
        const QJsonValue value = member(key, required);
        if (!present(value))
            return fallback;
        const double number = value.toDouble(std::numeric_limits<double>::quiet_NaN());
        if (!value.isDouble() || number != std::floor(number) || number < minimum ||
            number > std::numeric_limits<int>::max()) {
            mismatch(key, QStringLiteral("a whole number ≥ %1").arg(minimum), value);
            return fallback;
        }
        return static_cast<int>(number);
    }

    QJsonArray array(const char* key) {
        return typed(key, "an array", &QJsonValue::isArray, false,
                     [](const QJsonValue& v) { return v.toArray(); });
    }

    QJsonObject object(const char* key) {
        return typed(key, "an object", &QJsonValue::isObject, false,
                     [](const QJsonValue& v) { return v.toObject(); });
    }

    QStringList strings(const char* key) {
        QStringList out;
        const QJsonArray items = array(key);
        for (qsizetype i = 0; i < items.size() && ok(); ++i) {
            if (items[i].isString())
                out.append(items[i].toString());
            else
                fail(QStringLiteral("%1[%2]").arg(QLatin1String(key)).arg(i),
                     QStringLiteral("expected a string, found %1").arg(describeType(items[i])));
        }
        return out;
    }

    // Objects keyed by name, e.g. the settings of each view.
    QMap<QString, QJsonObject> objectsByName(const char* key) {
        QMap<QString, QJsonObject> out;
        const QJsonObject items = object(key);
        for (auto it = items.begin(); it != items.end() && ok(); ++it) {
            if (it.value().isObject())
                out.insert(it.key(), it.value().toObject());
            else
                fail(QStringLiteral("%1.%2").arg(QLatin1String(key), it.key()),
                     QStringLiteral("expected an object, found %1").arg(describeType(it.value())));
        }
        return out;
    }

    // Strings keyed by name, e.g. the metadata the user set. A key must not be empty; an empty
    // value says nothing and is left out.
    QMap<QString, QString> stringsByName(const char* key) {
        QMap<QString, QString> out;
        const QJsonObject items = object(key);
        for (auto it = items.begin(); it != items.end() && ok(); ++it) {
            const QString field = QStringLiteral("%1.%2").arg(QLatin1String(key), it.key());
            if (it.key().trimmed().isEmpty())
                fail(field, QStringLiteral("the name is empty"));
            else if (!it.value().isString())
                fail(field,
                     QStringLiteral("expected a string, found %1").arg(describeType(it.value())));
            else if (!it.value().toString().isEmpty())
                out.insert(it.key(), it.value().toString());
        }
        return out;
    }

    void fail(const QString& field, const QString& what) {
        if (ok())
            *m_error = (m_where.isEmpty() ? field : m_where + QLatin1Char('.') + field) +
                       QStringLiteral(": ") + what;
    }

private:
    // The member as convert gives it when `is` says it has the type expected; fallback when
    // it is absent or (then an error) of another type.
    template <typename Convert, typename T = std::invoke_result_t<Convert, QJsonValue>>
    T typed(const char* key, const char* expected, bool (QJsonValue::*is)() const, bool required,
            Convert convert, T fallback = {}) {
        const QJsonValue value = member(key, required);
        if ((value.*is)())
            return convert(value);
        if (present(value))
            mismatch(key, QString::fromUtf8(expected), value);
        return fallback;
    }

    // null counts as absent, so a tool that writes "label": null gets the default.
    static bool present(const QJsonValue& value) { return !value.isUndefined() && !value.isNull(); }

    QJsonValue member(const char* key, bool required = false) {
        if (!ok())
            return QJsonValue::Undefined;
        const QJsonValue value = m_object.value(QLatin1String(key));
        if (required && !present(value))
            fail(QLatin1String(key), QStringLiteral("missing (it is required)"));
        return value;
    }

    void mismatch(const char* key, const QString& expected, const QJsonValue& found) {
        fail(QLatin1String(key),
             QStringLiteral("expected %1, found %2").arg(expected, describeType(found)));
    }

    QJsonObject m_object;
    QString m_where;
    QString* m_error;
};

QString absolutePathOf(const WorkspaceDataset& dataset) {
    // A path "as given" that is relative was given relative to the current folder.
    const QString& given =
        dataset.absoluteSource.isEmpty() ? dataset.source : dataset.absoluteSource;
    return QDir::cleanPath(QFileInfo(given).absoluteFilePath());
}

std::optional<WorkspaceDataset> readDataset(const QJsonValue& value, const QString& where,
                                            const QDir& folder, QString* error) {
    if (!value.isObject()) {
        *error = where + QStringLiteral(": expected an object, found ") + describeType(value);
        return std::nullopt;
    }
    FieldReader reader(value.toObject(), where, error);
    WorkspaceDataset dataset;
    dataset.source = reader.string("path", true);
    const QString storedAbsolute = reader.string("absolutePath");
    dataset.formatId = reader.string("format");
    dataset.indexInFile = reader.count("index", 0, 0);
    dataset.label = reader.string("label");
    dataset.color = reader.string("color");
    dataset.visible = reader.boolean("visible", true);
    dataset.tags = reader.strings("tags");
    dataset.metadata = reader.stringsByName("metadata");
    if (!reader.ok())
        return std::nullopt;
    if (dataset.source.isEmpty())
        reader.fail(QStringLiteral("path"), QStringLiteral("is empty"));
    if (!storedAbsolute.isEmpty() && !QDir::isAbsolutePath(storedAbsolute))
        reader.fail(QStringLiteral("absolutePath"),
                    QStringLiteral("\"%1\" is not an absolute path").arg(storedAbsolute));
    if (!dataset.color.isEmpty() && !isColor(dataset.color))
        reader.fail(QStringLiteral("color"),
                    QStringLiteral("expected a colour like \"#1f77b4\", found \"%1\"")
                        .arg(dataset.color.left(40)));
    if (!reader.ok())
        return std::nullopt;

    // The folder travels with its logs more often than the workspace file travels alone.
    dataset.storedAbsoluteSource = storedAbsolute;
    dataset.absoluteSource = QDir::cleanPath(folder.absoluteFilePath(dataset.source));
    if (!FileKind::exists(dataset.absoluteSource) && !storedAbsolute.isEmpty() &&
        FileKind::exists(storedAbsolute))
        dataset.absoluteSource = QDir::cleanPath(storedAbsolute);
    return dataset;
}

} // namespace

std::optional<Workspace> WorkspaceFile::fromJson(const QByteArray& bytes, const QString& path,
                                                 QString* error) {
    QString problem;
    const auto failed = [&](const QString& what) -> std::optional<Workspace> {
        if (error)
            *error = QDir::toNativeSeparators(path) + QStringLiteral(": ") + what;
        return std::nullopt;
    };

    if (bytes.trimmed().isEmpty())
        return failed(QStringLiteral("the file is empty, not a Wirebench workspace"));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return failed(QStringLiteral("not valid JSON at %1: %2 (a workspace file is JSON)")
                          .arg(jsonErrorPosition(bytes, parseError.offset) +
                                   QStringLiteral(" (byte offset %1)").arg(parseError.offset),
                               parseError.errorString()));
    if (!document.isObject())
        return failed(QStringLiteral("expected a JSON object at the top level, found %1")
                          .arg(document.isArray() ? QStringLiteral("an array")
                                                  : QStringLiteral("a single value")));

    const QJsonObject root = document.object();
    const QJsonValue format = root.value(QLatin1String("format"));
    if (format.toString() != QLatin1String(kFormatName))
        return failed(
            QStringLiteral("not a Wirebench workspace (\"format\" is %1, expected "
                           "\"%2\")")
                .arg(format.isUndefined() ? QStringLiteral("missing") : describeType(format),
                     QLatin1String(kFormatName)));

    FieldReader reader(root, QString(), &problem);
    Workspace workspace;
    // The version decides how the rest reads, so it is checked before any other member.
    workspace.version = reader.count("version", 0, 1, true);
    if (!reader.ok())
        return failed(problem);
    if (workspace.version > Workspace::kCurrentVersion)
        return failed(QStringLiteral("made by a newer Wirebench (version %1); this one reads "
                                     "up to %2")
                          .arg(workspace.version)
                          .arg(Workspace::kCurrentVersion));

    workspace.title = reader.string("title");
    const QJsonArray datasets = reader.array("datasets");
    workspace.viewSettings = reader.objectsByName("views");
    workspace.extra = reader.object("extra");
    if (!reader.ok())
        return failed(problem);

    const QDir folder = QFileInfo(path).absoluteDir();
    for (qsizetype i = 0; i < datasets.size(); ++i) {
        auto dataset =
            readDataset(datasets[i], QStringLiteral("datasets[%1]").arg(i), folder, &problem);
        if (!dataset)
            return failed(problem);
        workspace.datasets.push_back(std::move(*dataset));
    }
    return workspace;
}

QByteArray WorkspaceFile::toJson(const Workspace& workspace, const QString& path, QString* error) {
    const QDir folder = QFileInfo(path).absoluteDir();
    QJsonArray datasets;
    for (std::size_t i = 0; i < workspace.datasets.size(); ++i) {
        const WorkspaceDataset& dataset = workspace.datasets[i];
        // Refuse what load() would refuse: a file that cannot be opened again is worse than
        // a failed save.
        QString problem;
        if (dataset.source.isEmpty() && dataset.absoluteSource.isEmpty())
            problem = QStringLiteral("has no raw log path");
        else if (!dataset.color.isEmpty() && !isColor(dataset.color))
            problem = QStringLiteral("colour \"%1\" is not of the form #rrggbb").arg(dataset.color);
        else if (dataset.indexInFile < 0)
            problem = QStringLiteral("index in file is negative");
        if (!problem.isEmpty()) {
            if (error)
                *error = QStringLiteral("%1: dataset %2 %3")
                             .arg(QDir::toNativeSeparators(path))
                             .arg(i + 1)
                             .arg(problem);
            return {};
        }

        const QString absolute = absolutePathOf(dataset);
        const bool keepStored =
            !dataset.storedAbsoluteSource.isEmpty() && !FileKind::exists(absolute);
        QJsonObject saved{{"path", folder.relativeFilePath(absolute)},
                          {"absolutePath", keepStored ? dataset.storedAbsoluteSource : absolute},
                          {"format", dataset.formatId},
                          {"index", dataset.indexInFile},
                          {"label", dataset.label},
                          {"color", dataset.color},
                          {"visible", dataset.visible},
                          {"tags", QJsonArray::fromStringList(dataset.tags)}};
        QJsonObject metadata;
        for (auto it = dataset.metadata.begin(); it != dataset.metadata.end(); ++it)
            if (!it.value().isEmpty())
                metadata.insert(it.key(), it.value());
        // Only where the user set something: a workspace without any saves as it always did.
        if (!metadata.isEmpty())
            saved.insert(QLatin1String("metadata"), metadata);
        datasets.append(saved);
    }

    const QJsonObject root{{"format", QLatin1String(kFormatName)},
                           {"version", Workspace::kCurrentVersion},
                           {"title", workspace.title},
                           {"datasets", datasets},
                           {"views", DatasetJson::object(workspace.viewSettings)},
                           {"extra", workspace.extra}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool WorkspaceFile::save(const Workspace& workspace, const QString& path, QString* error) {
    const QString name = QDir::toNativeSeparators(path);
    const auto failed = [&](const QString& what) {
        if (error)
            *error = name + QStringLiteral(": cannot save: ") + what;
        return false;
    };

    if (path.isEmpty())
        return failed(QStringLiteral("no file name given"));
    const QFileInfo info(path);
    if (!info.absoluteDir().exists())
        return failed(QStringLiteral("the folder %1 does not exist")
                          .arg(QDir::toNativeSeparators(info.absolutePath())));
    if (info.isDir())
        return failed(QStringLiteral("it is a folder"));

    const QByteArray bytes = toJson(workspace, path, error);
    if (bytes.isEmpty())
        return false;

    // A temporary beside the target, renamed over it only after every byte was written, so
    // a full disk or a crash never leaves half a workspace.
    QString why;
    if (!OutputFile::write(path, bytes, &why))
        return failed(why + QStringLiteral("; the previous file is unchanged"));
    return true;
}

std::optional<Workspace> WorkspaceFile::load(const QString& path, QString* error) {
    const QString name = QDir::toNativeSeparators(path);
    const auto failed = [&](const QString& what) -> std::optional<Workspace> {
        if (error)
            *error = name + QStringLiteral(": ") + what;
        return std::nullopt;
    };

    const QFileInfo info(path);
    if (!info.exists())
        return failed(QStringLiteral("no such file"));
    if (info.isDir())
        return failed(QStringLiteral("is a folder, not a workspace file"));
    if (const QString refusal = FileKind::refusal(path); !refusal.isEmpty())
        return failed(refusal); // a FIFO or a device would block the read below
    if (info.size() > kMaxWorkspaceBytes)
        return failed(QStringLiteral("%1 MiB is far too large for a workspace file (it holds "
                                     "only settings and paths); is this a raw log?")
                          .arg(info.size() / (1024 * 1024)));
    // Bounded read: the size check above can race with a file that is still growing.
    QString why;
    const std::optional<QByteArray> bytes =
        SmallFile::read(path, kMaxWorkspaceBytes, QStringLiteral("a workspace file"), &why);
    if (!bytes)
        return failed(why);
    return fromJson(*bytes, path, error);
}

} // namespace wb
