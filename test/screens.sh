#!/usr/bin/env bash
# test/screens.sh: take the README's screenshots (docs/screens/*.png) from a
# real server and the real OpenSSH client.
#
# Starts the binary on a free loopback port (test/lib/server.sh); drives a game with
# test/lib/client.sh (a modern table, 8 cards a category: alice the
# ghost, bob a psychic, four bots), and a second table that bots play to
# the end; then captures, at 120x40, the lobby, the ghost's screen, the
# psychic's screen and the end screen (a bot ghost's notes in the replay),
# the psychic's screen at 200x60 (psychic-200x60.png), and the end screen of
# a third table where a human ghost gave every vision with a note
# (replay-notes.png), with test/lib/screenshot.sh (tmux -> aha -> headless
# chromium).
#
# Usage: test/screens.sh [OUTDIR]   (default docs/screens)
# Needs: go, ssh, ssh-keygen, tmux, and for the pictures aha, chromium and
# fonts-unifont (apt-get install -y aha chromium fonts-unifont).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${1:-$ROOT/docs/screens}
for t in go ssh ssh-keygen tmux aha chromium; do
  command -v "$t" >/dev/null || { echo "screens: missing $t (apt-get install -y aha chromium fonts-unifont)" >&2; exit 2; }
done
fc-list 2>/dev/null | grep -i unifont >/dev/null || echo "screens: warning: no Unifont (apt-get install -y fonts-unifont); the pictures use another font" >&2

WORK=$(mktemp -d -t mysterium-shots.XXXXXX)
export CLIENT_DIR="$WORK/keys"
# shellcheck source=lib/client.sh
. "$ROOT/test/lib/client.sh"
# shellcheck source=lib/screenshot.sh
. "$ROOT/test/lib/screenshot.sh"
# shellcheck source=lib/server.sh
. "$ROOT/test/lib/server.sh"
fail() {
  echo "screens: FAIL: $*" >&2
  for n in alice bob carol erin; do echo "--- $n:" >&2; client_screen "$n" >&2 2>/dev/null || true; done
  tail -n 30 "$WORK/server.log" >&2 || true
  exit 1
}
cleanup() {
  client_close_all
  server_stop
  rm -rf "$WORK"
}
trap cleanup EXIT

server_start --bot-delay 0

shot() { # shot NAME CLIENT REGEX [W H]: CLIENT's screen at WxH (120x40) once it shows REGEX
  local name=$1 who=$2 re=$3 w=${4:-120} h=${5:-40} prev="" cur
  client_resize "$who" "$w" "$h"
  client_wait "$who" "$re" 20 || fail "$name: the screen never showed /$re/"
  # The picture is taken once two looks half a second apart agree, so a
  # frame still being drawn is never the picture.
  for _ in $(seq 1 40); do
    cur=$(client_screen "$who" -e)
    [[ $cur == "$prev" ]] && break
    prev=$cur
    sleep 0.5
  done
  screenshot "$who" "$OUT/$name.png" || fail "$name: no picture"
}

# Table 1 (modern): alice hosts and haunts, bob is a psychic, four bots.
client_open alice
client_wait alice 'MYSTERIUM' 20 || fail "lobby"
client_keys alice n; client_wait alice 'enter create' 10 || fail "form"
client_keys alice -l 'Samhain at Warwick'
client_keys alice Down; client_keys alice Right; client_wait alice 'modern' 10 || fail "modern"
client_keys alice Enter
client_wait alice 'CHOOSE YOUR SEAT' 10 || fail "seats"
CODE=$(client_table_code alice); [[ -n $CODE ]] || fail "no code"
client_keys alice Enter; client_wait alice 'alice.*you' 10 || fail "alice sits"
client_open bob -o RemoteCommand="$CODE"
client_wait bob 'CHOOSE YOUR SEAT' 20 || fail "bob at the table"
client_keys bob j; client_keys bob Enter; client_wait alice 'bob' 10 || fail "bob sits"
client_keys alice j; client_keys alice j
for n in 3 4 5 6; do
  client_keys alice b; client_wait alice "$n of 7" 10 || fail "bot $n"
  client_keys alice j
