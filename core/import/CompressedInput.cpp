#include "import/CompressedInput.h"

#include <QFileInfo>

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <climits>

namespace wb {

namespace {

struct Magic {
    CompressedInput::Format format;
    std::string_view bytes;
};

// The first bytes of each format's stream: gzip's with its only compression method
// (deflate), bzip2's "BZh" with the block size and the start of a block or of the stream's end.
constexpr Magic kMagics[] = {
    {CompressedInput::Format::Gzip, std::string_view("\x1f\x8b\x08", 3)},
    {CompressedInput::Format::Xz, std::string_view("\xfd"
                                                   "7zXZ\0",
                                                   6)},
    {CompressedInput::Format::Zstd, std::string_view("\x28\xb5\x2f\xfd", 4)},
};

bool isBzip2(std::string_view head) {
    if (head.size() < 10 || head.substr(0, 3) != "BZh" || head[3] < '1' || head[3] > '9')
        return false;
    const std::string_view block = head.substr(4, 6);
    return block == std::string_view("\x31\x41\x59\x26\x53\x59", 6) ||
           block == std::string_view("\x17\x72\x45\x38\x50\x90", 6);
}

// A zstd file may start with a skippable frame (magic 0x184D2A50 to 0x184D2A5F, little-endian).
bool isZstdSkippableFrame(std::string_view head) {
    return head.size() >= 4 && (static_cast<unsigned char>(head[0]) & 0xf0) == 0x50 &&
           head.substr(1, 3) == "\x2a\x4d\x18";
}

constexpr const char* kSuffixes[] = {".gz", ".xz", ".zst", ".bz2"};

// The output buffer at first: enough for a small log, which is then not charged a buffer of
// kPieceBytes; it doubles up to that as long as the decoder fills it.
constexpr std::size_t kFirstPieceBytes = std::size_t{64} << 10;

// The most memory an xz stream may ask for: xz -9 needs 65 MiB; a stream that asks for more
// was made with a dictionary bigger than any preset and is refused with its need named.
constexpr std::uint64_t kXzMemoryLimit = std::uint64_t{512} << 20;

} // namespace

// One step of a stream decoder: the bytes it took from `in`, the bytes it wrote to `out`.
struct Step {
    enum class Status { Going, StreamEnd, Failed } status = Status::Going;
    std::size_t taken = 0;
    std::size_t written = 0;
    QString why; // when Failed
};

class CompressedInput::Codec {
public:
    virtual ~Codec() = default;
    // Decodes from `in` into `out`. `atEnd`: no more input will come.
    virtual Step step(std::string_view in, char* out, std::size_t outSize, bool atEnd) = 0;
    // Gets ready for the next stream after one ended.
    virtual void nextStream() = 0;
    // Why the decoder could not be set up; empty when it was.
    QString setupError;
};

namespace {

class GzipCodec : public CompressedInput::Codec {
public:
    GzipCodec() {
        // 16 + the largest window: gzip framing only, any window size.
        if (inflateInit2(&m_z, 16 + MAX_WBITS) != Z_OK)
            setupError = QStringLiteral("zlib could not start (out of memory)");
    }
    ~GzipCodec() override { inflateEnd(&m_z); }

    Step step(std::string_view in, char* out, std::size_t outSize, bool) override {
        const auto inSize = static_cast<uInt>(std::min<std::size_t>(in.size(), UINT_MAX));
        const auto space = static_cast<uInt>(std::min<std::size_t>(outSize, UINT_MAX));
        m_z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
        m_z.avail_in = inSize;
        m_z.next_out = reinterpret_cast<Bytef*>(out);
        m_z.avail_out = space;
        const int rc = inflate(&m_z, Z_NO_FLUSH);
        Step step;
        step.taken = inSize - m_z.avail_in;
        step.written = space - m_z.avail_out;
        if (rc == Z_STREAM_END)
            step.status = Step::Status::StreamEnd;
        else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            step.status = Step::Status::Failed;
            step.why = rc == Z_NEED_DICT ? QStringLiteral("it needs a preset dictionary")
                       : m_z.msg         ? QString::fromLatin1(m_z.msg)
                                         : QString::fromLatin1(zError(rc));
        }
        return step;
    }

    void nextStream() override { inflateReset(&m_z); }

private:
    z_stream m_z{};
};

class XzCodec : public CompressedInput::Codec {
public:
    XzCodec() { start(); }
    ~XzCodec() override { lzma_end(&m_lzma); }

