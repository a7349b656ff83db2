/// `docs/openapi.yaml`, which `GET /openapi.yaml` answers (written by Scripts/openapi-embed.sh).
enum OpenAPIDocument {
    static let yaml = #"""
        openapi: 3.1.0
        info:
          title: healthimport sync server
          version: "1"
          summary: Apple Health exports and HealthKit samples into a PostgreSQL store shared by many people.
          description: |
            The API of `healthimport serve`. Every `/api/healthkit` and `/api/people/me` route takes a
            person's key as a bearer token (`healthimport people add NAME`, `people key add NAME --scope
            read|write|admin`). A key's scope decides what it may do: `read` reads the person's own data,
            `write` also uploads and erases it, `admin` also reaches every `/api/admin` route. The admin
            routes also take the server's admin token (`HEALTHIMPORT_ADMIN_TOKEN`). Errors are
            `{"error": "one line"}`: 400 for a body or parameter the server cannot use, 401 without a
            known key, 403 for a key whose scope is too low, 404 for a person who is not there, 409 while
            an upload of the person runs, 413 for a body over `--max-upload`.
          license:
            name: MIT
            identifier: MIT
        servers:
          - url: http://127.0.0.1:8080
            description: "`healthimport serve` on its default address"
        security:
          - personKey: []
        tags:
          - name: sync
            description: What an app reading HealthKit uses to upload and to know where it stands.
          - name: read
            description: A person's stored data.
          - name: people
            description: A person's own data as a whole, erased or exported.
          - name: admin
            description: The admin token, or an admin key.
          - name: service
            description: The server itself.
        paths:
          /api/healthkit/sync-status:
            get:
              tags: [sync]
              operationId: getSyncStatus
              summary: Whether the person's historical backfill is complete, and where it should start.
              responses:
                "200":
                  description: The backfill state.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/SyncStatus" }
                "401": { $ref: "#/components/responses/Unauthorized" }
                "503": { $ref: "#/components/responses/Unavailable" }
          /api/healthkit/mark-backfill-complete:
            post:
              tags: [sync]
              operationId: markBackfillComplete
              summary: Marks the person's backfill complete (a write key).
              requestBody:
                required: false
                content:
                  application/json:
                    schema: { $ref: "#/components/schemas/BackfillReport" }
              responses:
                "200":
                  description: Marked, now.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, backfillDate]
                        properties:
                          success: { type: boolean, const: true }
                          backfillDate: { type: string, description: "ISO 8601, when it was marked." }
                "400": { $ref: "#/components/responses/BadRequest" }
                "401": { $ref: "#/components/responses/Unauthorized" }
                "403": { $ref: "#/components/responses/Forbidden" }
                "409": { $ref: "#/components/responses/Conflict" }
                "503": { $ref: "#/components/responses/Unavailable" }
          /api/healthkit/exports:
            post:
              tags: [sync]
              operationId: uploadExport
              summary: Imports an Apple Health export (zip or export.xml) for the person (a write key).
              description: |
                The body streams into the importer as it arrives (XML through a pipe; a zip is spooled to
                an unlinked temporary file, its directory being at its end). The upload is one
                transaction: a truncated or malformed body leaves nothing. One upload per person at a
                time, across every server on the database.
              parameters:
                - name: window
                  in: query
                  required: false
                  description: "`all`, `days:N` or `since:yyyy-MM-dd`; default: the backfill window while a backfill is needed, else the person's anchors."
                  schema: { type: string, pattern: "^(all|days:[1-9][0-9]*|since:[0-9]{4}-[0-9]{2}-[0-9]{2})$" }
              requestBody:
                required: true
                content:
                  application/zip:
                    schema: { type: string, contentMediaType: application/zip }
                  application/xml:
                    schema: { type: string, contentMediaType: application/xml }
                  application/octet-stream:
                    schema: { type: string, contentMediaType: application/octet-stream }
              responses:
                "200":
                  description: "The run's counts, as `healthimport import --json` prints them, or the earlier import of the same export."
                  content:
                    application/json:
                      schema:
                        oneOf:
                          - $ref: "#/components/schemas/ImportReport"
                          - type: object
                            required: [sameExportAs]
                            properties:
                              sameExportAs: { type: integer, description: "The import that already read this export." }
                "400": { $ref: "#/components/responses/BadRequest" }
                "401": { $ref: "#/components/responses/Unauthorized" }
                "403": { $ref: "#/components/responses/Forbidden" }
                "409": { $ref: "#/components/responses/Conflict" }
                "413": { $ref: "#/components/responses/TooLarge" }
          /api/healthkit/samples:
            post:
              tags: [sync]
              operationId: uploadSamples
              summary: Stores samples an app read from HealthKit (a write key).
              description: |
                A JSON array (at most 1000), one JSON object or JSON lines of `quantity`, `weight` or `category` records in
                the `records` schema, with or without `uuid`. Each gets its content UUID by the export's
                rule, so a sample sent live and the same sample in a later export are one row. A sample
                may carry `healthKitUUID`, the phone's own UUID of it, which `/api/healthkit/deletions`
                later names; it is not part of the content UUID.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      oneOf:
                        - type: array
                          maxItems: 1000
                          items: { $ref: "#/components/schemas/Sample" }
                        - $ref: "#/components/schemas/Sample"
                  application/x-ndjson:
                    schema: { type: string, description: "One Sample object per line." }
              responses:
                "200":
                  description: How many were new.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [received, new, alreadyImported]
                        properties:
                          received: { type: integer, minimum: 0 }
                          new: { type: integer, minimum: 0 }
                          alreadyImported: { type: integer, minimum: 0 }
                "400": { $ref: "#/components/responses/BadRequest" }
                "401": { $ref: "#/components/responses/Unauthorized" }
                "403": { $ref: "#/components/responses/Forbidden" }
                "409": { $ref: "#/components/responses/Conflict" }
                "413": { $ref: "#/components/responses/TooLarge" }
                "503": { $ref: "#/components/responses/Unavailable" }
          /api/healthkit/deletions:
            post:
              tags: [sync]
              operationId: deleteSamples
              summary: Marks deleted the samples the phone deleted, by their HealthKit UUIDs (a write key).
              description: |
                A JSON array of at most 1000 HealthKit UUIDs, as sent in the samples' `healthKitUUID`. The
                rows they name are marked deleted as a later export marks them, and the statistics of
                their days recomputed, in one transaction.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: array
                      maxItems: 1000
                      items: { type: string, format: uuid }
              responses:
                "200":
                  description: How many were marked deleted, and how many the server did not know.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [received, deleted, unknown]
                        properties:
                          received: { type: integer, minimum: 0 }
                          deleted: { type: integer, minimum: 0 }
                          unknown: { type: integer, minimum: 0 }
                "400": { $ref: "#/components/responses/BadRequest" }
                "401": { $ref: "#/components/responses/Unauthorized" }
                "403": { $ref: "#/components/responses/Forbidden" }
                "409": { $ref: "#/components/responses/Conflict" }
                "413": { $ref: "#/components/responses/TooLarge" }
                "503": { $ref: "#/components/responses/Unavailable" }
          /api/healthkit/records:
            get:
              tags: [read]
              operationId: getRecords
              summary: The person's current samples, correlations and workouts as JSON lines, streamed.
              parameters:
                - name: type
                  in: query
                  required: false
                  description: A type or kind to select (repeatable), as `healthimport records --type`.
                  schema: { type: array, items: { type: string } }
                  style: form
                  explode: true
                - name: since
                  in: query
                  required: false
                  description: Records starting at this day (yyyy-MM-dd, UTC) or instant (ISO 8601) or later.
                  schema: { type: string }
              responses:
                "200":
                  description: One record per line (docs/json-lines.md), oldest first per kind.
                  content:
                    application/x-ndjson:
                      schema: { type: string }
                "400": { $ref: "#/components/responses/BadRequest" }
                "401": { $ref: "#/components/responses/Unauthorized" }
          /api/healthkit/status:
            get:
              tags: [read]
              operationId: getStatus
              summary: The person's store status, as `healthimport status --json` prints it.
              responses:
                "200":
                  description: Rows per type, the import log and the anchors.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Status" }
                "401": { $ref: "#/components/responses/Unauthorized" }
          /api/people/me:
            delete:
              tags: [people]
              operationId: eraseMe
              summary: Erases every row of the key's person (a write key), in one transaction.
              description: |
                Records and every child table, statistics, anchors, the import log, the person's keys and
                backfill. An audit row keeps who asked, when and how many rows each table lost, no health
                data. The key stops working.
              parameters:
                - name: confirm
                  in: query
                  required: true
                  description: Must be `erase`.
                  schema: { type: string, const: erase }
              responses:
                "200":
                  description: What went.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Erasure" }
                "400": { $ref: "#/components/responses/BadRequest" }
                "401": { $ref: "#/components/responses/Unauthorized" }
                "403": { $ref: "#/components/responses/Forbidden" }
                "404": { $ref: "#/components/responses/NotFound" }
                "409": { $ref: "#/components/responses/Conflict" }
          /api/people/me/export:
            get:
              tags: [people]
              operationId: exportMe
              summary: The key's person's records as a zip, streamed.
              description: |
                `records.jsonl` holds the records as `GET /api/healthkit/records` streams them;
                `export.json` says whose they are, when and how many. Entries are deflated and carry data
                descriptors (the zip is written in one pass), with Zip64 fields past 4 GiB.
              responses:
                "200":
                  description: The zip.
                  headers:
                    Content-Disposition:
                      schema: { type: string }
                  content:
                    application/zip:
                      schema: { type: string, contentMediaType: application/zip }
                "401": { $ref: "#/components/responses/Unauthorized" }
          /api/admin/reset-healthkit-backfill:
            post:
              tags: [admin]
              operationId: resetBackfill
              summary: Forgets a person's backfill, so their app uploads the history again.
              security:
                - adminToken: []
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [userId]
                      properties:
                        userId: { type: string, description: "The person's name." }
              responses:
                "200":
                  description: Reset.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [success, userId]
                        properties:
                          success: { type: boolean, const: true }
                          userId: { type: string }
                "400": { $ref: "#/components/responses/BadRequest" }
                "401": { $ref: "#/components/responses/Unauthorized" }
                "403": { $ref: "#/components/responses/Forbidden" }
                "404": { $ref: "#/components/responses/NotFound" }
          /api/admin/people/{name}:
            delete:
              tags: [admin]
              operationId: erasePerson
              summary: Erases every row of a person, as `DELETE /api/people/me` does for one's own.
              security:
                - adminToken: []
              parameters:
                - name: name
                  in: path
                  required: true
                  schema: { type: string }
              responses:
                "200":
                  description: What went.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Erasure" }
                "400": { $ref: "#/components/responses/BadRequest" }
                "401": { $ref: "#/components/responses/Unauthorized" }
                "403": { $ref: "#/components/responses/Forbidden" }
                "404": { $ref: "#/components/responses/NotFound" }
                "409": { $ref: "#/components/responses/Conflict" }
          /openapi.yaml:
            get:
              tags: [service]
              operationId: getOpenAPI
              summary: This document.
              security: []
              responses:
                "200":
                  description: docs/openapi.yaml.
                  content:
                    application/yaml:
                      schema: { type: string }
          /health:
            get:
              tags: [service]
              operationId: getHealth
              summary: "Liveness: the process answers."
              security: []
              responses:
                "200":
                  description: The server runs.
          /ready:
            get:
              tags: [service]
              operationId: getReady
              summary: "Readiness: the database answers."
              security: []
              responses:
                "200":
                  description: Ready for requests.
                "503":
                  description: The database cannot be reached.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Error" }
        components:
          securitySchemes:
            personKey:
              type: http
              scheme: bearer
              description: "A person's key (`hi_` and 64 hex digits), read, write or admin; the server keeps only its SHA-256."
            adminToken:
              type: http
              scheme: bearer
              description: The server's admin token (`HEALTHIMPORT_ADMIN_TOKEN`), or a key with the admin scope.
          responses:
            BadRequest:
              description: A body or parameter the server cannot use; the message says where and why.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Error" }
            Unauthorized:
              description: No bearer token, or one the server does not know (revoked keys included).
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Error" }
            Forbidden:
              description: The key's scope is too low for this route.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Error" }
            NotFound:
              description: No such person, or nothing of theirs.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Error" }
            Conflict:
              description: An upload of the person is running; try again when it has finished.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Error" }
            Unavailable:
              description: The database cannot be reached for now; try again after `Retry-After` seconds.
              headers:
                Retry-After:
                  description: Seconds to wait before trying again.
                  schema: { type: integer, minimum: 0 }
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Error" }
            TooLarge:
              description: The body is larger than the server takes (`serve --max-upload`).
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Error" }
          schemas:
            Error:
              type: object
              required: [error]
              properties:
                error: { type: string, description: One line a person can act on. }
            SyncStatus:
              type: object
              required: [backfillComplete, backfillDate, needsHistoricalSync, recommendedStartDate]
              properties:
                backfillComplete: { type: boolean }
                backfillDate: { type: [string, "null"] }
                needsHistoricalSync: { type: boolean }
                recommendedStartDate:
                  type: [string, "null"]
                  description: Midnight UTC three years ago, while the backfill is needed.
            BackfillReport:
              type: object
              properties:
                sampleCount: { type: [integer, "null"], minimum: 0 }
                startDate: { type: [string, "null"] }
                endDate: { type: [string, "null"] }
            Counts:
              type: object
              properties:
                read: { type: integer }
                new: { type: integer }
                updated: { type: integer }
                deleted: { type: integer }
                alreadyImported: { type: integer }
                repeated: { type: integer }
                outsideWindow: { type: integer }
                invalid: { type: integer }
            ImportReport:
              type: object
              required: [total, types, invalidExamples]
              properties:
                importId: { type: integer }
                total: { $ref: "#/components/schemas/Counts" }
                types:
                  type: object
                  additionalProperties: { $ref: "#/components/schemas/Counts" }
                invalidExamples:
                  type: array
                  maxItems: 5
                  items: { type: string }
            Sample:
              type: object
              description: A record in the `records` schema (docs/json-lines.md); `uuid` is optional.
              required: [type, start]
              properties:
                kind: { type: string, enum: [quantity, weight, category] }
                type: { type: string }
                uuid: { type: string }
                healthKitUUID:
                  type: string
                  format: uuid
                  description: The phone's own UUID of the sample, which `/api/healthkit/deletions` names; not part of the content UUID.
                start: { type: string, description: "ISO 8601 with an offset or `Z` (2024-10-25T07:04:44-05:00)." }
                end: { type: string }
                created: { type: string }
                sourceName: { type: string }
                sourceVersion: { type: string }
                device: { type: string, description: "The recording device as HealthKit describes it; not stored." }
                value:
                  description: A quantity's number, or a category sample's value name.
                  oneOf:
                    - type: number
                    - type: string
                unit: { type: string }
                kilograms: { type: number, description: "A weight in kilograms, instead of `value` and `unit`." }
                valueText: { type: string, description: "A quantity whose value is not a number." }
                rawValue: { type: integer, description: "A category sample's HealthKit value." }
                metadata: { type: object, additionalProperties: { type: string } }
            Status:
              type: object
              required: [types, imports]
              properties:
                types:
                  type: array
                  items:
                    type: object
                    properties:
                      type: { type: string }
                      rows: { type: integer }
                      marked: { type: integer }
                      firstStart: { type: [string, "null"] }
                      lastStart: { type: [string, "null"] }
                      lastImport: { type: [string, "null"] }
                imports:
                  type: array
                  items:
                    type: object
                    properties:
                      id: { type: integer }
                      input: { type: string }
                      exportDate: { type: [string, "null"] }
                      window: { type: string }
                      started: { type: string }
                      finished: { type: [string, "null"] }
                      outcome: { type: string, enum: [running, completed, interrupted, failed] }
                      new: { type: [integer, "null"] }
                      message: { type: [string, "null"] }
                anchors: { type: array, items: { type: object } }
            Erasure:
              type: object
              required: [person, erasureId, requestedBy, requested, total, rows]
              properties:
                person: { type: string }
                erasureId: { type: integer, description: "The audit row (`erasures.id`)." }
                requestedBy: { type: string, description: "`admin token` or `key key_... (person)`." }
                requested: { type: string, description: ISO 8601. }
                total: { type: integer, minimum: 1 }
                rows:
                  type: object
                  description: Every table holding people's rows, with how many of this person's it lost.
                  additionalProperties: { type: integer, minimum: 0 }
        """#
}
