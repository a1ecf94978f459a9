#include "CommandHelp.h"

#include "parse/FormatRegistry.h"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace wb::cli {

namespace {

constexpr const char* kProgram = "wirebench-cli";
constexpr std::size_t kWidth = 79;
constexpr std::size_t kOptionTextColumn = 24;
constexpr std::size_t kOverviewSynopsisColumn = 10;
constexpr std::size_t kOverviewSummaryColumn = 12;

const std::vector<const char*> kSynopses = {"COMMAND [OPTIONS] FILE...", "COMMAND --help",
                                            "--version"};

// The formats from the registry, so that the help and the man page list every one.
std::vector<std::string> introduction() {
    return {"wirebench-cli computes the reports of the Wirebench workbench without its window. "
            "It reads " +
                FormatRegistry::names() +
                " logs, recognising each file's format from its content, and prints latency "
                "percentiles, per-flow throughput and comparisons as text, JSON, CSV, Markdown or "
                "LaTeX. It draws the workbench's plots to PNG, PDF or SVG, writes reports of saved "
                "workspaces, and runs ping and iperf measurements itself.",
            "Every FILE may also be a folder: its logs are read recursively, as the workbench "
            "reads a dropped folder (hidden files, workspaces and the runs' sidecars left out). "
            "Whatever a folder or the command line names that is not read is named on stderr with "
            "the reason: a file or folder that cannot be read, a FIFO, socket or device (refused "
            "without opening it), a log cut short while it was read."};
}

const char* const kExitStatus =
    "0 success; 1 some file had problems but the others were reported; 2 usage error or nothing "
    "usable. Problems go to stderr as \"wirebench-cli: FILE: line N: what is wrong\".";

const OptionHelp kHelpOption{"-h, --help", "print the usage and options of the command"};

// Options several commands read the same way (CliContext's parseCommonOptions).
const OptionHelp kFormat{"--format text|json|csv|markdown|latex",
                         "output format (default text); csv, markdown and latex print the "
                         "tables ready for a spreadsheet, a README or a paper"};
const OptionHelp kPercentiles{
    "--percentiles L,...",
    "percentile levels from 0 to 100, comma-separated (default 0,1,10,25,50,75,90,99,100)"};
const OptionHelp kCompat{
    "--compat qjump",
    "read logs as the QJump artifact's pipeline does (grep \"time=\" | cut -d= -f4 | cut -d\" \" "
    "-f1): every line with time= is a sample, duplicates included; values below 0 or above 1e9 "
    "are range errors; fewer than 100 samples is fatal. Without it duplicate replies are counted "
    "but not sampled and a reply line that does not parse is a parse error."};

const OptionHelp kMetric{
    "--metric rtt|send-delay|receive-delay|ipdv",
    "which latency the statistics are of (default rtt): irtt logs also carry the one-way send "
    "and receive delays and the IPDV (its magnitude); a log without the metric is reported"};

// The bootstrap options of compare and table --group-by (GroupOptions).
const OptionHelp kSeed{"--seed N", "seed of the bootstrap's random numbers (default 20150504)"};
const OptionHelp kResamples{"--resamples N", "bootstrap resamples (default 2000)"};
const OptionHelp kSet{
    "--set KEY=VALUE",
    "give every log of the command VALUE for KEY (repeatable): a key the log gives (\"--set "
    "congestion_control=cubic\" for logs that do not name their algorithm) or one of your own; "
    "it takes the place of the log's value and of a --metadata file's where grouping and "
    "labels use it, and an empty VALUE clears it"};
const OptionHelp kMetadata{
    "--metadata FILE",
    "values per log from FILE, a tab-separated table of \"file<TAB>key<TAB>value\" lines (# "
    "starts a comment line; file paths relative to FILE's folder). A malformed line stops the "
    "command (exit 2) before any output; a log FILE names that the command does not read is "
    "named in a warning"};

std::vector<CommandHelp> makeCommandHelp() {
    return {
        {"detect",
         {"[--format FORMAT] [--set KEY=VALUE] [--metadata FILE] FILE..."},
         "name the format and dialect of each log",
         {"Prints one row per FILE: the format that reads it (the ping dialect, fping, iperf2, "
          "iperf3 text or JSON) with a description, whether it holds latency or throughput, its "
          "mode (protocol, role, streams, tool version), the target and the number of samples or "
          "flows.",
          "--format json adds each dataset's metadata: \"log\", what the log (and its .run.json) "
          "says by key, the keys of compare --group-by (direction, duration, interval, "
          "packet_size, ping_interval among them, where the log shows them), and \"user\", the "
          "values --set and --metadata give it."},
         {kFormat, kSet, kMetadata}},
        {"stats",
         {"[--format FORMAT] [--percentiles L,...] [--metric METRIC] [--compat qjump] FILE..."},
         "latency report per file (the QJump artifact's report in text form); for iperf logs, "
         "interval bandwidth mean, median and standard deviation instead",
         {"For each ping or fping log prints a \"### FILE ###\" line and then exactly the report "
          "of the QJump artifact: parse errors, range errors, the number of samples, one line per "
          "percentile in milliseconds and the range. Percentiles are exact: linear interpolation "
          "between the closest ranks, numpy.percentile's default method.",
          "For an iperf2 or iperf3 log it prints the mean, median and standard deviation of the "
          "interval bandwidth instead. --format json adds loss, duplicates, loss bursts and "
          "reordered replies; csv, markdown and latex print one table row per file."},
         {kFormat, kPercentiles, kMetric, kCompat, kSet, kMetadata}},
        {"table",
         {"[--format FORMAT] [--compat qjump] FILE...",
          "[--format FORMAT] [--compat qjump] [--seed N] [--resamples N] [--pooled] --group-by "
          "KEY FILE..."},
         "one comparison row per file: samples, p50 and p99 in microseconds (latency) or flows, "
         "SUM, spread and Jain's fairness (throughput); with --group-by one row per group of runs",
         {"Latency logs give one row each with the number of samples, p50 and p99 in "
          "microseconds. Throughput logs give one row each with the protocol, congestion control, "
          "number of flows, SUM, smallest and largest flow, standard deviation across flows and "
          "Jain's fairness index. Both tables are printed when both kinds of log are given.",
          "With --group-by KEY the logs are split by their value of KEY and each group of each "
          "kind is one row, at run level: every run (log) is summarised first (latency: p50 and "
          "p99 in ms; throughput: SUM in Mbits/s, Jain's index and, when every run has them, the "
          "TCP senders' mean cwnd in KBytes and mean RTT in ms), then the group shows the mean of "
          "its runs' values, a 95% bootstrap confidence interval of that mean that resamples "
          "whole runs, and the spread between runs (smallest to largest run value). The columns "
          "and the caption say so. A group of one run shows that run's own (sample-level) values "
          "and no interval: no between-run variation can be estimated from one run. A group whose "
          "runs differ in how they were made (streams, protocol, duration, ...) is named on "
          "stderr. --format json prints {\"group_by\", \"latency\", \"throughput\"}, each with "
          "\"groups\" of {\"group\", \"runs\", \"level\", \"statistics\": [{\"statistic\", "
          "\"mean\", \"ci\", \"median\", \"min\", \"max\", \"stddev\"}]} (stddev: population, "
          "between runs). When every group's value is a number with a unit (a swept loss, delay or "
          "rate: 0.05, 20ms, 100M, as sweep reads them), the groups are in the order of their "
          "numbers, CSV adds the value as a column \"KEY (UNIT)\" after the group's name and JSON "
          "gives each group \"value\" and \"value_unit\"."},
         {kFormat,
          kCompat,
          kSet,
          kMetadata,
          {"--group-by KEY",
           "one row per group of logs with the same value of KEY (the keys of compare "
           "--group-by), at run level"},
          {"--pooled",
           "with --group-by: pool every sample (flow) of a group's runs as if one run and print "
           "the per-file columns for each group, labelled \"pooled samples (runs treated as "
           "one)\"; intervals from pooled samples are too narrow when runs differ"},
          kSeed,
          kResamples}},
        {"flows",
         {"[--format FORMAT] FILE..."},
         "per-flow throughput report of iperf and iperf3 logs",
         {"For each iperf2 or iperf3 log (text or JSON) prints one row per flow (bytes, seconds, "
          "Mbits/s, and jitter and lost datagrams for UDP), then the number of flows, the "
          "smallest and largest flow, their standard deviation and Jain's fairness index, and "
          "the mean, median and standard deviation of the interval bandwidth. iperf3 totals are "
          "the receiver's. --format json adds every flow's intervals."},
         {kFormat, kSet, kMetadata}},
        {"plot",
         {"--type TYPE -o OUT.png|OUT.pdf|OUT.svg [--size PRESET] [--width W] [--height H] "
          "[--dpi N] "
          "[--group-by KEY] "
          "[--param NAME] [--metric M] [--names PATTERN] [--first N] [--axes log|linear] "
          "[--error-bars WHAT] "
          "[--log-x|--linear-x] [--log-y] [--title T] [--legend PLACE] [--font FAMILY] "
          "[--font-size PT] "
          "[--label PATTERN] [--set KEY=VALUE] [--metadata FILE] FILE...|WORKSPACE"},
         "the workbench's plots, rendered without a display",
         {"Draws every FILE into one plot with the workbench's own views, on the offscreen "
          "platform: no display is needed. Sizes are physical and true in every format: the PDF's "
          "page, the SVG's width and height, and a PNG at its dpi; a font of N pt measures N pt "
          "printed. The default is a paper column, 3.5 x 2.5 in, at 300 dpi. "
          "The latency plots take ping and fping logs; flows, timeseries, cwnd, rtt and "
          "retransmits take iperf logs and ss -tin samples. cwnd, rtt and retransmits read each "
          "flow's TCP state from the best source it has (ss samples of the same step, iperf3 "
          "-J, iperf3 text, iperf 2 -e), named on the plot: in the x axis title when every line "
          "has the same source, else in each legend entry. An ss log whose connections are "
          "another FILE's flows is drawn as those flows, not again. A FILE whose log has no "
          "such figure is named and left out. loadtime takes the logs of a latency-under-load "
          "step (its ping, iperf and ss -tin logs), or any ping -D and iperf logs with start "
          "times.",
          "A WORKSPACE (.wbws) instead of FILEs plots its logs as the workbench shows them: "
          "with its labels, colours, tags, metadata and grouping, its hidden datasets left out "
          "and its logs of the other kind ignored. The legend names each dataset by its label "
          "(the log's name, the workspace's label or --label's); numbers such as SUM and "
          "Jain's index are in the tables of table and flows."},
         {{"--type TYPE",
           "cdf or ccdf (the latency CDF, or its complement for the tail), timeline (RTT over "
           "time with lost requests), bands (median and percentile bands per window, of the "
           "first FILE), hist or box (latency distributions), flows (per-flow throughput bars), "
           "timeseries "
           "(throughput over time), cwnd (congestion window per flow over time, KBytes), rtt "
           "(smoothed RTT per flow over time, ms, with an rttvar band where the log has it), "
           "retransmits (retransmissions per interval per flow), loadtime (ping RTT, "
           "throughput per flow and SUM, and the flows' congestion window in lanes on one time "
           "axis, aligned by the runs' recorded start times, the load shaded) or sweep (the "
           "measured value of --metric against the configured value of --param, one point per "
           "row of the sweep command's table, with the y = x line where both are one quantity)"},
          {"--param NAME", "sweep: the configured value's key, as the sweep command takes it"},
          {"--metric M", "sweep: what is measured per run, as the sweep command takes it"},
          {"--names PATTERN",
           "sweep: read metadata from file names, as the sweep command does "
           "('udp-loss-{loss}pct-client.txt'); files it does not match are named"},
          {"--first N", "sweep: interval metrics over each run's first N intervals only"},
          {"--axes log|linear",
           "sweep: both axes logarithmic or linear (default: logarithmic for an axis whose "
           "values are all above 0 and span two decades or more; --log-x, --linear-x and "
           "--log-y choose one axis)"},
          {"--error-bars WHAT",
           "sweep: spread (the samples' population stddev for the mean metrics, else the "
           "stddev between runs), ci (the 95 % bootstrap CI of the mean over runs), none, or "
           "auto (default: ci when every row has enough runs for one, else spread)"},
          {"-o, --output FILE",
           "the figure; its extension, .png, .pdf or .svg, chooses the format. It is written to "
           "a temporary file beside it and renamed when complete: on any failure an existing "
           "FILE keeps its bytes. A FILE that is a symbolic link is refused"},
          {"--size PRESET",
           "column (3.5 x 2.5 in, the default), two-column (7.16 x 3 in) or slide (10 x 5.63 in)"},
          {"--width W",
           "figure width, overriding the preset's: a length from 1 to 40 in, as 3.5in, 8.9cm, "
           "89mm or 252pt (a bare number is points)"},
          {"--height H", "figure height, as --width (default the preset's; 4.17 in, 300 pt, for "
                         "loadtime's three lanes when no --size is given)"},
          {"--dpi N", "PNG pixels per inch, 72 to 2400 (default 300), recorded in the file: a "
                      "PNG is W x H inches times N pixels"},
          {"--log-x", "logarithmic RTT axis for cdf and ccdf (their default when the data "
                      "spans a decade or more; linear when less), configured axis for sweep"},
          {"--linear-x", "linear RTT axis for cdf and ccdf, configured axis for sweep"},
          {"--log-y", "logarithmic y axis for timeline, bands, hist, box and sweep"},
          {"--group-by KEY",
           "sweep: one series per value of KEY; "
           "timeseries, cwnd, rtt and retransmits: one colour per group of runs with the same "
           "value of KEY (the keys of compare --group-by), drawn as the median of the runs' "
           "lines at each time (each run's SUM, or the mean of its flows for cwnd and rtt, its "
           "times from its own start) with a band from the smallest to the largest run, the "
           "runs faint behind; one legend entry per group"},
          {"--title T", "a title above the plot"},
          {"--legend PLACE",
           "where the legend goes: auto (default: inside the plot in a corner where it hides no "
           "data, else below it in as few rows as fit or to its right, the data keeping 70 % of "
           "the figure), inside (the corner hiding least), right, below or none"},
          {"--font FAMILY", "every text of the figure in this font family (default DejaVu Sans)"},
          {"--font-size PT",
           "tick labels and legend at PT points, titles in proportion, 4 to 72 (default 9)"},
          {"--label PATTERN",
           "label every dataset from PATTERN, as the workbench's Relabel does: "
           "'{congestion_control} -P {streams}' gives \"cubic -P 30\". A placeholder is a "
           "key of compare --group-by, a key given by --set or --metadata, {file} (the log's "
           "file name) or {n} (1, 2, ... in the order of the logs)"},
          kSet,
          kMetadata}},
        {"run",
         {"[RUN OPTIONS] [--format FORMAT] -o DIR TARGET",
          "--plan PLAN.json [-o DIR] [--format FORMAT]",
          "--member 'TOOL TARGET [RUN OPTIONS] [--start S] [--until NAME] [--name NAME]'... "
          "[RUN OPTIONS] [--ss-interval S] -o DIR"},
         "run ping, irtt, iperf or iperf3 against TARGET, or every step of an experiment plan, and "
         "print the runs and the table summary of their logs",
         {"Runs the tool against TARGET. Its raw output goes to DIR/TOOL-TIME.log as it arrives "
          "(irtt: its JSON, irtt client -o -, complete at the end), "
          "and TOOL-TIME.run.json beside it records the command line, tool version, times, host, "
          "kernel and congestion control; a started server's output goes to "
          "TOOL-TIME.server.log. Every file is created new: no existing file is opened for "
          "writing. Prints a table of the runs (status, log, reason) and then what the table "
          "command prints for their logs.",
          "Commands are argument lists, never shell strings: a target starting with \"-\" or any "
          "value with whitespace, quotes or shell characters is refused. Ctrl+C, SIGTERM or "
          "SIGHUP cancels: ping and iperf still print their summaries, the partial log is kept "
          "and reported (irtt writes its JSON only when it ends by itself, so a cancelled irtt "
          "run keeps none), the step's sidecar says \"cancelled\", its teardown runs and no later "
          "step starts; a second one stops at once. The programs a run starts die with "
          "wirebench-cli, even when it is killed; a sidecar left \"running\" by a killed run "
          "reads as \"interrupted\".",
          "With --member, one step runs several tools at once on one clock (latency under "
          "load): each --member is one quoted member, its tool, target and run options, plus "
          "--start (seconds after the step's start), --until NAME (stopped when that member "
          "ends; an irtt member instead ends by a duration cut to that member's planned end) and "
          "--name (default ping, irtt, iperf-1, iperf-2, ...); run options outside the "
          "members apply to every member, --duration of a ping member sets its count. Files: "
          "DIR/step-TIME.run.json for the step (every member's command line and wall-clock "
          "start), step-TIME.NAME.log per member and step-TIME.ss.log with ss -tin samples of "
          "the TCP flows. Example: wirebench-cli run -o out --member 'ping 198.18.0.2 "
          "--interval 0.1 --duration 70' --member 'iperf3 198.18.0.2 --start 5 --duration 60 "
          "--start-server'"},
         {{"--target TARGET", "the host to run against, as the TARGET operand"},
          {"--tool ping|irtt|iperf|iperf2|iperf3",
           "the program to run (default ping; iperf and iperf2 are the same)"},
          {"--count N", "ping: requests (-c, default 10)"},
          {"--interval SECONDS",
           "ping and irtt: seconds between requests (-i, default 1); below 0.2 iputils ping "
           "needs root; irtt takes 0.001 to 15"},
          {"--size BYTES", "ping: payload bytes (-s, default 56)"},
          {"--length BYTES",
           "irtt: UDP payload bytes, irtt's headers included (-l, default 0: the smallest)"},
          {"--duration SECONDS", "iperf and irtt: seconds of sending (-t / -d, default 10)"},
          {"--report-interval SECONDS", "iperf: seconds between interval reports (-i, default 1)"},
          {"--streams N", "iperf: parallel streams (-P, 1 to 128, default 1)"},
          {"--udp", "iperf: UDP instead of TCP (-u)"},
          {"--bandwidth RATE", "iperf: target bandwidth (-b), e.g. 10M"},
          {"--reverse", "iperf: the server sends (-R)"},
          {"--congestion ALGORITHM",
           "iperf: TCP congestion control (-Z for iperf2, -C for iperf3), e.g. cubic or reno"},
          {"--port N", "iperf: the server's port (-p); irtt: the server's UDP port (default 2112)"},
          {"--json",
           "iperf3: JSON output (-J), complete only at the end; the text output grows live"},
          {"--start-server",
           "start the iperf server (irtt: \"irtt server\") for the run, and stop it after"},
          {"--extra-args WORDS",
           "more arguments for the tool, e.g. \"-w 4M -l 1400\"; an option Wirebench sets "
           "(output, format, -c, -t, -i, -P, -p, ...) is refused with the reason"},
          {"--client-prefix WORDS",
           "run the client through this command, e.g. \"ssh node-1\" or \"ip netns exec ns\""},
          {"--server-prefix WORDS", "run the started server through this command"},
          {"--label TEXT", "the dataset's label"},
          {"--member 'TOOL TARGET [OPTIONS]'",
           "one member of a step of several tools at once; give it again for each member"},
          {"--start SECONDS", "inside --member: when the member starts, after the step's start"},
          {"--until NAME", "inside --member: stop this member when member NAME ends"},
          {"--name NAME", "inside --member: its name in the file names (STEM.NAME.log)"},
          {"--ss-interval SECONDS",
           "with --member: seconds between ss -tin samples of the TCP flows (0.01 to 1, "
           "default 0.1)"},
          {"--plan PLAN.json",
           "run every step of an experiment plan (README: Experiment plans); give no --tool or "
           "TARGET with it"},
          {"-o, --output DIR",
           "the folder for the logs; required for a single run, a plan names its own. A DIR "
           "that is a symbolic link or a file is refused"},
          {"--format text|json|csv|markdown|latex",
           "format of the summary (as for table); json leaves out the table of runs"}},
         "0 all runs completed; 1 some failed or were cancelled; 2 bad options, an invalid plan "
         "or nothing measured."},
        {"compare",
         {"[--format FORMAT] [--percentiles L,...] [--compat qjump] [--seed N] [--resamples N] "
          "A B",
          "[--format FORMAT] [--percentiles L,...] [--compat qjump] [--seed N] [--resamples N] "
          "[--set KEY=VALUE] [--metadata FILE] --group-by KEY FILE..."},
         "whether two datasets or groups differ: percentiles, Kolmogorov-Smirnov and "
         "Mann-Whitney tests, bootstrap confidence intervals",
         {"A and B are each a log file, a folder of logs pooled as one group, or several files "
          "joined with commas. With --group-by KEY the logs among the FILEs (files or folders) "
          "are split by their value of KEY, which must take exactly two values; logs without "
          "one are left out with a warning.",
          "For latency prints each percentile of A and B with their difference and ratio, the "
          "two-sample Kolmogorov-Smirnov statistic and its p-value, the Mann-Whitney U statistic "
          "and its p-value, and bootstrap 95% confidence intervals of p50 and p99. For flow logs "
          "it compares the mean per-flow throughput and Jain's fairness index, with their "
          "bootstrap 95% confidence intervals. Then it says in words what differs. When a side "
          "holds several runs, each run is one value first and the words are the run level's: "
          "what the number of runs allows, each statistic's medians and permutation p; the "
          "pooled samples follow, labelled as treating runs as independent. The bootstrap is "
          "seeded: the same input gives the same intervals."},
         {kFormat,
          kPercentiles,
          kCompat,
          kSet,
          kMetadata,
          {"--group-by KEY",
           "compare the two groups of logs with different values of KEY: tool, dialect, version, "
           "target, protocol, role, direction (upload, download or bidir, as the client sees "
           "it), streams, congestion_control, duration (s), interval (the report interval, s), "
           "packet_size (payload bytes: ping -s, iperf UDP -l), ping_interval (s), host, kernel, "
           "command_line or kind (what the logs and their .run.json descriptions say), label, "
           "tag, tag.NAME (a tag written NAME=VALUE), parameters.NAME (a parameter of an "
           "experiment plan) or a key given by --set or --metadata. A side whose logs differ in "
           "streams, protocol, direction, tool, duration, target, congestion control, packet "
           "size, ping interval or a plan parameter is named in a warning (\"pools -P 1 and -P "
           "30 runs\"); the user's values count there too"},
          kSeed,
          kResamples}},
        {"sweep",
         {"--param NAME [--names PATTERN] --metric METRIC [--first N] [--group-by KEY] [--format "
          "FORMAT] [--seed N] [--resamples N] [--set KEY=VALUE] [--metadata FILE] FILE..."},
         "configured against measured: one row per value of a swept parameter (loss, delay, "
         "rate), as a testbed's calibration table",
         {"Reads the configured value of NAME for every log: a field of the --names pattern, a "
          "value given by --set or --metadata, a key of compare --group-by or a parameter of an "
          "experiment plan (parameters.NAME, or NAME alone). Values are numbers with units: % or "
          "pct; a bare number for a loss or probability parameter (its name contains loss, drop "
          "or prob) is a probability from 0 to 1 (0.05 is 5 %) and a percent above 1; us, ms and "
          "s delays (a bare number for a delay or rtt parameter is in ms); rates as iperf -b and "
          "tc write them, 1000 per step (10K, 100M, 1G, 10kbit, 10mbit, 1.5Mbps; a bare number "
          "for a rate or bandwidth parameter is in bit/s); unlimited or none for no limit. Rows "
          "are sorted by value, not as text.",
          "Each row is one configured value: the value, the measured value of METRIC, measured / "
          "configured in % where both are one quantity, for mean metrics the population standard "
          "deviation of the samples, the number of runs (a step of a plan is one run, an ss log "
          "beside a run is its TCP state) and, with several runs, their smallest and largest "
          "value; the measured value is then the mean of the runs' values. Loss metrics add lost/"
          "total over the row's runs and the central 95 % range of the binomial distribution of "
          "lost counts for the configured probability, and whether the count lies in it.",
          "Logs the pattern does not match, logs without a value and runs without the metric are "
          "named on stderr (and in --format json) and left out. Text, Markdown and LaTeX write "
          "rates in Mbit/s or kbit/s by size; CSV and JSON write plain numbers in the metric's "
          "unit (%, ms, bit/s) and the configured value as its own numeric column."},
         {kFormat,
          {"--param NAME", "the swept parameter (required)"},
          {"--names PATTERN",
           "read fields from file names: {FIELD} matches a part of the name, * anything, the rest "
           "itself, e.g. 'udp-loss-{loss}pct-client.txt' or 'udp-bw-{bandwidth}-server.csv'; a "
           "unit written right after a field (pct, ms, M) belongs to its value"},
          {"--metric METRIC",
           "what is measured (required): udp-loss (% of datagrams, the server's report, else "
           "the client's), ping-loss, rtt-mean, rtt-median, rtt-stddev, rtt-pNN (e.g. rtt-p99), "
           "interval-mean, interval-median, interval-stddev (per-interval bandwidth, seed 002's "
           "analyze.pl), sum (the run's SUM), jain, retransmissions (per 10^6 bytes), cwnd (mean, "
           "KBytes), srtt (mean TCP smoothed RTT, ms)"},
          {"--first N", "interval metrics: only the first N intervals of each run (head -n N)"},
          {"--group-by KEY",
           "one series per value of KEY (the keys of compare --group-by, tool or direction)"},
          kSeed,
          kResamples,
          kSet,
          kMetadata}},
        {"export",
         {"[--format csv|jsonl] [--what samples|intervals|flows|runs] [-o FILE] [--set "
          "KEY=VALUE] [--metadata FILE] FILE...|WORKSPACE"},
         "the data as tidy tables for pandas, R or DuckDB: one row per sample, interval, flow or "
         "run figure",
         {"Writes one table in long format, one row per observation, with stable column names "
          "(README: Tidy export). Every table starts with run (a concurrent step's name, else "
          "the log file, with #N for the Nth dataset of a file of several), file and label, and "
          "ends with one column per metadata key of any dataset (what the logs say and the "
          "user's values: --set, --metadata, a workspace's), sorted by name; a dataset without "
          "a value leaves the cell empty.",
          "samples: seq, time_s, rtt_ms, status (ok, lost, dup, error, damaged), send_delay_ms, "
          "receive_delay_ms, one row per request of each latency log. intervals: flow, "
          "flow_direction, start_s, end_s, bytes, bits_per_second, cwnd_bytes, rtt_ms, rttvar_ms, "
          "retransmits, jitter_ms, lost_datagrams, datagrams, one row per report interval of "
          "each flow. flows: flow, flow_direction, bytes, seconds, bits_per_second, jitter_ms, "
          "lost_datagrams, datagrams, loss_percent, one row per flow as flows reports it. runs: "
          "statistic and value, one row per figure of each run as table --group-by computes "
          "them (a concurrent step is one run; an ss log beside its run is that run's TCP "
          "state). Missing figures are empty cells (csv) or null (jsonl).",
          "A WORKSPACE (.wbws) exports its logs with its labels, tags and metadata, hidden "
          "datasets included. Rows are written as they are made, never held in memory."},
         {{"--format csv|jsonl",
           "output format, csv (default) or jsonl. csv is RFC 4180 with LF line ends and a "
           "header row; a text cell that a spreadsheet would run as a formula (starting with =, "
           "+, - or @, but not a number such as -0.5) gets a leading '. jsonl is one JSON object "
           "per line, the values as given"},
          {"--what samples|intervals|flows|runs", "the table to write (default samples)"},
          {"-o, --output FILE",
           "write to FILE instead of standard output: to a temporary file beside it, renamed "
           "when complete, so that on any failure an existing FILE keeps its bytes. A FILE that "
           "is a symbolic link is refused"},
          kSet,
          kMetadata}},
        {"completion",
         {"bash|zsh"},
         "print the bash or zsh completion script of wirebench-cli",
         {"Prints a script that completes wirebench-cli's commands, their options and the "
          "values of options that take one of a few words, made from the same table as this "
          "help. The package installs both; to try one: source <(wirebench-cli completion "
          "bash)."},
         {}},
        {"report",
         {"WORKSPACE -o report.pdf|report.html [--legend PLACE] [--font FAMILY] [--font-size PT]"},
         "a report of a saved workspace as PDF or as one self-contained HTML file",
         {"Writes a report of WORKSPACE (a .wbws file saved by the workbench) that reads like a "
          "paper's appendix: a title, a table of the runs and their metadata, every plot and "
          "table of the workspace, the comparisons and the warnings of the parse reports. The PDF "
          "is drawn with Qt's PDF writer; the HTML embeds its plots as SVG."},
         {{"-o, --output FILE",
           "the report; its extension, .pdf or .html, chooses the format. It is written to a "
           "temporary file beside it and renamed when complete: on any failure an existing FILE "
           "keeps its bytes. A FILE that is a symbolic link is refused"},
          {"--legend PLACE",
           "where the figures' legends go, as for plot: auto (default), inside, right, below or "
           "none"},
          {"--font FAMILY", "every text of the figures in this font family (default DejaVu Sans)"},
          {"--font-size PT",
           "the figures' tick labels and legends at PT points, titles in proportion, 4 to 72 "
           "(default 9)"}}},
    };
}

// How deep c takes a synopsis into [...] groups.
int nesting(char c) {
    return c == '[' ? 1 : c == ']' ? -1 : 0;
}

// "wirebench-cli NAME", or the program alone for the overview's empty name.
std::string invocation(const char* name) {
    return std::string(kProgram) + (*name ? " " : "") + name;
}

// The words of text; a [...] group is one word, so an option never breaks from its value.
std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> result;
    std::string word;
    int depth = 0;
    for (const char c : text) {
        depth += nesting(c);
        if (c == ' ' && depth == 0) {
            if (!word.empty())
                result.push_back(word);
            word.clear();
        } else {
            word += c;
        }
    }
    if (!word.empty())
        result.push_back(word);
    return result;
}

