#include "ExperimentPlan.h"

#include "OutputFolder.h"
#include "RunOptions.h"

#include "files/SmallFile.h"

#include "RunValidation.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

constexpr int kPlanFormat = 1;
// A plan is a page of hand-written JSON; anything larger is some other file opened by mistake.
constexpr qint64 kMaxPlanBytes = 1024 * 1024;
// Far more than an afternoon of measurements; a typo in a matrix should not allocate millions.
constexpr double kMaxSteps = 10000;
// A plan with the same mistake everywhere should still give a list a person reads to the end.
constexpr int kMaxErrors = 100;
constexpr int kMaxStemLength = 120;

using Kind = RunOption::Kind;
using Option = RunOption;

// Prefixes and the label template are per run: varying a transport inside one run would
// make the steps incomparable.
bool mayVary(const Option& option) {
    return option.kind != Kind::Words && option.kind != Kind::Template;
}

// Substituted only in values written as text by hand; numbers and flags have no placeholders.
bool takesPlaceholders(const Option& option, const QJsonValue& value) {
    return value.isString() && option.isText() && option.kind != Kind::Tool;
}

bool isName(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9._-]{1,64}$"));
    // "." and ".." match the pattern but would make the output folder the plan's own folder
    // or its parent.
    return pattern.match(text).hasMatch() && text != QLatin1String(".") &&
           text != QLatin1String("..");
}

bool isParameterName(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("^[a-z_][a-z0-9_]{0,31}$"));
    return pattern.match(text).hasMatch();
}

bool isInteger(const QJsonValue& value, double minimum, double maximum) {
    if (!value.isDouble())
        return false;
    const double number = value.toDouble();
    return number == std::floor(number) && number >= minimum && number <= maximum;
}

// Numbers print as JSON has them: 5 as "5", 0.05 as "0.05".
QString numberText(double number) {
    if (number == std::floor(number) && std::fabs(number) < 1e15)
        return QString::number(static_cast<qint64>(number));
    return QString::number(number, 'g', 15);
}

QString scalarText(const QJsonValue& value) {
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isDouble())
        return numberText(value.toDouble());
    return value.toString();
}

// Checks one value of a run option; problems go to *errors named by `path`.
bool checkOption(const Option& option, const QJsonValue& value, const QString& path,
                 QStringList* errors) {
    QString problem;
    switch (option.kind) {
    case Kind::Tool:
        if (!value.isString() || !runToolFromName(value.toString()))
            problem = QStringLiteral("must be one of ping, iperf, iperf2, iperf3, irtt");
        break;
    case Kind::Text:
    case Kind::Template:
        if (!value.isString())
            problem = QStringLiteral("must be a string");
        break;
    case Kind::Integer:
        if (!isInteger(value, option.minimum, option.maximum))
            problem = QStringLiteral("must be an integer %1..%2")
                          .arg(numberText(option.minimum), numberText(option.maximum));
        break;
    case Kind::Seconds:
        if (!value.isDouble() || !(value.toDouble() > option.minimum) ||
            value.toDouble() > option.maximum)
            problem = QStringLiteral("must be a number of seconds > 0 and ≤ %1")
                          .arg(numberText(option.maximum));
        break;
    case Kind::Flag:
        if (!value.isBool())
            problem = QStringLiteral("must be true or false");
        break;
    case Kind::Bandwidth:
        if (!value.isString() && !(value.isDouble() && value.toDouble() >= 0))
            problem = QStringLiteral("must be a string like \"10M\" or a number ≥ 0");
        break;
    case Kind::Words:
        if (!value.isArray()) {
            problem = QStringLiteral("must be an array of strings");
            break;
        }
        {
            const QJsonArray words = value.toArray();
            bool ok = true;
            for (qsizetype i = 0; i < words.size(); ++i) {
                if (!words[i].isString()) {
                    errors->append(QStringLiteral("%1[%2]: must be a string").arg(path).arg(i));
                    ok = false;
                }
            }
            return ok;
        }
    }
    if (!problem.isEmpty())
        errors->append(path + QStringLiteral(": ") + problem);
    return problem.isEmpty();
}

// Sets a checked option on the spec; text options take their text with placeholders filled.
void apply(RunSpec* spec, const Option& option, const QJsonValue& value, const QString& text) {
    option.set(*spec, option.isText() ? QJsonValue(text) : value);
}

