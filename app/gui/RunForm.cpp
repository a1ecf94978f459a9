#include "RunForm.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace wb {

namespace {
const QString kSystemDefault = QStringLiteral("(system default)");

// Prefix words as the user typed them; QProcess::splitCommand honours quotes, so what
// RunValidation sees is exactly what the process will get.
QString joinWords(const QStringList& words) {
    return words.join(QLatin1Char(' '));
}
} // namespace

RunForm::RunForm(QWidget* parent) : QWidget(parent) {
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);

    auto* what = new QGroupBox(tr("Measurement"), this);
    auto* whatForm = new QFormLayout(what);
    m_mode = new QComboBox(what);
    m_mode->setObjectName(QStringLiteral("mode"));
    m_mode->addItem(tr("Single run"));
    m_mode->addItem(tr("Latency under load"));
    m_mode->setToolTip(tr("Latency under load: ping the target while TCP flows (iperf3) load "
                          "the path, all on one clock, with the flows' TCP state sampled (ss)"));
    whatForm->addRow(tr("&Kind:"), m_mode);
    m_tool = new QComboBox(what);
    m_tool->setObjectName(QStringLiteral("tool"));
    m_tool->addItem(QStringLiteral("ping"), static_cast<int>(RunTool::Ping));
    m_tool->addItem(QStringLiteral("iperf2"), static_cast<int>(RunTool::Iperf2));
    m_tool->addItem(QStringLiteral("iperf3"), static_cast<int>(RunTool::Iperf3));
    m_tool->setToolTip(tr("ping measures round-trip times; iperf2 and iperf3 throughput"));
    m_target = new QLineEdit(what);
    m_target->setObjectName(QStringLiteral("target"));
    m_target->setPlaceholderText(tr("host name or address"));
    m_target->setToolTip(tr("Host name, IPv4 or IPv6 address to ping or to connect the iperf "
                            "client to (as seen from the client's transport)"));
    m_label = new QLineEdit(what);
    m_label->setObjectName(QStringLiteral("label"));
    m_label->setToolTip(tr("Label of the run's dataset; empty = tool and target"));
    m_extraArgs = new QLineEdit(what);
    m_extraArgs->setObjectName(QStringLiteral("extraArgs"));
    m_extraArgs->setPlaceholderText(tr("e.g. -w 4M -l 1400"));
    m_extraArgs->setToolTip(tr("More arguments for the tool, after Wirebench's own; an option "
                               "Wirebench sets (output, format, count, duration, streams, "
                               "port, ...) is refused with the reason"));
    whatForm->addRow(tr("&Tool:"), m_tool);
    whatForm->addRow(tr("T&arget:"), m_target);
    whatForm->addRow(tr("&Label:"), m_label);
    whatForm->addRow(tr("Tool optio&ns:"), m_extraArgs);
    column->addWidget(what);

    // Prefilled like RRUL: 4 flows each way for 60 s, ping 5 s before and after the load.
    m_loadBox = new QGroupBox(tr("Latency under load"), this);
    m_loadBox->setObjectName(QStringLiteral("loadBox"));
    auto* loadForm = new QFormLayout(m_loadBox);
    m_flowsUp = new QSpinBox(m_loadBox);
    m_flowsUp->setObjectName(QStringLiteral("flowsUp"));
    m_flowsUp->setRange(0, 32);
    m_flowsUp->setValue(4);
    m_flowsUp->setToolTip(tr("TCP flows from the client to the target (iperf3, each with its "
                             "own server and port)"));
    m_flowsDown = new QSpinBox(m_loadBox);
    m_flowsDown->setObjectName(QStringLiteral("flowsDown"));
    m_flowsDown->setRange(0, 32);
    m_flowsDown->setValue(4);
    m_flowsDown->setToolTip(tr("TCP flows from the target to the client (iperf3 -R)"));
    m_loadDuration = new QSpinBox(m_loadBox);
    m_loadDuration->setObjectName(QStringLiteral("loadDuration"));
    m_loadDuration->setRange(1, 86400);
    m_loadDuration->setValue(60);
    m_loadDuration->setSuffix(tr(" s"));
    m_loadDuration->setToolTip(tr("How long the flows send"));
    m_margin = new QDoubleSpinBox(m_loadBox);
    m_margin->setObjectName(QStringLiteral("margin"));
    m_margin->setRange(0, 3600);
    m_margin->setDecimals(1);
    m_margin->setValue(5);
    m_margin->setSuffix(tr(" s"));
    m_margin->setToolTip(tr("Ping alone before the load starts and after it ends: the idle "
                            "latency to compare with"));
    auto* flowsRow = new QHBoxLayout;
    flowsRow->addWidget(m_flowsUp);
    flowsRow->addWidget(new QLabel(tr("down:"), m_loadBox));
    flowsRow->addWidget(m_flowsDown);
    flowsRow->addStretch(1);
    auto* flowsLabel = new QLabel(tr("Flows &up:"), m_loadBox);
    flowsLabel->setBuddy(m_flowsUp); // a row holding a layout gets no buddy by itself
    loadForm->addRow(flowsLabel, flowsRow);
    loadForm->addRow(tr("Load &for:"), m_loadDuration);
    loadForm->addRow(tr("Idle &before/after:"), m_margin);
    m_loadBox->setVisible(false);
    column->addWidget(m_loadBox);

    m_pingBox = new QGroupBox(tr("ping"), this);
    auto* pingForm = new QFormLayout(m_pingBox);
    m_count = new QSpinBox(m_pingBox);
    m_count->setObjectName(QStringLiteral("count"));
    m_count->setRange(1, 10000000);
    m_count->setToolTip(tr("Number of echo requests to send (-c)"));
    m_interval = new QDoubleSpinBox(m_pingBox);
    m_interval->setObjectName(QStringLiteral("interval"));
    m_interval->setRange(0.001, 3600);
    m_interval->setDecimals(3);
    m_interval->setSingleStep(0.1);
    m_interval->setSuffix(tr(" s"));
    m_interval->setToolTip(
        tr("Seconds between requests (-i); below 0.2 s ping needs root privileges"));
    m_size = new QSpinBox(m_pingBox);
    m_size->setObjectName(QStringLiteral("size"));
    m_size->setRange(0, 65507);
    m_size->setSuffix(tr(" bytes"));
    m_size->setToolTip(tr("ICMP payload size in bytes (-s); 56 gives 64-byte packets"));
    pingForm->addRow(tr("&Count:"), m_count);
    pingForm->addRow(tr("&Interval:"), m_interval);
    pingForm->addRow(tr("&Size:"), m_size);
    column->addWidget(m_pingBox);

    m_iperfBox = new QGroupBox(tr("iperf"), this);
    auto* iperfForm = new QFormLayout(m_iperfBox);
    m_duration = new QSpinBox(m_iperfBox);
    m_duration->setObjectName(QStringLiteral("duration"));
    m_duration->setRange(1, 86400);
    m_duration->setSuffix(tr(" s"));
    m_duration->setToolTip(tr("How long to send, in seconds (-t)"));
    m_reportInterval = new QDoubleSpinBox(m_iperfBox);
    m_reportInterval->setObjectName(QStringLiteral("reportInterval"));
    m_reportInterval->setRange(0.1, 3600);
    m_reportInterval->setDecimals(1);
    m_reportInterval->setSuffix(tr(" s"));
    m_reportInterval->setToolTip(tr("Seconds between interval reports (-i)"));
    m_streams = new QSpinBox(m_iperfBox);
    m_streams->setObjectName(QStringLiteral("streams"));
    m_streams->setRange(1, 128);
    m_streams->setToolTip(tr("Parallel streams (-P)"));
    m_udp = new QCheckBox(tr("UDP"), m_iperfBox);
    m_udp->setObjectName(QStringLiteral("udp"));
    m_udp->setToolTip(tr("Send UDP datagrams instead of TCP (-u)"));
    m_bandwidth = new QLineEdit(m_iperfBox);
    m_bandwidth->setObjectName(QStringLiteral("bandwidth"));
    m_bandwidth->setPlaceholderText(tr("tool default"));
    m_bandwidth->setToolTip(tr("Target bandwidth in bits per second (-b), with K, M or G: "
                               "\"10M\" is 10 Mbit/s; UDP defaults to 1 Mbit/s"));
    auto* udpRow = new QHBoxLayout;
    udpRow->addWidget(m_udp);
    udpRow->addWidget(new QLabel(tr("-b"), m_iperfBox));
    udpRow->addWidget(m_bandwidth, 1);
    m_reverse = new QCheckBox(tr("Reverse (-R)"), m_iperfBox);
    m_reverse->setObjectName(QStringLiteral("reverse"));
    m_reverse->setToolTip(tr("Reverse direction: the server sends, the client receives (-R)"));
    m_congestion = new QComboBox(m_iperfBox);
    m_congestion->setObjectName(QStringLiteral("congestion"));
    m_congestion->setEditable(true);
    m_congestion->addItems(
        {kSystemDefault, QStringLiteral("cubic"), QStringLiteral("reno"), QStringLiteral("bbr")});
    m_congestion->setToolTip(tr("TCP congestion control of the sender (iperf2 -Z, iperf3 -C); "
                                "the kernel must have the module"));
    m_port = new QSpinBox(m_iperfBox);
    m_port->setObjectName(QStringLiteral("port"));
    m_port->setRange(0, 65535);
    m_port->setSpecialValueText(tr("tool default"));
    m_port->setToolTip(tr("Server port (-p); iperf2 uses 5001, iperf3 5201 by default"));
    m_json = new QCheckBox(tr("JSON (-J)"), m_iperfBox);
    m_json->setObjectName(QStringLiteral("json"));
    m_json->setToolTip(tr("iperf3 only: JSON output, which carries more detail than text"));
    m_startServer = new QCheckBox(tr("Start a server for this run"), m_iperfBox);
    m_startServer->setObjectName(QStringLiteral("startServer"));
    m_startServer->setToolTip(tr("Start \"iperf -s\" / \"iperf3 -s -1\" through the server "
                                 "transport before the client, and stop it afterwards"));
    iperfForm->addRow(tr("&Duration:"), m_duration);
    iperfForm->addRow(tr("&Report every:"), m_reportInterval);
    iperfForm->addRow(tr("St&reams:"), m_streams);
    iperfForm->addRow(udpRow);
    auto* flagsRow = new QHBoxLayout;
    flagsRow->addWidget(m_reverse);
    flagsRow->addWidget(m_json);
    flagsRow->addStretch(1);
    iperfForm->addRow(flagsRow);
    iperfForm->addRow(tr("C&ongestion:"), m_congestion);
    iperfForm->addRow(tr("&Port:"), m_port);
    iperfForm->addRow(m_startServer);
    column->addWidget(m_iperfBox);

    auto* where = new QGroupBox(tr("Transport and output"), this);
    auto* whereForm = new QFormLayout(where);
    const QString prefixHelp = tr("Words put before the command, e.g. \"ssh node-1\" or \"ip "
                                  "netns exec ns\"; empty = run on this machine");
    m_clientPrefix = new QLineEdit(where);
    m_clientPrefix->setObjectName(QStringLiteral("clientPrefix"));
    m_clientPrefix->setPlaceholderText(tr("e.g. ssh node-1"));
    m_clientPrefix->setToolTip(prefixHelp);
    m_serverPrefix = new QLineEdit(where);
    m_serverPrefix->setObjectName(QStringLiteral("serverPrefix"));
    m_serverPrefix->setPlaceholderText(tr("e.g. ip netns exec ns"));
    m_serverPrefix->setToolTip(prefixHelp);
    m_outputFolder = new QLineEdit(where);
    m_outputFolder->setObjectName(QStringLiteral("outputFolder"));
    m_outputFolder->setToolTip(
        tr("Folder for the raw logs (.log) and their sidecars (.run.json); never overwritten"));
    auto* browse = new QToolButton(where);
    browse->setText(tr("…"));
    browse->setToolTip(tr("Choose the output folder"));
    connect(browse, &QToolButton::clicked, this, &RunForm::chooseOutputFolder);
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(m_outputFolder, 1);
    folderRow->addWidget(browse);
    whereForm->addRow(tr("C&lient via:"), m_clientPrefix);
    whereForm->addRow(tr("Ser&ver via:"), m_serverPrefix);
    auto* folderLabel = new QLabel(tr("O&utput:"), where);
    folderLabel->setBuddy(m_outputFolder); // a row holding a layout gets no buddy by itself
    whereForm->addRow(folderLabel, folderRow);
    column->addWidget(where);
    column->addStretch(1);

    for (QFormLayout* form : {whatForm, loadForm, pingForm, iperfForm, whereForm})
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    connect(m_tool, &QComboBox::currentIndexChanged, this, &RunForm::updateEnabled);
    connect(m_mode, &QComboBox::currentIndexChanged, this, &RunForm::updateEnabled);
    connect(m_startServer, &QCheckBox::toggled, this, &RunForm::updateEnabled);
    for (QComboBox* combo : {m_tool, m_mode})
        connect(combo, &QComboBox::currentIndexChanged, this, &RunForm::updatePlaceholder);
    connect(m_target, &QLineEdit::textChanged, this, &RunForm::updatePlaceholder);
}