    Step step(std::string_view in, char* out, std::size_t outSize, bool atEnd) override {
        m_lzma.next_in = reinterpret_cast<const std::uint8_t*>(in.data());
        m_lzma.avail_in = in.size();
        m_lzma.next_out = reinterpret_cast<std::uint8_t*>(out);
        m_lzma.avail_out = outSize;
        // Concatenated streams (and the padding between them) are one input, whose end only
        // the end of the file tells.
        const lzma_ret rc = lzma_code(&m_lzma, atEnd ? LZMA_FINISH : LZMA_RUN);
        Step step;
        step.taken = in.size() - m_lzma.avail_in;
        step.written = outSize - m_lzma.avail_out;
        if (rc == LZMA_STREAM_END)
            step.status = Step::Status::StreamEnd;
        else if (rc != LZMA_OK && rc != LZMA_BUF_ERROR) {
            step.status = Step::Status::Failed;
            step.why = reason(rc);
        }
        return step;
    }

    void nextStream() override {
        lzma_end(&m_lzma);
        m_lzma = LZMA_STREAM_INIT;
        start();
    }

private:
    void start() {
        if (lzma_stream_decoder(&m_lzma, kXzMemoryLimit, LZMA_CONCATENATED) != LZMA_OK)
            setupError = QStringLiteral("liblzma could not start (out of memory)");
    }

    QString reason(lzma_ret rc) const {
        switch (rc) {
        case LZMA_MEMLIMIT_ERROR:
            return QStringLiteral("it needs %1 MiB of memory to decompress, more than the %2 MiB "
                                  "allowed")
                .arg(lzma_memusage(&m_lzma) >> 20)
                .arg(kXzMemoryLimit >> 20);
        case LZMA_MEM_ERROR:
            return QStringLiteral("out of memory");
        case LZMA_FORMAT_ERROR:
            return QStringLiteral("not xz data");
        case LZMA_OPTIONS_ERROR:
            return QStringLiteral("it uses options this liblzma cannot read");
        case LZMA_DATA_ERROR:
            return QStringLiteral("corrupt data");
        default:
            return QStringLiteral("liblzma error %1").arg(int(rc));
        }
    }

    lzma_stream m_lzma = LZMA_STREAM_INIT;
};

class ZstdCodec : public CompressedInput::Codec {
public:
    ZstdCodec() : m_stream(ZSTD_createDStream()) {
        if (!m_stream)
            setupError = QStringLiteral("libzstd could not start (out of memory)");
    }
    ~ZstdCodec() override { ZSTD_freeDStream(m_stream); }

    Step step(std::string_view in, char* out, std::size_t outSize, bool) override {
        ZSTD_inBuffer input{in.data(), in.size(), 0};
        ZSTD_outBuffer output{out, outSize, 0};
        const std::size_t rc = ZSTD_decompressStream(m_stream, &output, &input);
        Step step;
        step.taken = input.pos;
        step.written = output.pos;
        if (ZSTD_isError(rc)) {
            step.status = Step::Status::Failed;
            step.why = QString::fromLatin1(ZSTD_getErrorName(rc));
        } else if (rc == 0) {
            step.status = Step::Status::StreamEnd; // a frame decoded and handed over whole
        }
        return step;
    }

    // The next frame starts by itself.
    void nextStream() override {}

private:
    ZSTD_DStream* m_stream;
};

class Bzip2Codec : public CompressedInput::Codec {
public:
    Bzip2Codec() { start(); }
    ~Bzip2Codec() override { BZ2_bzDecompressEnd(&m_bz); }

    Step step(std::string_view in, char* out, std::size_t outSize, bool) override {
        const auto inSize = static_cast<unsigned>(std::min<std::size_t>(in.size(), UINT_MAX));
        const auto space = static_cast<unsigned>(std::min<std::size_t>(outSize, UINT_MAX));
        m_bz.next_in = const_cast<char*>(in.data());
        m_bz.avail_in = inSize;
        m_bz.next_out = out;
        m_bz.avail_out = space;
        const int rc = BZ2_bzDecompress(&m_bz);
        Step step;
        step.taken = inSize - m_bz.avail_in;
        step.written = space - m_bz.avail_out;
        if (rc == BZ_STREAM_END)
            step.status = Step::Status::StreamEnd;
        else if (rc != BZ_OK) {
            step.status = Step::Status::Failed;
            step.why = rc == BZ_DATA_ERROR_MAGIC ? QStringLiteral("not bzip2 data")
                       : rc == BZ_MEM_ERROR      ? QStringLiteral("out of memory")
                       : rc == BZ_DATA_ERROR     ? QStringLiteral("corrupt data")
                                                 : QStringLiteral("libbz2 error %1").arg(rc);
        }
        return step;
    }

    void nextStream() override {
        BZ2_bzDecompressEnd(&m_bz);
        m_bz = bz_stream{};
        start();
    }

private:
    void start() {
        if (BZ2_bzDecompressInit(&m_bz, 0, 0) != BZ_OK)
            setupError = QStringLiteral("libbz2 could not start (out of memory)");
    }