const QRegularExpression& placeholderPattern() {
    static const QRegularExpression pattern(QStringLiteral("\\{([A-Za-z0-9_]+)\\}"));
    return pattern;
}

QStringList placeholdersIn(const QString& text) {
    QStringList names;
    auto matches = placeholderPattern().globalMatch(text);
    while (matches.hasNext())
        names << matches.next().captured(1);
    return names;
}

// Placeholders were checked against `values` before expansion, so every one is known here.
QString substitute(const QString& text, const QMap<QString, QString>& values) {
    if (!text.contains(QLatin1Char('{')))
        return text;
    QString out;
    qsizetype done = 0;
    auto matches = placeholderPattern().globalMatch(text);
    while (matches.hasNext()) {
        const QRegularExpressionMatch match = matches.next();
        out += QStringView(text).mid(done, match.capturedStart() - done);
        out += values.value(match.captured(1), match.captured(0));
        done = match.capturedEnd();
    }
    out += QStringView(text).mid(done);
    return out;
}

QString unknownKey(const QString& path, const QString& key) {
    return QStringLiteral("%1: unknown key \"%2\"").arg(path, key);
}

// A run option's value and where it was written, for messages about it.
struct SetValue {
    QJsonValue value;
    QString path;
};

// One entry of a run's "members" after checking.
struct MemberTemplate {
    QString name; // empty: named by StepMembers::complete
    QString path; // "runs[2].members[1]"
    QString until;
    QMap<QString, SetValue> options;
    double start = 0;
};

// One entry of "runs" after checking, before expansion.
struct RunTemplate {
    QString name;
    QString path;                     // "runs[2]"
    QMap<QString, SetValue> options;  // the defaults, overridden by the run's own values
    QMap<QString, QJsonArray> matrix; // sorted by key, as QJsonObject iterates
    int repetitions = 1;
    QList<QStringList> setup;
    QList<QStringList> teardown;
    std::vector<MemberTemplate> members; // empty: a step of one tool
    double sampleSeconds = StepMembers::kDefaultSampleSeconds;
};

class PlanReader {
public:
    explicit PlanReader(QStringList* errors) : m_errors(errors) {}

    bool read(const QJsonObject& root, const QString& baseDir, ExperimentPlan* plan);

private:
    void readDefaults(const QJsonValue& value);
    void readRun(const QJsonValue& value, int index, const QSet<QString>& earlierNames);
    QList<QStringList> readCommands(const QJsonValue& value, const QString& path);
    void readMembers(const QJsonValue& value, const QString& path, RunTemplate* run);
    void readMatrix(const QJsonValue& value, const QString& path, RunTemplate* run);
    void checkPlaceholders(const RunTemplate& run);
    void expand(const RunTemplate& run, std::vector<PlanStep>* steps);

    void fail(const QString& message) { m_errors->append(message); }

    QStringList* m_errors;
    QMap<QString, SetValue> m_defaults;
    std::vector<RunTemplate> m_runs;
};

