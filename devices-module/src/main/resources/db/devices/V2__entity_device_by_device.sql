-- The operator's device list asks, per device, which entities have it and whether any does.
CREATE INDEX entity_device_by_device ON entity_device (device_id);
