package org.fieldreadings.readings.plugins;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.fieldreadings.plugin.api.PluginSettings;
import org.fieldreadings.plugin.api.SupplierDecoder;

/**
 * Hands a plugin its settings ({@link SupplierDecoder#configure}) on a thread of its own within the decode budget, so
 * that a plugin that hangs there cannot hold up the loading of the others. The thread is a daemon: one the plugin
 * keeps after its interrupt does not keep the process alive.
 */
final class SettingsHandOver {

  private SettingsHandOver() {}

  /** Null when the plugin took its settings, else why not, fit for {@link PluginInfo#reason()}. Blocking. */
  static String refusal(String pluginId, SupplierDecoder decoder, PluginSettings settings, Duration budget) {
    FutureTask<Void> call = new FutureTask<>(() -> decoder.configure(settings), null);
    Thread thread = new Thread(call, "plugin-configure-" + pluginId);
    thread.setDaemon(true);
    thread.start();
    try {
      // Also what makes the fields configure set visible to the decode threads that get the instance next.
      call.get(budget.toMillis(), TimeUnit.MILLISECONDS);
      return null;
    } catch (ExecutionException e) {
      // The plugin's own words, which name the setting; the host never shows a value.
      return "configure refused its settings: " + PluginSet.describe(e.getCause());
    } catch (TimeoutException e) {
      thread.interrupt();
      return "configure did not return within " + ProfileDecoder.readable(budget) + "; it was interrupted";
    } catch (InterruptedException e) {
      thread.interrupt();
      Thread.currentThread().interrupt();
      return "the plugins were being closed while configure ran";
    }
  }
}
