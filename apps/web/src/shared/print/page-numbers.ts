/**
 * The rule that numbers each printed sheet "3 / 9" at its foot, for inside an `@page { … }` rule: a
 * margin box, which Chromium prints since version 131 (the browser tests print to PDF to see it). A
 * long register's loose sheet is then found, and a missing one is seen. The page's bottom margin
 * must leave it room (8 mm or more).
 */
export const PAGE_NUMBER_BOX =
  "@bottom-right { content: counter(page) ' / ' counter(pages); font-size: 8pt; color: #000; }";
