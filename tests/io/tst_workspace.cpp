#include "WorkspaceSession.h"
#include "files/WorkspaceFile.h"

#include "TestSupport.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#ifdef Q_OS_UNIX
#include <csignal>
#include <sys/resource.h>
#include <unistd.h>
#endif

using namespace wb;

class TestWorkspace : public QObject {
    Q_OBJECT

private slots:
    void roundTripKeepsEverything();
    void savedFileIsDocumentedFormat();
    void minimalFileGetsDefaults();
    void relativePathsResolveAgainstWorkspaceFolder();
    void workspaceMovedAloneFindsLogsByAbsolutePath();
    void movedRawLogIsListedAsMissing();
    void saveIntoMissingFolderFails();
    void saveOntoFolderFails();
    void saveRefusesWhatLoadWouldRefuse();
    void failedSaveInReadOnlyFolderKeepsPreviousFile();
    void failedWriteKeepsPreviousFile();
    void loadErrors_data();
    void loadErrors();
    void jsonErrorNamesLineAndColumn();
    void missingOrOddFilesGiveClearErrors();
    void hostileSourcesAreOnlyMissingFiles();

private:
    // A workspace over two raw logs in `dir`/logs, using every member of the format.
    static Workspace sample(const QString& dir);
    static void writeFile(const QString& path, const QByteArray& bytes);
    static QStringList listing(const QString& dir);
};

void TestWorkspace::writeFile(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY2(file.open(QIODevice::WriteOnly), qPrintable(file.errorString()));
    QCOMPARE(file.write(bytes), bytes.size());
}

QStringList TestWorkspace::listing(const QString& dir) {
    QStringList out;
    for (const QFileInfo& info : QDir(dir).entryInfoList(
             QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name))
        out << info.fileName() + QLatin1Char(' ') + QString::number(info.size());
    return out;
}

Workspace TestWorkspace::sample(const QString& dir) {
    writeFile(dir + "/logs/ping18_np.txt",
              "64 bytes from 10.0.0.2: icmp_seq=1 ttl=64 time=0.1 ms\n");
    writeFile(dir + "/logs/fping.txt", "a : 0.10 0.20\nb : 0.30 0.40\n");

    Workspace ws;
    ws.title = QStringLiteral("QJump Tabelle 1 — Latenz µs 🚀");
    WorkspaceDataset ping;
    ping.source = dir + "/logs/ping18_np.txt";
    ping.absoluteSource = ping.source;
    ping.formatId = "ping/iputils";
    ping.label = QStringLiteral("ohne Störung · 基线");
    ping.color = "#1f77b4";
    ping.tags = {"qjump", QStringLiteral("Größe 64")};
    ping.metadata = {{"congestion_control", "cubic"}, {QStringLiteral("prüfstand"), "GENI"}};
    WorkspaceDataset fpingB;
    fpingB.source = dir + "/logs/fping.txt";
    fpingB.absoluteSource = fpingB.source;
    fpingB.formatId = "fping";
    fpingB.indexInFile = 1;
    fpingB.label = "target b";
    fpingB.color = "#D62728"; // upper case is kept as written
    fpingB.visible = false;
    ws.datasets = {ping, fpingB};
    ws.viewSettings.insert("latency-cdf",
                           QJsonObject{{"logX", true},
                                       {"markers", QJsonArray{50, 99, 99.9}},
                                       {"range", QJsonObject{{"min", 0.05}, {"max", 12.5}}}});
    ws.viewSettings.insert("percentiles", QJsonObject{{"unit", QStringLiteral("µs")}});
    ws.extra = QJsonObject{{"selected", 2}, {"splitter", "AAAA/w=="}};
    return ws;
}

