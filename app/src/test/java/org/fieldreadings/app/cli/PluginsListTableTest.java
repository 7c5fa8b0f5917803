package org.fieldreadings.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * The output of {@code plugins list} and {@code plugins reload}: a table, under each plugin's row its decoder and what it
 * takes, then its reason.
 */
class PluginsListTableTest {

  @Test
  void aPluginHasItsDecoderAndWhatItTakesThenItsReasonUnderItsRow() {
    JsonArray answer = new JsonArray()
        .add(new JsonObject().put("pluginId", "wedging").put("version", "1.0.0").put("profile", "PROFILE_D")
            .put("rank", 1).put("decoder", "org.example.WedgingDecoder").put("claims", "f_port 2")
            .put("state", "WEDGED").put("jar", "wedging.jar")
            .put("reason", "2 decode threads did not stop"))
        .add(new JsonObject().putNull("pluginId").putNull("version").putNull("profile").putNull("rank")
            .put("state", "DISABLED").put("jar", "no-manifest.jar")
            .put("reason", "it has no readable plugin manifest"));

    assertThat(new PluginsCommand.List().describe(answer).lines()).containsExactly(
        "PLUGIN                    VERSION           PROFILE               RANK  STATE     JAR",
        "wedging                   1.0.0             PROFILE_D             1     WEDGED    wedging.jar",
        "  org.example.WedgingDecoder takes f_port 2",
        "  2 decode threads did not stop",
        "-                         -                 -                     -     DISABLED  no-manifest.jar",
        "  it has no readable plugin manifest");
  }

  @Test
  void aReloadPrintsWhatChangedThenThePlugins() {
    JsonObject answer = new JsonObject().put("loaded", new JsonArray().add("a.jar").add("b.jar"))
        .put("unloaded", new JsonArray()).put("replaced", new JsonArray().add("profile-d-lorawan-1.0.0.jar"))
        .put("plugins", new JsonArray().add(new JsonObject().put("pluginId", "a").put("version", "1.0.0")
            .put("profile", "PROFILE_A").put("rank", 2).put("state", "STARTED").put("jar", "a.jar")
            .putNull("reason")));

    assertThat(new PluginsCommand.Reload().describe(answer).lines()).containsExactly(
        "loaded: a.jar, b.jar",
        "unloaded: none",
        "replaced: profile-d-lorawan-1.0.0.jar",
        "PLUGIN                    VERSION           PROFILE               RANK  STATE     JAR",
        "a                         1.0.0             PROFILE_A             2     STARTED   a.jar");
  }
}
