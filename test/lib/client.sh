#!/usr/bin/env bash
# test/lib/client.sh: drive real OpenSSH clients inside a private tmux server.
#
# Sourced by the repo's shell tests (test/realclient.sh, test/screens.sh).
# Set PORT (and HOST, default 127.0.0.1) first. Every client is a tmux
# window named after it; the name is also its identity, because each name
# gets its own ed25519 key, so opening the same name again reconnects as the
# same player. A name starting with "kbd" connects without a key (a guest).
#
#   client_key NAME               path of NAME's key (made on first use)
#   client_open NAME [SSH ARGS]   start ssh -tt in an 80x24 window (CLIENT_COLS/ROWS change it;
#                                 CLIENT_ENV="LANG=fr_FR.UTF-8" runs ssh with that environment)
#   client_keys NAME KEYS...      tmux send-keys to NAME (e.g. Enter, -l 'text')
#   client_resize NAME COLS ROWS  resize NAME's terminal (the server gets a window-change)
#   client_screen NAME [-e]       the visible screen (-e keeps the colours)
#   client_wait NAME REGEX [SECS] wait until the screen matches (grep -E), default 10 s
#   client_table_code NAME        the table code in NAME's header (empty when there is none)
#   client_close_all              stop our tmux server and forget its socket
#
# Only ssh, ssh-keygen and tmux are needed. The tmux server has its own
# socket and reads only its own configuration, so a user's ~/.tmux.conf and
# any tmux already running are left alone.

CLIENT_DIR=${CLIENT_DIR:-$(mktemp -d -t mysterium-clients.XXXXXX)}
CLIENT_SOCK=${CLIENT_SOCK:-mysterium-test-$$}
HOST=${HOST:-127.0.0.1}
mkdir -p "$CLIENT_DIR"
# Our own configuration, read when our tmux server starts: clients say
# they are a 256-colour terminal. (resize-window fixes each window's size:
# it sets that window's window-size to manual.)
cat >"$CLIENT_DIR/tmux.conf" <<'CONF'
set -g default-terminal tmux-256color
set -g history-limit 0
CONF

_client_tmux() { tmux -L "$CLIENT_SOCK" -f "$CLIENT_DIR/tmux.conf" "$@"; }

client_key() {
  local key="$CLIENT_DIR/id_$1"
  [[ -f $key ]] || ssh-keygen -q -t ed25519 -N '' -C "test-$1" -f "$key" >/dev/null
  printf '%s\n' "$key"
}

# client_ssh NAME: the ssh options every client uses: no config file, no
# known_hosts (each run has a fresh host key), NAME's key alone or no key.
client_ssh() {
  local name=$1
  printf '%s ' ssh -F /dev/null -p "$PORT" -o StrictHostKeyChecking=no \
    -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR
  if [[ $name == kbd* ]]; then
    printf '%s ' -o PubkeyAuthentication=no -o PreferredAuthentications=keyboard-interactive
  else
    printf '%s ' -i "$(client_key "$name")" -o IdentitiesOnly=yes -o PreferredAuthentications=publickey
  fi
}

client_open() {
  local name=$1; shift
  local cols=${CLIENT_COLS:-80} rows=${CLIENT_ROWS:-24} cmd args=""
  (( $# == 0 )) || args=$(printf '%q ' "$@")
  # The window stays open after ssh exits so a failing test can still
  # print what the client saw last.
  cmd="${CLIENT_ENV:+env -u LC_ALL $CLIENT_ENV }$(client_ssh "$name") -tt $args$name@$HOST; echo \"[ssh exited: \$?]\"; exec sleep 600"
  if _client_tmux has-session -t clients 2>/dev/null; then
    _client_tmux new-window -d -t clients -n "$name" "$cmd"
  else
    _client_tmux new-session -d -s clients -n "$name" -x "$cols" -y "$rows" \
      -e LANG=C.UTF-8 -e LC_ALL=C.UTF-8 "$cmd"
  fi
  _client_tmux resize-window -t "clients:$name" -x "$cols" -y "$rows" >/dev/null
}

client_keys() { local name=$1; shift; _client_tmux send-keys -t "clients:$name" "$@"; }

client_resize() { _client_tmux resize-window -t "clients:$1" -x "$2" -y "$3"; }

client_screen() {
  if [[ ${2:-} == -e ]]; then
    _client_tmux capture-pane -p -e -N -t "clients:$1"
  else
    _client_tmux capture-pane -p -t "clients:$1"
  fi
}

client_wait() {
  local name=$1 re=$2 secs=${3:-10} deadline
  deadline=$(( $(date +%s) + secs ))
  until client_screen "$name" | grep -Eq -- "$re"; do
    if (( $(date +%s) >= deadline )); then
      echo "client_wait: $name never showed /$re/ in ${secs}s" >&2
      return 1
    fi
    sleep 0.05
  done
}

# client_table_code NAME: the table's code as NAME's header shows it
# ("MYSTERIUM  K7QX ..."): four letters of the codes' alphabet.
client_table_code() {
  client_screen "$1" | grep -oE 'MYSTERIUM +[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}' | head -n1 | awk '{print $2}'
}

client_close_all() {
  _client_tmux kill-server 2>/dev/null || true
  rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$CLIENT_SOCK"
}
