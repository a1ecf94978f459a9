// Format detection and the whole import path as the GUI and the CLI use it: sniff the first
// bytes, pick the parser, read the rest in chunks. Checks that detection and import agree and
// that the chunk size (chosen by the input) does not change what is read, in the dialects'
// mode and in the QJump-compatible one; and that a live run's reading (StreamImport: the
// bytes appended in pieces, a snapshot between them) finishes as the import of the whole.

#include "FuzzSupport.h"

#include "import/FileImporter.h"
#include "import/StreamImport.h"
#include "parse/FormatRegistry.h"

#include <algorithm>

namespace {

QByteArray describe(const wb::ImportResult& result) {
    return QJsonDocument(wb::DatasetJson::describe(result)).toJson(QJsonDocument::Compact);
}

// Imports the input whole, checks that a chunked import reads the same, returns the whole one.
wb::ImportResult checkedImport(std::string_view input, bool qjumpCompat) {
    const QString name = QStringLiteral("fuzz.log");
    wb::ImportOptions options;
    options.qjumpCompat = qjumpCompat;
    const wb::ImportResult whole = wb::FileImporter::importBytes(input, name, options);

    options.chunkSize = std::max<std::size_t>(1, wb::fuzz::splitPoint(input));
    const wb::ImportResult chunked = wb::FileImporter::importBytes(input, name, options);

    const QByteArray expected = describe(whole);
    const QByteArray actual = describe(chunked);
    if (expected != actual)
        wb::fuzz::fail("the chunk size does not change an import", expected, actual);

    // As a run appends its output: pieces of the split size, with some 30 snapshots between.
    wb::StreamImport stream(name, options);
    const std::size_t piece = options.chunkSize;
    const std::size_t snapshotEvery = std::max<std::size_t>(piece, input.size() / 30);
    for (std::size_t at = 0; at < input.size(); at += piece) {
        stream.append(input.substr(at, piece));
        if ((at + piece) / snapshotEvery != at / snapshotEvery)
            (void)stream.snapshot();
    }
    const QByteArray streamed = describe(stream.finish());
    if (expected != streamed)
        wb::fuzz::fail("a live run's reading finishes as the import", expected, streamed);
    return whole;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input = wb::fuzz::bytesOf(data, size);
    QString why;
    const wb::FormatEntry* detected = wb::FileImporter::detect(input, &why);
    if (!detected && why.isEmpty())
        wb::fuzz::fail("an unrecognised file comes with a reason", "a reason", "none");

    const wb::ImportResult result = checkedImport(input, false);
    if (result.ok() && result.format != detected)
        wb::fuzz::fail("import uses the detected format", detected ? detected->id : "none",
                       result.format ? result.format->id : "none");
    checkedImport(input, true);
    return 0;
}
