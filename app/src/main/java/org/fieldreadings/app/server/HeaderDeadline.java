package org.fieldreadings.app.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.impl.ConnectionBase;
import java.util.concurrent.TimeUnit;

/**
 * Closes an HTTP/1.1 connection whose request headers are not complete in time, counted from the connection's start
 * and then from the first byte of each later request. The idle timeout alone would let a client trickle a header
 * byte every few seconds and hold its connection for ever. Vert.x has no such timer, so two small handlers go into
 * the connection's pipeline: one before the HTTP decoder sees a request's first bytes, one after it sees its headers
 * complete.
 */
final class HeaderDeadline {

  /** The name Vert.x gives the HTTP/1.x request decoder in a connection's pipeline. */
  private static final String DECODER = "httpDecoder";

  private final long timeoutMillis;
  /** Between requests: the next byte starts a request, and with it the deadline. */
  private boolean awaitingRequest = true;
  private ScheduledFuture<?> deadline;

  private HeaderDeadline(long timeoutMillis) {
    this.timeoutMillis = timeoutMillis;
  }

  /** Arms the deadline of the connection's first request; does nothing for a connection that is not HTTP/1.x. */
  static void install(HttpConnection connection, long timeoutMillis) {
    if (!(connection instanceof ConnectionBase base)) {
      return;
    }
    ChannelPipeline pipeline = base.channel().pipeline();
    if (pipeline.get(DECODER) == null) {
      return;
    }
    HeaderDeadline state = new HeaderDeadline(timeoutMillis);
    pipeline.addBefore(DECODER, "headerDeadlineStart", state.new RequestStart());
    pipeline.addAfter(DECODER, "headerDeadlineEnd", state.new HeadersComplete());
    state.arm(pipeline.context(DECODER));
  }

  private void arm(ChannelHandlerContext ctx) {
    if (deadline == null) {
      deadline = ctx.executor().schedule(() -> { ctx.channel().close(); }, timeoutMillis, TimeUnit.MILLISECONDS);
    }
  }

  private void disarm() {
    if (deadline != null) {
      deadline.cancel(false);
      deadline = null;
    }
  }

  /** Sees raw bytes: the first byte after a complete request starts the next one. */
  private final class RequestStart extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (awaitingRequest) {
        arm(ctx);
      }
      ctx.fireChannelRead(msg);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      disarm();
      ctx.fireChannelInactive();
    }
  }

  /** Sees decoded messages: a request's head ends the deadline, its last content waits for the next request. */
  private final class HeadersComplete extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof HttpRequest) {
        disarm();
        awaitingRequest = false;
      }
      if (msg instanceof LastHttpContent) {
        awaitingRequest = true;
      }
      ctx.fireChannelRead(msg);
    }
  }
}