void TestWorkspace::roundTripKeepsEverything() {
    QTemporaryDir dir;
    const Workspace original = sample(dir.path());
    const QString file = dir.filePath("study.wbws");
    QString error;
    QVERIFY2(WorkspaceFile::save(original, file, &error), qPrintable(error));

    const auto loaded = WorkspaceFile::load(file, &error);
    QVERIFY2(loaded, qPrintable(error));
    QCOMPARE(loaded->version, Workspace::kCurrentVersion);
    QCOMPARE(loaded->title, original.title);
    QCOMPARE(loaded->datasets.size(), original.datasets.size());
    for (std::size_t i = 0; i < original.datasets.size(); ++i) {
        const WorkspaceDataset& a = original.datasets[i];
        const WorkspaceDataset& b = loaded->datasets[i];
        QCOMPARE(b.absoluteSource, a.absoluteSource);
        QCOMPARE(b.source, QDir(dir.path()).relativeFilePath(a.absoluteSource));
        QCOMPARE(b.formatId, a.formatId);
        QCOMPARE(b.indexInFile, a.indexInFile);
        QCOMPARE(b.label, a.label);
        QCOMPARE(b.color, a.color);
        QCOMPARE(b.visible, a.visible);
        QCOMPARE(b.tags, a.tags);
        QCOMPARE(b.metadata, a.metadata);
    }
    QCOMPARE(loaded->datasets[0].metadata.value("congestion_control"), QStringLiteral("cubic"));
    QVERIFY(loaded->datasets[1].metadata.isEmpty());
    QCOMPARE(loaded->viewSettings, original.viewSettings);
    QCOMPARE(loaded->extra, original.extra);
    QVERIFY(WorkspaceSession::read(file).missingLogs.isEmpty());

    // Saving what was loaded gives the same bytes: no drift across save/open cycles.
    const QByteArray first = test::readAll(file);
    QVERIFY2(WorkspaceFile::save(*loaded, file, &error), qPrintable(error));
    QCOMPARE(test::readAll(file), first);
}

void TestWorkspace::savedFileIsDocumentedFormat() {
    QTemporaryDir dir;
    const QString file = dir.filePath("study.wbws");
    QString error;
    QVERIFY2(WorkspaceFile::save(sample(dir.path()), file, &error), qPrintable(error));
    const QByteArray bytes = test::readAll(file);
    QVERIFY(bytes.endsWith('\n'));
    QVERIFY(bytes.contains(QStringLiteral("ohne Störung").toUtf8())); // UTF-8, not \u escapes
    const QJsonObject root = QJsonDocument::fromJson(bytes).object();
    QCOMPARE(root["format"].toString(), QStringLiteral("wirebench-workspace"));
    QCOMPARE(root["version"].toInt(), 1);
    const QJsonObject first = root["datasets"].toArray().at(0).toObject();
    QCOMPARE(first["path"].toString(), QStringLiteral("logs/ping18_np.txt"));
    QCOMPARE(first["absolutePath"].toString(), dir.filePath("logs/ping18_np.txt"));
    QCOMPARE(first["color"].toString(), QStringLiteral("#1f77b4"));
    QCOMPARE(first["metadata"].toObject(),
             (QJsonObject{{"congestion_control", "cubic"}, {QStringLiteral("prüfstand"), "GENI"}}));
    // A dataset without metadata of the user's is written as before "metadata" existed.
    QVERIFY(!root["datasets"].toArray().at(1).toObject().contains("metadata"));
    QVERIFY(root["views"].toObject().contains("latency-cdf"));
}

void TestWorkspace::minimalFileGetsDefaults() {
    QTemporaryDir dir;
    const QString file = dir.filePath("hand.wbws");
    // Unknown members are ignored and null means "default", so hand-written and future
    // same-version files load.
    writeFile(file, R"({"format": "wirebench-workspace", "version": 1, "comment": "by hand",
                        "datasets": [{"path": "x.txt", "label": null, "future": [1, 2]}]})");
    QString error;
    const auto ws = WorkspaceFile::load(file, &error);
    QVERIFY2(ws, qPrintable(error));
    QVERIFY(ws->title.isEmpty());
    QCOMPARE(ws->datasets.size(), std::size_t(1));
    const WorkspaceDataset& d = ws->datasets[0];
    QCOMPARE(d.source, QStringLiteral("x.txt"));
    QCOMPARE(d.absoluteSource, dir.filePath("x.txt"));
    QVERIFY(d.formatId.isEmpty());
    QVERIFY(d.label.isEmpty());
    QVERIFY(d.color.isEmpty());
    QCOMPARE(d.indexInFile, 0);
    QVERIFY(d.visible);
    QVERIFY(d.tags.isEmpty());
    QVERIFY(d.metadata.isEmpty()); // workspaces from before "metadata" open as they were
    QVERIFY(ws->viewSettings.isEmpty());
    QCOMPARE(WorkspaceSession::read(file).missingLogs, QStringList{dir.filePath("x.txt")});
}

