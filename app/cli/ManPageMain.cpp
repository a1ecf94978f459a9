// Writes wirebench-cli(1) from the usage table that --help prints (CommandHelp.cpp); run by
// the build, so the installed man page always matches the installed program.
#include "CommandHelp.h"

#include <cstdio>
#include <fstream>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUT.1\n", argv[0]);
        return 2;
    }
    std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
    out << wb::cli::manPage(WIREBENCH_VERSION);
    out.close();
    if (!out) {
        std::fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[1]);
        return 1;
    }
    return 0;
}
