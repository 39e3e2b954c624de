#!/usr/bin/env bash
# `npm test`: lint, type-check, unit and integration tests (PGlite, or PostgreSQL when DATABASE_URL is set), the
# build, and the browser tests against it.
# TEST_DATABASE_LEG=1 (the CI's second leg, on PostgreSQL) repeats only what depends on the database: the
# integration tests and the browser tests, on the build the first leg made; lint, type-check, the unit project (no
# database) and the browser sweeps that only look at pages (axe over the route table) ran in the first leg of the
# same clone and are not repeated.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${TEST_DATABASE_LEG:-}" != 1 ]; then
  npm run lint
  npm run typecheck
fi
if [ "${TEST_DATABASE_LEG:-}" = 1 ]; then
  # The unit project (common/, pwa/, *.unit.test.ts) has no database: the first leg ran it.
  npx vitest run --project integration
else
  npm run test:unit
fi
if [ "${TEST_DATABASE_LEG:-}" != 1 ] || [ ! -f dist/index.html ]; then
  npm run build
fi
npm run test:e2e