void RunForm::updateEnabled() {
    const auto tool = static_cast<RunTool>(m_tool->currentData().toInt());
    const bool load = latencyUnderLoad();
    const bool iperf = tool != RunTool::Ping;
    m_loadBox->setVisible(load);
    m_tool->setEnabled(!load);
    // Under load the ping's and the flows' options both apply; the flows are TCP, iperf3, of
    // a fixed direction and length, with servers Wirebench starts.
    m_pingBox->setEnabled(load || !iperf);
    m_count->setEnabled(!load);
    m_iperfBox->setEnabled(load || iperf);
    m_duration->setEnabled(!load);
    m_udp->setEnabled(!load);
    m_bandwidth->setEnabled(!load);
    m_reverse->setEnabled(!load);
    m_startServer->setEnabled(!load);
    m_json->setEnabled(!load && tool == RunTool::Iperf3);
    m_serverPrefix->setEnabled(load || (iperf && m_startServer->isChecked()));
}

RunSpec RunForm::spec() const {
    RunSpec spec;
    spec.tool = static_cast<RunTool>(m_tool->currentData().toInt());
    spec.target = m_target->text().trimmed();
    spec.label = m_label->text().trimmed();
    spec.count = m_count->value();
    spec.intervalSeconds = m_interval->value();
    spec.packetSize = m_size->value();
    spec.durationSeconds = m_duration->value();
    spec.reportIntervalSeconds = m_reportInterval->value();
    spec.streams = m_streams->value();
    spec.udp = m_udp->isChecked();
    spec.bandwidth = m_bandwidth->text().trimmed();
    spec.reverse = m_reverse->isChecked();
    const QString congestion = m_congestion->currentText().trimmed();
    spec.congestionControl = congestion == kSystemDefault ? QString() : congestion;
    spec.port = m_port->value();
    spec.json = m_json->isChecked();
    spec.startServer = m_startServer->isChecked();
    spec.extraArgs = QProcess::splitCommand(m_extraArgs->text());
    spec.clientPrefix = QProcess::splitCommand(m_clientPrefix->text());
    spec.serverPrefix = QProcess::splitCommand(m_serverPrefix->text());
    return spec;
}

