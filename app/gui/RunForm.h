#pragma once

#include "run/RunSpec.h"
#include "run/StepMembers.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLineEdit;
class QSpinBox;

namespace wb {

// The fields of one run: tool, target, label, ping, irtt and iperf options, transport prefixes
// and the output folder. Options that do not apply to the chosen tool are disabled; irtt's are
// shown only when irtt runs (alone or as the latency under load). It only maps
// widgets to a RunSpec and back; RunValidation judges the values.
class RunForm : public QWidget {
    Q_OBJECT

public:
    explicit RunForm(QWidget* parent = nullptr);

    RunSpec spec() const; // not validated

    // "Latency under load": ping (or irtt) the target while TCP flows load the path (RRUL's
    // shape).
    bool latencyUnderLoad() const;
    // What measures the latency under load: ping or irtt.
    RunTool loadLatencyTool() const;
    // The step's members from the form (StepMembers::latencyUnderLoad), not validated.
    std::vector<StepMember> loadMembers() const;
    void setSpec(const RunSpec& spec);
    QString outputFolder() const;
    void setOutputFolder(const QString& folder);
    void focusTarget();

    // The label a run gets when the form's label is empty: "ping 127.0.0.1".
    static QString defaultLabel(const RunSpec& spec);
    // The same for latency under load: "latency under load 127.0.0.1".
    static QString defaultLoadLabel(const RunSpec& spec);

private:
    void updateEnabled();
    void updatePlaceholder();
    void chooseOutputFolder();

    // Whether the run's latency is measured by irtt (alone, or under load).
    bool irttRuns() const;

    QComboBox* m_mode = nullptr;
    QGroupBox* m_loadBox = nullptr;
    QComboBox* m_latencyTool = nullptr;
    QSpinBox* m_flowsUp = nullptr;
    QSpinBox* m_flowsDown = nullptr;
    QSpinBox* m_loadDuration = nullptr;
    QDoubleSpinBox* m_margin = nullptr;
    QComboBox* m_tool = nullptr;
    QLineEdit* m_target = nullptr;
    QLineEdit* m_label = nullptr;
    QLineEdit* m_extraArgs = nullptr;
    QGroupBox* m_pingBox = nullptr;
    QSpinBox* m_count = nullptr;
    QDoubleSpinBox* m_interval = nullptr;
    QSpinBox* m_size = nullptr;
    QGroupBox* m_irttBox = nullptr;
    QFormLayout* m_irttForm = nullptr;
    QSpinBox* m_irttDuration = nullptr;
    QDoubleSpinBox* m_irttInterval = nullptr;
    QSpinBox* m_irttLength = nullptr;
    QSpinBox* m_irttPort = nullptr;
    QCheckBox* m_irttStartServer = nullptr;
    QGroupBox* m_iperfBox = nullptr;
    QSpinBox* m_duration = nullptr;
    QDoubleSpinBox* m_reportInterval = nullptr;
    QSpinBox* m_streams = nullptr;
    QCheckBox* m_udp = nullptr;
    QLineEdit* m_bandwidth = nullptr;
    QCheckBox* m_reverse = nullptr;
    QComboBox* m_congestion = nullptr;
    QSpinBox* m_port = nullptr;
    QCheckBox* m_json = nullptr;
    QCheckBox* m_startServer = nullptr;
    QLineEdit* m_clientPrefix = nullptr;
    QLineEdit* m_serverPrefix = nullptr;
    QLineEdit* m_outputFolder = nullptr;
};

} // namespace wb
