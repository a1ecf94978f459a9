"""Percentile report of one number per line, with the rules of the QJump artifact.

Reads the output of `grep "time=" | cut -d= -f4 | cut -d" " -f1`: a line float() refuses
is a parse error, a value below 0 or above 1e9 a range error, fewer than 100 values is
fatal; otherwise numpy.percentile (linear) at 0,1,10,25,50,75,90,99,100 and the range.
"""
import sys

import numpy


def main() -> int:
    source = sys.stdin if sys.argv[1:] in ([], ["-"]) else open(sys.argv[1])
    values, parse_errors, range_errors = [], 0, 0
    for line in source:
        try:
            value = float(line)
        except ValueError:
            parse_errors += 1
            continue
        if value < 0 or value > 1e9:
            range_errors += 1
            continue
        values.append(value)
    print("Parse errors found: %i" % parse_errors)
    print("Range errors found: %i" % range_errors)
    if len(values) < 100:
        print("Fatal Error! Not enough points (%i)" % len(values))
        return 1
    values.sort()
    print("Total samples %i" % len(values))
    for level in [0, 1, 10, 25, 50, 75, 90, 99, 100]:
        print("%3i%% - %fms" % (level, numpy.percentile(values, level * 1.0)))
    print("Range = %fms" % (numpy.max(values) - numpy.min(values)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