done
client_keys alice s
client_wait alice 'HOUR I[/ ]' 10 || fail "start"
# Hour I: two cards for bob, one for each bot (after a gift the cursor
# goes to the next psychic who needs one).
client_keys alice Space; client_keys alice l; client_keys alice Space; client_keys alice g
for _ in 1 2 3 4; do
  sleep 0.5 # the table's update moves the cursor on
  client_keys alice g
done
client_wait bob 'intuition|Intuition' 10 || true
client_keys bob l; client_keys bob l; client_keys bob i

# Table 2: carol sets four bots and starts; they play to the end.
client_open carol
client_wait carol 'MYSTERIUM' 20 || fail "carol lobby"
client_keys carol n; client_wait carol 'enter create' 10 || fail "carol form"
client_keys carol -l 'Bots at midnight'; client_keys carol Enter
client_wait carol 'CHOOSE YOUR SEAT' 10 || fail "carol seats"
client_keys carol b; client_keys carol j; client_keys carol b; client_keys carol j; client_keys carol b; client_keys carol j; client_keys carol b
client_wait carol '4 of 7' 10 || fail "carol bots"
client_keys carol s
client_wait carol 'THE PSYCHICS (WON|LOST)' 60 || fail "the bot game did not end"

# Table 3 (classic): erin haunts three bots and gives every vision with a
# note (w, the note, enter), to the end: the replay shows a human ghost's
# notes (replay-notes.png), as table 2's shows a bot ghost's (end.png).
notes=("red curtains: the theatre, not the study" "the clock again: think of time"
  "cold blue, like the lake by the folly" "look at the hands, not the faces"
  "the stairs go up: the tower" "a knife among the spoons" "smoke and candles: the chapel")
client_open erin
client_wait erin 'MYSTERIUM' 20 || fail "erin lobby"
client_keys erin n; client_wait erin 'enter create' 10 || fail "erin form"
client_keys erin -l 'Notes from beyond'; client_keys erin Enter
client_wait erin 'CHOOSE YOUR SEAT' 10 || fail "erin seats"
client_keys erin Enter; client_wait erin 'erin.*you' 10 || fail "erin sits"
for n in 2 3 4; do
  client_keys erin j; client_keys erin b; client_wait erin "$n of 7" 10 || fail "erin's bot $n"
done
client_keys erin s
client_wait erin 'HOUR I[/ ]' 10 || fail "erin's game did not start"
given=0
for _ in $(seq 1 400); do
  # Each step waits for the screen that asks for it: keys pressed before it
  # would land on the wrong screen (the note's letters taken as keys).
  scr=$(client_screen erin)
  case $scr in
  *"THE PSYCHICS WON"* | *"THE PSYCHICS LOST"*) break ;;
  *"a vision (0 selected)."*)
    client_keys erin w
    client_wait erin 'note \(enter gives' 10 || fail "erin's note line"
    # Pasted (bracketed paste, one key for the server's limit of keys a
    # second): typed, a note's forty letters and enter would go past it.
    _client_tmux set-buffer -b note -- "${notes[given % ${#notes[@]}]}"
    _client_tmux paste-buffer -p -d -b note -t clients:erin
    client_wait erin "drops\): ${notes[given % ${#notes[@]}]:0:20}" 10 || fail "erin's note not on her screen"
    client_keys erin Enter
    given=$((given + 1))
    client_wait erin 'with your note' 10 || true
    ;;
  *"Reveal the results"*) client_keys erin a ;;
  *"Choose the culprit's group"*) client_keys erin c ;;
  *"shared vision (0 selected)"*) client_keys erin Space l Space l Space g ;;
  esac
  sleep 0.2
done
client_wait erin 'THE PSYCHICS (WON|LOST)' 10 || fail "erin's game did not end"
(( given > 0 )) || fail "erin gave no note"

mkdir -p "$OUT"
client_open dave
shot lobby dave 'Samhain at Warwick'
shot ghost alice 'HOUR'
shot psychic bob 'HOUR'
shot psychic-200x60 bob 'HOUR' 200 60
shot end carol 'THE PSYCHICS (WON|LOST)'
shot replay-notes erin 'THE PSYCHICS (WON|LOST)'
ls -l "$OUT"/*.png
