package org.fieldreadings.core.db;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;

/**
 * The layout of a backup file: a zip holding {@value #MANIFEST} (what was saved, and how to rebuild it), the
 * generated secrets under {@code secrets/}, and one binary COPY stream per table under {@code tables/}.
 *
 * @param schemas each module schema with the Flyway version it was at
 * @param tables the tables whose rows were saved, in load order
 * @param partitions the partitions to recreate before loading (their rows travel with their parent table)
 * @param secrets the generated secrets, by file name in the data directory
 */
public record BackupArchive(Map<String, String> schemas, List<Table> tables, List<Partition> partitions,
    Map<String, String> secrets) {

  /** The version of this layout; a restore refuses others. */
  public static final int FORMAT = 1;
  public static final String MANIFEST = "backup.json";

  /** A table's rows, saved as a binary COPY of {@code columns} into entry {@link #entry()}. */
  public record Table(String schema, String name, List<String> columns, List<String> sequenceColumns) {

    public String qualified() {
      return DatabaseBackup.quote(schema) + "." + DatabaseBackup.quote(name);
    }

    public String entry() {
      return "tables/" + schema + "." + name + ".copy";
    }

    JsonObject toJson() {
      return new JsonObject().put("schema", schema).put("name", name).put("columns", new JsonArray(columns))
          .put("sequenceColumns", new JsonArray(sequenceColumns));
    }

    static Table fromJson(JsonObject json) {
      return new Table(json.getString("schema"), json.getString("name"), strings(json.getJsonArray("columns")),
          strings(json.getJsonArray("sequenceColumns")));
    }
  }

  /** A partition of a partitioned table: {@code CREATE TABLE name PARTITION OF parent bound}. */
  public record Partition(String schema, String name, String parent, String bound) {

    JsonObject toJson() {
      return new JsonObject().put("schema", schema).put("name", name).put("parent", parent).put("bound", bound);
    }

    static Partition fromJson(JsonObject json) {
      return new Partition(json.getString("schema"), json.getString("name"), json.getString("parent"),
          json.getString("bound"));
    }
  }

  public JsonObject toJson(String serviceVersion, String createdAt) {
    JsonObject schemaVersions = new JsonObject();
    schemas.forEach(schemaVersions::put);
    return new JsonObject().put("format", FORMAT).put("service", serviceVersion).put("createdAt", createdAt)
        .put("schemas", schemaVersions)
        .put("tables", new JsonArray(tables.stream().map(Table::toJson).toList()))
        .put("partitions", new JsonArray(partitions.stream().map(Partition::toJson).toList()))
        .put("secrets", new JsonArray(List.copyOf(secrets.keySet())));
  }

  /** The manifest's description; secrets are read from their own entries. */
  public static BackupArchive fromJson(JsonObject json, Map<String, String> secrets) {
    if (json.getInteger("format", 0) != FORMAT) {
      throw new IllegalArgumentException("not a backup of this service's format " + FORMAT);
    }
    Map<String, String> schemas = new java.util.LinkedHashMap<>();
    json.getJsonObject("schemas").forEach(entry -> schemas.put(entry.getKey(), (String) entry.getValue()));
    return new BackupArchive(schemas,
        json.getJsonArray("tables").stream().map(t -> Table.fromJson((JsonObject) t)).toList(),
        json.getJsonArray("partitions").stream().map(p -> Partition.fromJson((JsonObject) p)).toList(), secrets);
  }

  private static List<String> strings(JsonArray array) {
    return array.stream().map(String.class::cast).toList();
  }
}
