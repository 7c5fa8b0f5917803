package org.fieldreadings.app.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.impl.ConnectionBase;
import java.util.concurrent.TimeUnit;

/**
 * Closes an HTTP/1.1 connection whose request body arrives slower than {@code http.request.body.min.rate} bytes a
 * second on average, once the body has had {@code http.request.body.grace}: without it a client declaring a body
 * and sending a byte now and then holds its connection (and a request's resources) for ever, since every byte
 * resets the idle timeout. Time while the server itself stops reading (an upload waiting for the database) is not
 * counted. Sits after the HTTP decoder, beside {@link HeaderDeadline}.
 */
final class BodyRate extends ChannelInboundHandlerAdapter {

  private static final String DECODER = "httpDecoder";
  private static final long TICK_MILLIS = 250;

  private final long minBytesPerSecond;
  private final long graceMillis;
  private ScheduledFuture<?> ticker;
  private long received;
  private long readingMillis;

  private BodyRate(long minBytesPerSecond, long graceMillis) {
    this.minBytesPerSecond = minBytesPerSecond;
    this.graceMillis = graceMillis;
  }

  /** Watches the bodies of the connection's requests; does nothing for a connection that is not HTTP/1.x. */
  static void install(HttpConnection connection, long minBytesPerSecond, long graceMillis) {
    if (!(connection instanceof ConnectionBase base)) {
      return;
    }
    ChannelPipeline pipeline = base.channel().pipeline();
    if (pipeline.get(DECODER) != null) {
      pipeline.addAfter(DECODER, "bodyRate", new BodyRate(minBytesPerSecond, graceMillis));
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof HttpRequest) {
      received = 0;
      readingMillis = 0;
      if (!(msg instanceof LastHttpContent)) {
        start(ctx);
      }
    }
    if (msg instanceof HttpContent content) {
      received += content.content().readableBytes();
    }
    if (msg instanceof LastHttpContent) {
      stop();
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    stop();
    ctx.fireChannelInactive();
  }

  private void start(ChannelHandlerContext ctx) {
    stop();
    ticker = ctx.executor().scheduleAtFixedRate(() -> tick(ctx), TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
  }

  private void tick(ChannelHandlerContext ctx) {
    if (!ctx.channel().config().isAutoRead()) {
      return;
    }
    readingMillis += TICK_MILLIS;
    if (readingMillis >= graceMillis && received * 1000 < minBytesPerSecond * readingMillis) {
      stop();
      ctx.channel().close();
    }
  }

  private void stop() {
    if (ticker != null) {
      ticker.cancel(false);
      ticker = null;
    }
  }
}
