#!/usr/bin/env bash
# test/browsergame.sh: the acceptance of the browser way in, with real
# clients: the real binary serves SSH and, with --web 127.0.0.1:8080, the
# browser way in; alice (the ghost) and bob (a psychic) play over the real
# OpenSSH client in tmux (test/lib/client.sh), wren plays the second
# psychic in a real browser (headless chromium at 1400x900, driven by
# test/browserplayer: taps on the cards for the intuitions and the vote,
# keys for the rest), and a bot the third. They play one whole classic
# game to its end screen. At hour II the browser player takes two
# screenshots: the desktop window and a phone in landscape (844x390).
#
# Usage: test/browsergame.sh [SHOTDIR]   (exit 0 on success; the
#        screenshots go to SHOTDIR, default a temporary directory that is
#        printed). WEB_PORT changes the browser way in's port (8080).
# Needs go, ssh, ssh-keygen, tmux and chromium (apt-get install -y chromium).
# Not part of the test command: it is the manual acceptance, repeatable.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
for t in go ssh ssh-keygen tmux chromium; do
  command -v "$t" >/dev/null || { echo "browsergame: missing $t" >&2; exit 2; }
done
WEB=127.0.0.1:${WEB_PORT:-8080}
WORK=$(mktemp -d -t mysterium-bg.XXXXXX)
SHOTS=${1:-$WORK/shots}
mkdir -p "$SHOTS"
BROWSER_PID=""
export CLIENT_DIR="$WORK/keys"
# shellcheck source=lib/client.sh
. "$ROOT/test/lib/client.sh"
# shellcheck source=lib/server.sh
. "$ROOT/test/lib/server.sh"

fail() {
  echo "browsergame: FAIL: $*" >&2
  for n in alice bob; do echo "--- screen of $n:" >&2; client_screen "$n" >&2 2>/dev/null || true; done
  echo "--- the browser player:" >&2; tail -n 40 "$WORK/browser.log" >&2 || true
  echo "--- server log (tail):" >&2; tail -n 30 "$WORK/server.log" >&2 || true
  exit 1
}
cleanup() {
  client_close_all
  [[ -n $BROWSER_PID ]] && kill "$BROWSER_PID" 2>/dev/null || true
  server_stop
  [[ $SHOTS == "$WORK"/* ]] && cp -r "$SHOTS" "${TMPDIR:-/tmp}/mysterium-browsergame-shots" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

go build -o "$WORK/browserplayer" ./test/browserplayer
server_start --web "$WEB" --lobby-idle 10m
echo "browsergame: SSH on port $PORT, browsers on http://$WEB"

status() { client_screen "$1" | grep -v '^[[:space:]]*$' | tail -n 1; }

# alice: a new table from the lobby, the ghost's seat.
client_open alice
client_wait alice 'MYSTERIUM' 20 || fail "alice never saw the lobby"
client_keys alice n
client_wait alice 'enter create' 10 || fail "alice: no create form"
client_keys alice -l 'Browser game'
client_keys alice Enter
client_wait alice 'CHOOSE YOUR SEAT' 10 || fail "alice: no seat picker"
CODE=$(client_table_code alice)
[[ -n $CODE ]] || fail "no table code on alice's screen"
echo "browsergame: table $CODE, http://$WEB/$CODE"
client_keys alice Enter
client_wait alice 'alice.*you' 10 || fail "alice did not sit"

# bob: the first psychic, over ssh.
client_open bob -o RemoteCommand="$CODE"
client_wait bob 'CHOOSE YOUR SEAT' 20 || fail "bob did not reach $CODE"
client_keys bob j; client_keys bob Enter
client_wait alice 'bob' 10 || fail "alice does not see bob"

# wren: the second psychic, in the browser, by the table's link.
"$WORK/browserplayer" -url "http://$WEB" -table "$CODE" -name wren -seat 2 -shots "$SHOTS" >"$WORK/browser.log" 2>&1 &
BROWSER_PID=$!
client_wait alice 'wren' 60 || fail "alice does not see wren"

# A bot in the third psychic's seat, and the game starts.
client_keys alice j; client_keys alice j; client_keys alice j; client_keys alice b
client_wait alice '4 of 7' 10 || fail "no bot"
client_keys alice s
client_wait alice 'HOUR I[/ ]' 10 || fail "the game did not start"

end=$(( $(date +%s) + ${GAME_TIMEOUT:-480} )) target=0 tries=0
while (( $(date +%s) < end )); do
  if ! kill -0 "$BROWSER_PID" 2>/dev/null; then
    wait "$BROWSER_PID" || fail "the browser player failed"
    BROWSER_PID=""
    client_wait alice 'THE PSYCHICS (WON|LOST)' 10 || fail "the browser saw the end, alice did not"
    client_wait bob 'THE PSYCHICS (WON|LOST)' 10 || fail "the browser saw the end, bob did not"
    cat "$WORK/browser.log"
    echo "browsergame: $(client_screen alice | grep -oE 'THE PSYCHICS (WON|LOST)[^.]*' | head -n1)"
    [[ -s $SHOTS/browser.png && -s $SHOTS/browser-phone.png ]] || fail "the browser took no screenshots"
    ls -l "$SHOTS"
    echo "browsergame: OK (a whole game at $CODE: two OpenSSH clients, a browser and a bot)"
    exit 0
  fi
  s=$(status alice)
  case $s in
    Give*"a vision"*) client_keys alice g ;;
    "Choose a psychic who still needs"*)
      target=$(( (target + 1) % 3 ))
      client_keys alice k k k k k k
      for ((i = 0; i < target; i++)); do client_keys alice j; done ;;
    "Reveal the results"*) client_keys alice a ;;
    "Choose the culprit"*) client_keys alice 1 c ;;
    "Select 3 cards"*"(0 selected)"*) client_keys alice h h h h h h h Space l Space l Space ;;
    "Select 3 cards"*"(3 selected)"*) client_keys alice g ;;
  esac
  s=$(status bob)
  case $s in
    "Place your intuition"*)
      tries=$((tries + 1))
      (( tries > 1 )) && client_keys bob l
      client_keys bob i ;;
    "Press r when"*) tries=0; client_keys bob r ;;
    "Vote now"* | "Vote for a group"*) client_keys bob 1 v ;;
  esac
  sleep 0.3
done
fail "the game did not end within ${GAME_TIMEOUT:-480} s (alice: $(status alice))"