void RunForm::setSpec(const RunSpec& spec) {
    m_tool->setCurrentIndex(std::max(0, m_tool->findData(static_cast<int>(spec.tool))));
    m_target->setText(spec.target);
    m_label->setText(spec.label);
    m_count->setValue(spec.count);
    m_interval->setValue(spec.intervalSeconds);
    m_size->setValue(spec.packetSize);
    m_duration->setValue(spec.durationSeconds);
    m_reportInterval->setValue(spec.reportIntervalSeconds);
    m_streams->setValue(spec.streams);
    m_udp->setChecked(spec.udp);
    m_bandwidth->setText(spec.bandwidth);
    m_reverse->setChecked(spec.reverse);
    m_congestion->setCurrentText(spec.congestionControl.isEmpty() ? kSystemDefault
                                                                  : spec.congestionControl);
    m_port->setValue(spec.port);
    m_json->setChecked(spec.json);
    m_startServer->setChecked(spec.startServer);
    m_extraArgs->setText(joinWords(spec.extraArgs));
    m_clientPrefix->setText(joinWords(spec.clientPrefix));
    m_serverPrefix->setText(joinWords(spec.serverPrefix));
    updatePlaceholder();
    updateEnabled();
}

void RunForm::updatePlaceholder() {
    const RunSpec now = spec();
    m_label->setPlaceholderText(latencyUnderLoad() ? defaultLoadLabel(now) : defaultLabel(now));
}

