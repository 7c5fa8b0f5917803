package org.fieldreadings.app.cli;

import picocli.CommandLine.Command;

/** {@code device list|show|put|assign|unassign}: the operator's device registry commands. */
@Command(name = "device", mixinStandardHelpOptions = true,
    description = "List, show, create or update devices and associate them with entities.",
    subcommands = {DeviceListCommand.class, DeviceShowCommand.class, DevicePutCommand.class,
        DeviceAssociationCommand.Assign.class,
        DeviceAssociationCommand.Unassign.class})
final class DeviceCommand {}
