// A trace summary (trace_summary.h) as one self-contained HTML page: inline
// CSS, SVG and a little script, nothing fetched. A Gantt chart of every track,
// a heat map of each chip's grid (busy, waiting on a CB, waiting on a
// semaphore / NOC / mailbox), the longest waits and the runs.
#pragma once

#include <string>

#include "trace_report/trace_summary.h"

namespace zyxtt::trace_report {

// `title` names the trace (its file) in the page.
std::string html_report(const Summary& summary, const std::string& title);

}  // namespace zyxtt::trace_report
