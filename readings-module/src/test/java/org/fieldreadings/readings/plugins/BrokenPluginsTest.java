package org.fieldreadings.readings.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SpiVersion;
import org.fieldreadings.readings.plugins.fixtures.LoopingDecoder;
import org.fieldreadings.readings.plugins.fixtures.NullDecoder;
import org.fieldreadings.readings.plugins.fixtures.SecondGatewayDecoder;
import org.fieldreadings.readings.plugins.fixtures.StubbornDecoder;
import org.fieldreadings.readings.plugins.fixtures.ThrowingDecoder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Broken plugins next to a good one (the bundled gateway jar): each failure stays with its payload, and the host
 * keeps decoding the other profiles. One thread per profile, so a thread a plugin does not give back shows.
 */
@ExpectedFailureLogs
class BrokenPluginsTest {

  private static final Duration BUDGET = Duration.ofMillis(300);
  private static final String FRAME = "$GWD,GW-0007,1714557600,-,vbat=4012;rssi=-63*4F";

  @TempDir
  static Path pluginsDir;

  private static Vertx vertx;
  private static PluginHost host;

  @BeforeAll
  static void start() throws Exception {
    TestPlugins.copyBundled("profile-b-gateway", pluginsDir);
    TestPlugins.folderPlugin(pluginsDir, "throwing", SpiVersion.PLUGIN_REQUIRES, ThrowingDecoder.class);
    TestPlugins.folderPlugin(pluginsDir, "looping", SpiVersion.PLUGIN_REQUIRES, LoopingDecoder.class);
    TestPlugins.folderPlugin(pluginsDir, "stubborn", SpiVersion.PLUGIN_REQUIRES, StubbornDecoder.class);
    TestPlugins.folderPlugin(pluginsDir, "returns-null", ">=1.0.0 & <2.0.0", NullDecoder.class);
    TestPlugins.folderPlugin(pluginsDir, "second-gateway", SpiVersion.PLUGIN_REQUIRES, SecondGatewayDecoder.class);
    TestPlugins.folderPlugin(pluginsDir, "needs-spi-2", "^2.0.0", ThrowingDecoder.class);
    vertx = Vertx.vertx();
    host = PluginHost.start(PluginHostOptions.of(pluginsDir).withDecodeBudget(BUDGET).withThreads(1, 4));
  }

  @AfterAll
  static void stop() throws Exception {
    host.close();
    vertx.close().await(10, TimeUnit.SECONDS);
  }

  @Test
  void startsASecondPluginForAProfileAfterTheFirstAndDisablesAnIncompatibleOne() throws Exception {
    assertThat(host.list()).extracting(PluginInfo::pluginId, PluginInfo::profile, PluginInfo::state).containsExactly(
        tuple("looping", Profile.PROFILE_C, PluginInfo.State.STARTED),
        tuple("needs-spi-2", null, PluginInfo.State.DISABLED),
        tuple("profile-b-gateway", Profile.PROFILE_B, PluginInfo.State.STARTED),
        tuple("returns-null", Profile.REAL_WEATHER_STATION, PluginInfo.State.STARTED),
        tuple("second-gateway", Profile.PROFILE_B, PluginInfo.State.STARTED),
        tuple("stubborn", Profile.PROFILE_D, PluginInfo.State.STARTED),
        tuple("throwing", Profile.PROFILE_A, PluginInfo.State.STARTED));
    assertThat(gatewayReadings()).hasSize(2);
  }

  @Test
  void aPluginThatThrowsFailsOnlyItsPayload() throws Exception {
    assertThat(failure(Profile.PROFILE_A, "anything"))
        .isEqualTo(new Failed(PluginFailure.Kind.CRASHED,
            "plugin throwing failed on this payload; the server log has the details"));
    assertThat(failure(Profile.REAL_WEATHER_STATION, "{}"))
        .isEqualTo(new Failed(PluginFailure.Kind.CRASHED, "plugin returns-null returned no result"));
    assertThat(gatewayReadings()).hasSize(2);
  }

