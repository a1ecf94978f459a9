// Writes wirebench-cli(1) from the usage table that --help prints (CommandHelp.cpp); run by
// the build, so the installed man page always matches the installed program.
#include "CommandHelp.h"

#include <cstdio>
#include <fstream>
#include <string>

#include <unistd.h>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUT.1\n", argv[0]);
        return 2;
    }
    // Written beside the target under a name of this process and renamed when complete, so
    // an interrupted build never leaves half a man page.
    const std::string target = argv[1];
    const std::string temporary = target + ".tmp" + std::to_string(::getpid());
    std::ofstream out(temporary, std::ios::binary);
    out << wb::cli::manPage(WIREBENCH_VERSION);
    out.close();
    if (!out || std::rename(temporary.c_str(), target.c_str()) != 0) {
        std::remove(temporary.c_str());
        std::fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[1]);
        return 1;
    }
    return 0;
}
