// The decompression seam (import/CompressedInput and the importer's use of it). Any input that
// starts like a compressed stream decodes to the same bytes with the same outcome whether it
// comes whole or in two pieces, and says what went wrong when it cannot be decoded. And any
// input, compressed by each library here, reads back exactly; cut short, it reads back a
// prefix of itself and says the file is truncated; and the compressed file's import is the
// import of the plain bytes.

#include "FuzzSupport.h"

#include "import/CompressedInput.h"
#include "import/FileImporter.h"

#include <QTemporaryDir>

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

namespace {

using wb::CompressedInput;

// Decompressed bytes beyond this are not kept (a few bytes of zstd or bzip2 can stand for
// gigabytes): the reading is stopped there, as a cancel stops it.
constexpr qsizetype kOutputCap = qsizetype{8} << 20;

struct Decoded {
    bool detected = false;
    bool capped = false;
    QByteArray bytes;
    bool damaged = false;
    bool truncated = false;
    bool noted = false;

    QByteArray summary() const {
        return QByteArray("damaged=") + (damaged ? "1" : "0") +
               " truncated=" + (truncated ? "1" : "0") + " noted=" + (noted ? "1" : "0") +
               " bytes=" + QByteArray::number(bytes.size()) + "\n" + bytes.left(2000).toHex();
    }
};

// The input decoded in two pieces, cut at `split`.
Decoded decode(std::string_view input, std::size_t split) {
    Decoded decoded;
    const auto format = CompressedInput::detect(input);
    if (!format)
        return decoded;
    decoded.detected = true;
    CompressedInput stream(*format);
    const auto sink = [&decoded](std::string_view piece) {
        if (piece.empty() || piece.size() > CompressedInput::kPieceBytes)
            wb::fuzz::fail("pieces are between one byte and kPieceBytes", "1..kPieceBytes",
                           QByteArray::number(qulonglong(piece.size())));
        if (decoded.bytes.size() + qsizetype(piece.size()) > kOutputCap) {
            decoded.capped = true;
            return false;
        }
        decoded.bytes.append(piece.data(), qsizetype(piece.size()));
        return true;
    };
    const bool whole = stream.decompress(input.substr(0, split), sink) &&
                       stream.decompress(input.substr(split), sink) && stream.finish(sink);
    decoded.damaged = !stream.damage().isEmpty();
    decoded.truncated = stream.truncated();
    decoded.noted = !stream.note().isEmpty();
    if (!decoded.capped && whole == decoded.damaged)
        wb::fuzz::fail("a reading stops early exactly when the data is damaged",
                       whole ? "no damage" : "damage", decoded.summary());
    if (!decoded.capped && stream.bytesOut() != decoded.bytes.size())
        wb::fuzz::fail("bytesOut() counts the bytes handed over",
                       QByteArray::number(decoded.bytes.size()),
                       QByteArray::number(qlonglong(stream.bytesOut())));
    if (!decoded.capped && !decoded.damaged && stream.bytesIn() != qint64(input.size()))
        wb::fuzz::fail("every byte of a file read to its end is taken",
                       QByteArray::number(qulonglong(input.size())),
                       QByteArray::number(qlonglong(stream.bytesIn())));
    return decoded;
}

QByteArray gzip(std::string_view input) {
    z_stream z{};
    if (deflateInit2(&z, 1, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return {};
    QByteArray out(qsizetype(deflateBound(&z, uLong(input.size()))), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(input.data()));
    z.avail_in = uInt(input.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = uInt(out.size());
    const int rc = deflate(&z, Z_FINISH);
    out.resize(qsizetype(z.total_out));
    deflateEnd(&z);
    return rc == Z_STREAM_END ? out : QByteArray();
}

QByteArray xz(std::string_view input) {
    QByteArray out(qsizetype(lzma_stream_buffer_bound(input.size())), '\0');
    std::size_t written = 0;
    if (lzma_easy_buffer_encode(0, LZMA_CHECK_CRC64, nullptr,
                                reinterpret_cast<const std::uint8_t*>(input.data()), input.size(),
                                reinterpret_cast<std::uint8_t*>(out.data()), &written,
                                std::size_t(out.size())) != LZMA_OK)
        return {};
    out.resize(qsizetype(written));
    return out;
}

QByteArray zstd(std::string_view input) {
    QByteArray out(qsizetype(ZSTD_compressBound(input.size())), '\0');
    const std::size_t written =
        ZSTD_compress(out.data(), std::size_t(out.size()), input.data(), input.size(), 1);
    if (ZSTD_isError(written))
        return {};
    out.resize(qsizetype(written));
    return out;
}

QByteArray bzip2(std::string_view input) {
    auto size = static_cast<unsigned>(input.size() + input.size() / 100 + 600);
    QByteArray out(qsizetype(size), '\0');
    if (BZ2_bzBuffToBuffCompress(out.data(), &size, const_cast<char*>(input.data()),
                                 unsigned(input.size()), 1, 0, 0) != BZ_OK)
        return {};
    out.resize(qsizetype(size));
    return out;
}

std::string_view view(const QByteArray& bytes) {
    return {bytes.constData(), std::size_t(bytes.size())};
}

QByteArray describe(const wb::ImportResult& result) {
    return QJsonDocument(wb::DatasetJson::describe(result)).toJson(QJsonDocument::Compact);
}

// The plain input through each compressor and back.
void checkRoundTrip(std::string_view input) {
    const std::size_t hash = wb::fuzz::splitPoint(input);
    const QByteArray plain(input.data(), qsizetype(input.size()));
    for (const auto& [format, compress] : {std::pair{CompressedInput::Format::Gzip, &gzip},
                                           std::pair{CompressedInput::Format::Xz, &xz},
                                           std::pair{CompressedInput::Format::Zstd, &zstd},
                                           std::pair{CompressedInput::Format::Bzip2, &bzip2}}) {
        const QByteArray packed = compress(input);
        if (packed.isEmpty())
            wb::fuzz::fail("the library compresses the input", "compressed data", "nothing");
        const QByteArray name = CompressedInput::name(format).toLatin1();
        if (CompressedInput::detect(view(packed)) != format)
            wb::fuzz::fail("compressed data is detected as its format", name, "another");
        const Decoded whole = decode(view(packed), hash % (std::size_t(packed.size()) + 1));
        if (whole.bytes != plain || whole.damaged || whole.truncated || whole.noted)
            wb::fuzz::fail("compressed data reads back whole", name + " of the input",
                           whole.summary());

        const qsizetype cut = qsizetype(hash % std::size_t(packed.size()));
        const Decoded shortened = decode(view(packed.left(cut)), std::size_t(cut) / 2);
        if (shortened.detected &&
            (!plain.startsWith(shortened.bytes) || shortened.damaged || !shortened.truncated))
            wb::fuzz::fail("a truncated file reads back a prefix and says it is truncated",
                           name + " cut at " + QByteArray::number(cut), shortened.summary());
    }
}

// The importer's seam: the gzip'd file imports as the plain bytes do.
void checkImport(std::string_view input) {
    static QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("fuzz.log.gz"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(gzip(input)) < 0)
        wb::fuzz::fail("the input can be written to a temporary file", "written", "not written");
    file.close();
    const wb::ImportResult plain = wb::FileImporter::importBytes(input, path);
    wb::ImportResult packed = wb::FileImporter::importFile(path);
    // A refusal names the compression besides the plain file's reason.
    if (!plain.ok() && plain.datasets.empty()) {
        if (!packed.error.contains(QLatin1String("gzip")))
            wb::fuzz::fail("a refused compressed file says it is compressed",
                           plain.error.toUtf8() + " ... gzip", packed.error.toUtf8());
        packed.error = plain.error;
    }
    const QByteArray expected = describe(plain);
    const QByteArray actual = describe(packed);
    if (expected != actual)
        wb::fuzz::fail("a gzip'd log imports as its bytes", expected, actual);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input = wb::fuzz::bytesOf(data, size);
    const Decoded whole = decode(input, input.size());
    const Decoded pieces = decode(input, wb::fuzz::splitPoint(input));
    if (!whole.capped && !pieces.capped && whole.summary() != pieces.summary())
        wb::fuzz::fail("where the input is cut in two changes nothing", whole.summary(),
                       pieces.summary());
    checkRoundTrip(input);
    checkImport(input);
    return 0;
}
