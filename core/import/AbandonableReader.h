#pragma once

#include <QByteArray>
#include <QString>

#include <chrono>
#include <functional>
#include <memory>

namespace wb {

// Reads an open file on a thread of the reads' own pool, so that a read that never returns
// cannot hang the program: a regular file of a dead NFS or sshfs mount, or one like
// /proc/kmsg that waits for data. poll() cannot tell such a file (it calls every regular file
// readable), and a thread in read(2) on a dead mount cannot be interrupted, so the caller
// waits for data at most stallTimeout(), asks goOn() in between, and gives up on the read
// when either says so: the read is then left to its thread, which drops its own copy of the
// descriptor and its buffer whenever the read returns. Every file read goes through here.
class AbandonableReader {
public:
    // Reads through a duplicate of fd, which shares the file offset of fd (lseek on fd moves
    // it); the caller keeps and closes fd as before.
    explicit AbandonableReader(int fd);
    ~AbandonableReader();
    AbandonableReader(const AbandonableReader&) = delete;
    AbandonableReader& operator=(const AbandonableReader&) = delete;

    enum class Status {
        Read,      // bytes hold what arrived: empty at the end of the file
        Failed,    // read(2) failed: why says how
        Stalled,   // no data for stallTimeout(): why says so; the reader is given up
        Cancelled, // goOn() said to stop while the read waited; the reader is given up
    };
    // Reads up to `size` bytes at the file offset into `bytes` (resized to what arrived; its
    // buffer is reused). goOn is asked a few times a second while the read waits for data.
    Status read(QByteArray& bytes, qint64 size, QString* why,
                const std::function<bool()>& goOn = {});
    // The same from `offset` (pread), leaving the file offset alone.
    Status readAt(QByteArray& bytes, qint64 offset, qint64 size, QString* why,
                  const std::function<bool()>& goOn = {});

    // How long a read may wait for data: WIREBENCH_READ_TIMEOUT seconds (fractions allowed)
    // when set, else kDefaultStallSeconds.
    static std::chrono::milliseconds stallTimeout();
    static constexpr int kDefaultStallSeconds = 20;

private:
    // offset < 0: at the file offset.
    Status readPiece(QByteArray& bytes, qint64 offset, qint64 size, QString* why,
                     const std::function<bool()>& goOn);

    struct Shared;
    std::shared_ptr<Shared> m;
};

} // namespace wb