// text filled to kWidth columns from `column` on the current line; further lines start at
// `indent`. Ends with a newline.
std::string fill(std::string_view text, std::size_t indent, std::size_t column) {
    std::string out;
    bool lineEmpty = true;
    for (const std::string& word : words(text)) {
        if (!lineEmpty && column + 1 + word.size() > kWidth) {
            out += '\n' + std::string(indent, ' ');
            column = indent;
            lineEmpty = true;
        }
        if (!lineEmpty) {
            out += ' ';
            ++column;
        }
        out += word;
        column += word.size();
        lineEmpty = false;
    }
    return out + '\n';
}

// "Usage: wirebench-cli NAME SYNOPSIS", further synopses aligned under the first.
std::string usageLines(const char* name, const std::vector<const char*>& synopses) {
    const std::string usage = "Usage: ";
    std::string out;
    for (std::size_t i = 0; i < synopses.size(); ++i) {
        const std::string prefix =
            (i == 0 ? usage : std::string(usage.size(), ' ')) + invocation(name) + ' ';
        out += prefix + fill(synopses[i], prefix.size(), prefix.size());
    }
    return out;
}

std::string optionsText(const std::vector<OptionHelp>& options) {
    std::string out = "Options:\n";
    for (const OptionHelp& option : options) {
        std::string line = std::string("  ") + option.flags;
        if (line.size() + 2 > kOptionTextColumn)
            line += '\n' + std::string(kOptionTextColumn, ' ');
        else
            line += std::string(kOptionTextColumn - line.size(), ' ');
        out += line + fill(option.text, kOptionTextColumn, kOptionTextColumn);
    }
    return out;
}

