#!/usr/bin/env bash
# Regenerates the printed SDL (schema/schema.graphql) and the typed documents (test/generated/) and fails when
# git sees a difference: generated files are committed, so they must be what the generators make today.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run --silent schema:print >/dev/null
npm run --silent codegen >/dev/null 2>&1 || npm run codegen
# Compared with the index, so a developer may stage regenerated files and check again before committing.
changes="$(git diff --name-only -- schema test/generated; git ls-files --others --exclude-standard -- schema test/generated)"
if [ -n "$changes" ]; then
  echo "Generated files are out of date; run 'npm run schema:print && npm run codegen' and commit:" >&2
  echo "$changes" >&2
  exit 1
fi
echo "generated files are up to date"