bool PlanReader::read(const QJsonObject& root, const QString& baseDir, ExperimentPlan* plan) {
    const QJsonValue version = root.value(QLatin1String("wirebench_plan"));
    if (version.isUndefined()) {
        fail(QStringLiteral("wirebench_plan: missing; a plan starts with \"wirebench_plan\": 1"));
    } else if (!isInteger(version, 1, 1e9)) {
        fail(QStringLiteral("wirebench_plan: must be the integer %1").arg(kPlanFormat));
    } else if (version.toInt() > kPlanFormat) {
        // Whatever else it says was written for a format this build does not know.
        fail(QStringLiteral("plan format version %1 is newer than this Wirebench reads (%2)")
                 .arg(version.toInt())
                 .arg(kPlanFormat));
        return false;
    }

    for (auto it = root.begin(); it != root.end(); ++it) {
        static const QStringList known = {QStringLiteral("wirebench_plan"), QStringLiteral("name"),
                                          QStringLiteral("output"), QStringLiteral("defaults"),
                                          QStringLiteral("runs")};
        if (!known.contains(it.key()))
            fail(unknownKey(QStringLiteral("top level"), it.key()));
    }

    const QJsonValue name = root.value(QLatin1String("name"));
    if (name.isUndefined())
        fail(QStringLiteral("name: missing; every plan has a name"));
    else if (!name.isString() || !isName(name.toString()))
        fail(QStringLiteral("name: must be 1 to 64 of the characters A-Z a-z 0-9 . _ -"));

    QString output;
    const QJsonValue outputValue = root.value(QLatin1String("output"));
    if (!outputValue.isUndefined()) {
        if (!outputValue.isString() || outputValue.toString().isEmpty())
            fail(QStringLiteral("output: must be a non-empty string (a folder)"));
        else
            output = outputValue.toString();
        const QString problem = OutputFolder::planOutputProblem(baseDir, output);
        if (!output.isEmpty() && !problem.isEmpty())
            fail(QStringLiteral("output: ") + problem);
    }

    const int errorsBeforeDefaults = m_errors->size();
    readDefaults(root.value(QLatin1String("defaults")));
    const bool defaultsOk = m_errors->size() == errorsBeforeDefaults;

    const QJsonValue runs = root.value(QLatin1String("runs"));
    if (runs.isUndefined()) {
        fail(QStringLiteral("runs: missing; a plan needs at least one run"));
    } else if (!runs.isArray() || runs.toArray().isEmpty()) {
        fail(QStringLiteral("runs: must be a non-empty array of runs"));
    } else {
        const QJsonArray array = runs.toArray();
        QSet<QString> names;
        for (qsizetype i = 0; i < array.size(); ++i) {
            const int errorsBefore = m_errors->size();
            readRun(array[i], static_cast<int>(i), names);
            if (!m_runs.back().name.isEmpty())
                names.insert(m_runs.back().name);
            // A run with its own mistakes is not expanded: its steps would only repeat them.
            if (m_errors->size() != errorsBefore || !defaultsOk)
                m_runs.pop_back();
        }
    }

    double total = 0;
    for (const RunTemplate& run : m_runs) {
        double steps = run.repetitions;
        for (const QJsonArray& values : run.matrix)
            steps *= static_cast<double>(values.size());
        total += steps;
    }
    if (total > kMaxSteps) {
        fail(QStringLiteral("runs: the plan expands to %1 steps; at most %2 are accepted")
                 .arg(numberText(total), numberText(kMaxSteps)));
        return false;
    }

    std::vector<PlanStep> steps;
    for (const RunTemplate& run : m_runs)
        expand(run, &steps);
    if (!m_errors->isEmpty())
        return false;

    // Case-insensitively unique: the folder may live on a file system that folds case.
    QSet<QString> stems;
    for (PlanStep& step : steps) {
        QString stem = step.fileStem;
        for (int n = 2; stems.contains(stem.toLower()); ++n)
            stem = step.fileStem + QLatin1Char('-') + QString::number(n);
        stems.insert(stem.toLower());
        step.fileStem = stem;
    }

    plan->name = name.toString();
    const QDir base(baseDir);
    plan->outputDir =
        QDir::cleanPath(base.absoluteFilePath(output.isEmpty() ? plan->name : output));
    plan->steps = std::move(steps);
    return true;
}

void PlanReader::readDefaults(const QJsonValue& value) {
    if (value.isUndefined())
        return;
    if (!value.isObject()) {
        fail(QStringLiteral("defaults: must be an object of run options"));
        return;
    }
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString path = QStringLiteral("defaults.") + it.key();
        const Option* option = RunOptions::find(it.key());
        if (!option)
            fail(unknownKey(QStringLiteral("defaults"), it.key()));
        else if (checkOption(*option, it.value(), path, m_errors))
            m_defaults.insert(it.key(), {it.value(), path});
    }
}

