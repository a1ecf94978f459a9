#pragma once

#include <QString>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace wb {

// Decompresses a log compressed with gzip, xz, zstd or bzip2 as it is read: the compressed
// bytes go in piece by piece, and the decompressed bytes come out in pieces of at most
// kPieceBytes, so a compressed log needs no more memory than the plain one (and is never
// unpacked to disk). Files of several streams (`cat a.gz b.gz`, pigz, pbzip2, zstd frames) are
// read whole, as the command-line tools read them.
//
// What went wrong is told apart as the tools tell it: data that ends before its stream does
// (a truncated file: what came before is read, truncated() says so), data that cannot be
// decoded (damage(): what came before it is read, nothing after), and bytes after the last
// stream that are not compressed data (note(): ignored, as gzip -d ignores "trailing garbage").
class CompressedInput {
public:
    enum class Format { Gzip, Xz, Zstd, Bzip2 };

    // The compression the first bytes of a file show (its magic bytes; the name does not
    // count), or nullopt for anything else. Needs at most kMagicBytes.
    static std::optional<Format> detect(std::string_view head);
    static constexpr std::size_t kMagicBytes = 10;
    // "gzip", "xz", "zstd", "bzip2".
    static QString name(Format format);
    // A path without the suffix its compressor adds (".gz", ".xz", ".zst", ".bz2", any
    // case): "run-3.txt.gz" is the log "run-3.txt" for labels and for the files beside it.
    static QString withoutSuffix(const QString& path);

    // The largest piece handed to a Sink.
    static constexpr std::size_t kPieceBytes = std::size_t{1} << 20;
    // Takes the next decompressed bytes (valid during the call); false stops the reading.
    using Sink = std::function<bool(std::string_view)>;

    explicit CompressedInput(Format format);
    ~CompressedInput();
    CompressedInput(const CompressedInput&) = delete;
    CompressedInput& operator=(const CompressedInput&) = delete;

    Format format() const { return m_format; }

    // Decompresses the next bytes of the file into `sink`. False when the sink said to stop
    // or the data is damaged (damage()); every byte decoded before that was handed over.
    bool decompress(std::string_view compressed, const Sink& sink);
    // The end of the file: hands over what the decoder still holds and tells whether the
    // last stream was whole (truncated()). False as decompress() is.
    bool finish(const Sink& sink);

    // Empty unless the data could not be decoded: "the gzip data is damaged near byte 5120
    // of the file (invalid distance too far back)".
    QString damage() const { return m_damage; }
    // After finish(): the file ended inside a stream, before its end mark.
    bool truncated() const { return m_truncated; }
    // Empty unless bytes after the last stream were not compressed data and were left unread.
    QString note() const { return m_note; }
    // Compressed bytes taken so far, and decompressed bytes handed over.
    std::int64_t bytesIn() const { return m_bytesIn; }
    std::int64_t bytesOut() const { return m_bytesOut; }

    // One stream decoder (zlib, liblzma, libzstd, libbz2); defined with them.
    class Codec;

private:
    bool run(std::string_view compressed, bool atEnd, const Sink& sink);

    enum class State { Reading, Trailing, Damaged, Stopped };

    Format m_format;
    std::unique_ptr<Codec> m_codec;
    std::vector<char> m_buffer;
    State m_state = State::Reading;
    // At the end of a stream (and of the file, when no byte follows).
    bool m_atStreamEnd = false;
    // The bytes after a stream's end do not start as a stream of the format does: what
    // cannot be decoded there is trailing bytes (padding, garbage), not damage.
    bool m_notAStream = false;
    bool m_truncated = false;
    QString m_damage;
    QString m_note;
    std::int64_t m_bytesIn = 0;
    std::int64_t m_bytesOut = 0;
};

} // namespace wb
