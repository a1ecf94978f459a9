#pragma once

#include <QByteArray>
#include <QObject>
#include <QVariant>

namespace wb {

// What plot styling changes on a QCustomPlot object for a while (a font fitted to a size, a
// colour for a dark screen) is remembered beside the value the view gave it: the view's own
// value under NAME + "Own" and the value set in its place under NAME + "Shown". Styling starts
// again from the own value every time, and a value the view sets later (no longer the shown
// one) becomes the new own value.
template <typename T> T ownValue(const QObject* object, const char* name, const T& current) {
    const QVariant shown = object->property(QByteArray(name).append("Shown"));
    if (shown.isValid() && shown.value<T>() == current)
        return object->property(QByteArray(name).append("Own")).value<T>();
    return current;
}

template <typename T>
void rememberValue(QObject* object, const char* name, const T& own, const T& shown) {
    object->setProperty(QByteArray(name).append("Own"), QVariant::fromValue(own));
    object->setProperty(QByteArray(name).append("Shown"), QVariant::fromValue(shown));
}

} // namespace wb
