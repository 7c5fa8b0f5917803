package org.fieldreadings.sta;

import java.util.Map;
import org.fieldreadings.sta.model.StaEntity;
import org.fieldreadings.sta.request.Options;

/** An entity read with the entities its {@code $expand} shows inline, by navigation (a node, a list, or null). */
record Node(StaEntity entity, Options options, Map<String, Object> inline) {}
