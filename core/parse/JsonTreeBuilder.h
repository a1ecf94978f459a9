#pragma once

#include "JsonStream.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

#include <vector>

namespace wb {

// Assembles one small JSON value from JsonStream's tokens, for the parts of a log that are
// read as a whole (iperf3's "start" and "end" sections: a few KiB however long the run was).
// Numbers keep QJsonDocument's distinction between integers and doubles, so QJsonValue's
// toInt()/toInteger()/toDouble() read them exactly as from a parsed document.
class JsonTreeBuilder {
public:
    // Starts a value with its first token; done() says when it is complete.
    void beginObject() { open(true); }
    void beginArray() { open(false); }
    void endContainer();
    void key(std::string_view name) {
        m_frames.back().key = QString::fromUtf8(name.data(), qsizetype(name.size()));
    }
    void scalar(const QJsonValue& value) { add(value); }
    static QJsonValue number(JsonStream::Number number);

    bool done() const { return m_frames.empty(); }
    QJsonValue take() { return std::move(m_result); }

private:
    struct Frame {
        bool object = true;
        QJsonObject members;
        QJsonArray elements;
        QString key;
    };
    void open(bool object);
    void add(const QJsonValue& value);

    std::vector<Frame> m_frames;
    QJsonValue m_result;
};

} // namespace wb
