-- An entity's devices are listed by profile then serial, a page at a time after the last device of the page before.
-- With that sort key beside the entity id, each page is one range of one index: its cost is the page's, whatever the
-- size of the entity's fleet or of the registry (a device's profile and serial never change).
ALTER TABLE entity_device ADD COLUMN profile device_profile, ADD COLUMN serial text COLLATE "C";
UPDATE entity_device ed SET profile = d.profile, serial = d.serial FROM device d WHERE d.device_id = ed.device_id;
ALTER TABLE entity_device ALTER COLUMN profile SET NOT NULL, ALTER COLUMN serial SET NOT NULL;
CREATE UNIQUE INDEX entity_device_listing ON entity_device (entity_id, profile, serial) INCLUDE (device_id);
