/// The Python that checks a `parquet` folder against the `records` JSON lines of the same export
/// and against the columns docs/parquet.md declares, with pyarrow and DuckDB.
///
/// Arguments: the JSON lines file, the Parquet folder, docs/parquet.md. It prints one line per
/// check, `name<TAB>expected<TAB>found`, so a test can compare every pair and name the failing one.
enum ParquetChecks {
    static let script = #"""
        import sys, json, os, re, collections, math
        import pyarrow.parquet as pq
        import duckdb

        records_path, folder, doc_path = sys.argv[1:4]
        def check(name, expected, found):
            # Numbers compare as numbers: JSON writes 23000 where Parquet holds 23000.0.
            number = lambda v: float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v
            print(f"{name}\t{number(expected)}\t{number(found)}")

        # The columns docs/parquet.md declares: "### name.parquet" then "| column | physical | logical | nullable |" rows.
        declared, table = {}, None
        for line in open(doc_path, encoding="utf-8"):
            heading = re.match(r"^### `?([a-z_]+)\.parquet`?", line)
            if heading:
                table = heading.group(1); declared[table] = []; continue
            cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
            if table and line.startswith("|") and len(cells) >= 4 and cells[1].isupper() and cells[1] != "---":
                declared[table].append((cells[0], cells[1], cells[2], cells[3]))

        files = sorted(f[:-8] for f in os.listdir(folder) if f.endswith(".parquet"))
        for name in files:
            schema = pq.ParquetFile(os.path.join(folder, name + ".parquet")).schema
            found = []
            for i in range(len(schema)):
                column = schema.column(i)
                logical = str(column.logical_type)
                kind = column.logical_type.type
                if kind == "TIMESTAMP":
                    kind = "TIMESTAMP(MICROS,UTC)" if "isAdjustedToUTC=true" in logical and "microseconds" in logical else logical
                elif kind == "INT":
                    kind = "INT" + re.search(r"bitWidth=(\d+)", logical).group(1)
                physical = column.physical_type + ("(16)" if column.physical_type == "FIXED_LEN_BYTE_ARRAY" else "")
                found.append((column.name, physical, kind, "yes" if column.max_definition_level else "no"))
            check(f"schema {name}", declared.get(name), found)

        # Objects remember how many keys they were written with: metadata may repeat a key.
        class Written(dict):
            pass
        def keep_pairs(pairs):
            written = Written(pairs)
            written.pairs = len(pairs)
            return written
        records = [json.loads(line, object_pairs_hook=keep_pairs) for line in open(records_path, encoding="utf-8")]
        by_kind = collections.defaultdict(list)
        for record in records:
            by_kind[record["kind"]].append(record)

        def table(name):
            path = os.path.join(folder, name + ".parquet")
            return pq.read_table(path).to_pylist() if os.path.exists(path) else []

        def counts(rows, key="type"):
            return dict(sorted(collections.Counter(row[key] for row in rows).items()))

