#!/usr/bin/env bash
# Kept only while the landing script still runs `bash test/french.sh`: the
# end-to-end scenarios are Go tests now (test/e2e, run by go test ./...);
# this runs the one that was this script.
set -euo pipefail
cd "$(dirname "$0")/.."
exec go test -count=1 ./test/e2e -run 'TestScripts/french$'
