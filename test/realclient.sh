#!/usr/bin/env bash
# test/realclient.sh: the real OpenSSH client against the real binary.
#
# Builds mysterium, starts it on a free loopback port with a throw-away data
# dir, and drives two OpenSSH clients (each with its own key) inside a private
# tmux server through test/lib/client.sh: alice creates a table from
# the lobby and sits as the ghost, bob joins it with `ssh -t HOST CODE` and sits
# as a psychic, and each must see the other at the table. A keyless client also
# gets in as a guest, and the plain `tables` command lists the table.
#
# With --game, they then play a whole classic game to its end screen: alice
# as the ghost, bob and carol as psychics, one bot; each client is driven by
# what its status line asks for, as a person would.
#
# Usage: test/realclient.sh [--game]   (exit 0 on success; on failure the
#        screens and the server log are printed). Needs go, ssh, ssh-keygen
#        and tmux, nothing outside the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
GAME=0
[[ ${1:-} == --game ]] && GAME=1

for t in go ssh ssh-keygen tmux; do
  command -v "$t" >/dev/null || { echo "realclient: missing $t" >&2; exit 2; }
done

WORK=$(mktemp -d -t mysterium-rc.XXXXXX)
export CLIENT_DIR="$WORK/keys"
# shellcheck source=lib/client.sh
. "$ROOT/test/lib/client.sh"
# shellcheck source=lib/server.sh
. "$ROOT/test/lib/server.sh"

fail() {
  echo "realclient: FAIL: $*" >&2
  for n in alice bob carol kbdguest; do
    echo "--- screen of $n:" >&2
    client_screen "$n" >&2 2>/dev/null || true
  done
  echo "--- server log (tail):" >&2
  tail -n 40 "$WORK/server.log" >&2 || true
  exit 1
}

cleanup() {
  client_close_all
  server_stop
  rm -rf "$WORK"
}
trap cleanup EXIT

server_start --lobby-idle 10m
echo "realclient: server on port $PORT"

plain() { # plain NAME COMMAND: a plain command without a terminal
  ssh -F /dev/null -T -p "$PORT" -i "$(client_key "$1")" -o IdentitiesOnly=yes -o StrictHostKeyChecking=no \
    -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "$1@$HOST" "$2"
}

status() { client_screen "$1" | grep -v '^[[:space:]]*$' | tail -n 1; }

# play_game: carol joins as the second psychic, the host adds a bot and
# starts, then every client does what its status line asks until the end.
play_game() {
  client_open carol -o RemoteCommand="$CODE"
  client_wait carol 'CHOOSE YOUR SEAT' 20 || fail "carol did not reach the table"
  client_keys carol j; client_keys carol j; client_keys carol Enter
  client_wait alice 'carol' 10 || fail "alice does not see carol"
  client_keys alice j; client_keys alice j; client_keys alice j; client_keys alice b
  client_wait alice '4 of 7' 10 || fail "no bot"
  client_keys alice s
  client_wait alice 'HOUR I[/ ]' 10 || fail "the game did not start"
  local end=$(( $(date +%s) + ${GAME_TIMEOUT:-300} )) step=0 target=0 s
  declare -A tries=()
  while (( $(date +%s) < end )); do
    if client_screen bob | grep -qE 'THE PSYCHICS (WON|LOST)' && client_screen carol | grep -qE 'THE PSYCHICS (WON|LOST)' \
      && client_screen alice | grep -qE 'THE PSYCHICS (WON|LOST)'; then
      echo "realclient: $(client_screen alice | grep -oE 'THE PSYCHICS (WON|LOST)[^.]*' | head -n1)"
      return 0
    fi
    step=$((step + 1))
    s=$(status alice)
    case $s in
      Give*"a vision"*) client_keys alice g ;;
      "Choose a psychic who still needs"*)
        target=$(( (target + 1) % 4 ))
        client_keys alice k k k k k k
        for ((i = 0; i < target; i++)); do client_keys alice j; done ;;
      "Reveal the results"*) client_keys alice a ;;
      "Choose the culprit"*) client_keys alice 1 c ;;
      "Select 3 cards"*"(0 selected)"*) client_keys alice h h h h h h h Space l Space l Space ;;
      "Select 3 cards"*"(3 selected)"*) client_keys alice g ;;
    esac
    for p in bob carol; do
      s=$(status "$p")
      case $s in
        "Place your intuition"*)
          tries[$p]=$(( ${tries[$p]:-0} + 1 ))
          # A card another psychic holds is refused: move right and retry.
          (( tries[$p] > 1 )) && client_keys "$p" l
          client_keys "$p" i ;;
        "Press r when"*) tries[$p]=0; client_keys "$p" r ;;
        "Vote now"* | "Vote for a group"*) client_keys "$p" 1 v ;;
      esac
    done
    sleep 0.3
  done
  fail "the game did not end within ${GAME_TIMEOUT:-300} s (alice: $(status alice))"
}