void TestWorkspace::relativePathsResolveAgainstWorkspaceFolder() {
    QTemporaryDir root;
    const QString original = root.filePath("study");
    QString error;
    QVERIFY(WorkspaceFile::save(sample(original), original + "/study.wbws", &error));
    // The whole folder goes to another place (another machine, a USB stick) ...
    const QString copy = root.filePath("elsewhere/study-copy");
    QVERIFY(QDir().mkpath(root.filePath("elsewhere")));
    QVERIFY(QDir().rename(original, copy));
    // ... and the program runs from an unrelated current folder.
    QTemporaryDir cwd;
    const QString previousCwd = QDir::currentPath();
    QDir::setCurrent(cwd.path());
    const auto ws = WorkspaceFile::load(copy + "/study.wbws", &error);
    QDir::setCurrent(previousCwd);
    QVERIFY2(ws, qPrintable(error));
    QCOMPARE(ws->datasets[0].absoluteSource, copy + "/logs/ping18_np.txt");
    QCOMPARE(ws->datasets[1].absoluteSource, copy + "/logs/fping.txt");
    QVERIFY(WorkspaceSession::read(copy + "/study.wbws").missingLogs.isEmpty());

    // Paths leading out of the workspace folder work the same way.
    writeFile(root.filePath("others/log.txt"), "x\n");
    writeFile(root.filePath("ws/up.wbws"), R"({"format": "wirebench-workspace", "version": 1,
                                              "datasets": [{"path": "../others/log.txt"}]})");
    const auto up = WorkspaceFile::load(root.filePath("ws/up.wbws"), &error);
    QVERIFY2(up, qPrintable(error));
    QCOMPARE(up->datasets[0].absoluteSource, root.filePath("others/log.txt"));
}

void TestWorkspace::workspaceMovedAloneFindsLogsByAbsolutePath() {
    QTemporaryDir dir;
    QString error;
    const Workspace ws = sample(dir.filePath("study"));
    QVERIFY(WorkspaceFile::save(ws, dir.filePath("study/study.wbws"), &error));
    QVERIFY(QDir().mkpath(dir.filePath("mail")));
    QVERIFY(QFile::rename(dir.filePath("study/study.wbws"), dir.filePath("mail/study.wbws")));
    const auto loaded = WorkspaceFile::load(dir.filePath("mail/study.wbws"), &error);
    QVERIFY2(loaded, qPrintable(error));
    QCOMPARE(loaded->datasets[0].absoluteSource, ws.datasets[0].absoluteSource);
    QVERIFY(WorkspaceSession::read(dir.filePath("mail/study.wbws")).missingLogs.isEmpty());
}

void TestWorkspace::movedRawLogIsListedAsMissing() {
    QTemporaryDir dir;
    QString error;
    Workspace ws = sample(dir.path());
    // A second dataset of the same fping file: the missing file is still reported once.
    WorkspaceDataset fpingA = ws.datasets[1];
    fpingA.indexInFile = 0;
    ws.datasets.push_back(fpingA);
    QVERIFY(WorkspaceFile::save(ws, dir.filePath("study.wbws"), &error));
    QVERIFY(QFile::rename(dir.filePath("logs/fping.txt"), dir.filePath("fping-moved.txt")));

    const auto loaded = WorkspaceFile::load(dir.filePath("study.wbws"), &error);
    QVERIFY2(loaded, qPrintable(error));
    QCOMPARE(loaded->datasets.size(), std::size_t(3));
    QCOMPARE(WorkspaceSession::read(dir.filePath("study.wbws")).missingLogs,
             QStringList{dir.filePath("logs/fping.txt")});
}

void TestWorkspace::saveIntoMissingFolderFails() {
    QTemporaryDir dir;
    const QString file = dir.filePath("no/such/folder/study.wbws");
    QString error;
    QVERIFY(!WorkspaceFile::save(sample(dir.path()), file, &error));
    QVERIFY2(error.contains(file) && error.contains("does not exist"), qPrintable(error));
    QVERIFY(!QFileInfo::exists(dir.filePath("no")));
}

