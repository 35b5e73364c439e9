#!/usr/bin/env bash
# Upload every file under a folder to one case, as a shell pipeline:
#   find → jq (one NDJSON row per file) → vcase documents upload --from -
# Usage: batch-upload.sh <internal_id> [folder]   (credentials from env or .vcase/credentials.json)
set -euo pipefail
internal_id="$1"
folder="${2:-$(dirname "$0")/documents}"
vcase="${VCASE_BIN:-npx vcase}"

# vcase exits 1 when any row failed: keep its exit code, report the failed rows, then exit with it.
status=0
find "$folder" -type f \( -name '*.pdf' -o -name '*.xml' -o -name '*.png' -o -name '*.jpg' \) | sort |
  jq -R -c --arg id "$internal_id" '{internal_id: $id, file: .}' |
  $vcase documents upload --from - --concurrency 4 > upload-results.ndjson || status=$?

jq -r 'select(.ok | not) | "failed: row \(.row) \(.input.file? // .input // ""): \(.error.message)"' upload-results.ndjson >&2
echo "$(jq -s 'map(select(.ok)) | length' upload-results.ndjson) uploaded"
exit "$status"
