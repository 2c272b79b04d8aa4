#!/usr/bin/env bash
# test/french.sh: a whole classic game in French with real OpenSSH clients.
#
# Builds mysterium, starts it on a free loopback port, and drives three
# OpenSSH clients in a private tmux server (test/lib/client.sh): alice (the
# ghost) and bob (a psychic) run ssh with LANG=fr_FR.UTF-8 and SendEnv=LANG,
# as a French desktop's ssh does; carol (the other psychic) sends nothing
# and plays in English at the same table; one bot. Every client does what
# its status line asks, in its own language, until the end screen. The
# script fails if alice's or bob's screens are not French, or carol's not
# English, at any of the checks.
#
# Given OUTDIR, with aha, chromium and fonts-unifont installed, it also
# saves, at 120x40, the ghost's and bob's screens in hour II, once bob has
# his vision, as OUTDIR/ghost-fr.png and OUTDIR/psychic-fr.png
# (test/lib/screenshot.sh; the README's are made with docs/screens). The
# README's test command runs it without OUTDIR: the game only, nothing
# written in the repository.
#
# Usage: test/french.sh [OUTDIR]
# Needs: go, ssh, ssh-keygen, tmux.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${1:-}
for t in go ssh ssh-keygen tmux; do
  command -v "$t" >/dev/null || { echo "french: missing $t" >&2; exit 2; }
done
SHOTS=0
if [[ -n $OUT ]]; then
  SHOTS=1
  for t in aha chromium; do command -v "$t" >/dev/null || SHOTS=0; done
  (( SHOTS )) || echo "french: no aha or chromium: the game is played, no pictures are taken" >&2
fi

WORK=$(mktemp -d -t mysterium-fr.XXXXXX)
export CLIENT_DIR="$WORK/keys" CLIENT_COLS=120 CLIENT_ROWS=40
# shellcheck source=lib/client.sh
. "$ROOT/test/lib/client.sh"
# shellcheck source=lib/server.sh
. "$ROOT/test/lib/server.sh"
# shellcheck source=lib/screenshot.sh
. "$ROOT/test/lib/screenshot.sh"

fail() {
  echo "french: FAIL: $*" >&2
  for n in alice bob carol; do echo "--- screen of $n:" >&2; client_screen "$n" >&2 2>/dev/null || true; done
  tail -n 30 "$WORK/server.log" >&2 || true
  exit 1
}
cleanup() {
  client_close_all
  server_stop
  rm -rf "$WORK"
}
trap cleanup EXIT

server_start --lobby-idle 10m
echo "french: server on port $PORT"

status() { client_screen "$1" | grep -v '^[[:space:]]*$' | tail -n 1; }
french() { CLIENT_ENV="LANG=fr_FR.UTF-8" client_open "$@" -o SendEnv=LANG; }
shot() { # shot NAME CLIENT: CLIENT's screen once two looks half a second apart agree
  local prev="" cur
  (( SHOTS )) || return 0
  for _ in $(seq 1 40); do
    cur=$(client_screen "$2" -e)
    [[ $cur == "$prev" ]] && break
    prev=$cur
    sleep 0.5
  done
  mkdir -p "$OUT"
  screenshot "$2" "$OUT/$1.png" || fail "$1: no picture"
  echo "french: $OUT/$1.png"
}

# alice: the lobby in French (from LANG alone), a new table, the ghost's seat.
french alice
client_wait alice 'Langue : Français' 20 || fail "alice's lobby is not French"
client_keys alice n
client_wait alice 'entrée créer' 10 || fail "alice: no create form"
client_keys alice -l 'Séance à Warwick'
client_keys alice Enter
client_wait alice 'CHOISISSEZ VOTRE PLACE' 10 || fail "alice: no seat picker"
CODE=$(client_table_code alice)
[[ -n $CODE ]] || fail "no table code on alice's screen"
echo "french: table $CODE"
client_keys alice Enter
client_wait alice 'alice \(hôte, vous\)' 10 || fail "alice did not sit"