void TestWorkspace::saveOntoFolderFails() {
    QTemporaryDir dir;
    const Workspace ws = sample(dir.path());
    QString error;
    QVERIFY(!WorkspaceFile::save(ws, dir.filePath("logs"), &error));
    QVERIFY2(error.contains("folder"), qPrintable(error));
    QVERIFY(!WorkspaceFile::save(ws, QString(), &error));
    QVERIFY2(error.contains("no file name"), qPrintable(error));
}

void TestWorkspace::saveRefusesWhatLoadWouldRefuse() {
    QTemporaryDir dir;
    Workspace ws = sample(dir.path());
    ws.datasets[0].color = "blue";
    const QString file = dir.filePath("study.wbws");
    QString error;
    QVERIFY(!WorkspaceFile::save(ws, file, &error));
    QVERIFY2(error.contains("blue") && error.contains("dataset 1"), qPrintable(error));
    ws.datasets[0].color.clear();
    ws.datasets[1].source.clear();
    ws.datasets[1].absoluteSource.clear();
    QVERIFY(!WorkspaceFile::save(ws, file, &error));
    QVERIFY2(error.contains("no raw log path"), qPrintable(error));
    QVERIFY(!QFileInfo::exists(file));
}

void TestWorkspace::failedSaveInReadOnlyFolderKeepsPreviousFile() {
#ifdef Q_OS_UNIX
    if (geteuid() == 0)
        QSKIP("root writes into read-only folders; failedWriteKeepsPreviousFile covers this");
#endif
    QTemporaryDir dir;
    const QString folder = dir.filePath("ro");
    const Workspace ws = sample(folder);
    const QString file = folder + "/study.wbws";
    const QByteArray previous = "previous contents, not even JSON\n";
    writeFile(file, previous);
    const QStringList before = listing(folder);
    QVERIFY(QFile::setPermissions(folder, QFile::ReadOwner | QFile::ExeOwner));
    QString error;
    const bool saved = WorkspaceFile::save(ws, file, &error);
    QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QVERIFY(!saved);
    QVERIFY2(error.contains(file), qPrintable(error));
    QCOMPARE(test::readAll(file), previous);
    QCOMPARE(listing(folder), before);
}

// A write that fails half-way (a full disk) must leave the old file as it was. A file size
// limit makes the write fail even for root, who ignores folder permissions.
void TestWorkspace::failedWriteKeepsPreviousFile() {
#ifndef Q_OS_UNIX
    QSKIP("uses RLIMIT_FSIZE");
#else
    QTemporaryDir dir;
    Workspace ws = sample(dir.path());
    const QString file = dir.filePath("study.wbws");
    QString error;
    QVERIFY2(WorkspaceFile::save(ws, file, &error), qPrintable(error));
    const QByteArray previous = test::readAll(file);
    const QStringList before = listing(dir.path());

    ws.extra.insert("big", QString(256 * 1024, QLatin1Char('x')));
    rlimit saved{};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
    const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN); // get EFBIG, not a kill
    rlimit small = saved;
    small.rlim_cur = 64 * 1024;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
    const bool ok = WorkspaceFile::save(ws, file, &error);
    setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, previousHandler);

    QVERIFY(!ok);
    QVERIFY2(error.contains(file) && error.contains("unchanged"), qPrintable(error));
    QCOMPARE(test::readAll(file), previous);
    QCOMPARE(listing(dir.path()), before); // no temporary left behind
#endif
}

