#pragma once

#include <QMap>
#include <QSet>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace wb {

// Metadata the user gives for logs outside the workbench: values for every log (`--set
// KEY=VALUE`) and values per log from a metadata file, a small tab-separated table beside the
// logs:
//
//   # file              key                  value
//   geni-cubic-P30.txt  congestion_control   cubic
//
// one `file<TAB>key<TAB>value` per line, `#` starting a comment line, blank lines ignored,
// file paths relative to the metadata file's folder. Keys are written as grouping spells them
// (DatasetGroups::canonicalKey). A value for every log takes the place of a file's own.
class UserMetadata {
public:
    struct Error {
        QString file;
        std::int64_t line = 0; // 0: the file as a whole
        QString what;
    };
    // A log the metadata file names: where, so that one the command did not read is told.
    struct NamedLog {
        QString path; // absolute, cleaned
        QString metadataFile;
        std::int64_t line = 0;
    };

    // Reads a metadata file; on error leaves this unchanged and returns the error.
    std::optional<Error> readFile(const QString& path);
    // A value for every log.
    void setForAll(const QString& key, const QString& value);
    bool isEmpty() const { return m_forAll.isEmpty() && m_byFile.isEmpty(); }
    // Whether the user gave a value for `key` (any spelling of it) for some log.
    bool hasKey(const QString& key) const;

    // The user's values for the log at `path` (as the importer named it).
    QMap<QString, QString> of(const QString& path) const;
    // The logs the metadata files name that none of `read` is (paths as the importer named
    // them), in the order the files name them.
    std::vector<NamedLog> notAmong(const QStringList& read) const;

private:
    static QString keyOf(const QString& path);

    QMap<QString, QString> m_forAll;
    QMap<QString, QMap<QString, QString>> m_byFile; // by keyOf(path)
    std::vector<NamedLog> m_named;
};

} // namespace wb