# bob in French, carol in English, at the same table.
french bob -o RemoteCommand="$CODE"
client_wait bob 'CHOISISSEZ VOTRE PLACE' 20 || fail "bob's seat picker is not French"
client_keys bob j; client_keys bob Enter
client_wait bob 'bob \(vous\)' 10 || fail "bob did not sit"
client_open carol -o RemoteCommand="$CODE"
client_wait carol 'CHOOSE YOUR SEAT' 20 || fail "carol's seat picker is not English"
client_keys carol j; client_keys carol j; client_keys carol Enter
client_wait alice 'carol' 10 || fail "alice does not see carol"
client_keys alice j; client_keys alice j; client_keys alice j; client_keys alice b
client_wait alice '4 places prises sur 7' 10 || fail "no bot"
client_keys alice s
client_wait alice 'HEURE I sur VII' 10 || fail "the game did not start (or alice's header is not French)"
client_wait carol 'HOUR I of VII' 10 || fail "carol's header is not English"

end=$(( $(date +%s) + ${GAME_TIMEOUT:-300} ))
target=0 shots=0
declare -A tries=()
while (( $(date +%s) < end )); do
  if client_screen alice | grep -qE 'LES MÉDIUMS ONT (GAGNÉ|PERDU)' && client_screen bob | grep -qE 'LES MÉDIUMS ONT (GAGNÉ|PERDU)' \
    && client_screen carol | grep -qE 'THE PSYCHICS (WON|LOST)'; then
    echo "french: $(client_screen alice | grep -oE 'LES MÉDIUMS ONT (GAGNÉ|PERDU)[^.]*' | head -n1)"
    echo "french: carol read: $(client_screen carol | grep -oE 'THE PSYCHICS (WON|LOST)[^.]*' | head -n1)"
    echo "french: OK (a whole game at $CODE in French with real OpenSSH clients; carol played it in English)"
    exit 0
  fi
  # Hour II, bob holding his vision: the pictures.
  if (( shots == 0 )) && client_screen bob | grep -q 'HEURE II sur VII' &&
    [[ $(status bob) == "Posez votre intuition"* || $(status bob) == "Appuyez sur r quand"* ]]; then
    shot psychic-fr bob
    shot ghost-fr alice
    shots=1
  fi
  s=$(status alice)
  case $s in
    "Donnez une vision à"*) client_keys alice g ;;
    "Choisissez un médium qui attend encore"*)
      target=$(( (target + 1) % 3 ))
      client_keys alice k k k k k k
      for ((i = 0; i < target; i++)); do client_keys alice j; done ;;
    "Révélez les résultats"*) client_keys alice a ;;
    "Choisissez le groupe du coupable"*) client_keys alice 1 c ;;
    "Choisissez 3 cartes pour la vision commune (0 choisies)"*) client_keys alice h h h h h h h Space l Space l Space ;;
    "Choisissez 3 cartes pour la vision commune (3 choisies)"*) client_keys alice g ;;
    "Give "* | "Reveal "* | "Choose "* | "Select "*) fail "alice's status line is English: $s" ;;
  esac
  for p in bob carol; do
    s=$(status "$p")
    case $s in
      "Posez votre intuition"* | "Place your intuition"*)
        tries[$p]=$(( ${tries[$p]:-0} + 1 ))
        # A card another psychic holds is refused: move right and retry.
        (( tries[$p] > 1 )) && client_keys "$p" l
        client_keys "$p" i ;;
      "Appuyez sur r quand"* | "Press r when"*) tries[$p]=0; client_keys "$p" r ;;
      "Votez maintenant"* | "Votez pour un groupe"* | "Vote now"* | "Vote for a group"*) client_keys "$p" 1 v ;;
    esac
  done
  case $(status bob) in "Place your"* | "Press r"* | "Vote "*) fail "bob's status line is English: $(status bob)" ;; esac
  case $(status carol) in "Posez"* | "Appuyez sur r"* | "Votez"*) fail "carol's status line is French: $(status carol)" ;; esac
  sleep 0.3
done
fail "the game did not end within ${GAME_TIMEOUT:-300} s (alice: $(status alice))"