// roff text: backslashes and hyphens escaped (so options can be copied from the rendered
// page), and a leading . or ' kept from being read as a request. In a synopsis the spaces
// inside [...] do not break, as in the terminal's.
std::string roff(std::string_view text, bool synopsis = false) {
    std::string out = !text.empty() && (text[0] == '.' || text[0] == '\'') ? "\\&" : "";
    int depth = 0;
    for (const char c : text) {
        depth += nesting(c);
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else if (c == ' ' && synopsis && depth > 0)
            out += "\\ ";
        else
            out += c;
    }
    return out;
}

bool isMetavariable(const std::string& word) {
    bool upper = false;
    for (const char c : word) {
        if (std::islower(static_cast<unsigned char>(c)))
            return false;
        upper = upper || std::isupper(static_cast<unsigned char>(c));
    }
    return upper;
}

// "--format FORMAT" as bold option names and italic metavariables.
std::string roffFlags(const char* flags) {
    std::string out;
    for (const std::string& word : words(flags)) {
        if (!out.empty())
            out += ' ';
        if (word[0] == '-')
            out += "\\fB" + roff(word) + "\\fR";
        else if (isMetavariable(word))
            out += "\\fI" + roff(word) + "\\fR";
        else
            out += roff(word);
    }
    return out;
}

