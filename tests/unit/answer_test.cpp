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

TEST(Answer, GridAnswerQuotesItsNumbers) {
  EXPECT_EQ(grid_answer(10, 12), R"({"status":"ok","rows":"10","cols":"12"})");
}

TEST(Answer, InvalidUtf8BecomesReplacementCharacters) {
  // A lone continuation byte, a truncated 3-byte sequence, an overlong '/', a
  // UTF-16 surrogate and a byte that never occurs; valid characters pass.
  std::string in = "a\x80" "b\xE2\x82" "c\xC0\xAF" "d\xED\xA0\x80" "e\xFF \xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  const std::string r = "\xEF\xBF\xBD";
  EXPECT_EQ(sanitize_message(in), "a" + r + "b" + r + r + "c" + r + r + "d" + r + r + r + "e" + r +
                                       " \xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");
}

TEST(Answer, ShorteningNeverCutsACharacterInHalf) {
  for (size_t prefix = 0; prefix < 4; ++prefix) {
    std::string in = std::string(prefix, 'x');
    for (int i = 0; i < 1000; ++i) in += "\xF0\x9F\x98\x80";  // 4-byte characters across the limit
    std::string clean = sanitize_message(in);
    ASSERT_EQ(clean.substr(clean.size() - 4), " ...");
    std::string body = clean.substr(prefix, clean.size() - 4 - prefix);
    EXPECT_EQ(body.size() % 4, 0u) << "prefix " << prefix;
    for (size_t i = 0; i < body.size(); i += 4) ASSERT_EQ(body.substr(i, 4), "\xF0\x9F\x98\x80") << i;
  }
}

TEST(Codes, NamesRoundTrip) {
  for (Code c : {Code::kInvalidArgument, Code::kNotFound, Code::kOutOfRange, Code::kResourceExhausted,
                 Code::kFailedPrecondition, Code::kUnimplemented, Code::kInternal, Code::kDeadlineExceeded}) {
    EXPECT_EQ(code_from_name(code_name(c)), c);
  }
  EXPECT_FALSE(code_from_name("ABORTED").has_value());
}
