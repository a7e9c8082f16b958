#include <gtest/gtest.h>

#include "protocol/answer.h"

using namespace zyxtt;
using namespace zyxtt::protocol;

TEST(Answer, SuccessAnswersAreExactlyWhatZyxReads) {
  EXPECT_EQ(ok_answer(), R"({"status":"ok"})");
  EXPECT_EQ(ready_answer(), R"({"status":"ready"})");
  EXPECT_EQ(bye_answer(), R"({"status":"bye"})");
  EXPECT_EQ(index_answer(7), R"({"status":"ok","index":"7"})");
}

TEST(Answer, ErrorAnswersCarryCodeAndACleanMessage) {
  std::string line = error_answer(Code::kNotFound, "object \"x\" is\nmissing\\here");
  EXPECT_EQ(line, R"({"status":"error","code":"NOT_FOUND","msg":"object 'x' is missing/here"})");
  EXPECT_EQ(line.find('\n'), std::string::npos);
}

TEST(Answer, LongMessagesAreCut) {
  std::string message(5000, 'a');
  std::string clean = sanitize_message(message);
  EXPECT_LT(clean.size(), 1600u);
  EXPECT_EQ(clean.substr(clean.size() - 4), " ...");
}

TEST(Codes, NamesRoundTrip) {
  for (Code c : {Code::kInvalidArgument, Code::kNotFound, Code::kOutOfRange, Code::kResourceExhausted,
                 Code::kFailedPrecondition, Code::kUnimplemented, Code::kInternal, Code::kDeadlineExceeded}) {
    EXPECT_EQ(code_from_name(code_name(c)), c);
  }
  EXPECT_FALSE(code_from_name("ABORTED").has_value());
}
