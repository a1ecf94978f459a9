#!/usr/bin/env perl
# The ToMaTo emulation test's bandwidth analysis (seed 002), used by tests as the reference:
# the first integer on each input line is one interval's bandwidth; prints Math::NumberCruncher's
# Mean, Median and StandardDeviation of them in the seed's "Mean: %f\tMedian: %f\tStdDev: %f" form.
use strict;
use warnings;
use Math::NumberCruncher;

my @values;
while (my $line = <>) {
    push @values, $1 if $line =~ /(\d+)/;
}
printf("Mean: %f\tMedian: %f\tStdDev: %f\n",
       Math::NumberCruncher::Mean(\@values),
       Math::NumberCruncher::Median(\@values),
       Math::NumberCruncher::StandardDeviation(\@values));
