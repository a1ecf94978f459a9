// Writes wirebench-cli(1), or with --completion SHELL the shell's completion script, from the
// usage table that --help prints (CommandHelp.cpp); run by the build, so the installed man page
// and completions always match the installed program.
#include "CommandHelp.h"

#include <cstdio>
#include <fstream>
#include <string>

#include <unistd.h>

int main(int argc, char** argv) {
    const bool completion = argc == 4 && std::string(argv[1]) == "--completion";
    const std::optional<std::string> content =
        completion  ? wb::cli::completionScript(argv[2])
        : argc == 2 ? std::optional<std::string>(wb::cli::manPage(WIREBENCH_VERSION))
                    : std::nullopt;
    if (!content) {
        std::fprintf(stderr, "usage: %s OUT.1 | --completion bash|zsh OUT\n", argv[0]);
        return 2;
    }
    // Written beside the target under a name of this process and renamed when complete, so
    // an interrupted build never leaves half a man page.
    const std::string target = argv[argc - 1];
    const std::string temporary = target + ".tmp" + std::to_string(::getpid());
    std::ofstream out(temporary, std::ios::binary);
    out << *content;
    out.close();
    if (!out || std::rename(temporary.c_str(), target.c_str()) != 0) {
        std::remove(temporary.c_str());
        std::fprintf(stderr, "%s: cannot write %s\n", argv[0], target.c_str());
        return 1;
    }
    return 0;
}
