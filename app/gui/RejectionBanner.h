#pragma once

#include <QLabel>

namespace wb {

class DatasetStore;
struct DatasetEntry;

// A banner above the plots naming each file most of which could not be read: when more than
// a tenth of its data lines were parse or range errors, "FILE: kept N of M replies — see the
// parse report". A small mark in the list is easy to miss when the plot looks plausible.
// Follows the store: hidden when no loaded file is affected.
class RejectionBanner : public QLabel {
    Q_OBJECT

public:
    RejectionBanner(DatasetStore* store, QWidget* parent);

    // The banner's line for one dataset, or empty when at most a tenth was rejected.
    static QString lineFor(const DatasetEntry& entry);
    static constexpr double kRejectedShare = 0.1;

private:
    void refresh();

    DatasetStore* m_store;
};

} // namespace wb
