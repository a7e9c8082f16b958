#!/usr/bin/env bash
# zyx-tt-trace's page in a real browser: a traced run of a known TT-Metalium
# program is drawn, loaded in headless Chromium with no console message and
# no script error, and its screenshot shows the timeline's kernels and waits.
# browser_test.sh ZYX_TT_TRACE_TOOL PROGRAM [SCREENSHOT_COPY]; exit 77 (skipped) without Chromium.
set -euo pipefail
tool=$1 program=$2 keep=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "SKIPPED: chromium is not installed (scripts/setup-deps installs Debian's chromium)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ZYX_TT_TRACE="$tmp/trace.json" "$program" >"$tmp/program.log" 2>&1 || { cat "$tmp/program.log"; exit 1; }
"$tool" report "$tmp/trace.json" -o "$tmp/page.html" >/dev/null

# As root Chromium needs --no-sandbox; a profile of its own keeps $HOME out.
run_browser() {
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" \
    --no-first-run --window-size=1280,1000 "$@" "file://$tmp/page.html"
}
run_browser --enable-logging=stderr --v=0 --dump-dom >"$tmp/dom.html" 2>"$tmp/browser.log"
# The page writes nothing to the console: any message is a fault (an uncaught error shows as one).
if grep -a 'CONSOLE' "$tmp/browser.log"; then echo "the page logged to the console"; exit 1; fi
if grep -q 'data-errors=' "$tmp/dom.html"; then echo "the page recorded a script error:"; grep -A3 'id="errors"' "$tmp/dom.html"; exit 1; fi
rects=$(sed -n 's/.*data-rendered="\([0-9]*\)".*/\1/p' "$tmp/dom.html" | head -1)
[ -n "$rects" ] && [ "$rects" -gt 0 ] || { echo "the page's script did not run to its end (no data-rendered)"; exit 1; }
grep -q 'cb_wait_front' "$tmp/dom.html" || { echo "no CB wait among the longest waits"; exit 1; }

run_browser --screenshot="$tmp/shot.png" >/dev/null 2>&1
[ -s "$tmp/shot.png" ] || { echo "no screenshot"; exit 1; }
# The kernels' blue and the CB waits' orange (html_report.cpp's colours) fill part of the chart.
python3 "$here/png_colors.py" "$tmp/shot.png" 9ecae1:5000 fd8d3c:200
[ -z "$keep" ] || cp "$tmp/shot.png" "$keep"
echo "the page loaded without errors ($rects rectangles in the timeline) and its screenshot shows the chart"
