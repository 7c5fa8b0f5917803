package org.fieldreadings.app.cli;

import picocli.CommandLine.Command;

/** {@code device list|show|put|assign|unassign|hand-over}: the operator's device registry commands. */
@Command(name = "device", mixinStandardHelpOptions = true,
    description = "List, show, create or update devices, associate them with entities, hand them over to ingest keys.",
    subcommands = {DeviceListCommand.class, DeviceShowCommand.class, DevicePutCommand.class,
        DeviceAssociationCommand.Assign.class,
        DeviceAssociationCommand.Unassign.class, DeviceHandOverCommand.class})
final class DeviceCommand {}
