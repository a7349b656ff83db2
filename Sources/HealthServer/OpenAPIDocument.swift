#if PostgreSQL
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
            routes also take the server's admin token (`HEALTHIMPORT_ADMIN_TOKEN`). A server started with
            `--oidc-issuer` also takes OpenID Connect sign-in tokens (JWTs, RS256 or ES256, of that
            issuer for its `--oidc-audience`), each acting as a `write` key of the person its `sub` or
            `email` claim names, never on the admin routes. Errors are
            `{"error": "one line"}`: 400 for a body or parameter the server cannot use, 401 without a
            known key, 403 for a key whose scope is too low, 404 for a person who is not there, 409 while
            an upload of the person runs, 413 for a body over `--max-upload`. The resumable uploads
            (`/api/healthkit/uploads`) follow the tus 1.0 protocol: every answer carries
            `Tus-Resumable: 1.0.0`, and requests other than `OPTIONS` and `GET` must send it (412 otherwise).
          license:
            name: MIT
            identifier: MIT
        servers:
          - url: http://127.0.0.1:8080
            description: "`healthimport serve` on its default address"
        security:
          - personKey: []
          - signInToken: []
        tags:
          - name: sync
            description: What an app reading HealthKit uses to upload and to know where it stands.
          - name: uploads
            description: Resumable uploads of exports, by the tus 1.0 protocol (core, creation, expiration).
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
                "503": { $ref: "#/components/responses/Unavailable" }
          /api/healthkit/uploads:
            options:
              tags: [uploads]
              operationId: uploadCapabilities
              summary: What the server speaks of the tus protocol (no key needed).
              security: []
              responses:
                "204":
                  description: The protocol's version, extensions and the largest upload taken.
                  headers:
                    Tus-Resumable: { $ref: "#/components/headers/TusResumable" }
                    Tus-Version: { $ref: "#/components/headers/TusVersion" }
                    Tus-Extension:
                      description: The extensions this server implements.
                      schema: { type: string, const: "creation,expiration" }
                    Tus-Max-Size:
                      description: The largest `Upload-Length` taken, in bytes (`serve --max-upload`, default 8 GiB).
                      schema: { type: integer }
            post:
              tags: [uploads]
              operationId: createUpload
              summary: Creates a resumable upload of an export (tus creation; a write key).
              description: |
                The tus 1.0 creation extension: the body is empty, `Upload-Length` gives the export's size,
                and the answer's `Location` is where its bytes go (`PATCH`). The upload expires 24 hours
                after its creation unless every byte has come; its import starts when the last one does.
              parameters:
                - $ref: "#/components/parameters/TusResumable"
                - name: Upload-Length
                  in: header
                  required: true
                  description: The export's size in bytes; more than `serve --max-upload` gets 413.
                  schema: { type: integer, minimum: 1 }
                - name: Upload-Metadata
                  in: header
                  required: false
                  description: "tus's comma-separated `key base64value` pairs (at most 4 KiB), kept and answered by `HEAD`."
                  schema: { type: string }
                - name: window
                  in: query
                  required: false
                  description: "The import's window, as for `POST /api/healthkit/exports`."
                  schema: { type: string, pattern: "^(all|days:[1-9][0-9]*|since:[0-9]{4}-[0-9]{2}-[0-9]{2})$" }
              responses:
                "201":
                  description: Created.
                  headers:
                    Location:
                      description: "`/api/healthkit/uploads/{id}`."
                      schema: { type: string }
                    Tus-Resumable: { $ref: "#/components/headers/TusResumable" }
                    Upload-Offset: { $ref: "#/components/headers/UploadOffset" }
                    Upload-Expires: { $ref: "#/components/headers/UploadExpires" }
                "400": { $ref: "#/components/responses/BadRequest" }
                "401": { $ref: "#/components/responses/Unauthorized" }
                "403": { $ref: "#/components/responses/Forbidden" }
                "412": { $ref: "#/components/responses/TusVersion" }
                "413": { $ref: "#/components/responses/TooLarge" }
                "503": { $ref: "#/components/responses/Unavailable" }
          /api/healthkit/uploads/{id}:
            parameters:
              - $ref: "#/components/parameters/UploadId"
            head:
              tags: [uploads]
              operationId: getUploadOffset
              summary: How many bytes of the upload the server has (tus core; any key of the person).
              description: An upload of another person answers 404, as one that does not exist; errors have no body.
              parameters:
                - $ref: "#/components/parameters/TusResumable"
              responses:
                "200":
                  description: The offset to send the next `PATCH` at.
                  headers:
                    Tus-Resumable: { $ref: "#/components/headers/TusResumable" }
                    Upload-Offset: { $ref: "#/components/headers/UploadOffset" }
                    Upload-Length:
                      description: The upload's length in bytes.
                      schema: { type: integer }
                    Upload-Metadata:
                      description: The metadata it was created with, if any.
                      schema: { type: string }
                    Upload-Expires: { $ref: "#/components/headers/UploadExpires" }
                    Cache-Control:
                      description: Always `no-store`.
                      schema: { type: string, const: no-store }
                "401": { description: "No bearer token, or an unknown one." }
                "404": { description: No such upload of this key's person. }
                "410": { description: The upload expired before every byte came. }
                "412": { description: "No `Tus-Resumable: 1.0.0`." }
                "503":
                  description: The database cannot be reached for now; try again after `Retry-After` seconds.
                  headers:
                    Retry-After:
                      description: Seconds to wait before trying again.
                      schema: { type: integer, minimum: 0 }
            patch:
              tags: [uploads]
              operationId: appendToUpload
              summary: Appends bytes at `Upload-Offset` (tus core; a write key).
              description: |
                The body is the upload's next bytes, streamed to the server's spool folder (memory does
                not grow with it). A body cut off by a broken connection keeps what arrived: `HEAD`
                tells the offset to go on from. The request that brings the last byte answers at once;
                the import then starts, exactly as `POST /api/healthkit/exports` runs it (one per
                person at a time, across every server on the database), and `GET` of the same URL
                answers its result.
              parameters:
                - $ref: "#/components/parameters/TusResumable"
                - name: Upload-Offset
                  in: header
                  required: true
                  description: Where the body goes; it must be the server's offset (`HEAD`).
                  schema: { type: integer, minimum: 0 }
              requestBody:
                required: true
                content:
                  application/offset+octet-stream:
                    schema: { type: string, contentMediaType: application/offset+octet-stream }
              responses:
                "204":
                  description: Stored.
                  headers:
                    Tus-Resumable: { $ref: "#/components/headers/TusResumable" }
                    Upload-Offset: { $ref: "#/components/headers/UploadOffset" }
                    Upload-Expires: { $ref: "#/components/headers/UploadExpires" }
                "400": { $ref: "#/components/responses/BadRequest" }
                "401": { $ref: "#/components/responses/Unauthorized" }
                "403": { $ref: "#/components/responses/Forbidden" }
                "404": { $ref: "#/components/responses/NoUpload" }
                "409":
                  description: "`Upload-Offset` is not the server's offset, or another request is appending to this upload (then with `Retry-After`)."
                  headers:
                    Retry-After:
                      description: Seconds to wait before trying again, when another request is appending.
                      schema: { type: integer, minimum: 0 }
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Error" }
                "410": { $ref: "#/components/responses/UploadExpired" }
                "412": { $ref: "#/components/responses/TusVersion" }
                "413":
                  description: The body goes past the upload's `Upload-Length`; none of it is kept, and the offset stays where it was.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Error" }
                "415":
                  description: "The Content-Type is not `application/offset+octet-stream`."
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Error" }
                "503": { $ref: "#/components/responses/Unavailable" }
            get:
              tags: [uploads]
              operationId: getUploadResult
              summary: The import's result once it has run, else where the upload is (any key of the person).
              responses:
                "200":
                  description: "The import's answer, the same object `POST /api/healthkit/exports` gives."
                  content:
                    application/json:
                      schema:
                        oneOf:
                          - $ref: "#/components/schemas/ImportReport"
                          - type: object
                            required: [sameExportAs]
                            properties:
                              sameExportAs: { type: integer, description: "The import that already read this export." }
                "202":
                  description: Bytes are still to come, or the import waits for the person's running one, or runs.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/UploadProgress" }
                "400":
                  description: The import failed on the export (malformed XML, a truncated zip), with the message a plain upload gives.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Error" }
                "401": { $ref: "#/components/responses/Unauthorized" }
                "404": { $ref: "#/components/responses/NoUpload" }
                "409":
                  description: "The import was refused: it would mark more than 10 % (and more than 100) of a type's stored records in its window as deleted, which another person's export or a broken one does; nothing was imported."
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Error" }
                "410": { $ref: "#/components/responses/UploadExpired" }
                "500":
                  description: The import failed for the server's reasons three times.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Error" }
                "503": { $ref: "#/components/responses/Unavailable" }
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
                  description: "How many were new, how many changed a stored sample's value (the same sample under the same content UUID: type, source and times), and how many the server had as sent."
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [received, new, alreadyImported]
                        properties:
                          received: { type: integer, minimum: 0 }
                          new: { type: integer, minimum: 0 }
                          updated: { type: integer, minimum: 0 }
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
                "503": { $ref: "#/components/responses/Unavailable" }
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
                "503": { $ref: "#/components/responses/Unavailable" }
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
                "503": { $ref: "#/components/responses/Unavailable" }
          /api/people/me/export:
            get:
              tags: [people]
              operationId: exportMe
              summary: The key's person's records as a zip, streamed.
              description: |
                `records.jsonl` holds the records as `GET /api/healthkit/records` streams them;
                `parquet/*.parquet` the person's tables as `healthimport parquet --db` writes them
                (activity summaries, ECGs, route points and statistics included); `export.json` says
                whose they are, when, how many records, the rows of each Parquet file (`files`) and the
                profile of the newest export (`exportDate`, `locale`, `profile`).
                Entries are deflated and carry data descriptors (the zip is written in one pass), with
                Zip64 fields past 4 GiB.
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
                "503": { $ref: "#/components/responses/Unavailable" }
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
                "503": { $ref: "#/components/responses/Unavailable" }
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
                "503": { $ref: "#/components/responses/Unavailable" }
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
                  description: The server runs; its imports of exports, running and waiting.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Health" }
          /ready:
            get:
              tags: [service]
              operationId: getReady
              summary: "Readiness: the database answers."
              security: []
              responses:
                "200":
                  description: Ready for requests.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [status]
                        properties:
                          status: { type: string, const: ready }
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
            signInToken:
              type: http
              scheme: bearer
              bearerFormat: JWT
              description: |
                An OpenID Connect token (`serve --oidc-issuer URL --oidc-audience AUD --oidc-jwks FILE|URL`):
                a JWT signed RS256 or ES256 by a key of the issuer's key set, with `iss` the issuer, `aud`
                containing the audience, not expired, and `nbf` and `iat` not in the future (a minute of
                leeway). The `--oidc-claim` (`sub`, or a verified `email`) names the person, who must exist
                unless the server runs with `--oidc-create-people`. It acts as a `write` key of that
                person; the admin routes answer it 403. A refused token gets 401 with
                `WWW-Authenticate: Bearer error="invalid_token"` and the check that failed in `check`.
          parameters:
            TusResumable:
              name: Tus-Resumable
              in: header
              required: true
              description: The tus protocol version the client speaks.
              schema: { type: string, const: 1.0.0 }
            UploadId:
              name: id
              in: path
              required: true
              description: The upload's id (32 hex digits), the last part of the `Location` its creation answered.
              schema: { type: string, pattern: "^[0-9a-f]{32}$" }
          headers:
            TusResumable:
              description: The tus protocol version of the answer.
              schema: { type: string, const: 1.0.0 }
            TusVersion:
              description: The tus protocol versions the server speaks.
              schema: { type: string, const: 1.0.0 }
            UploadOffset:
              description: How many bytes of the upload the server has.
              schema: { type: integer, minimum: 0 }
            UploadExpires:
              description: "When the upload expires unless every byte has come (an HTTP date, 24 hours after its creation); absent once they have."
              schema: { type: string }
          responses:
            NoUpload:
              description: No such upload of this key's person (another person's upload answers the same).
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Error" }
            UploadExpired:
              description: The upload expired before every byte came; its bytes are dropped. Create another.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Error" }
            TusVersion:
              description: "No `Tus-Resumable: 1.0.0`; the answer's `Tus-Version` says what the server speaks."
              headers:
                Tus-Version: { $ref: "#/components/headers/TusVersion" }
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Error" }
            BadRequest:
              description: A body or parameter the server cannot use; the message says where and why.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Error" }
            Unauthorized:
              description: |
                No bearer token, or one the server does not know (revoked keys included), or a sign-in
                token that fails a check (then with `check` and `WWW-Authenticate`).
              headers:
                WWW-Authenticate:
                  description: '`Bearer error="invalid_token"` for a refused sign-in token.'
                  schema: { type: string }
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
              description: "An upload of the person is running; try again when it has finished (after `Retry-After` seconds). For an upload of an export, also: it would mark more than 10 % (and more than 100) of a type's stored records in its window as deleted, which another person's export or a broken one does; nothing was imported (no `Retry-After`: the same upload will be refused again)."
              headers:
                Retry-After:
                  description: Seconds to wait before trying again, when another upload of the person is running.
                  schema: { type: integer, minimum: 0 }
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Error" }
            Unavailable:
              description: "The database cannot be reached for now, the server is shutting down, or (an upload of an export) `serve --max-waiting` uploads already wait for an import; try again after `Retry-After` seconds."
              headers:
                Retry-After:
                  description: Seconds to wait before trying again.
                  schema: { type: integer, minimum: 0 }
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Error" }
            TooLarge:
              description: The body, or the resumable upload's `Upload-Length`, is larger than the server takes (`serve --max-upload`, default 8 GiB).
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Error" }
          schemas:
            Health:
              type: object
              description: "`GET /health`: the process answers, and how many imports of exports run and wait."
              required: [status, imports]
              properties:
                status: { type: string, const: ok }
                imports:
                  type: object
                  required: [running, waiting, limit]
                  properties:
                    running: { type: integer, minimum: 0, description: "Imports running now." }
                    waiting: { type: integer, minimum: 0, description: "Uploads waiting for one to end (plain ones: at most `serve --max-waiting`)." }
                    limit: { type: integer, minimum: 1, description: "The imports run at once (`serve --max-imports`)." }
            Error:
              type: object
              required: [error]
              properties:
                error: { type: string, description: One line a person can act on. }
                check:
                  type: string
                  description: |
                    For a refused sign-in token, the check that failed: `format`, `alg`, `signature`,
                    `iss`, `aud`, `exp`, `nbf`, `iat`, the person's claim (`sub` or `email`), or `person`
                    for someone the server does not know.
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
            UploadProgress:
              type: object
              required: [id, state, uploadOffset, uploadLength, created]
              properties:
                id: { type: string }
                state:
                  type: string
                  enum: [receiving, received, importing]
                  description: "`receiving`: bytes are to come; `received`: the import waits for the person's running one; `importing`: it runs."
                uploadOffset: { type: integer, description: How many bytes the server has. }
                uploadLength: { type: integer }
                created: { type: string, description: ISO 8601. }
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
#endif
