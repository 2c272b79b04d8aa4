#!/usr/bin/env bash
# Builds the hello servers (v1hello, and v2hello from v2hello.txtar) and the
# load tool into $V2HELLO_OUT (default /tmp/v2hello), then:
#   bash test/v2hello/run.sh build          builds only
#   bash test/v2hello/run.sh test           runs v2hello's tests and benchmarks
#   bash test/v2hello/run.sh [LOAD FLAGS]   the alternating run of docs/performance.md
#                                           ("Charm v2 against v1"), e.g. -rounds 3
# v2hello is a module of its own, kept as one txtar file so that the project's
# module, its go.mod and its checks never see a v2 import.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${V2HELLO_OUT:-/tmp/v2hello}
rm -rf "$out/src"
mkdir -p "$out/src"
awk -v dir="$out/src" '/^-- .+ --$/ { f = dir "/" $2; next } f != "" { print > f }' "$root/test/v2hello/v2hello.txtar"
sed -i "s#=> \.\./\.\./\.\.#=> $root#" "$out/src/go.mod"
(cd "$root" && go build -o "$out/v1hello" ./test/v2hello/v1hello && go build -o "$out/load" ./test/v2hello/load)
(cd "$out/src" && go build -o "$out/v2hello" .)
case "${1:-}" in
build) exit 0 ;;
test) cd "$out/src" && exec go test -count=1 -bench Key -benchtime 20000x . ;;
esac
exec "$out/load" -run v1="$out/v1hello" -run v2="$out/v2hello" \
  -run v2f="$out/v2hello -parser feed -fps 1" -run v2rt="$out/v2hello -parser feed -release" "$@"
