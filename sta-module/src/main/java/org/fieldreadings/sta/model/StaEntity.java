package org.fieldreadings.sta.model;

import io.vertx.core.json.JsonObject;
import java.util.Map;

/**
 * One entity as the API shows it: its set, id and properties (in answer order), and for each navigation property
 * the scope of the entities it leads to.
 */
public record StaEntity(EntitySet set, long id, JsonObject properties, Map<String, Scope> links) {}