void TestWorkspace::loadErrors_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");

    const auto ws = [](const char* members) {
        return QByteArray(R"({"format": "wirebench-workspace", "version": 1, )") + members + "}";
    };
    const auto dataset = [&](const char* members) {
        return ws((QByteArray(R"("datasets": [{"path": "a.txt", )") + members + "}]").constData());
    };

    QTest::newRow("empty") << QByteArray() << "the file is empty";
    QTest::newRow("blank") << QByteArray(" \n\t\n") << "the file is empty";
    QTest::newRow("corrupt") << QByteArray(R"({"format": "wirebench-workspace",, "version": 1})")
                             << "not valid JSON at line 1, column 34";
    QTest::newRow("truncated") << QByteArray(R"({"format": "wirebench-workspace", "version": 1,
                                                "datasets": [{"path": "a.tx)")
                               << "not valid JSON at line 2";
    QTest::newRow("binary") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0", 11) << "not valid JSON";
    QTest::newRow("raw log") << QByteArray("64 bytes from 10.0.0.2: icmp_seq=1 time=0.1 ms\n")
                             << "not valid JSON";
    QTest::newRow("array") << QByteArray("[1, 2]") << "top level, found an array";
    QTest::newRow("no format") << QByteArray(R"({"version": 1})")
                               << "not a Wirebench workspace (\"format\" is missing";
    QTest::newRow("other format") << QByteArray(R"({"format": "plotjuggler", "version": 1})")
                                  << "\"format\" is the string \"plotjuggler\"";
    QTest::newRow("future version") << QByteArray(R"({"format": "wirebench-workspace",
                                                    "version": 7, "datasets": "new layout"})")
                                    << "made by a newer Wirebench (version 7); this one reads "
                                       "up to 1";
    QTest::newRow("no version") << QByteArray(R"({"format": "wirebench-workspace"})")
                                << "version: missing";
    QTest::newRow("version string")
        << QByteArray(R"({"format": "wirebench-workspace", "version": "1"})")
        << "version: expected a whole number ≥ 1, found the string \"1\"";
    QTest::newRow("version zero") << QByteArray(
                                         R"({"format": "wirebench-workspace", "version": 0})")
                                  << "version: expected a whole number ≥ 1, found the number 0";
    QTest::newRow("title") << ws(R"("title": 5)") << "title: expected a string, found the number 5";
    QTest::newRow("datasets object")
        << ws(R"("datasets": {})") << "datasets: expected an array, found an object";
    QTest::newRow("dataset number")
        << ws(R"("datasets": [3])") << "datasets[0]: expected an object, found the number 3";
    QTest::newRow("path missing") << ws(R"("datasets": [{"label": "x"}])")
                                  << "datasets[0].path: missing";
    QTest::newRow("path empty") << ws(R"("datasets": [{"path": ""}])")
                                << "datasets[0].path: is empty";
    QTest::newRow("path number") << ws(R"("datasets": [{"path": 1}])")
                                 << "datasets[0].path: expected a string, found the number 1";
    QTest::newRow("visible string") << dataset(R"("visible": "yes")")
                                    << "datasets[0].visible: expected true or false, found the "
                                       "string \"yes\"";
    QTest::newRow("index fraction")
        << dataset(R"("index": 1.5)") << "datasets[0].index: expected a whole number ≥ 0";
    QTest::newRow("index negative")
        << dataset(R"("index": -1)") << "datasets[0].index: expected a whole number ≥ 0";
    QTest::newRow("index huge") << dataset(R"("index": 1e30)")
                                << "datasets[0].index: expected a whole number ≥ 0";
    QTest::newRow("tags string") << dataset(R"("tags": "a,b")")
                                 << "datasets[0].tags: expected an array";
    QTest::newRow("tag number") << dataset(R"("tags": ["a", 2])")
                                << "datasets[0].tags[1]: expected a string, found the number 2";
    QTest::newRow("metadata array") << dataset(R"("metadata": ["cubic"])")
                                    << "datasets[0].metadata: expected an object, found an array";
    QTest::newRow("metadata number")
        << dataset(R"("metadata": {"streams": 30})")
        << "datasets[0].metadata.streams: expected a string, found the number 30";
    QTest::newRow("metadata nameless")
        << dataset(R"("metadata": {" ": "x"})") << "datasets[0].metadata. : the name is empty";
    QTest::newRow("colour name") << dataset(R"("color": "red")")
                                 << "datasets[0].color: expected a colour like \"#1f77b4\", "
                                    "found \"red\"";
    QTest::newRow("colour short") << dataset(R"("color": "#fff")") << "datasets[0].color";
    QTest::newRow("colour number")
        << dataset(R"("color": 255)") << "datasets[0].color: expected a string";
    QTest::newRow("relative absolutePath") << dataset(R"("absolutePath": "logs/a.txt")")
                                           << "datasets[0].absolutePath: \"logs/a.txt\" is not "
                                              "an absolute path";
    QTest::newRow("views array") << ws(R"("views": [])")
                                 << "views: expected an object, found an array";
    QTest::newRow("view number") << ws(R"("views": {"latency-cdf": 3})")
                                 << "views.latency-cdf: expected an object, found the number 3";
    QTest::newRow("extra string") << ws(R"("extra": "x")")
                                  << "extra: expected an object, found the string \"x\"";
    QTest::newRow("second dataset") << ws(R"("datasets": [{"path": "a"}, {"path": "b",
                                                          "visible": 1}])")
                                    << "datasets[1].visible: expected true or false, found the "
                                       "number 1";
}

