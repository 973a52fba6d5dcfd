import { describe, expect, it } from "vitest";
import { parseDocsMarkdown, slugifyHeading } from "./parse-docs-markdown";

const parse = (source: string, language: "en" | "fr" = "en") =>
  parseDocsMarkdown(source, {
    fileName: "page.md",
    language,
    isKnownPageId: (id) => ["faq", "case-memo"].includes(id),
  });

describe("slugifyHeading", () => {
  it.each([
    ["Reading a memo", "reading-a-memo"],
    ["Choisir comment les mémos sont rédigés", "choisir-comment-les-memos-sont-rediges"],
    ["What {{productName}} does", "what-does"],
    ["  Trial & plans?  ", "trial-plans"],
  ])("%j → %s", (text, slug) => {
    expect(slugifyHeading(text)).toBe(slug);
  });
});

describe("parseDocsMarkdown", () => {
  it("turns Markdown into elements, with ids on headings and a list of them", () => {
    const { content } = parse(
      "Intro with **bold**, *em* and `code`.\n\n## First part\n\n- one\n- two\n\n### Detail\n\n1. a\n2. b\n",
    );
    expect(content.nodes).toEqual([
      {
        tag: "p",
        children: [
          "Intro with ",
          { tag: "strong", children: ["bold"] },
          ", ",
          { tag: "em", children: ["em"] },
          " and ",
          { tag: "code", children: ["code"] },
          ".",
        ],
      },
      { tag: "h2", id: "first-part", children: ["First part"] },
      {
        tag: "ul",
        children: [
          { tag: "li", children: ["one"] },
          { tag: "li", children: ["two"] },
        ],
      },
      { tag: "h3", id: "detail", children: ["Detail"] },
      {
        tag: "ol",
        children: [
          { tag: "li", children: ["a"] },
          { tag: "li", children: ["b"] },
        ],
      },
    ]);
    expect(content.headings).toEqual([
      { id: "first-part", text: "First part", level: 2 },
      { id: "detail", text: "Detail", level: 3 },
    ]);
  });

  it("gives repeated headings distinct ids", () => {
    const { content } = parse("## Limits\n\ntext\n\n## Limits\n\nmore");
    expect(content.headings.map((heading) => heading.id)).toEqual(["limits", "limits-2"]);
  });

  it("keeps links and placeholders as data, for the app to resolve", () => {
    const { content } = parse(
      "See [the FAQ](doc:faq#trial), [{{supportEmail}}](mailto:{{supportEmail}}) or [the store]({{extensionStoreUrl}}).",
    );
    expect(content.nodes[0]).toEqual({
      tag: "p",
      children: [
        "See ",
        { tag: "a", href: "doc:faq#trial", children: ["the FAQ"] },
        ", ",
        { tag: "a", href: "mailto:{{supportEmail}}", children: ["{{supportEmail}}"] },
        " or ",
        { tag: "a", href: "{{extensionStoreUrl}}", children: ["the store"] },
        ".",
      ],
    });
  });

  it("joins text split by escapes and decodes entities", () => {
    const { content } = parse("negligen\\* &amp; co");
    expect(content.nodes[0]).toEqual({ tag: "p", children: ["negligen* & co"] });
  });

  it("splits the page into search sections: the introduction, then one per heading", () => {
    const { sections } = parse(
      "Opening words.\n\n## Trial\n\n- thirty days\n- no billing\n\n### Students\n\nTwo years.",
    );
    expect(sections).toEqual([
      { headingId: null, heading: null, text: "Opening words." },
      { headingId: "trial", heading: "Trial", text: "thirty days no billing" },
      { headingId: "students", heading: "Students", text: "Two years." },
    ]);
  });

  it.each([
    ["a # title (the title bar holds the h1)", "# Title", /no # heading/],
    ["raw HTML", "<b>bold</b>", /unsupported/],
    ["an image", "![logo](/logo.png)", /unsupported inline/],
    ["a code block", "```\ncode\n```", /unsupported Markdown "code"/],
    ["an unknown placeholder", "Hello {{userName}}", /unknown placeholder \{\{userName\}\}/],
    ["a malformed placeholder", "Hello {{support Email}}", /malformed placeholder/],
    ["a link to an unknown page", "[x](doc:billing)", /unknown documentation page/],
    ["a javascript: link", "[x](javascript:alert(1))", /must be doc:/],
    ["a plain http link", "[x](http://example.com)", /must be doc:/],
  ])("refuses %s, naming the file", (_label, source, message) => {
    expect(() => parse(source)).toThrow(message);
    expect(() => parse(source)).toThrow(/^page\.md: /);
  });
});
