#!/usr/bin/env bash
# The whole test suite, as `npm test` runs it from the repository root: the production build,
# unit and integration tests (vitest; some start the built server), then the browser tests
# (Playwright, Debian's chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

chromium=/usr/bin/chromium
if [[ ! -x $chromium ]]; then
  if [[ $(id -u) -eq 0 ]]; then
    echo "tests/run.sh: $chromium is missing; installing Debian's chromium:"
    echo "  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
  else
    echo "tests/run.sh: the browser tests need Debian's chromium at $chromium. Install it with:" >&2
    echo "  sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi

echo "==> build"
npm run build

echo "==> vitest"
npx vitest run

echo "==> playwright"
npx playwright test
