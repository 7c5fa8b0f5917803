package org.fieldreadings.sta.store;

import java.util.List;
import org.fieldreadings.sta.model.StaEntity;

/** A page of a set: its entities, the total when it was asked for, and whether more follow. */
public record Page(List<StaEntity> entities, Long count, boolean more) {}
