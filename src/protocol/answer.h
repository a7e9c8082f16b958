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

// What the client can carry: quotes become single quotes, control characters
// spaces, and the text is cut to a length a person reads.
std::string sanitize_message(std::string_view message);

}  // namespace zyxtt::protocol