plain carol version | grep -q '^mysterium ' || fail "ssh HOST version"

# alice: the lobby, a new table, the ghost's seat.
client_open alice
client_wait alice 'MYSTERIUM' 20 || fail "alice never saw the lobby"
client_keys alice n
client_wait alice 'enter create' 10 || fail "alice: no create form"
client_keys alice -l 'Real client'
client_keys alice Enter
client_wait alice 'CHOOSE YOUR SEAT' 10 || fail "alice: no seat picker after creating the table"
CODE=$(client_table_code alice)
[[ -n $CODE ]] || fail "no table code on alice's screen"
echo "realclient: table $CODE"
client_keys alice Enter
client_wait alice 'alice.*you' 10 || fail "alice did not sit"

plain carol tables | grep -q "$CODE" || fail "ssh HOST tables does not list $CODE"

# bob: straight to the table by its code, sits as the first psychic.
client_open bob -o RemoteCommand="$CODE"
client_wait bob 'CHOOSE YOUR SEAT' 20 || fail "bob did not reach table $CODE"
client_wait bob 'alice' 10 || fail "bob does not see alice"
client_keys bob j
client_keys bob Enter
client_wait bob 'bob.*you' 10 || fail "bob did not sit"
client_wait alice 'bob' 10 || fail "alice does not see bob"

# A client without a key gets in as a guest.
client_open kbdguest
client_wait kbdguest 'guest · reclaim code [0-9A-Z]{4}-[0-9A-Z]{4}' 20 || fail "the keyless client did not get in as a guest with a reclaim code"

if (( GAME )); then
  play_game
  # After the game: history and stats without a terminal, the invitation,
  # and n starts the next game at the same table for everyone at it.
  for _ in $(seq 1 40); do plain bob history | grep -q "^$CODE\.1 " && break; sleep 0.25; done
  plain bob history | grep -q "^$CODE\.1 " || fail "ssh HOST history does not list $CODE.1 (the first game at $CODE) for bob"
  plain bob stats | grep -q '^This server' || fail "ssh HOST stats has no server line"
  plain alice "invite $CODE" | grep -q "ssh -p $PORT -t 127.0.0.1 $CODE" || fail "ssh HOST invite $CODE has no ssh line"
  client_keys alice n
  client_wait bob 'CHOOSE YOUR SEAT' 10 || fail "n did not bring bob back to the seat picker"
  client_screen bob | grep -qE "MYSTERIUM +$CODE" || fail "the next game is not at $CODE"
  client_screen bob | grep -q 'bob.*you' || fail "bob lost his seat in the next game"
  echo "realclient: the next game is at $CODE with the same seats; history, stats and invite answer"
  echo "realclient: OK (a whole game at $CODE with real OpenSSH clients; a guest got in)"
  exit 0
fi
echo "realclient: OK (alice and bob see each other at $CODE; a guest got in)"
