#!/usr/bin/env bash
# test/lib/screenshot.sh: turn a terminal screen into a PNG.
#
# Sourced by test/screens.sh after test/lib/client.sh:
#
#   screenshot NAME OUT.png   the screen of client NAME, colours and all
#
# The screen is captured from tmux with its escape sequences, aha turns them
# into HTML, and headless Chromium draws that page in Unifont at 8x16 pixels a
# cell, so a screen of C x R cells is an image of 8C+16 x 16R+16 pixels.
# Needs aha, chromium and fonts-unifont (apt-get install -y aha chromium
# fonts-unifont); test/screens.sh checks for them before it starts.

screenshot() {
  local name=$1 out=$2 dir cols rows
  dir=$(mktemp -d -t mysterium-shot.XXXXXX)
  cols=$(_client_tmux display-message -p -t "clients:$name" '#{pane_width}')
  rows=$(_client_tmux display-message -p -t "clients:$name" '#{pane_height}')
  client_screen "$name" -e >"$dir/screen.ansi"
  {
    cat <<'HEAD'
<!doctype html><meta charset="utf-8"><style>
html,body{margin:0;background:#0c0c10}
pre{margin:0;padding:8px;color:#d8d8d8;background:#0c0c10;
font:16px/16px "Unifont","Unifont Upper",monospace;
-webkit-font-smoothing:none;font-kerning:none;letter-spacing:0}
</style><pre>
HEAD
    aha --no-header <"$dir/screen.ansi"
    echo '</pre>'
  } >"$dir/screen.html"
  if ! chromium --headless --no-sandbox --disable-gpu --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --hide-scrollbars --force-device-scale-factor=1 --user-data-dir="$dir/profile" \
    --window-size="$((cols * 8 + 16)),$((rows * 16 + 16))" \
    --screenshot="$dir/shot.png" "file://$dir/screen.html" >"$dir/chromium.log" 2>&1; then
    cat "$dir/chromium.log" >&2
    rm -rf "$dir"
    return 1
  fi
  mkdir -p "$(dirname "$out")"
  cp "$dir/shot.png" "$out"
  rm -rf "$dir"
}