        quantity = table("quantity_samples")
        check("quantity rows per type", counts(by_kind["quantity"]), counts(quantity))
        check("quantity uuids", sorted(r["uuid"] for r in by_kind["quantity"]), sorted(str(r["uuid"]).upper() for r in quantity))
        def sums(rows, field):
            totals = collections.defaultdict(float)
            for row in rows:
                if row.get(field) is not None: totals[row["type"]] += row[field]
            return {k: round(v, 6) for k, v in sorted(totals.items())}
        check("quantity sums per type", sums(by_kind["quantity"], "value"), sums(quantity, "value"))
        category = table("category_samples")
        check("category rows per type", counts(by_kind["category"]), counts(category))
        check("category values", sorted(str(r.get("value")) for r in by_kind["category"]), sorted(str(r["value"]) for r in category))
        weight = table("weight_samples")
        check("weight rows", counts(by_kind["weight"]), counts(weight))
        check("weight kilograms", sums(by_kind["weight"], "kilograms"), sums(weight, "kilograms"))
        workouts = table("workouts")
        check("workout rows per type", counts(by_kind["workout"]), counts(workouts))
        check("workout energy", sums([{"type": w["type"], "e": (w.get("totalEnergyBurned") or {}).get("value")} for w in by_kind["workout"]], "e"),
              sums([{"type": w["type"], "e": w["total_energy_burned"]} for w in workouts], "e"))
        activities = [a for w in by_kind["workout"] for a in w.get("activities", [])]
        check("workout activities", len(activities), len(table("workout_activities")))
        events = [e for w in by_kind["workout"] for e in w.get("events", [])] + [e for a in activities for e in a.get("events", [])]
        check("workout events per type", counts(events), counts(table("workout_events")))
        statistics = [s for w in by_kind["workout"] for s in w.get("statistics", [])] + [s for a in activities for s in a.get("statistics", [])]
        check("workout statistics sums", sums(statistics, "sum"), sums(table("workout_statistics"), "sum"))
        correlations = table("correlations")
        check("correlations per type", counts(by_kind["correlation"]), counts(list({r["uuid"]: r for r in correlations}.values())))
        check("correlation members", sum(len(c.get("members", [])) for c in by_kind["correlation"]), sum(r["member_uuid"] is not None for r in correlations))
        check("activity summaries", len(by_kind["activitySummary"]), len(table("activity_summaries")))
        check("move goals", round(float(sum(a.get("moveTimeGoal", 0) + a.get("activeEnergyBurnedGoal", 0) for a in by_kind["activitySummary"])), 6),
              round(sum((a["move_time_goal"] or 0) + (a["active_energy_burned_goal"] or 0) for a in table("activity_summaries")), 6))
        points = table("route_points")
        check("routes", len(by_kind["route"]), len({str(p["route_uuid"]) for p in points}))
        check("route points", sum(len(r.get("points", [])) for r in by_kind["route"]), len(points))
        check("route latitudes", round(sum(p["latitude"] for r in by_kind["route"] for p in r.get("points", [])), 6),
              round(sum(p["latitude"] for p in points), 6))
        check("electrocardiograms", len(by_kind["ecg"]), len(table("electrocardiograms")))
        check("ecg samples", sum(len(e.get("samples", [])) for e in by_kind["ecg"]), sum(e["sample_count"] for e in table("electrocardiograms")))
        beats = table("heartbeats")
        check("heartbeats", sum(len(q.get("beats", [])) for q in by_kind["quantity"]), len(beats))
        check("heartbeat bpm", round(float(sum(b["bpm"] for q in by_kind["quantity"] for b in q.get("beats", []))), 6), round(sum(b["bpm"] for b in beats), 6))
        owners = by_kind["quantity"] + by_kind["category"] + by_kind["weight"] + by_kind["correlation"] + by_kind["workout"] + activities
        check("metadata entries", sum(getattr(r.get("metadata", {}), "pairs", 0) for r in owners), len(table("metadata")))

        # Instants: the UTC instant and written offset give back the JSON's start.
        from datetime import timedelta, timezone
        def written(instant, minutes):
            return instant.astimezone(timezone(timedelta(minutes=minutes))).isoformat()
        expected = sorted((r["uuid"], r["start"]) for r in by_kind["quantity"])
        found = sorted((str(r["uuid"]).upper(), written(r["start_time"], r["start_offset_minutes"])) for r in quantity)
        expected_set, found_set = set(expected), set(found)
        check("quantity starts", [e for e in expected if e not in found_set][:3], [f for f in found if f not in expected_set][:3])

        # Every file reads in DuckDB with the rows pyarrow sees.
        con = duckdb.connect()
        con.execute("SET TimeZone = 'UTC'")
        for name in files:
            path = os.path.join(folder, name + ".parquet")
            check(f"duckdb rows {name}", pq.ParquetFile(path).metadata.num_rows,
                  con.execute(f"SELECT count(*) FROM read_parquet('{path}')").fetchone()[0])

        # Daily step sums in the written local day, from DuckDB and from the JSON lines.
        steps = collections.defaultdict(float)
        for r in by_kind["quantity"]:
            if r["type"] == "HKQuantityTypeIdentifierStepCount": steps[r["start"][:10]] += r["value"]
        path = os.path.join(folder, "quantity_samples.parquet")
        daily = con.execute(f"""
            SELECT strftime(timezone('UTC', start_time) + to_minutes(start_offset_minutes), '%Y-%m-%d') AS day, sum(value)
            FROM read_parquet('{path}') WHERE type = 'HKQuantityTypeIdentifierStepCount' GROUP BY day ORDER BY day""").fetchall()
        check("daily steps", {d: round(v, 6) for d, v in sorted(steps.items())}, {d: round(v, 6) for d, v in daily})
        check("step days", len(steps) > 0, True)
        """#
}
