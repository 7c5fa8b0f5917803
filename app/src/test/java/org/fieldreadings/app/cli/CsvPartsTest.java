package org.fieldreadings.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CsvPartsTest {

  private static final String HEADER = "profile,serial,connectorId,interface,timestamp,value\n";

  private static List<String> parts(String file, int bytes, List<Long> firstLines, AtomicLong progress)
      throws IOException {
    CsvParts parts = new CsvParts(new ByteArrayInputStream(file.getBytes(StandardCharsets.UTF_8)), bytes,
        progress::addAndGet);
    List<String> bodies = new ArrayList<>();
    for (CsvParts.Part part = parts.next(); part != null; part = parts.next()) {
      bodies.add(new String(part.buffer(), 0, part.length(), StandardCharsets.UTF_8));
      firstLines.add(part.firstLine());
    }
    return bodies;
  }

  @Test
  void everyPartStartsWithTheHeaderAndKnowsItsFirstFileLine() throws IOException {
    List<Long> firstLines = new ArrayList<>();
    AtomicLong progress = new AtomicLong();
    String file = HEADER + "a\nb\nc\nd\ne\n";
    assertThat(parts(file, 4, firstLines, progress))
        .containsExactly(HEADER + "a\nb\n", HEADER + "c\nd\n", HEADER + "e\n");
    assertThat(firstLines).containsExactly(2L, 4L, 6L);
    assertThat(progress.get()).isEqualTo(file.length());
  }

  @Test
  void aRecycledBufferHoldsOnlyItsNewPart() throws IOException {
    CsvParts parts = new CsvParts(new ByteArrayInputStream((HEADER + "aaaa\nbbbb\nc\n")
        .getBytes(StandardCharsets.UTF_8)), 10, n -> { });
    CsvParts.Part first = parts.next();
    byte[] buffer = first.buffer();
    parts.recycle(first);
    CsvParts.Part second = parts.next();
    assertThat(second.buffer()).isSameAs(buffer);
    assertThat(new String(second.buffer(), 0, second.length(), StandardCharsets.UTF_8))
        .isEqualTo(HEADER + "c\n");
    assertThat(second.firstLine()).isEqualTo(4L);
  }

  @Test
  void aLastLineWithoutLineEndAndWindowsLineEndsArePassedOnAsTheyAre() throws IOException {
    List<Long> firstLines = new ArrayList<>();
    assertThat(parts("h\r\na\r\nb\r\nc", 6, firstLines, new AtomicLong()))
        .containsExactly("h\r\na\r\nb\r\n", "h\r\nc");
    assertThat(firstLines).containsExactly(2L, 4L);
  }

  @Test
  void partsOfManyLinesKeepEveryByteAndCountTheLinesBeforeThem() throws IOException {
    StringBuilder file = new StringBuilder(HEADER);
    for (int i = 0; i < 50_000; i++) {
      file.append("PROFILE_A,SM-" + i + ",ORIGIN,SMraw10,2024-05-01T00:00:00Z," + i + "\n");
    }
    List<Long> firstLines = new ArrayList<>();
    List<String> bodies = parts(file.toString(), 1 << 20, firstLines, new AtomicLong());
    assertThat(bodies).hasSize(3);
    long line = 2;
    for (int i = 0; i < bodies.size(); i++) {
      assertThat(bodies.get(i)).startsWith(HEADER).endsWith("\n");
      assertThat(bodies.get(i).length() - HEADER.length()).isLessThanOrEqualTo(1 << 20);
      assertThat(firstLines.get(i)).isEqualTo(line);
      line += bodies.get(i).chars().filter(c -> c == '\n').count() - 1;
    }
    assertThat(line).isEqualTo(50_002);
    assertThat(HEADER + String.join("", bodies.stream().map(b -> b.substring(HEADER.length())).toList()))
        .isEqualTo(file.toString());
  }

  @Test
  void aLineLongerThanAPartIsRefusedNamingIt() throws IOException {
    CsvParts parts = new CsvParts(new ByteArrayInputStream((HEADER + "a\nb\n" + "x".repeat(100) + "\nc\n")
        .getBytes(StandardCharsets.UTF_8)), 60, n -> { });
    CsvParts.Part first = parts.next();
    assertThat(new String(first.buffer(), 0, first.length(), StandardCharsets.UTF_8)).isEqualTo(HEADER + "a\nb\n");
    assertThatThrownBy(parts::next).isInstanceOf(IOException.class).hasMessage("line 4 is longer than 60 bytes");
  }

  @Test
  void aLineOfExactlyAPartFitsIt() throws IOException {
    String line = "x".repeat(59) + "\n";
    assertThat(parts(HEADER + line + line, 60, new ArrayList<>(), new AtomicLong()))
        .containsExactly(HEADER + line, HEADER + line);
  }

  @Test
  void aHeaderLongerThanTheFirstReadIsReadWhole() throws IOException {
    String header = "profile," + " ".repeat(5000) + "serial,connectorId,interface,timestamp,value\n";
    assertThat(parts(header + "a\n", 10, new ArrayList<>(), new AtomicLong())).containsExactly(header + "a\n");
  }

  @Test
  void aFileOfOnlyTheHeaderHasNoPartAndAnEmptyFileNoHeader() throws IOException {
    assertThat(parts(HEADER, 10, new ArrayList<>(), new AtomicLong())).isEmpty();
    CsvParts empty = new CsvParts(new ByteArrayInputStream(new byte[0]), 10, n -> { });
    assertThat(empty.header()).isNull();
  }
}