QString RunForm::defaultLoadLabel(const RunSpec& spec) {
    return tr("latency under load %1").arg(spec.target).trimmed();
}

bool RunForm::latencyUnderLoad() const {
    return m_mode->currentIndex() == 1;
}

std::vector<StepMember> RunForm::loadMembers() const {
    return StepMembers::latencyUnderLoad(spec(), m_flowsUp->value(), m_flowsDown->value(),
                                         m_loadDuration->value(), m_margin->value());
}

QString RunForm::outputFolder() const {
    return m_outputFolder->text().trimmed();
}

void RunForm::setOutputFolder(const QString& folder) {
    m_outputFolder->setText(QDir::toNativeSeparators(folder));
}

void RunForm::chooseOutputFolder() {
    const QString folder =
        QFileDialog::getExistingDirectory(this, tr("Folder for run logs"), outputFolder());
    if (!folder.isEmpty())
        setOutputFolder(folder);
}

QString RunForm::defaultLabel(const RunSpec& spec) {
    const QString tool = spec.tool == RunTool::Ping     ? QStringLiteral("ping")
                         : spec.tool == RunTool::Iperf2 ? QStringLiteral("iperf2")
                                                        : QStringLiteral("iperf3");
    return spec.target.isEmpty() ? tool : QStringLiteral("%1 %2").arg(tool, spec.target);
}

void RunForm::focusTarget() {
    m_target->setFocus(Qt::OtherFocusReason);
    m_target->selectAll();
}

} // namespace wb