void PlanReader::readRun(const QJsonValue& value, int index, const QSet<QString>& earlierNames) {
    m_runs.emplace_back();
    RunTemplate& run = m_runs.back();
    run.path = QStringLiteral("runs[%1]").arg(index);
    run.options = m_defaults;
    if (!value.isObject()) {
        fail(run.path + QStringLiteral(": must be an object"));
        return;
    }
    const QJsonObject object = value.toObject();

    const QJsonValue name = object.value(QLatin1String("name"));
    if (name.isUndefined())
        fail(run.path + QStringLiteral(".name: missing; every run has a name"));
    else if (!name.isString() || !isName(name.toString()))
        fail(run.path +
             QStringLiteral(".name: must be 1 to 64 of the characters A-Z a-z 0-9 . _ -"));
    else if (earlierNames.contains(name.toString()))
        fail(QStringLiteral("%1.name: another run is already named \"%2\"")
                 .arg(run.path, name.toString()));
    run.name = name.toString();

    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString& key = it.key();
        const QString path = run.path + QLatin1Char('.') + key;
        if (key == QLatin1String("name"))
            continue;
        if (key == QLatin1String("matrix")) {
            readMatrix(it.value(), path, &run);
        } else if (key == QLatin1String("repetitions")) {
            if (isInteger(it.value(), 1, 1000))
                run.repetitions = it.value().toInt();
            else
                fail(path + QStringLiteral(": must be an integer 1..1000"));
        } else if (key == QLatin1String("members")) {
            readMembers(it.value(), path, &run);
        } else if (key == QLatin1String("ss_interval")) {
            const QString problem = StepMembers::checkSampleSeconds(it.value().toDouble(-1));
            if (!it.value().isDouble() || !problem.isEmpty())
                fail(path + QStringLiteral(": ") + problem);
            else
                run.sampleSeconds = it.value().toDouble();
        } else if (key == QLatin1String("setup")) {
            run.setup = readCommands(it.value(), path);
        } else if (key == QLatin1String("teardown")) {
            run.teardown = readCommands(it.value(), path);
        } else if (const Option* option = RunOptions::find(key)) {
            if (checkOption(*option, it.value(), path, m_errors))
                run.options.insert(key, {it.value(), path});
        } else {
            fail(unknownKey(run.path, key));
        }
    }
    checkPlaceholders(run);
}

QList<QStringList> PlanReader::readCommands(const QJsonValue& value, const QString& path) {
    QList<QStringList> commands;
    if (!value.isArray()) {
        fail(path + QStringLiteral(": must be an array of commands, each an array of strings"));
        return commands;
    }
    const QJsonArray array = value.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString where = QStringLiteral("%1[%2]").arg(path).arg(i);
        const QJsonArray words = array[i].toArray();
        if (!array[i].isArray() || words.isEmpty()) {
            fail(where + QStringLiteral(": must be a non-empty array of strings (program and "
                                        "arguments)"));
            continue;
        }
        QStringList argv;
        for (qsizetype j = 0; j < words.size(); ++j) {
            if (!words[j].isString())
                fail(QStringLiteral("%1[%2]: must be a string").arg(where).arg(j));
            argv << words[j].toString();
        }
        commands << argv;
    }
    return commands;
}

void PlanReader::readMembers(const QJsonValue& value, const QString& path, RunTemplate* run) {
    const QJsonArray array = value.toArray();
    if (!value.isArray() || array.isEmpty()) {
        fail(path + QStringLiteral(": must be a non-empty array of members, each an object of "
                                   "run options with \"start\""));
        return;
    }
    for (qsizetype i = 0; i < array.size(); ++i) {
        MemberTemplate member;
        member.path = QStringLiteral("%1[%2]").arg(path).arg(i);
        if (!array[i].isObject()) {
            fail(member.path + QStringLiteral(": must be an object"));
            continue;
        }
        const QJsonObject object = array[i].toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString& key = it.key();
            const QString where = member.path + QLatin1Char('.') + key;
            const Option* option = RunOptions::find(key);
            if (key == QLatin1String("name") || key == QLatin1String("until")) {
                if (it.value().isString())
                    (key == QLatin1String("name") ? member.name : member.until) =
                        it.value().toString();
                else
                    fail(where + QStringLiteral(": must be a string"));
            } else if (key == QLatin1String("start")) {
                const double start = it.value().toDouble(-1);
                if (!it.value().isDouble() || start < 0 || start > StepMembers::kMaxStartSeconds)
                    fail(where + QStringLiteral(": must be a number of seconds 0..%1 after the "
                                                "step's start")
                                     .arg(numberText(StepMembers::kMaxStartSeconds)));
                else
                    member.start = start;
            } else if (option && option->kind != Kind::Template) {
                if (checkOption(*option, it.value(), where, m_errors))
                    member.options.insert(key, {it.value(), where});
            } else {
                fail(unknownKey(member.path, key));
            }
        }
        run->members.push_back(member);
    }
}

