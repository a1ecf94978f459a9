#!/usr/bin/env python3
"""Writes a realistic iputils `ping -i 0.001` log of N replies, deterministically (seeded).

RTTs are lognormal around 0.1 ms with rare 5-20 ms spikes, printed with iputils' digits; the
16-bit icmp_seq wraps as it does on long runs; 0.1 % of requests are lost.
Usage: make_ping_log.py REPLIES OUT
"""
import math
import random
import sys


def printed(ms):
    # iputils prints 3 decimals below 1 ms, 3 significant digits above (time=2.14 ms).
    if ms < 1:
        return "%.3f" % ms
    return "%.*f" % (max(0, 2 - int(math.floor(math.log10(ms)))), ms)


def main():
    replies, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(20261129)
    sent = 0
    with open(out, "w") as log:
        log.write("PING 198.18.0.8 (198.18.0.8) 56(84) bytes of data.\n")
        written = 0
        while written < replies:
            sent += 1
            if rng.random() < 0.001:
                continue
            ms = rng.lognormvariate(math.log(0.1), 0.4)
            if rng.random() < 0.0005:
                ms = rng.uniform(5, 20)
            log.write("64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=%s ms\n" % (sent % 65536, printed(ms)))
            written += 1
        log.write("\n--- 198.18.0.8 ping statistics ---\n")
        log.write("%d packets transmitted, %d received, %.4g%% packet loss, time %dms\n"
                  % (sent, replies, 100.0 * (sent - replies) / sent, sent))


if __name__ == "__main__":
    main()
