"""Reference statistics for tests: reads whitespace-separated numbers on stdin and prints,
one per line, numpy's answers the C++ code must reproduce exactly.

Usage: numpy_stats.py percentiles P1,P2,...   -> numpy.percentile (linear) at each level
       numpy_stats.py histogram BINS          -> counts of numpy.histogram over [min, max]
       numpy_stats.py moments                 -> mean, population std (ddof=0)
Floats are printed with repr() so that every bit can be compared.
"""
import sys

import numpy


def main() -> None:
    values = numpy.array([float(token) for token in sys.stdin.read().split()])
    mode = sys.argv[1]
    if mode == "percentiles":
        for level in sys.argv[2].split(","):
            print(repr(float(numpy.percentile(values, float(level)))))
    elif mode == "histogram":
        counts, edges = numpy.histogram(values, bins=int(sys.argv[2]),
                                        range=[values.min(), values.max()])
        print(" ".join(str(int(c)) for c in counts))
        print(" ".join(repr(float(e)) for e in edges))
    elif mode == "moments":
        print(repr(float(numpy.mean(values))))
        print(repr(float(numpy.std(values))))
    else:
        raise SystemExit("unknown mode " + mode)


if __name__ == "__main__":
    main()
