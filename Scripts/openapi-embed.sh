#!/usr/bin/env bash
# Writes Sources/HealthServer/OpenAPIDocument.swift from docs/openapi.yaml, which `serve`
# answers at GET /openapi.yaml. Run it after editing the document; a test checks they agree.
set -euo pipefail
cd "$(dirname "$0")/.."
{
  echo '#if PostgreSQL'
  echo '/// `docs/openapi.yaml`, which `GET /openapi.yaml` answers (written by Scripts/openapi-embed.sh).'
  echo 'enum OpenAPIDocument {'
  echo '    static let yaml = #"""'
  sed 's/^/        /; s/^ *$//' docs/openapi.yaml
  echo '        """#'
  echo '}'
  echo '#endif'
} > Sources/HealthServer/OpenAPIDocument.swift
