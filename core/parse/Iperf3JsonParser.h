#pragma once

#include "Iperf3Flows.h"
#include "LogParser.h"

#include <QJsonObject>

#include <string>
#include <string_view>

namespace wb {

// iperf3 -J (one JSON document per run; a file may hold several runs one after the other) and
// --json-stream (iperf3 >= 3.17: one {"event":...,"data":...} object per line). Bytes arrive in
// chunks like any log: the reader tracks the braces to find where each document ends and hands
// that document to QJsonDocument, so a live `iperf3 -J` yields its dataset as soon as the run ends.
class Iperf3JsonParser : public LogParser {
public:
    Iperf3JsonParser();
    static int sniff(std::string_view head);

    // QJsonDocument cannot hold documents beyond about 128 MiB (Qt 6.4); larger ones are
    // reported instead of parsed until a streaming reader exists.
    static constexpr std::size_t kMaxDocumentBytes = (std::size_t(1) << 27) - 1;

protected:
    void parseLine(std::string_view line) override;
    void finishDatasets() override;

private:
    Dataset& current() { return allDatasets().back(); }
    const Dataset& current() const { return datasets().back(); }
    void completeDocument();
    void readObject(const QJsonObject& object);
    void beginTest();
    void finishTest();
    void readStart(const QJsonObject& start);
    void readInterval(const QJsonObject& interval);
    void readEnd(const QJsonObject& end);
    void readError(const QString& error);
    QString directionOf(const QJsonObject& stream) const;
    bool isForward(const QString& direction) const;

    // The document being assembled.
    std::string m_buffer;
    int m_depth = 0;
    bool m_inString = false;
    bool m_escaped = false;
    bool m_tooLarge = false;
    std::int64_t m_documentLine = 0; // line where the current document began

    Iperf3FlowTable m_flows;
    bool m_reverse = false;
    bool m_sawData = false;
    std::int64_t m_omitted = 0;
};

} // namespace wb