void PlanReader::readMatrix(const QJsonValue& value, const QString& path, RunTemplate* run) {
    if (!value.isObject()) {
        fail(path + QStringLiteral(": must be an object of {\"key\": [values...]}"));
        return;
    }
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString& key = it.key();
        const QString where = path + QLatin1Char('.') + key;
        const Option* option = RunOptions::find(key);
        if (option && !mayVary(*option)) {
            fail(QStringLiteral("%1: \"%2\" cannot vary in a matrix (client_prefix, "
                                "server_prefix and label are per run)")
                     .arg(path, key));
            continue;
        }
        if (!option && !isParameterName(key)) {
            fail(QStringLiteral("%1: unknown key \"%2\" (neither a run option nor a parameter "
                                "name of a-z 0-9 _)")
                     .arg(path, key));
            continue;
        }
        if (key == QLatin1String("run") || key == QLatin1String("repetition")) {
            fail(QStringLiteral("%1: \"%2\" is reserved ({%2} is filled in by Wirebench)")
                     .arg(path, key));
            continue;
        }
        const QJsonArray values = it.value().toArray();
        if (!it.value().isArray() || values.isEmpty()) {
            fail(where + QStringLiteral(": must be a non-empty array of values"));
            continue;
        }
        bool ok = true;
        QSet<QString> seen;
        for (qsizetype i = 0; i < values.size(); ++i) {
            const QString at = QStringLiteral("%1[%2]").arg(where).arg(i);
            const QJsonValue& item = values[i];
            if (option) {
                ok = checkOption(*option, item, at, m_errors) && ok;
            } else if (!item.isString() && !item.isDouble() && !item.isBool()) {
                fail(at + QStringLiteral(": must be a string, a number, true or false"));
                ok = false;
            }
            // The same value twice gives steps with the same label; repetitions do that on
            // purpose, a duplicate here is a slip.
            if (ok && seen.contains(scalarText(item))) {
                fail(QStringLiteral("%1: \"%2\" is listed twice").arg(at, scalarText(item)));
                ok = false;
            }
            seen.insert(scalarText(item));
        }
        if (ok)
            run->matrix.insert(key, values);
    }
}

void PlanReader::checkPlaceholders(const RunTemplate& run) {
    QStringList known = run.matrix.keys();
    known << QStringLiteral("repetition") << QStringLiteral("run");
    const auto check = [&](const QString& text, const QString& path) {
        for (const QString& name : placeholdersIn(text)) {
            if (known.contains(name))
                continue;
            const QString where =
                path.startsWith(QLatin1String("defaults."))
                    ? path + QStringLiteral(" (used by ") + run.path + QLatin1Char(')')
                    : path;
            QStringList list;
            for (const QString& k : known)
                list << QLatin1Char('{') + k + QLatin1Char('}');
            fail(QStringLiteral("%1: unknown placeholder {%2}; this run knows %3")
                     .arg(where, name, list.join(QStringLiteral(", "))));
        }
    };
    const auto checkOptions = [&](const QMap<QString, SetValue>& options) {
        for (auto it = options.begin(); it != options.end(); ++it) {
            if (!run.matrix.contains(it.key()) &&
                takesPlaceholders(*RunOptions::find(it.key()), it->value))
                check(it->value.toString(), it->path);
        }
    };
    checkOptions(run.options);
    for (const MemberTemplate& member : run.members)
        checkOptions(member.options);
    const auto checkCommands = [&](const QList<QStringList>& commands, const char* what) {
        for (qsizetype i = 0; i < commands.size(); ++i) {
            for (qsizetype j = 0; j < commands[i].size(); ++j)
                check(commands[i][j],
                      QStringLiteral("%1.%2[%3][%4]").arg(run.path, what).arg(i).arg(j));
        }
    };
    checkCommands(run.setup, "setup");
    checkCommands(run.teardown, "teardown");
}

// A file name from a label: "tcp congestion=cubic #2" -> "tcp-congestion-cubic-2". Leading
// dots go too, so no stem is hidden or names a parent folder.
} // namespace

