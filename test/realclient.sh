#!/usr/bin/env bash
# Kept only while the landing script still runs `bash test/realclient.sh
# [--game]`: the end-to-end scenarios are Go tests now (test/e2e, run by
# go test ./...); this runs the two that were this script.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ${1:-} == --game ]]; then
  exec go test -count=1 ./test/e2e -run 'TestScripts/game$'
fi
exec go test -count=1 ./test/e2e -run 'TestScripts/realclient$'
