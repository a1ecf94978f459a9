// Format detection and the whole import path as the GUI and the CLI use it: sniff the first
// bytes, pick the parser, read the rest in chunks. Checks that detection and import agree and
// that the chunk size (chosen by the input) does not change what is read, in the dialects'
// mode and in the QJump-compatible one.

#include "FuzzSupport.h"

#include "io/FileImporter.h"
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