  @Test
  void aLoopingPluginIsInterruptedAtTheBudgetAndItsThreadServesAgain() throws Exception {
    long started = System.nanoTime();
    assertThat(failure(Profile.PROFILE_C, "loop"))
        .isEqualTo(new Failed(
            PluginFailure.Kind.TIMED_OUT, "plugin looping did not decode the payload within 300 ms"));
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isBetween(BUDGET, Duration.ofSeconds(3));
    assertThat(decode(Profile.PROFILE_C, "again").await(5, TimeUnit.SECONDS).rejections()).isEmpty();
    assertThat(gatewayReadings()).hasSize(2);
  }

  @Test
  void aPluginThatIgnoresInterruptsBlocksOnlyItsOwnProfile() throws Exception {
    Future<DecodeResult> hang = decode(Profile.PROFILE_D, "hang");
    List<Future<DecodeResult>> waiting = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      waiting.add(decode(Profile.PROFILE_D, "ok"));
    }
    assertThat(failure(Profile.PROFILE_D, "one too many"))
        .isEqualTo(new Failed(PluginFailure.Kind.BUSY,
            "plugin stubborn is busy: 4 PROFILE_D payloads are waiting; try again later"));
    assertThat(gatewayReadings()).hasSize(2);
    assertThat(failed(hang).kind()).isEqualTo(PluginFailure.Kind.TIMED_OUT);
    waiting.forEach(f -> assertThat(failed(f).kind()).isEqualTo(PluginFailure.Kind.TIMED_OUT));
    // Wedged while its two-second payload lasts, then a started plugin again.
    assertThat(stubbornOnceIn(PluginInfo.State.WEDGED)).isEqualTo(PluginInfo.State.WEDGED);
    assertThat(stubbornOnceIn(PluginInfo.State.STARTED)).isEqualTo(PluginInfo.State.STARTED);
  }

  /** The stubborn plugin's state once it is {@code expected}, polled for at most 5 s. */
  private static PluginInfo.State stubbornOnceIn(PluginInfo.State expected) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    PluginInfo.State state = stubborn().state();
    while (state != expected && System.nanoTime() < deadline) {
      Thread.sleep(20);
      state = stubborn().state();
    }
    return state;
  }

  private static PluginInfo stubborn() {
    return host.list().stream().filter(p -> p.pluginId().equals("stubborn")).findFirst().orElseThrow();
  }

  @Test
  void decodesOnTheProfileThreadAndAnswersOnTheCallersContext() throws Exception {
    Context context = vertx.getOrCreateContext();
    Promise<String> answered = Promise.promise();
    context.runOnContext(v -> host.decode(vertx, Profile.PROFILE_C, RawPayload.ofText("thread", "text/plain"))
        .onComplete(done -> answered.complete(
            done.result().rejections().get(0).reason() + " answered on caller: "
                + (Vertx.currentContext() == context))));
    assertThat(answered.future().await(5, TimeUnit.SECONDS))
        .isEqualTo("plugin-PROFILE_C-1 answered on caller: true");
  }

  private static List<?> gatewayReadings() throws Exception {
    return decode(Profile.PROFILE_B, FRAME).await(5, TimeUnit.SECONDS).observations();
  }

  private static Future<DecodeResult> decode(Profile profile, String text) {
    return host.decode(vertx, profile, RawPayload.ofText(text, "text/plain"));
  }

  private static Failed failure(Profile profile, String text) {
    PluginFailure failure = failed(decode(profile, text));
    return new Failed(failure.kind(), failure.getMessage());
  }

  private static PluginFailure failed(Future<DecodeResult> future) {
    assertThatThrownBy(() -> future.await(5, TimeUnit.SECONDS)).isInstanceOf(PluginFailure.class);
    return (PluginFailure) future.cause();
  }

  private record Failed(PluginFailure.Kind kind, String message) {}
}
