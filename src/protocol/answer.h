// Formats answer lines exactly as zyx's client reads them: one JSON object,
// one line, success answers free of "error", messages free of double quotes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/error.h"

namespace zyxtt::protocol {

std::string ok_answer();                        // {"status":"ok"}
std::string ready_answer();                     // {"status":"ready"}
std::string bye_answer();                       // {"status":"bye"}
std::string index_answer(uint32_t index);       // {"status":"ok","index":"7"}
std::string grid_answer(uint32_t rows, uint32_t cols);  // {"status":"ok","rows":"10","cols":"12"}
std::string error_answer(Code code, std::string_view message);

// What the client can carry, and a strict JSON reader accepts: quotes become
// single quotes, control characters spaces, each byte that is not part of
// well-formed UTF-8 U+FFFD, and the text is cut, between characters, to a
// length a person reads. Every answer's free text goes through here.
std::string sanitize_message(std::string_view message);

}  // namespace zyxtt::protocol
