package org.fieldreadings.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CsvPartsTest {

  private static final String HEADER = "profile,serial,connectorId,interface,timestamp,value\n";

  private static List<String> parts(String file, int lines, List<Long> firstLines, AtomicLong progress)
      throws IOException {
    CsvParts parts = new CsvParts(new ByteArrayInputStream(file.getBytes(StandardCharsets.UTF_8)), lines,
        progress::addAndGet);
    List<String> bodies = new ArrayList<>();
    for (CsvParts.Part part = parts.next(); part != null; part = parts.next()) {
      bodies.add(new String(part.body(), StandardCharsets.UTF_8));
      firstLines.add(part.firstLine());
    }
    return bodies;
  }

  @Test
  void everyPartStartsWithTheHeaderAndKnowsItsFirstFileLine() throws IOException {
    List<Long> firstLines = new ArrayList<>();
    AtomicLong progress = new AtomicLong();
    String file = HEADER + "a\nb\nc\nd\ne\n";
    assertThat(parts(file, 2, firstLines, progress))
        .containsExactly(HEADER + "a\nb\n", HEADER + "c\nd\n", HEADER + "e\n");
    assertThat(firstLines).containsExactly(2L, 4L, 6L);
    assertThat(progress.get()).isEqualTo(file.length());
  }

  @Test
  void aLastLineWithoutLineEndAndWindowsLineEndsArePassedOnAsTheyAre() throws IOException {
    List<Long> firstLines = new ArrayList<>();
    assertThat(parts("h\r\na\r\nb\r\nc", 2, firstLines, new AtomicLong()))
        .containsExactly("h\r\na\r\nb\r\n", "h\r\nc");
    assertThat(firstLines).containsExactly(2L, 4L);
  }

  @Test
  void partsSpanningManyReadChunksKeepEveryByte() throws IOException {
    StringBuilder file = new StringBuilder(HEADER);
    StringBuilder expected = new StringBuilder();
    for (int i = 0; i < 50_000; i++) {
      String line = "PROFILE_A,SM-" + i + ",ORIGIN,SMraw10,2024-05-01T00:00:00Z," + i + "\n";
      file.append(line);
      expected.append(line);
    }
    List<Long> firstLines = new ArrayList<>();
    List<String> bodies = parts(file.toString(), 20_000, firstLines, new AtomicLong());
    assertThat(bodies).hasSize(3);
    assertThat(firstLines).containsExactly(2L, 20_002L, 40_002L);
    assertThat(String.join("", bodies.stream().map(b -> b.substring(HEADER.length())).toList()))
        .isEqualTo(expected.toString());
  }

  @Test
  void aFileOfOnlyTheHeaderHasNoPartAndAnEmptyFileNoHeader() throws IOException {
    assertThat(parts(HEADER, 10, new ArrayList<>(), new AtomicLong())).isEmpty();
    CsvParts empty = new CsvParts(new ByteArrayInputStream(new byte[0]), 10, n -> { });
    assertThat(empty.header()).isNull();
  }
}
