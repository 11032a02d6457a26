package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the README and of the pages under {@code docs/} names a file of the
 * repository, and every {@code #anchor} into a Markdown page names one of its headings (GitHub's
 * anchors: lower case, punctuation dropped, spaces as hyphens), so that moving a section or a file
 * cannot leave a link behind. Code blocks and code spans hold no links (CuTe's
 * {@code smem_ptr[16b](unset)} is none), and links with a scheme are not checked.
 */
class DocsLinksTest {
  private static final Path ROOT = Path.of("..");
  private static final Pattern FENCE = Pattern.compile("(?ms)^```.*?^```");
  private static final Pattern CODE_SPAN = Pattern.compile("`[^`\n]*`");
  private static final Pattern LINK =
      Pattern.compile("\\[(?:[^\\]\\[]|\\[[^\\]]*\\])*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*$");

  private static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(ROOT.resolve("README.md"));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(page -> page.getFileName().toString().endsWith(".md"))
          .sorted()
          .forEach(pages::add);
    }
    return pages;
  }

  private static Set<String> anchors(Path page) throws IOException {
    Set<String> anchors = new HashSet<>();
    String text = FENCE.matcher(Files.readString(page, StandardCharsets.UTF_8)).replaceAll("");
    for (String line : text.split("\n")) {
      Matcher heading = HEADING.matcher(line);
      if (heading.matches()) {
        anchors.add(heading.group(1).toLowerCase(Locale.ROOT)
            .replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
            .replace(' ', '-'));
      }
    }
    return anchors;
  }

  @Test
  void everyRelativeLinkResolves() throws IOException {
    int checked = 0;
    for (Path page : pages()) {
      String text = CODE_SPAN.matcher(FENCE.matcher(Files.readString(page, StandardCharsets.UTF_8))
          .replaceAll("")).replaceAll("");
      Matcher link = LINK.matcher(text);
      while (link.find()) {
        String target = link.group(1);
        if (target.matches("^[a-z]+:.*")) {
          continue;
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        String where = page.normalize() + ": " + target;
        assertWithMessage(where).that(Files.exists(resolved)).isTrue();
        if (hash >= 0 && resolved.toString().endsWith(".md")) {
          assertWithMessage(where).that(anchors(resolved)).contains(target.substring(hash + 1));
        }
        checked++;
      }
    }
    assertThat(checked).isAtLeast(50);
  }
}