void TestWorkspace::loadErrors() {
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString file = dir.filePath("broken.wbws");
    writeFile(file, content);
    const QStringList before = listing(dir.path());

    const QDateTime modified = QFileInfo(file).lastModified();

    QString error;
    const auto ws = WorkspaceFile::load(file, &error);
    QVERIFY(!ws);
    QVERIFY2(error.startsWith(file + ": "), qPrintable(error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    // Loading only reads: the broken file is not "repaired" and nothing appears beside it.
    QCOMPARE(listing(dir.path()), before);
    QCOMPARE(test::readAll(file), content);
    QCOMPARE(QFileInfo(file).lastModified(), modified);
}

void TestWorkspace::jsonErrorNamesLineAndColumn() {
    QTemporaryDir dir;
    const QString file = dir.filePath("typo.wbws");
    writeFile(file, "{\n  \"format\": \"wirebench-workspace\",\n  \"version\": 1,\n"
                    "  \"title\": \"a\"\n  \"datasets\": []\n}\n");
    QString error;
    QVERIFY(!WorkspaceFile::load(file, &error));
    QVERIFY2(error.contains("line 5, column 3"), qPrintable(error));
}

void TestWorkspace::missingOrOddFilesGiveClearErrors() {
    QTemporaryDir dir;
    QString error;
    const QString missing = dir.filePath("gone.wbws");
    QVERIFY(!WorkspaceFile::load(missing, &error));
    QCOMPARE(error, missing + ": no such file");

    QVERIFY(!WorkspaceFile::load(dir.path(), &error));
    QVERIFY2(error.contains("is a folder"), qPrintable(error));

    // A multi-GB raw log picked by mistake is refused without reading it (sparse file here).
    const QString huge = dir.filePath("huge.wbws");
    QFile f(huge);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize(qint64(40) * 1024 * 1024));
    f.close();
    QVERIFY(!WorkspaceFile::load(huge, &error));
    QVERIFY2(error.contains("too large"), qPrintable(error));
}

void TestWorkspace::hostileSourcesAreOnlyMissingFiles() {
    // Sources written to make a careless loader run a shell, open a connection or read a
    // device: loading only stats paths, so each is a missing raw log and nothing happens.
    QTemporaryDir dir;
    const QString marker = dir.filePath("touched");
    const QStringList sources = {"|rm -rf " + dir.path() + "/victim",
                                 "http://198.18.0.1/log.txt",
                                 "/dev/tcp/198.18.0.1/80",
                                 "$(touch " + marker + ")",
                                 "`touch " + marker + "`",
                                 "; touch " + marker,
                                 "file:///etc/passwd"};
    writeFile(dir.filePath("victim"), "still here\n");
    QJsonArray datasets;
    for (const QString& source : sources)
        datasets.append(QJsonObject{{"path", source}, {"absolutePath", "/nonexistent/" + source}});
    const QJsonObject json{
        {"format", "wirebench-workspace"}, {"version", 1}, {"datasets", datasets}};
    const QString file = dir.filePath("hostile.wbws");
    writeFile(file, QJsonDocument(json).toJson());
    const QStringList before = listing(dir.path());
    const QDateTime modified = QFileInfo(file).lastModified();
    const QString cwdBefore = listing(QDir::currentPath()).join('\n');

    QString error;
    const auto ws = WorkspaceFile::load(file, &error);
    QVERIFY2(ws, qPrintable(error));
    QCOMPARE(int(ws->datasets.size()), sources.size());
    QCOMPARE(WorkspaceSession::read(file).missingLogs.size(), sources.size());
    QCOMPARE(listing(dir.path()), before); // no marker, the victim is still there
    QVERIFY(!QFileInfo::exists(marker));
    QCOMPARE(listing(QDir::currentPath()).join('\n'), cwdBefore);
    QCOMPARE(QFileInfo(file).lastModified(), modified);
}

QTEST_GUILESS_MAIN(TestWorkspace)
#include "tst_workspace.moc"
