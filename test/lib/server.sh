#!/usr/bin/env bash
# test/lib/server.sh: build and start a real server for a shell test.
#
#   server_start [SERVE FLAGS...]  build ./cmd/mysterium into $WORK, start it on a port the kernel
#                                  picks (port 0; the server logs it), wait until it listens and
#                                  export PORT and HOST; its log is $WORK/server.log. With --web ADDR
#                                  among the flags it also waits for the browser way in's listening
#                                  line and exports WEB (its host:port, ADDR's port 0 resolved).
#                                  Calls fail (the sourcing script's) if it does not come up.
#   server_stop                    stop it (TERM) and wait for it; safe to call twice.
#
# Set WORK (a scratch directory) and define fail() first.

SERVER_PID=""

server_start() {
  local web=0 a
  for a in "$@"; do [[ $a == --web || $a == --web=* ]] && web=1; done
  go build -o "$WORK/mysterium" ./cmd/mysterium
  "$WORK/mysterium" serve --listen 127.0.0.1:0 --data-dir "$WORK/data" --log-format logfmt \
    "$@" 2>"$WORK/server.log" &
  SERVER_PID=$!
  # The SSH server's line carries its host key, the web's its TLS flag;
  # either may come first.
  for _ in $(seq 1 400); do
    if grep -q 'msg=listening.*host-key=' "$WORK/server.log" 2>/dev/null &&
      { ((web == 0)) || grep -q 'msg=listening.*tls=' "$WORK/server.log"; }; then
      break
    fi
    kill -0 "$SERVER_PID" 2>/dev/null || fail "the server exited at start (log: $(tail -n 3 "$WORK/server.log"))"
    sleep 0.05
  done
  PORT=$(sed -n 's/.*msg=listening addr=[^ ]*:\([0-9][0-9]*\) host-key=.*/\1/p' "$WORK/server.log" | head -n1)
  [[ -n $PORT ]] || fail "the server did not log its address"
  export PORT HOST=127.0.0.1
  if ((web == 1)); then
    WEB=$(sed -n 's/.*msg=listening addr=\([^ ]*\) tls=.*/\1/p' "$WORK/server.log" | head -n1)
    [[ -n $WEB ]] || fail "the server did not log its web address"
    export WEB
  fi
}

server_stop() {
  if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=""
}