std::string roffSynopsis(const char* name, const char* synopsis) {
    return ".B " + roff(invocation(name)) + '\n' + roff(synopsis, true) + "\n.br\n";
}

template <typename Text> std::string roffParagraphs(const std::vector<Text>& paragraphs) {
    std::string out;
    for (const Text& paragraph : paragraphs)
        out += ".PP\n" + roff(paragraph) + '\n';
    return out;
}

} // namespace

std::vector<OptionHelp> optionsOf(const CommandHelp& help) {
    std::vector<OptionHelp> options = help.options;
    options.push_back(kHelpOption);
    return options;
}

const std::vector<CommandHelp>& commandHelp() {
    static const std::vector<CommandHelp> help = makeCommandHelp();
    return help;
}

const CommandHelp* findCommandHelp(const std::string& name) {
    for (const CommandHelp& help : commandHelp())
        if (name == help.name)
            return &help;
    return nullptr;
}

std::string overviewText() {
    std::string out = usageLines("", kSynopses) + '\n';
    for (const std::string& paragraph : introduction())
        out += fill(paragraph, 0, 0) + '\n';
    out += "Commands:\n";
    for (const CommandHelp& help : commandHelp()) {
        for (std::size_t i = 0; i < help.synopses.size(); ++i) {
            std::string prefix = std::string("  ") + (i == 0 ? help.name : "");
            // A name as long as the column ("completion") keeps a space before its synopsis.
            prefix.resize(std::max(kOverviewSynopsisColumn, prefix.size() + 1), ' ');
            out += prefix + fill(help.synopses[i], prefix.size(), prefix.size());
        }
        out += std::string(kOverviewSummaryColumn, ' ') +
               fill(help.summary, kOverviewSummaryColumn, kOverviewSummaryColumn);
    }
    out += '\n' + fill("\"wirebench-cli COMMAND --help\" describes a command and its options, "
                       "the man page wirebench-cli(1) all of them.",
                       0, 0);
    return out + "\nExit status: " + fill(kExitStatus, 0, 13);
}

