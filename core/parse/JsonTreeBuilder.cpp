#include "JsonTreeBuilder.h"

namespace wb {

QJsonValue JsonTreeBuilder::number(JsonStream::Number number) {
    // QJsonDocument stores a number written as an integer that fits in 64 bits as an integer.
    if (const auto integer = number.exactInteger())
        return QJsonValue(qint64(*integer));
    return QJsonValue(number.toDouble());
}

void JsonTreeBuilder::open(bool object) {
    Frame frame;
    frame.object = object;
    m_frames.push_back(std::move(frame));
}

void JsonTreeBuilder::endContainer() {
    Frame frame = std::move(m_frames.back());
    m_frames.pop_back();
    if (frame.object)
        add(QJsonValue(std::move(frame.members)));
    else
        add(QJsonValue(std::move(frame.elements)));
}

void JsonTreeBuilder::add(const QJsonValue& value) {
    if (m_frames.empty()) {
        m_result = value;
        return;
    }
    Frame& frame = m_frames.back();
    if (frame.object)
        frame.members.insert(frame.key, value); // a repeated key keeps its last value
    else
        frame.elements.append(value);
}

} // namespace wb
