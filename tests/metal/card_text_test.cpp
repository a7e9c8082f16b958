// What the card device says: TT-Metalium's exception text as one clean line,
// and who holds a device node.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "device/metal/card.h"
#include "device/metal/card_probe.h"

namespace zyxtt::metal {
namespace {

TEST(CleanMessage, DropsTheBacktraceQuotesAndNewlines) {
  const std::string thrown =
      "TT_THROW @ /tt-metal/tt_metal/impl/program.cpp:412: tt::exception\ninfo:\nKernel \"reader\" failed to "
      "compile:\n  error: expected ';'\nbacktrace:\n --- tt::tt_metal::Program::compile\n --- main\n";
  EXPECT_EQ(clean_message(thrown),
            "TT_THROW @ /tt-metal/tt_metal/impl/program.cpp:412: tt::exception info: Kernel 'reader' failed to "
            "compile: error: expected ';'");
  EXPECT_EQ(clean_message(""), "TT-Metalium gave no message");
  EXPECT_EQ(clean_message("plain"), "plain");
}

TEST(ProcessesHolding, NamesAnotherProcessWithTheFileOpenAndNotThisOne) {
  const std::string path = (std::filesystem::temp_directory_path() / ("zyxtt-holder-" + std::to_string(getpid())));
  int fd = open(path.c_str(), O_CREAT | O_RDWR, 0600);
  ASSERT_GE(fd, 0);
  EXPECT_TRUE(processes_holding(path).empty()) << "this process itself is not listed";
  int ready[2];
  ASSERT_EQ(pipe(ready), 0);
  pid_t child = fork();
  if (child == 0) {
    // The child holds its inherited descriptor until killed.
    close(ready[0]);
    char c = 1;
    [[maybe_unused]] ssize_t n = write(ready[1], &c, 1);
    pause();
    _exit(0);
  }
  close(fd);
  close(ready[1]);
  char c;
  ASSERT_EQ(read(ready[0], &c, 1), 1);
  const std::vector<std::string> holders = processes_holding(path);
  kill(child, SIGKILL);
  waitpid(child, nullptr, 0);
  ASSERT_EQ(holders.size(), 1u);
  EXPECT_EQ(holders[0].rfind("pid " + std::to_string(child) + " (", 0), 0u) << holders[0];
  EXPECT_TRUE(processes_holding(path + ".absent").empty());
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace zyxtt::metal
