#!/usr/bin/env bash
# test/screens.sh: take the README's screenshots (docs/screens/*.png) from a
# real server and the real OpenSSH client.
#
# Starts the binary on a free loopback port; drives a game with
# ../shared/tools/realclient.sh (alice: the ghost, bob: a psychic, two bots),
# and a second table that bots play to the end; then captures, at 120x40,
# the lobby, the ghost's screen, the psychic's screen and the end screen with
# ../shared/tools/shot.sh (tmux -> aha -> headless chromium).
#
# Usage: test/screens.sh [OUTDIR]   (default docs/screens)
# Needs: go, ssh, tmux, aha, chromium, fonts-unifont.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${1:-$ROOT/docs/screens}
TOOLS=${TOOLS:-}
for cand in "$ROOT/../shared/tools" "$ROOT/../../shared/tools" /work/shared/tools; do
  [[ -z $TOOLS && -f $cand/shot.sh ]] && TOOLS=$cand
done
[[ -n $TOOLS ]] || { echo "screens: cannot find shared/tools (set TOOLS)" >&2; exit 2; }

WORK=$(mktemp -d -t mysterium-shots.XXXXXX)
SERVER_PID=""
export RC_DIR="$WORK/keys"
# shellcheck source=/dev/null
. "$TOOLS/realclient.sh"
fail() {
  echo "screens: FAIL: $*" >&2
  for n in alice bob carol; do echo "--- $n:" >&2; rc_screen "$n" >&2 2>/dev/null || true; done
  tail -n 30 "$WORK/server.log" >&2 || true
  exit 1
}
cleanup() {
  rc_cleanup
  if [[ -n $SERVER_PID ]]; then kill -TERM "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

go build -o "$WORK/mysterium" ./cmd/mysterium
"$WORK/mysterium" serve --listen 127.0.0.1:0 --data-dir "$WORK/data" --log-format logfmt --bot-delay 0 2>"$WORK/server.log" &
SERVER_PID=$!
for _ in $(seq 1 400); do
  grep -q 'msg=listening' "$WORK/server.log" 2>/dev/null && break
  sleep 0.05
done
PORT=$(sed -n 's/.*msg=listening addr=[^ ]*:\([0-9][0-9]*\).*/\1/p' "$WORK/server.log" | head -n1)
[[ -n $PORT ]] || fail "no server"
export PORT HOST=127.0.0.1

code_of() { rc_screen "$1" | grep -oE 'MYSTERIUM +[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}' | head -n1 | awk '{print $2}'; }
shot() { # shot NAME USER [COMMAND]
  local name=$1 user=$2 cmd=${3:-}
  "$TOOLS/shot.sh" -c 120 -r 40 -t "${SHOT_WAIT:-4}" -o "$OUT/$name.png" -- \
    ssh -F /dev/null -tt -p "$PORT" -i "$(rc_key "$user")" -o IdentitiesOnly=yes -o StrictHostKeyChecking=no \
    -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "$user@$HOST" $cmd
  rm -f "$OUT/$name.ansi"
}

# Table 1: alice hosts and haunts, bob is a psychic, two bots.
rc_start alice
rc_wait alice 'MYSTERIUM' 20 || fail "lobby"
rc_keys alice n; rc_wait alice 'enter create' 10 || fail "form"
rc_keys alice -l 'Samhain at Warwick'; rc_keys alice Enter
rc_wait alice 'CHOOSE YOUR SEAT' 10 || fail "seats"
CODE=$(code_of alice); [[ -n $CODE ]] || fail "no code"
rc_keys alice Enter; rc_wait alice 'alice.*you' 10 || fail "alice sits"
rc_start bob -o RemoteCommand="$CODE"
rc_wait bob 'CHOOSE YOUR SEAT' 20 || fail "bob at the table"
rc_keys bob j; rc_keys bob Enter; rc_wait alice 'bob' 10 || fail "bob sits"
rc_keys alice j; rc_keys alice j; rc_keys alice b; rc_wait alice '2 of 7|3 of 7' 10 || true
rc_keys alice j; rc_keys alice b; rc_wait alice '4 of 7' 10 || fail "bots"
rc_keys alice s
rc_wait alice 'HOUR I[/ ]' 10 || fail "start"
# Round 1: two cards for bob, one each for the bots.
rc_keys alice Space; rc_keys alice l; rc_keys alice Space; rc_keys alice g
rc_keys alice j; rc_keys alice g; rc_keys alice j; rc_keys alice g
rc_wait bob 'intuition|Intuition' 10 || true
rc_keys bob l; rc_keys bob l; rc_keys bob i

# Table 2: carol sets four bots and starts; they play to the end.
rc_start carol
rc_wait carol 'MYSTERIUM' 20 || fail "carol lobby"
rc_keys carol n; rc_wait carol 'enter create' 10 || fail "carol form"
rc_keys carol -l 'Bots at midnight'; rc_keys carol Enter
rc_wait carol 'CHOOSE YOUR SEAT' 10 || fail "carol seats"
CODE2=$(code_of carol)
rc_keys carol b; rc_keys carol j; rc_keys carol b; rc_keys carol j; rc_keys carol b; rc_keys carol j; rc_keys carol b
rc_wait carol '4 of 7' 10 || fail "carol bots"
rc_keys carol s
rc_wait carol 'THE PSYCHICS (WON|LOST)' 60 || fail "the bot game did not end"

mkdir -p "$OUT"
shot lobby dave
shot ghost alice "$CODE"
shot psychic bob "$CODE"
shot end carol "$CODE2"
ls -l "$OUT"/*.png
