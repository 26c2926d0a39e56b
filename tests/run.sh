#!/usr/bin/env bash
# The whole test suite, as `npm test` runs it from the repository root: the production build,
# unit and integration tests (vitest; some start the built server), then the browser tests
# (Playwright, Debian's chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the tests drive: chromium (browser tests); nginx, pgbouncer and prometheus's
# promtool (the deployment recipe's tests, tests/deploy). Installed with apt when missing.
missing=()
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
[[ -n ${DATABASE_URL:-} ]] && ! command -v nginx >/dev/null && [[ ! -x /usr/sbin/nginx ]] && missing+=(nginx)
[[ -n ${DATABASE_URL:-} ]] && ! command -v pgbouncer >/dev/null && [[ ! -x /usr/sbin/pgbouncer ]] && missing+=(pgbouncer)
[[ -n ${DATABASE_URL:-} ]] && ! command -v promtool >/dev/null && missing+=(prometheus)
if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    echo "tests/run.sh: installing Debian's ${missing[*]}:"
    echo "  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing[*]}"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
  else
    echo "tests/run.sh: the tests need Debian's ${missing[*]}. Install them with:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi
export PATH="$PATH:/usr/sbin"

echo "==> build"
npm run build

echo "==> vitest"
npx vitest run

# The identity port's second adapter: the accounts, profile and API suites again with identities
# in Ory Kratos (a fake one, tests/support/fake-kratos/), on the embedded database only, to keep
# CI time (docs/operations.md, "Identities on Ory"). accounts-secrets is the embedded store's own
# (its hashes).
if [[ -z ${DATABASE_URL:-} ]]; then
  echo "==> vitest (identities on Ory: fake Kratos)"
  CAP_TEST_IDENTITY=ory ORY_COURIER_KEY=test-courier-key-0123456789 npx vitest run \
    tests/integration/identity-port.test.ts tests/integration/courier-webhook.test.ts \
    tests/integration/accounts-{guard,login,recovery,registration,verification}.test.ts \
    tests/integration/abuse-codes.test.ts \
    tests/integration/profile*.test.ts tests/integration/upload-gate.test.ts tests/integration/api.test.ts \
    tests/integration/api-profile.test.ts \
    tests/integration/coaching.test.ts tests/integration/api-coaching.test.ts tests/integration/mail-language.test.ts \
    tests/integration/admin.test.ts tests/integration/admin-members.test.ts tests/integration/api-admin.test.ts \
    tests/integration/roles.test.ts tests/integration/coach-accounts.test.ts tests/integration/admin-coaches.test.ts \
    tests/integration/two-factor.test.ts tests/integration/lockouts.test.ts tests/integration/booking-mail-quotas.test.ts \
    tests/integration/admin-two-factor.test.ts
fi

# The deployment recipe (deploy/: nginx, PgBouncer, two instances; the Prometheus rules) runs on
# the PostgreSQL pass only: it needs a server, and once per CI run is enough.
if [[ -n ${DATABASE_URL:-} ]]; then
  echo "==> vitest (the deployment recipe: nginx, PgBouncer, two instances, promtool)"
  CAP_TEST_DEPLOY=1 npx vitest run
fi

# E2E_SHARD (e.g. 1/2) runs one share of the journeys: .ci/run gives each database its half, so
# every journey runs once per CI run (on PGlite or PostgreSQL) while vitest runs whole on both.
echo "==> playwright${E2E_SHARD:+ (share $E2E_SHARD)}"
npx playwright test ${E2E_SHARD:+--shard="$E2E_SHARD"}
