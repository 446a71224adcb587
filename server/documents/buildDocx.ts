import PizZip from 'pizzip';

/** One paragraph of a built document. */
export interface DocxParagraph {
  /** Its text, tags included (`Applicant: {applicantName}`). */
  text: string;
  /** How it looks: a title, a heading, a label-and-value line, or body text (the default). */
  kind?: 'title' | 'heading' | 'body' | 'muted';
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/** Run properties of each kind: size in half-points, colour, weight. */
const RUN_PROPERTIES: Record<NonNullable<DocxParagraph['kind']>, string> = {
  title: '<w:b/><w:color w:val="1C2127"/><w:sz w:val="36"/>',
  heading: '<w:b/><w:color w:val="215DB0"/><w:sz w:val="26"/>',
  body: '<w:sz w:val="22"/>',
  muted: '<w:color w:val="5F6B7C"/><w:sz w:val="18"/>',
};

/** Space after each kind of paragraph, in twentieths of a point. */
const SPACE_AFTER: Record<NonNullable<DocxParagraph['kind']>, number> = {
  title: 240,
  heading: 120,
  body: 80,
  muted: 200,
};

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function paragraphXml({ text, kind = 'body' }: DocxParagraph): string {
  return (
    `<w:p><w:pPr><w:spacing w:after="${SPACE_AFTER[kind]}"/></w:pPr>` +
    `<w:r><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/>${RUN_PROPERTIES[kind]}</w:rPr>` +
    `<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`
  );
}

/**
 * A small Word document made of paragraphs, each in one run so a tag is never split across
 * runs: the demo templates and the tests' templates are built with it rather than kept as
 * binary files.
 */
export function buildDocx(paragraphs: readonly DocxParagraph[]): Buffer {
  const body = paragraphs.map(paragraphXml).join('');
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    `<w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>` +
    '<w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="709" w:footer="709" w:gutter="0"/>' +
    '</w:sectPr></w:body></w:document>';
  const zip = new PizZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('_rels/.rels', ROOT_RELS);
  zip.file('word/document.xml', document);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The text of a docx's body, paragraph by paragraph: what a reader of the document sees. */
export function docxText(content: Buffer): string[] {
  const xml = new PizZip(content).file('word/document.xml')?.asText() ?? '';
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((paragraph) =>
    [...paragraph[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
      .map((run) => run[1] ?? '')
      .join('')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );
}