    bz_stream m_bz{};
};

std::unique_ptr<CompressedInput::Codec> makeCodec(CompressedInput::Format format) {
    switch (format) {
    case CompressedInput::Format::Gzip:
        return std::make_unique<GzipCodec>();
    case CompressedInput::Format::Xz:
        return std::make_unique<XzCodec>();
    case CompressedInput::Format::Zstd:
        return std::make_unique<ZstdCodec>();
    case CompressedInput::Format::Bzip2:
        break;
    }
    return std::make_unique<Bzip2Codec>();
}

} // namespace

std::optional<CompressedInput::Format> CompressedInput::detect(std::string_view head) {
    for (const Magic& magic : kMagics)
        if (head.substr(0, magic.bytes.size()) == magic.bytes)
            return magic.format;
    if (isZstdSkippableFrame(head))
        return Format::Zstd;
    if (isBzip2(head))
        return Format::Bzip2;
    return std::nullopt;
}

QString CompressedInput::name(Format format) {
    switch (format) {
    case Format::Gzip:
        return QStringLiteral("gzip");
    case Format::Xz:
        return QStringLiteral("xz");
    case Format::Zstd:
        return QStringLiteral("zstd");
    case Format::Bzip2:
        break;
    }
    return QStringLiteral("bzip2");
}

QString CompressedInput::withoutSuffix(const QString& path) {
    const QString fileName = QFileInfo(path).fileName();
    for (const char* suffix : kSuffixes) {
        const auto length = static_cast<qsizetype>(std::char_traits<char>::length(suffix));
        if (fileName.size() > length &&
            fileName.endsWith(QLatin1String(suffix), Qt::CaseInsensitive))
            return path.left(path.size() - length);
    }
    return path;
}

CompressedInput::CompressedInput(Format format) : m_format(format), m_codec(makeCodec(format)) {
    if (!m_codec->setupError.isEmpty()) {
        m_state = State::Damaged;
        m_damage =
            QStringLiteral("cannot read the %1 data: %2").arg(name(format), m_codec->setupError);
    }
}

CompressedInput::~CompressedInput() = default;

bool CompressedInput::decompress(std::string_view compressed, const Sink& sink) {
    return run(compressed, false, sink);
}

bool CompressedInput::finish(const Sink& sink) {
    if (!run({}, true, sink))
        return false;
    m_truncated = m_state == State::Reading && !m_atStreamEnd;
    return true;
}

bool CompressedInput::run(std::string_view in, bool atEnd, const Sink& sink) {
    if (m_state == State::Trailing) {
        m_bytesIn += static_cast<std::int64_t>(in.size());
        return true;
    }
    if (m_state != State::Reading)
        return false;
    if (m_buffer.empty())
        m_buffer.resize(kFirstPieceBytes);
    for (;;) {
        if (m_atStreamEnd) {
            if (in.empty())
                return true; // nothing follows the stream (yet)
            m_codec->nextStream();
            m_atStreamEnd = false;
            const auto next = detect(in);
            m_notAStream = !next || *next != m_format;
        }
        const Step step = m_codec->step(in, m_buffer.data(), m_buffer.size(), atEnd);
        in.remove_prefix(step.taken);
        m_bytesIn += static_cast<std::int64_t>(step.taken);
        if (step.written > 0) {
            m_bytesOut += static_cast<std::int64_t>(step.written);
            if (!sink(std::string_view(m_buffer.data(), step.written))) {
                m_state = State::Stopped;
                return false;
            }
        }
        if (step.status == Step::Status::Failed) {
            if (m_notAStream) {
                // What follows the last stream does not start like one: it is left unread.
                m_bytesIn += static_cast<std::int64_t>(in.size());
                m_state = State::Trailing;
                m_note = QStringLiteral("the bytes after the end of the %1 data are not %1 data "
                                        "and were not read (%2)")
                             .arg(name(m_format), step.why);
                return true;
            }
            m_state = State::Damaged;
            m_damage = QStringLiteral("the %1 data is damaged near byte %2 of the file (%3)")
                           .arg(name(m_format))
                           .arg(m_bytesIn)
                           .arg(step.why);
            return false;
        }
        if (step.status == Step::Status::StreamEnd) {
            m_atStreamEnd = true;
            if (in.empty())
                return true;
            continue;
        }
        const bool bufferFull = step.written == m_buffer.size();
        if (bufferFull && m_buffer.size() < kPieceBytes)
            m_buffer.resize(std::min(2 * m_buffer.size(), kPieceBytes)); // a big stream
        if (in.empty() && !bufferFull)
            return true; // everything decoded that these bytes hold
        if (step.taken == 0 && step.written == 0) {
            m_state = State::Damaged;
            m_damage = QStringLiteral("the %1 decoder stopped near byte %2 of the file")
                           .arg(name(m_format))
                           .arg(m_bytesIn);
            return false;
        }
    }
}

} // namespace wb