QString ExperimentPlan::fileStemFor(const QString& label) {
    QString stem;
    for (QChar c : label) {
        const bool safe = (c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
                          (c >= QLatin1Char('A') && c <= QLatin1Char('Z')) ||
                          (c >= QLatin1Char('0') && c <= QLatin1Char('9')) ||
                          c == QLatin1Char('.') || c == QLatin1Char('_') || c == QLatin1Char('-');
        const QChar out = safe ? c : QLatin1Char('-');
        if (out == QLatin1Char('-') && stem.endsWith(QLatin1Char('-')))
            continue;
        stem += out;
    }
    stem.truncate(kMaxStemLength);
    qsizetype start = 0;
    while (start < stem.size() &&
           (stem[start] == QLatin1Char('-') || stem[start] == QLatin1Char('.')))
        ++start;
    stem = stem.mid(start);
    while (stem.endsWith(QLatin1Char('-')))
        stem.chop(1);
    // STEM.server.log is the server log of the step named STEM: a step's own log may not
    // take that form, or a folder import would pass it over as a companion file.
    static const QLatin1String kServer(".server");
    if (stem.endsWith(kServer, Qt::CaseInsensitive))
        stem[stem.size() - kServer.size()] = QLatin1Char('-');
    return stem.isEmpty() ? QStringLiteral("step") : stem;
}

namespace {

// Repetitions are the outermost loop: every setting runs once before any runs twice, so a
// drift over the afternoon (other traffic, thermal state) spreads over all settings instead
// of lining up with one of them.
void PlanReader::expand(const RunTemplate& run, std::vector<PlanStep>* steps) {
    const QStringList keys = run.matrix.keys();
    qsizetype combinations = 1;
    for (const QJsonArray& values : run.matrix)
        combinations *= values.size();

    // Every step of a run tends to have the same problem; it is reported once, with the
    // first step that had it.
    QStringList problems;
    QMap<QString, QPair<QString, int>> seen; // problem -> first label, how many steps
    const auto report = [&](const QString& problem, const QString& label) {
        auto it = seen.find(problem);
        if (it == seen.end()) {
            problems << problem;
            seen.insert(problem, {label, 1});
        } else {
            ++it->second;
        }
    };

    for (int repetition = 1; repetition <= run.repetitions; ++repetition) {
        for (qsizetype combination = 0; combination < combinations; ++combination) {
            QMap<QString, QString> values;
            QMap<QString, QJsonValue> chosen;
            qsizetype rest = combination;
            // The last key varies fastest.
            for (qsizetype k = keys.size() - 1; k >= 0; --k) {
                const QJsonArray& array = run.matrix[keys[k]];
                const QJsonValue value = array[rest % array.size()];
                rest /= array.size();
                chosen.insert(keys[k], value);
                values.insert(keys[k], scalarText(value));
            }
            values.insert(QStringLiteral("repetition"), QString::number(repetition));
            values.insert(QStringLiteral("run"), run.name);

            PlanStep step;
            RunSpec& spec = step.spec;
            QString labelTemplate;
            // The options with placeholders filled in, then the matrix values of this step.
            const auto fill = [&](const QMap<QString, SetValue>& options, RunSpec* into) {
                for (auto it = options.begin(); it != options.end(); ++it) {
                    if (chosen.contains(it.key()))
                        continue;
                    const QString text = substitute(scalarText(it->value), values);
                    if (it.key() == QLatin1String("label"))
                        labelTemplate = text;
                    else
                        apply(into, *RunOptions::find(it.key()), it->value, text);
                }
                for (auto it = chosen.begin(); it != chosen.end(); ++it) {
                    if (const Option* option = RunOptions::find(it.key()))
                        apply(into, *option, it.value(), scalarText(it.value()));
                }
            };
            fill(run.options, &spec);
            for (auto it = chosen.begin(); it != chosen.end(); ++it)
                spec.parameters.insert(it.key(), scalarText(it.value()));
            if (run.repetitions > 1)
                spec.parameters.insert(QStringLiteral("repetition"), QString::number(repetition));
            spec.parameters.insert(QStringLiteral("run"), run.name);

            if (labelTemplate.isEmpty()) {
                labelTemplate = run.name;
                for (const QString& key : keys)
                    labelTemplate += QLatin1Char(' ') + key + QLatin1Char('=') + values[key];
                if (run.repetitions > 1)
                    labelTemplate += QStringLiteral(" #") + QString::number(repetition);
            }
            spec.label = labelTemplate;
            step.fileStem = ExperimentPlan::fileStemFor(spec.label);

            for (const MemberTemplate& member : run.members) {
                QMap<QString, SetValue> options = run.options;
                for (auto it = member.options.begin(); it != member.options.end(); ++it)
                    options.insert(it.key(), it.value());
                StepMember stepMember{member.name, RunSpec(), member.start, member.until};
                fill(options, &stepMember.spec);
                stepMember.spec.label.clear();
                stepMember.spec.parameters = spec.parameters;
                const bool timed = options.contains(QStringLiteral("duration")) ||
                                   chosen.contains(QStringLiteral("duration"));
                if (stepMember.spec.tool == RunTool::Ping && timed &&
                    !member.options.contains(QStringLiteral("count")))
                    StepMembers::pingFor(&stepMember.spec, stepMember.spec.durationSeconds);
                step.members.push_back(stepMember);
            }
            step.tcpSampleSeconds = run.sampleSeconds;
            if (step.members.empty()) {
                for (const QString& problem : RunValidation::check(spec))
                    report(problem, spec.label);
            } else {
                StepMembers::complete(&step.members);
                for (const QString& problem : StepMembers::check(step.members))
                    report(problem, spec.label);
            }
            const auto commands = [&](const QList<QStringList>& templates, const char* what,
                                      QList<QStringList>* out) {
                for (qsizetype i = 0; i < templates.size(); ++i) {
                    QStringList argv;
                    for (const QString& word : templates[i])
                        argv << substitute(word, values);
                    const QString problem = RunValidation::checkCommand(
                        QStringLiteral("%1.%2[%3]").arg(run.path, what).arg(i), argv);
                    if (!problem.isEmpty())
                        report(problem, QString());
                    *out << argv;
                }
            };
            commands(run.setup, "setup", &step.setup);
            commands(run.teardown, "teardown", &step.teardown);
            steps->push_back(std::move(step));
        }
    }

    for (const QString& problem : problems) {
        const auto& [label, count] = seen.value(problem);
        // Command problems name their place themselves; spec problems need the step.
        QString message = label.isEmpty()
                              ? problem
                              : QStringLiteral("%1 step \"%2\": %3").arg(run.path, label, problem);
        if (count > 1)
            message += count == 2 ? QStringLiteral(" (and in 1 more step)")
                                  : QStringLiteral(" (and in %1 more steps)").arg(count - 1);
        fail(message);
    }
}

void capErrors(QStringList* errors) {
    errors->removeDuplicates();
    if (errors->size() > kMaxErrors) {
        const qsizetype more = errors->size() - kMaxErrors;
        errors->erase(errors->begin() + kMaxErrors, errors->end());
        errors->append(QStringLiteral("… and %1 more problems").arg(more));
    }
}

} // namespace

bool ExperimentPlan::fromJson(const QByteArray& json, const QString& baseDir, ExperimentPlan* plan,
                              QStringList* errors) {
    QStringList problems;
    ExperimentPlan result;
    bool ok = false;
    if (json.trimmed().isEmpty()) {
        problems << QStringLiteral("the file is empty, not a Wirebench plan");
    } else {
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
        if (parseError.error != QJsonParseError::NoError)
            problems << QStringLiteral("not valid JSON at %1: %2 (a plan is JSON)")
                            .arg(jsonErrorPosition(json, parseError.offset),
                                 parseError.errorString());
        else if (!document.isObject())
            problems << QStringLiteral("expected a JSON object at the top level, found %1")
                            .arg(document.isArray() ? QStringLiteral("an array")
                                                    : QStringLiteral("a single value"));
        else
            ok = PlanReader(&problems).read(document.object(), baseDir, &result);
    }
    ok = ok && problems.isEmpty();
    if (ok && plan)
        *plan = std::move(result);
    capErrors(&problems);
    if (errors)
        *errors = problems;
    return ok;
}

// Problems with the file itself do not repeat its path: callers show every message after it
// ("wirebench-cli: FILE: problem"), as they do for the plan's contents.
bool ExperimentPlan::load(const QString& path, ExperimentPlan* plan, QStringList* errors) {
    const QFileInfo info(path);
    const auto failed = [&](const QString& message) {
        if (errors)
            *errors = QStringList{message};
        return false;
    };
    if (!info.exists())
        return failed(QStringLiteral("no such file"));
    if (info.isDir())
        return failed(QStringLiteral("a folder, not a plan file"));
    // A FIFO or a device is refused unopened, and the read is bounded (SmallFile).
    QString why;
    const std::optional<QByteArray> bytes =
        SmallFile::read(path, kMaxPlanBytes, QStringLiteral("a plan"), &why);
    if (!bytes)
        return failed(why);
    return fromJson(*bytes, info.absolutePath(), plan, errors);
}

} // namespace wb