std::string commandText(const CommandHelp& help) {
    std::string out = usageLines(help.name, help.synopses) + '\n';
    for (const char* paragraph : help.paragraphs)
        out += fill(paragraph, 0, 0) + '\n';
    out += optionsText(optionsOf(help)) + "\nExit status: ";
    return out + fill(help.exitStatus ? help.exitStatus : kExitStatus, 0, 13);
}

std::string manPage(const std::string& version) {
    std::string out =
        ".TH WIREBENCH\\-CLI 1 \"\" \"Wirebench " + version +
        "\" \"User Commands\"\n"
        // Ragged right, unhyphenated: justifying or hyphenating option names mangles them.
        ".ad l\n.nh\n"
        ".SH NAME\n"
        "wirebench\\-cli \\- reports, plots, comparisons and runs of ping and "
        "iperf measurements\n"
        ".SH SYNOPSIS\n";
    for (const char* synopsis : kSynopses)
        out += roffSynopsis("", synopsis);
    out += ".SH DESCRIPTION\n" + roffParagraphs(introduction()) + ".SH COMMANDS\n";
    for (const CommandHelp& help : commandHelp()) {
        out += std::string(".SS ") + help.name + '\n';
        for (const char* synopsis : help.synopses)
            out += roffSynopsis(help.name, synopsis);
        out += roffParagraphs(help.paragraphs);
        for (const OptionHelp& option : optionsOf(help))
            out += ".TP\n" + roffFlags(option.flags) + '\n' + roff(option.text) + '\n';
    }
    out += ".SH \"EXIT STATUS\"\n" + roff(kExitStatus) + '\n';
    for (const CommandHelp& help : commandHelp())
        if (help.exitStatus)
            out += std::string(".TP\n.B ") + help.name + '\n' + roff(help.exitStatus) + '\n';
    out += ".SH \"SEE ALSO\"\n.BR ping (8),\n.BR fping (8),\n.BR iperf (1),\n.BR iperf3 (1)\n";
    return out;
}

std::string versionText(const std::string& version) {
    return std::string(kProgram) + ' ' + version + '\n';
}

std::optional<std::string> requestedHelp(const std::vector<std::string>& args) {
    if (args.empty())
        return std::nullopt;
    const std::string& first = args.front();
    if (first == "-h" || first == "--help" || first == "help")
        return overviewText();
    const CommandHelp* help = findCommandHelp(first);
    if (!help)
        return std::nullopt;
    for (auto arg = args.begin() + 1; arg != args.end() && *arg != "--"; ++arg)
        if (*arg == "-h" || *arg == "--help")
            return commandText(*help);
    return std::nullopt;
}

} // namespace wb::cli
