#include "FormatsDialog.h"

#include "parse/FormatRegistry.h"

#include <QDialogButtonBox>
#include <QHash>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace wb {

QString FormatsDialog::example(const QString& formatId) {
    static const QHash<QString, QString> examples{
        {QStringLiteral("ping/iputils"),
         QStringLiteral("PING 198.18.0.208 (198.18.0.208) 56(84) bytes of data.\n"
                        "64 bytes from 198.18.0.208: icmp_seq=1 ttl=64 time=0.039 ms")},
        {QStringLiteral("ping/busybox"),
         QStringLiteral("PING 198.51.100.23 (198.51.100.23): 56 data bytes\n"
                        "64 bytes from 198.51.100.23: seq=0 ttl=61 time=4.218 ms")},
        {QStringLiteral("ping/bsd"),
         QStringLiteral("PING example.net (192.0.2.150): 56 data bytes\n"
                        "64 bytes from 192.0.2.150: icmp_seq=0 ttl=55 time=22.871 ms")},
        {QStringLiteral("ping/windows"),
         QStringLiteral("Pinging 198.18.20.2 with 32 bytes of data:\n"
                        "Reply from 198.18.20.2: bytes=32 time<1ms TTL=128")},
        {QStringLiteral("fping"),
         QStringLiteral("192.0.2.10 : [0], 64 bytes, 0.412 ms (0.412 avg, 0% loss)\n"
                        "192.0.2.10 : [2], timed out (0.400 avg, 33% loss)")},
        {QStringLiteral("hping3"),
         QStringLiteral("HPING 198.18.5.2 (wbh0 198.18.5.2): icmp mode set, 28 headers + 0 data "
                        "bytes\nlen=28 ip=198.18.5.2 ttl=64 id=17265 icmp_seq=0 rtt=3.0 ms")},
        {QStringLiteral("iperf3/text"),
         QStringLiteral("[ ID] Interval           Transfer     Bitrate         Retr  Cwnd\n"
                        "[  5]   0.00-1.00   sec  2.57 MBytes  21.5 Mbits/sec   21   69.3 KBytes")},
        {QStringLiteral("iperf3/json"),
         QStringLiteral("{\n\t\"start\":\t{\n\t\t\"connected\":\t[{\n\t\t\t\t\"socket\":\t5,")},
        {QStringLiteral("iperf2/text"),
         QStringLiteral("[  3] local 10.10.2.1 port 53755 connected with 10.10.1.1 port 5001\n"
                        "[  3]  0.0-60.0 sec    674 MBytes  94.2 Mbits/sec")},
        {QStringLiteral("iperf2/csv"),
         QStringLiteral("20261130001943,198.18.3.1,59052,198.18.3.2,5001,1,0.0-1.0,122010,976080,"
                        "3.890,38,121,31.405,0\n20261130001944,198.18.3.1,59052,198.18.3.2,5001,1,"
                        "1.0-2.0,122010,976080,3.911,45,128,35.156,0")},
        {QStringLiteral("ss/tcp-info"),
         QStringLiteral("ESTAB 28     734136    198.18.2.1:37768   198.18.1.1:5001\n"
                        "\t cubic wscale:10,10 rto:228 rtt:24.362/0.09 mss:1448 cwnd:201 "
                        "bytes_acked:119594725 send 95574419bps")},
    };
    return examples.value(formatId);
}

FormatsDialog::FormatsDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Formats Wirebench reads"));
    auto* text = new QTextBrowser(this);
    text->setObjectName(QStringLiteral("formats"));
    QString html = tr("<p>Each file is recognised by its content (the first %1 KiB), not by its "
                      "name: logs without an extension are read too. Folders are read file by "
                      "file; a run's <tt>.run.json</tt> sidecar is read with its log.</p>")
                       .arg(FormatRegistry::kSniffBytes / 1024);
    for (const FormatEntry& format : FormatRegistry::formats()) {
        const QString id = QString::fromLatin1(format.id);
        html += QStringLiteral("<h4>%1 <small>(%2)</small></h4>")
                    .arg(QString::fromUtf8(format.description).toHtmlEscaped(), id);
        const QString lines = example(id);
        if (!lines.isEmpty())
            html += QStringLiteral("<pre>%1</pre>").arg(lines.toHtmlEscaped());
    }
    text->setHtml(html);
    text->setLineWrapMode(QTextEdit::WidgetWidth);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(text, 1);
    layout->addWidget(buttons);
    resize(640, 560);
}

} // namespace wb
