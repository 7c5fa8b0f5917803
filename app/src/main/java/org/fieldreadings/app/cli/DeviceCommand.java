package org.fieldreadings.app.cli;

import picocli.CommandLine.Command;

/** {@code device put|assign|unassign}: the operator's device registry commands. */
@Command(name = "device", mixinStandardHelpOptions = true,
    description = "Create or update devices and associate them with entities.",
    subcommands = {DevicePutCommand.class, DeviceAssociationCommand.Assign.class,
        DeviceAssociationCommand.Unassign.class})
final class DeviceCommand {}
