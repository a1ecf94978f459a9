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

// A field named as tests and the saved form find it, with what it is for as its tooltip.
template <typename Field, typename... Text>
Field* field(QWidget* parent, const char* name, const QString& tip, const Text&... text) {
    auto* widget = new Field(text..., parent);
    widget->setObjectName(QLatin1String(name));
    widget->setToolTip(tip);
    return widget;
}

// A spin box for numbers from minimum to maximum, with its unit after the number.
template <typename Box, typename Number>
Box* numberField(QWidget* parent, const char* name, Number minimum, Number maximum,
                 const QString& suffix, const QString& tip) {
    auto* box = field<Box>(parent, name, tip);
    box->setRange(minimum, maximum);
    box->setSuffix(suffix);
    return box;
}

QLineEdit* textField(QWidget* parent, const char* name, const QString& placeholder,
                     const QString& tip) {
    auto* edit = field<QLineEdit>(parent, name, tip);
    edit->setPlaceholderText(placeholder);
    return edit;
}
} // namespace

RunForm::RunForm(QWidget* parent) : QWidget(parent) {
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);

    auto* what = new QGroupBox(tr("Measurement"), this);
    auto* whatForm = new QFormLayout(what);
    m_mode = field<QComboBox>(what, "mode",
                              tr("Latency under load: ping or irtt the target while TCP flows "
                                 "(iperf3) load the path, all on one clock, with the flows' TCP "
                                 "state sampled (ss)"));
    m_mode->addItem(tr("Single run"));
    m_mode->addItem(tr("Latency under load"));
    whatForm->addRow(tr("&Kind:"), m_mode);
    m_tool = field<QComboBox>(what, "tool",
                              tr("ping measures round-trip times; irtt round-trip times, one-way "
                                 "delays and losses by direction over UDP; iperf2 and iperf3 "
                                 "throughput"));
    m_tool->addItem(QStringLiteral("ping"), static_cast<int>(RunTool::Ping));
    m_tool->addItem(QStringLiteral("iperf2"), static_cast<int>(RunTool::Iperf2));
    m_tool->addItem(QStringLiteral("iperf3"), static_cast<int>(RunTool::Iperf3));
    m_tool->addItem(QStringLiteral("irtt"), static_cast<int>(RunTool::Irtt));
    m_target = textField(what, "target", tr("host name or address"),
                         tr("Host name, IPv4 or IPv6 address to ping, to measure with irtt "
                            "or to connect the iperf client to (as seen from the client's "
                            "transport); irtt takes no IPv6 address, only a name"));
    m_label =
        field<QLineEdit>(what, "label", tr("Label of the run's dataset; empty = tool and target"));
    m_extraArgs = textField(what, "extraArgs", tr("e.g. -w 4M -l 1400"),
                            tr("More arguments for the tool, after Wirebench's own; an option "
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
    m_latencyTool = field<QComboBox>(m_loadBox, "latencyTool",
                                     tr("What measures the latency: ping (ICMP) or irtt (UDP, "
                                        "with one-way delays; its server is started through "
                                        "the server transport on port 2112)"));
    m_latencyTool->addItem(QStringLiteral("ping"), static_cast<int>(RunTool::Ping));
    m_latencyTool->addItem(QStringLiteral("irtt"), static_cast<int>(RunTool::Irtt));
    loadForm->addRow(tr("Latenc&y by:"), m_latencyTool);
    m_flowsUp = numberField<QSpinBox>(m_loadBox, "flowsUp", 0, 32, {},
                                      tr("TCP flows from the client to the target (iperf3, each "
                                         "with its own server and port)"));
    m_flowsUp->setValue(4);
    m_flowsDown = numberField<QSpinBox>(m_loadBox, "flowsDown", 0, 32, {},
                                        tr("TCP flows from the target to the client (iperf3 -R)"));
    m_flowsDown->setValue(4);
    m_loadDuration = numberField<QSpinBox>(m_loadBox, "loadDuration", 1, 86400, tr(" s"),
                                           tr("How long the flows send"));
    m_loadDuration->setValue(60);
    m_margin = numberField<QDoubleSpinBox>(m_loadBox, "margin", 0.0, 3600.0, tr(" s"),
                                           tr("Ping alone before the load starts and after it "
                                              "ends: the idle latency to compare with"));
    m_margin->setDecimals(1);
    m_margin->setValue(5);
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
    m_count = numberField<QSpinBox>(m_pingBox, "count", 1, 10000000, {},
                                    tr("Number of echo requests to send (-c)"));
    m_interval = numberField<QDoubleSpinBox>(
        m_pingBox, "interval", 0.001, 3600.0, tr(" s"),
        tr("Seconds between requests (-i); below 0.2 s ping needs root privileges"));
    m_interval->setDecimals(3);
    m_interval->setSingleStep(0.1);
    m_size = numberField<QSpinBox>(m_pingBox, "size", 0, 65507, tr(" bytes"),
                                   tr("ICMP payload size in bytes (-s); 56 gives 64-byte packets"));
    pingForm->addRow(tr("&Count:"), m_count);
    pingForm->addRow(tr("&Interval:"), m_interval);
    pingForm->addRow(tr("&Size:"), m_size);
    column->addWidget(m_pingBox);

    m_irttBox = new QGroupBox(tr("irtt"), this);
    m_irttBox->setObjectName(QStringLiteral("irttBox"));
    m_irttForm = new QFormLayout(m_irttBox);
    QFormLayout* irttForm = m_irttForm;
    m_irttDuration = numberField<QSpinBox>(m_irttBox, "irttDuration", 1, 86400, tr(" s"),
                                           tr("How long irtt sends, in seconds (-d)"));
    m_irttInterval = numberField<QDoubleSpinBox>(
        m_irttBox, "irttInterval", 0.001, 15.0, tr(" s"),
        tr("Seconds between requests (-i); an irtt server refuses more than 15 s"));
    m_irttInterval->setDecimals(3);
    m_irttInterval->setSingleStep(0.01);
    m_irttLength = numberField<QSpinBox>(
        m_irttBox, "irttLength", 0, 65507, tr(" bytes"),
        tr("UDP payload bytes of each packet, irtt's headers included (-l); irtt raises it to "
           "the smallest that holds them"));
    m_irttLength->setSpecialValueText(tr("smallest"));
    m_irttPort = numberField<QSpinBox>(m_irttBox, "irttPort", 0, 65535, {},
                                       tr("The irtt server's UDP port; 2112 by default"));
    m_irttPort->setSpecialValueText(tr("2112 (default)"));
    m_irttStartServer = field<QCheckBox>(m_irttBox, "irttStartServer",
                                         tr("Start \"irtt server\" through the server transport "
                                            "before the client, and stop it afterwards"),
                                         tr("Start an irtt server for this run"));
    irttForm->addRow(tr("Ti&me:"), m_irttDuration);
    irttForm->addRow(tr("&Every:"), m_irttInterval);
    irttForm->addRow(tr("Lengt&h:"), m_irttLength);
    irttForm->addRow(tr("UDP port:"), m_irttPort);
    irttForm->addRow(m_irttStartServer);
    m_irttBox->setVisible(false);
    column->addWidget(m_irttBox);

    m_iperfBox = new QGroupBox(tr("iperf"), this);
    auto* iperfForm = new QFormLayout(m_iperfBox);
    m_duration = numberField<QSpinBox>(m_iperfBox, "duration", 1, 86400, tr(" s"),
                                       tr("How long to send, in seconds (-t)"));
    m_reportInterval =
        numberField<QDoubleSpinBox>(m_iperfBox, "reportInterval", 0.1, 3600.0, tr(" s"),
                                    tr("Seconds between interval reports (-i)"));
    m_reportInterval->setDecimals(1);
    m_streams =
        numberField<QSpinBox>(m_iperfBox, "streams", 1, 128, {}, tr("Parallel streams (-P)"));
    m_udp = field<QCheckBox>(m_iperfBox, "udp", tr("Send UDP datagrams instead of TCP (-u)"),
                             tr("UDP"));
    m_bandwidth = textField(m_iperfBox, "bandwidth", tr("tool default"),
                            tr("Target bandwidth in bits per second (-b), with K, M or G: "
                               "\"10M\" is 10 Mbit/s; UDP defaults to 1 Mbit/s"));
    auto* udpRow = new QHBoxLayout;
    udpRow->addWidget(m_udp);
    udpRow->addWidget(new QLabel(tr("-b"), m_iperfBox));
    udpRow->addWidget(m_bandwidth, 1);
    m_reverse = field<QCheckBox>(
        m_iperfBox, "reverse", tr("Reverse direction: the server sends, the client receives (-R)"),
        tr("Reverse (-R)"));
    m_congestion = field<QComboBox>(m_iperfBox, "congestion",
                                    tr("TCP congestion control of the sender (iperf2 -Z, iperf3 "
                                       "-C); the kernel must have the module"));
    m_congestion->setEditable(true);
    m_congestion->addItems(
        {kSystemDefault, QStringLiteral("cubic"), QStringLiteral("reno"), QStringLiteral("bbr")});
    m_port =
        numberField<QSpinBox>(m_iperfBox, "port", 0, 65535, {},
                              tr("Server port (-p); iperf2 uses 5001, iperf3 5201 by default"));
    m_port->setSpecialValueText(tr("tool default"));
    m_json = field<QCheckBox>(m_iperfBox, "json",
                              tr("iperf3 only: JSON output, which carries more detail than text"),
                              tr("JSON (-J)"));
    m_startServer = field<QCheckBox>(m_iperfBox, "startServer",
                                     tr("Start \"iperf -s\" / \"iperf3 -s -1\" through the server "
                                        "transport before the client, and stop it afterwards"),
                                     tr("Start a server for this run"));
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
    m_clientPrefix = textField(where, "clientPrefix", tr("e.g. ssh node-1"), prefixHelp);
    m_serverPrefix = textField(where, "serverPrefix", tr("e.g. ip netns exec ns"), prefixHelp);
    m_outputFolder = field<QLineEdit>(
        where, "outputFolder",
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

    for (QFormLayout* form : {whatForm, loadForm, pingForm, irttForm, iperfForm, whereForm})
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    connect(m_tool, &QComboBox::currentIndexChanged, this, &RunForm::updateEnabled);
    connect(m_mode, &QComboBox::currentIndexChanged, this, &RunForm::updateEnabled);
    connect(m_latencyTool, &QComboBox::currentIndexChanged, this, &RunForm::updateEnabled);
    connect(m_startServer, &QCheckBox::toggled, this, &RunForm::updateEnabled);
    connect(m_irttStartServer, &QCheckBox::toggled, this, &RunForm::updateEnabled);
    for (QComboBox* combo : {m_tool, m_mode})
        connect(combo, &QComboBox::currentIndexChanged, this, &RunForm::updatePlaceholder);
    connect(m_target, &QLineEdit::textChanged, this, &RunForm::updatePlaceholder);
}

void RunForm::updateEnabled() {
    const auto tool = static_cast<RunTool>(m_tool->currentData().toInt());
    const bool load = latencyUnderLoad();
    const bool iperf = tool == RunTool::Iperf2 || tool == RunTool::Iperf3;
    const bool irtt = irttRuns();
    m_loadBox->setVisible(load);
    m_tool->setEnabled(!load);
    // Under load the latency tool's and the flows' options both apply; the flows are TCP,
    // iperf3, of a fixed direction and length, with servers Wirebench starts.
    m_pingBox->setEnabled(load ? !irtt : tool == RunTool::Ping);
    m_count->setEnabled(!load);
    m_irttBox->setVisible(irtt);
    // Under load irtt runs as long as the ping would, with its own server on its default port:
    // the fields that would say otherwise are hidden.
    for (QWidget* fixedUnderLoad :
         std::initializer_list<QWidget*>{m_irttDuration, m_irttPort, m_irttStartServer})
        m_irttForm->setRowVisible(fixedUnderLoad, !load);
    m_iperfBox->setEnabled(load || iperf);
    m_duration->setEnabled(!load);
    m_udp->setEnabled(!load);
    m_bandwidth->setEnabled(!load);
    m_reverse->setEnabled(!load);
    m_startServer->setEnabled(!load);
    m_json->setEnabled(!load && tool == RunTool::Iperf3);
    m_serverPrefix->setEnabled(load || (iperf && m_startServer->isChecked()) ||
                               (irtt && m_irttStartServer->isChecked()));
}

bool RunForm::irttRuns() const {
    return latencyUnderLoad()
               ? loadLatencyTool() == RunTool::Irtt
               : static_cast<RunTool>(m_tool->currentData().toInt()) == RunTool::Irtt;
}

RunTool RunForm::loadLatencyTool() const {
    return static_cast<RunTool>(m_latencyTool->currentData().toInt());
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
    spec.packetLength = m_irttLength->value();
    if (irttRuns())
        spec.intervalSeconds = m_irttInterval->value();
    if (spec.tool == RunTool::Irtt && !latencyUnderLoad()) {
        spec.durationSeconds = m_irttDuration->value();
        spec.port = m_irttPort->value();
        spec.startServer = m_irttStartServer->isChecked();
    }
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
    m_irttDuration->setValue(spec.durationSeconds);
    m_irttInterval->setValue(spec.intervalSeconds);
    m_irttLength->setValue(spec.packetLength);
    m_irttPort->setValue(spec.port);
    m_irttStartServer->setChecked(spec.startServer);
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
                                         m_loadDuration->value(), m_margin->value(),
                                         loadLatencyTool());
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
    // iperf2 by the name the form shows, not its program's.
    const QString tool =
        spec.tool == RunTool::Iperf2 ? QStringLiteral("iperf2") : runToolProgram(spec.tool);
    return spec.target.isEmpty() ? tool : QStringLiteral("%1 %2").arg(tool, spec.target);
}

void RunForm::focusTarget() {
    m_target->setFocus(Qt::OtherFocusReason);
    m_target->selectAll();
}

} // namespace wb
